// Acceptance: a bonsai agent's session through the built sidecar — shell actions' stdin and environment, decision
// semantics (exit codes, JSON responses, downgrades), the execution model (sequential vetoes, concurrent context,
// context folded as untrusted data), limits (64 KiB, timeouts that kill the process group, checked by PID).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, printJson, session, startBonsai, writeGlobal, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const shell = (name: string, event: string, command: string, extra: Partial<BonsaiTable> = {}): BonsaiTable => ({ name, event, action: { type: 'shell', command }, ...extra });
const bash = (setup: BonsaiSetup, command: string) => ({ session: session(setup), toolName: 'bash', toolInput: { command }, toolUseId: 'call-s' });

async function started(tables: BonsaiTable[]): Promise<{ setup: BonsaiSetup; sidecar: Sidecar }> {
  const setup = bonsaiSetup();
  writeGlobal(setup, tables);
  const { sidecar, init } = await startBonsai(setup, open);
  expect(init.diagnostics.filter((diagnostic: any) => diagnostic.severity === 'error')).toEqual([]);
  return { setup, sidecar };
}

describe('bonsai session (built sidecar)', () => {
  it('"Environment variables accompany shell actions for scripts that don\'t parse JSON: BONSAI_HOOK_EVENT, BONSAI_PROJECT_ROOT, BONSAI_SESSION_ID, and (when applicable) BONSAI_TOOL_NAME, BONSAI_FILE_PATH, BONSAI_COMMAND."', async () => {
    const setup = bonsaiSetup();
    const out = join(setup.workspace, '..', 'env.txt');
    const dump = `env | grep '^BONSAI_' | sort >> ${JSON.stringify(out)}; echo --- >> ${JSON.stringify(out)}`;
    writeGlobal(setup, [shell('env-bash', 'PreBash', dump), shell('env-session', 'SessionStart', dump)]);
    const { sidecar } = await startBonsai(setup, open);
    await sidecar.request('hooks/PreToolUse', bash(setup, 'cargo check'));
    await sidecar.request('hooks/SessionStart', { session: session(setup), source: 'startup' });
    const [pre, start] = readFileSync(out, 'utf8').split('---\n');
    expect(pre).toContain('BONSAI_HOOK_EVENT=PreBash\n');
    expect(pre).toContain(`BONSAI_PROJECT_ROOT=${setup.workspace}\n`);
    expect(pre).toContain('BONSAI_SESSION_ID=bonsai-e2e\n');
    expect(pre).toContain('BONSAI_TOOL_NAME=bash\n');
    expect(pre).toContain('BONSAI_COMMAND=cargo check\n');
    expect(start).toContain('BONSAI_HOOK_EVENT=SessionStart\n');
    expect(start).not.toContain('BONSAI_COMMAND=');
    expect(start).not.toContain('BONSAI_FILE_PATH=');
  });

  it('"Exit 2 → block, with stderr as the reason (honored only on a blocking pre-event)"', async () => {
    const block = 'echo "protected branch" >&2; exit 2';
    const { setup, sidecar } = await started([shell('guard', 'PreBash', block, { blocking: true }), shell('observer', 'PostBash', block, { blocking: true })]);
    const blocked = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'git push --force' });
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain('protected branch');
    const post = await sidecar.request('hooks/PostBash', { session: session(setup), command: 'git push --force', exitCode: 0 });
    expect(post).toMatchObject({ decision: 'none', continue: true });
  });

  it('"Any other exit, or death by signal → failure, handled by on_failure."', async () => {
    const { setup, sidecar } = await started([
      shell('exit-one', 'PreBash', 'exit 1', { blocking: true, on_failure: 'warn' }),
      shell('killed', 'PreBash', 'kill -9 $$', { blocking: true, on_failure: 'block' }),
    ]);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.runs.map((run: any) => [run.hookId, run.status, run.failureClass])).toEqual([
      ['global:exit-one', 'error', 'nonzero_exit'],
      ['global:killed', 'error', 'signal'],
    ]);
    expect(result.decision).toBe('block');
  });

  it('"malformed non-empty JSON is a failed run and follows on_failure — including fail-closed vetoes on blocking pre-events"; "An empty body means continue"', async () => {
    const { setup, sidecar } = await started([
      shell('empty', 'PreBash', 'exit 0', { blocking: true, on_failure: 'block' }),
      shell('malformed', 'PreBash', "printf '{\"decision\": '", { blocking: true, on_failure: 'block' }),
    ]);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.runs.map((run: any) => [run.status, run.failureClass])).toEqual([
      ['ok', null],
      ['error', 'invalid_output'],
    ]);
    expect(result.decision).toBe('block');
  });

  it('"Captured stdout and stderr are each capped at 64 KiB — an oversized JSON response fails rather than being parsed partially."', async () => {
    const big = `printf '{"context":"'; head -c 70000 /dev/zero | tr '\\0' a; printf '"}'`;
    const { setup, sidecar } = await started([shell('oversized', 'PreBash', big, { blocking: true, on_failure: 'block' })]);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.runs[0]).toMatchObject({ status: 'error', truncated: true });
    expect(result.runs[0].stdout).toMatchObject({ bytes: 64 * 1024, truncated: true });
    expect(result.decision).toBe('block');
    expect(result.additionalContext ?? '').not.toContain('aaaa');
  });

  it('"matching vetoing hooks (blocking pre-hooks) run sequentially, first block wins, last modify wins": a rewrite on PreToolUse reaches PreBash', async () => {
    const setup = bonsaiSetup();
    const seen = join(setup.workspace, '..', 'prebash.txt');
    writeGlobal(setup, [
      shell('add-locked', 'PreToolUse', printJson({ decision: 'modify', tool_args: { command: 'cargo build --locked' } }), { blocking: true, matcher: { tool: 'bash' } }),
      shell('add-offline', 'PreToolUse', printJson({ decision: 'modify', tool_args: { command: 'cargo build --offline' } }), { blocking: true, matcher: { tool: 'bash' } }),
      shell('see-command', 'PreBash', `printf '%s' "$BONSAI_COMMAND" > ${JSON.stringify(seen)}`),
    ]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'cargo build'));
    expect(result.decision).not.toBe('block');
    expect(result.updatedInput).toEqual({ command: 'cargo build --offline' });
    expect(readFileSync(seen, 'utf8')).toBe('cargo build --offline');
  });

  it('"first block wins": a later guard does not run after a block; non-vetoing hooks still only add context', async () => {
    const setup = bonsaiSetup();
    const later = join(setup.workspace, '..', 'later.txt');
    writeGlobal(setup, [
      shell('first', 'PreBash', printJson({ decision: 'block', reason: 'first says no' }), { blocking: true }),
      shell('second', 'PreBash', `touch ${JSON.stringify(later)}; ${printJson({ decision: 'block', reason: 'second says no' })}`, { blocking: true }),
      shell('advisor', 'PreBash', printJson({ context: 'remember to run the tests' })),
    ]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('first says no');
    expect(result.reason).not.toContain('second says no');
    expect(() => readFileSync(later)).toThrow();
  });

  it('"{"decision":"modify","tool_args":{…}} (PreToolUse only)": a modify on PreBash is not applied', async () => {
    const { setup, sidecar } = await started([shell('rewrite-bash', 'PreBash', printJson({ decision: 'modify', tool_args: { command: 'echo nope' } }), { blocking: true })]);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.updatedInput).toBeUndefined();
    expect(result.decision).not.toBe('block');
  });

  it('"Hook-contributed context is folded into the tool result as untrusted data, never a system message."', async () => {
    const { setup, sidecar } = await started([shell('advisor', 'PostToolUse', printJson({ context: 'the build cache is cold' }), { matcher: { tool: 'bash' } })]);
    const result = await sidecar.request('hooks/PostToolUse', { ...bash(setup, 'cargo build'), toolResponse: { stdout: 'ok' } });
    expect(result.additionalContext).toContain('the build cache is cold');
    expect(result.systemMessage).toBeUndefined();
    expect(JSON.stringify(result.extra ?? {})).toMatch(/untrusted/);
  });

  it('"timeout or cancellation terminates the hook\'s whole process group (SIGTERM, 200 ms grace, SIGKILL)": no process of a timed-out hook survives', async () => {
    const setup = bonsaiSetup();
    const pids = join(setup.workspace, '..', 'pids.txt');
    const command = `trap '' TERM; echo $$ >> ${JSON.stringify(pids)}; (trap '' TERM; sleep 60) & echo $! >> ${JSON.stringify(pids)}; sleep 60`;
    writeGlobal(setup, [shell('stuck', 'PreBash', command, { timeout_secs: 1 })]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    const recorded = readPids(pids);
    expect(recorded).toHaveLength(2);
    expect(await waitUntil(() => allGone(recorded), 10_000)).toBe(true);
  });

  it('"A failed run never disables the hook — it fires again next match."', async () => {
    const { setup, sidecar } = await started([shell('flaky', 'PreBash', 'exit 3')]);
    for (let i = 0; i < 3; i++) {
      const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
      expect(result.runs[0]).toMatchObject({ hookId: 'global:flaky', status: 'error', exitCode: 3 });
    }
  });
});
