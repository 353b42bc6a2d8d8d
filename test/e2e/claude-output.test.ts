// Claude Code 2.1.332 output parity against the built sidecar: rewrites without a decision, Stop additionalContext as
// a continuation, `{`-but-invalid stdout as text, long context saved to a file, de-duplication, the SessionEnd budget.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { scratchDir } from '../helpers/scratch.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;
const session = { id: 'e2e-output' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_out' });
/** A shell command printing `count` copies of `char` (no newline). */
const repeat = (char: string, count: number) => `head -c ${count} /dev/zero | tr '\\0' '${char}'`;

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A sidecar over a workspace with these settings; its TMPDIR is a scratch dir of its own (so its temp area can be inspected). */
async function sidecarWith(settings: unknown, init: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, settings);
  const tmp = scratchDir('hookd-tmp-');
  const sidecar = new Sidecar('ndjson', [], { ...process.env, TMPDIR: tmp, ...env });
  open.push(sidecar);
  const initialized = await sidecar.initialize(workspace, init);
  return { sidecar, workspace, tmp, init: initialized };
}

describe('PreToolUse rewrites (observed-decisions 05b)', () => {
  it('"updatedInput without a permissionDecision is applied": the rewritten input is returned, with no decision', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten' } } })));
    const result = await sidecar.request('hooks/PreToolUse', bash('echo hi && touch tool_ran.marker'));
    expect(result).toMatchObject({ decision: 'none', updatedInput: { command: 'echo rewritten' } });
    expect(result.runs[0]).toMatchObject({ status: 'ok', decision: 'none' });
  });

  it('"a deny still wins": a rewrite beside a deny is not returned', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten' } } }) }] },
          { hooks: [{ type: 'command', command: 'echo no >&2; exit 2' }] },
        ],
      },
    });
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(result).not.toHaveProperty('updatedInput');
  });

  it('PermissionRequest is unaffected: its input changes only through decision.behavior "allow" + updatedInput', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        PermissionRequest: [
          { hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PermissionRequest', updatedInput: { command: 'ignored' } } }) }] },
        ],
      },
    });
    const result = await sidecar.request('hooks/PermissionRequest', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result).not.toHaveProperty('updatedInput');
  });

  it('"competing updatedInput": the last hook in configured order wins, never the last to finish', async () => {
    const rewrite = (command: string, sleep: string) => `sleep ${sleep}; ${emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command } } })}`;
    const { sidecar } = await sidecarWith({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: rewrite('first', '0.5') }, { type: 'command', command: rewrite('second', '0') }] }] } });
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).updatedInput).toEqual({ command: 'second' });
  });
});

describe('Stop / SubagentStop additionalContext', () => {
  const stopContext = (event: string, text: string) => emit({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });

  it('"Stop additionalContext keeps the agent working": decision block with the text as the reason', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', stopContext('Stop', 'the tests still fail')));
    expect(await sidecar.request('hooks/Stop', { session, lastAssistantMessage: 'done' })).toMatchObject({ decision: 'block', reason: 'the tests still fail', continue: true });
  });

  it('"SubagentStop additionalContext keeps the subagent working" the same way', async () => {
    const { sidecar } = await sidecarWith(oneHook('SubagentStop', stopContext('SubagentStop', 'check the output')));
    const result = await sidecar.request('hooks/SubagentStop', { session, agentId: 'a1', agentType: 'reviewer' });
    expect(result).toMatchObject({ decision: 'block', reason: 'check the output' });
  });

  it('"counted toward the same consecutive-continuation cap as decision block": past the cap the agent stops', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', stopContext('Stop', 'again')), { options: { stopBlockCap: 2 } });
    const decisions: string[] = [];
    for (let i = 0; i < 3; i++) decisions.push((await sidecar.request('hooks/Stop', { session, stopHookActive: i > 0 })).decision);
    expect(decisions).toEqual(['block', 'block', 'none']);
  });
});

describe('stdout that starts with "{" but is not JSON', () => {
  it('"invalid JSON falls back to plain text": SessionStart context, and the run is ok', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionStart', `printf '{ this is not json }'`));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result).toMatchObject({ decision: 'none', additionalContext: '{ this is not json }' });
    expect(result.runs[0]).toMatchObject({ status: 'ok', failureClass: null });
  });

  it('"plain stdout reaches Claude only for UserPromptSubmit and SessionStart": ignored on PostToolUse, not invalid_output', async () => {
    const { sidecar } = await sidecarWith(oneHook('PostToolUse', `printf '{ broken'`));
    const result = await sidecar.request('hooks/PostToolUse', { ...bash('ls'), toolResponse: 'ok' });
    expect(result).not.toHaveProperty('additionalContext');
    expect(result.runs[0]).toMatchObject({ status: 'ok', failureClass: null });
  });

  it('truncated stdout (past the 64 KiB capture) starting with "{" is not parsed: output_truncated', async () => {
    const { sidecar } = await sidecarWith(oneHook('UserPromptSubmit', `printf '{'; ${repeat('a', 70_000)}`));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'output_truncated' });
    expect(result).not.toHaveProperty('additionalContext');
  });
});

describe('long context', () => {
  const savedPath = (text: string): string => /Full output saved to: (\S+)\n/.exec(text)?.[1] ?? '';

  it('"output over 10,000 characters is saved to a file; the model gets a preview plus the path", removed at SessionEnd', async () => {
    const { sidecar, tmp } = await sidecarWith({
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: repeat('s', 12_000) }] }],
        SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
    });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.additionalContext).toMatch(/^<persisted-output>\nOutput too large \(11\.7KB\)\. Full output saved to: \S+\n\nPreview \(first 2KB\):\ns{2000}\n\.\.\.\n<\/persisted-output>$/);
    const path = savedPath(result.additionalContext);
    expect(path.startsWith(join(tmp, `hookd-${sidecar.child.pid}`) + '/')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('s'.repeat(12_000));
    expect(result.runs[0].message).toMatch(/additionalContext of 12000 characters saved to /);

    await sidecar.request('hooks/SessionEnd', { session, reason: 'logout' });
    expect(existsSync(path)).toBe(false);
  });

  it('JSON additionalContext over the cap is saved the same way, and hookd removes its temp area when it exits', async () => {
    const script = `node -e 'process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"UserPromptSubmit",additionalContext:"c".repeat(15000)}}))'`;
    const { sidecar, tmp } = await sidecarWith(oneHook('UserPromptSubmit', script));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    const path = savedPath(result.additionalContext);
    expect(readFileSync(path, 'utf8')).toBe('c'.repeat(15_000));
    expect(readdirSync(tmp)).toEqual([`hookd-${sidecar.child.pid}`]);
    await sidecar.close();
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a SIGTERM to hookd also removes its temp area', async () => {
    const { sidecar, tmp } = await sidecarWith(oneHook('SessionStart', repeat('t', 10_001)));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(existsSync(savedPath(result.additionalContext))).toBe(true);
    sidecar.child.kill('SIGTERM');
    await sidecar.exited;
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('exactly 10,000 characters stay inline; nothing is written', async () => {
    const { sidecar, tmp } = await sidecarWith(oneHook('SessionStart', repeat('e', 10_000)));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.additionalContext).toBe('e'.repeat(10_000));
    // SessionStart hooks also get a CLAUDE_ENV_FILE (in a hookd-session-* directory); no long-output area is made.
    expect(readdirSync(tmp).filter((entry) => !entry.startsWith('hookd-session-'))).toEqual([]);
  });
});

describe('de-duplication', () => {
  it('"command hooks are deduplicated by command string": the same command in two files and two groups runs once', async () => {
    const workspace = makeWorkspace();
    const marks = join(workspace, 'marks');
    const guard = `echo run >> ${marks}`;
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard, timeout: 5 }] }] } });
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash|Edit', hooks: [{ type: 'command', command: guard, timeout: 9 }] }] } }, 'settings.local.json');
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspace);
    expect(init.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', code: 'duplicate-handler', field: 'hooks.PreToolUse[0].hooks[0]' }));

    const onBash = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(onBash.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PreToolUse[0].hooks[0]']);
    expect(readFileSync(marks, 'utf8')).toBe('run\n');

    const onEdit = await sidecar.request('hooks/PreToolUse', { session, toolName: 'Edit', toolInput: { file_path: '/x' }, toolUseId: 't2' });
    expect(onEdit.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['local:PreToolUse[0].hooks[0]']);
    expect(readFileSync(marks, 'utf8')).toBe('run\nrun\n');
  });
});

describe('the SessionEnd budget', () => {
  const end = { session, reason: 'logout' };
  /** A SessionEnd hook that records its PID and its child's, then waits on a long sleep. */
  const sleeper = (pids: string) => `echo $$ >> ${pids}; sleep 30 & echo $! >> ${pids}; wait`;
  type Run = { hookId: string; status: string; timedOut: boolean; failureClass: string | null; message?: string };

  it('"SessionEnd hooks share a 1.5 s budget raised to the largest configured per-hook timeout": still running at its end, killed (tree) and timed out', async () => {
    const workspace = makeWorkspace();
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, {
      hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: 'true', timeout: 3 }, { type: 'command', command: sleeper(pids) }] }] },
    });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    const result = await sidecar.request('hooks/SessionEnd', end);
    const [quick, slow] = result.runs as Run[];
    expect(quick).toMatchObject({ status: 'ok' });
    expect(slow).toMatchObject({ status: 'timeout', timedOut: true, failureClass: 'timeout', message: 'killed when the 3000 ms budget the SessionEnd hooks share ran out' });
    const started = readPids(pids);
    expect(started).toHaveLength(2);
    expect(await waitUntil(() => allGone(started), 5_000)).toBe(true);
  });

  it('"1.5 s" when no SessionEnd hook configures a timeout (the 600 s default does not raise it)', async () => {
    const { sidecar, workspace } = await sidecarWith({});
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, oneHook('SessionEnd', sleeper(pids)));
    await sidecar.request('hooks/reload', {});
    const result = await sidecar.request('hooks/SessionEnd', end);
    expect(result.runs[0]).toMatchObject({ status: 'timeout', message: 'killed when the 1500 ms budget the SessionEnd hooks share ran out' });
    expect(await waitUntil(() => allGone(readPids(pids)), 5_000)).toBe(true);
  });

  it('"CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overrides" it, from hookd\'s environment', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionEnd', 'sleep 30', { timeout: 20 }), {}, { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '400' });
    const result = await sidecar.request('hooks/SessionEnd', end);
    expect(result.runs[0]).toMatchObject({ status: 'timeout', message: 'killed when the 400 ms budget the SessionEnd hooks share ran out' });
  });

  it('the initialize option sessionEndTimeoutMs overrides the environment', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionEnd', 'sleep 30', { timeout: 20 }), { options: { sessionEndTimeoutMs: 300 } }, { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '60000' });
    const result = await sidecar.request('hooks/SessionEnd', end);
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, message: 'killed when the 300 ms budget the SessionEnd hooks share ran out' });
  });

  it('a cancel during SessionEnd is still a cancel, not a timeout', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionEnd', 'sleep 30', { timeout: 20 }));
    const id = sidecar.nextId();
    const reply = sidecar.waitFor(id);
    sidecar.send({ jsonrpc: '2.0', id, method: 'hooks/SessionEnd', params: end });
    await new Promise((resolve) => setTimeout(resolve, 200));
    sidecar.notify('$/cancelRequest', { id });
    const answer = await reply;
    expect(answer.error?.code).toBe(-32800);
    expect((answer.error?.data as { runs: Run[] }).runs[0]).toMatchObject({ status: 'cancelled', timedOut: false });
  });

  it('other events have no shared budget: a Stop hook runs to its own timeout', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', 'sleep 2; echo done >&2', { timeout: 10 }), { options: { sessionEndTimeoutMs: 100 } });
    const result = await sidecar.request('hooks/Stop', { session });
    expect(result.runs[0]).toMatchObject({ status: 'ok', timedOut: false, exitCode: 0 });
  });
});
