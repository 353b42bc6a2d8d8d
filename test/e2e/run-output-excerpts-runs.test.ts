// runOutputExcerptBytes beyond the happy path, against the built sidecar: bamboo as well as claude, a run killed at
// its timeout, a capture past the 64 KiB cap, a cut that would split a UTF-8 character, and the partial runs of a
// cancelled request. Hook PIDs are checked gone.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const SESSION = { id: 'e2e-excerpts-runs' };
const CAPTURE_CAP = 64 * 1024;

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function claude(command: string, excerptBytes: number, handler: Record<string, unknown> = {}) {
  const workspace = makeWorkspace('hookd-excerpts-');
  writeClaudeSettings(workspace, oneHook('UserPromptSubmit', command.replaceAll('$WS', workspace), handler));
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  await sidecar.initialize(workspace, { options: { runOutputExcerptBytes: excerptBytes } });
  return { sidecar, workspace };
}

const prompt = { session: SESSION, prompt: 'hi' };

describe('claude: excerpts of runs that did not end well', () => {
  it('a run killed at its timeout carries what it printed before the kill', async () => {
    const { sidecar, workspace } = await claude("echo $$ >> '$WS/pids'; printf 'before the kill'; printf 'err line' >&2; exec sleep 30", 1024, { timeout: 1 });
    const result = await sidecar.request('hooks/UserPromptSubmit', prompt);
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true });
    expect(result.runs[0].stdout).toMatchObject({ excerpt: 'before the kill', excerptTruncated: false });
    expect(result.runs[0].stderr).toMatchObject({ excerpt: 'err line', excerptTruncated: false });
    expect(allGone(readPids(join(workspace, 'pids')))).toBe(true);
  });

  it('a capture past the 64 KiB cap: the excerpt is cut to its own cap; a larger cap gets the whole capture, which says truncated', async () => {
    const print = "head -c 70000 /dev/zero | tr '\\0' a";
    const small = await claude(print, 100);
    const run = (await small.sidecar.request('hooks/UserPromptSubmit', prompt)).runs[0];
    expect(run.stdout).toMatchObject({ bytes: CAPTURE_CAP, totalBytes: 70_000, truncated: true, excerpt: 'a'.repeat(100), excerptTruncated: true });
    expect(run.truncated).toBe(true);

    const large = await claude(print, 1_048_576);
    const whole = (await large.sidecar.request('hooks/UserPromptSubmit', prompt)).runs[0];
    expect(whole.stdout).toMatchObject({ bytes: CAPTURE_CAP, truncated: true, excerptTruncated: false });
    expect(whole.stdout.excerpt).toBe('a'.repeat(CAPTURE_CAP));
  });

  it('a cut inside a UTF-8 character keeps whole characters only', async () => {
    const { sidecar } = await claude("printf 'ééé'", 3);
    const run = (await sidecar.request('hooks/UserPromptSubmit', prompt)).runs[0];
    expect(run.stdout).toMatchObject({ excerpt: 'é', excerptTruncated: true, bytes: 6 });
  });

  it('the partial runs of a cancelled request (-32800) carry excerpts too', async () => {
    const { sidecar, workspace } = await claude("echo $$ >> '$WS/pids'; printf 'working'; exec sleep 30", 64, { timeout: 60 });
    const id = sidecar.nextId();
    const pending = sidecar.call('hooks/UserPromptSubmit', prompt, id);
    expect(await waitUntil(() => readPids(join(workspace, 'pids')).length === 1, 20_000)).toBe(true);
    sidecar.notify('$/cancelRequest', { id });
    const answer = await pending;
    expect(answer.error?.code).toBe(-32800);
    const runs = (answer.error?.data as { runs: Array<{ status: string; stdout: unknown }> }).runs;
    expect(runs[0]!.status).toBe('cancelled');
    // The hook may be killed before or after its printf reached the pipe: the excerpt is a prefix of it either way.
    const stdout = runs[0]!.stdout as { excerpt?: string };
    expect(typeof stdout.excerpt).toBe('string');
    expect('working'.startsWith(stdout.excerpt!)).toBe(true);
    expect(allGone(readPids(join(workspace, 'pids')))).toBe(true);
  });
});

describe('bamboo: excerpts', () => {
  async function bamboo(command: string, excerptBytes: number | undefined, timeoutMs = 10_000) {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [{ type: 'command', command: command.replaceAll('$WS', setup.workspace), timeout_ms: timeoutMs }] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup, { options: { watch: false, ...(excerptBytes !== undefined ? { runOutputExcerptBytes: excerptBytes } : {}) } });
    const result = await sidecar.request('hooks/PreToolUse', { session: SESSION, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_x' });
    return { result, setup };
  }

  it('a bamboo run carries its stdout and stderr excerpts, cut to the cap', async () => {
    const { result } = await bamboo("printf '{}'; printf 'bamboo warning text' >&2", 6);
    expect(result.runs[0].stdout).toMatchObject({ excerpt: '{}', excerptTruncated: false });
    expect(result.runs[0].stderr).toMatchObject({ excerpt: 'bamboo', excerptTruncated: true });
  });

  it('a bamboo run killed at its timeout carries what it printed', async () => {
    const { result, setup } = await bamboo("echo $$ >> '$WS/pids'; printf 'slow hook' >&2; exec sleep 30", 1024, 1000);
    expect(result.runs[0].status).toBe('timeout');
    expect(result.runs[0].stderr).toMatchObject({ excerpt: 'slow hook' });
    expect(allGone(readPids(join(setup.workspace, 'pids')))).toBe(true);
  });

  it('without the option, bamboo runs carry no excerpts', async () => {
    const { result } = await bamboo("printf 'x' >&2", undefined);
    expect(result.runs[0].stderr).not.toHaveProperty('excerpt');
    expect(result.runs[0].stderr).not.toHaveProperty('excerptTruncated');
  });
});
