// hooks/progress against the built sidecar: without options.progress exactly the 0.1 messages; with it elapsedMs,
// the run's status at `finished`, every awaited hook with `hooks: "all"`, and `running` every intervalMs while a
// hook runs, never after the request's answer (also when it is cancelled). Hook PIDs are checked gone.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const SESSION = { id: 'e2e-progress' };
const REQUEST_CANCELLED = -32800;
/** How long a test waits for what must come (a slow machine only makes tests slower, never wrong). */
const DEADLINE_MS = 20_000;

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

type Handler = Record<string, unknown>;

/** A claude workspace whose UserPromptSubmit runs `handlers` (in parallel) and a sidecar initialized with `options`. */
async function claudeSession(handlers: Handler[], options?: Record<string, unknown>) {
  const workspace = makeWorkspace('hookd-progress-');
  writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: handlers.map((handler) => ({ type: 'command', ...handler })) }] } });
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, options !== undefined ? { options } : {});
  const ids: string[] = init.hooks.map((hook: { id: string }) => hook.id);
  return { sidecar, workspace, ids };
}

const progressOf = (sidecar: Sidecar, requestId?: number) =>
  sidecar.notifications
    .filter((message) => message.method === 'hooks/progress')
    .map((message) => message.params as Record<string, any>)
    .filter((params) => requestId === undefined || params.requestId === requestId);

/** A hook that records its PID, then waits until `release` exists (at most ~30 s). */
const waitingHook = (workspace: string) => {
  const release = join(workspace, 'release');
  const pids = join(workspace, 'pids');
  return { release, pids, command: `echo $$ >> '${pids}'; i=0; while [ ! -e '${release}' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done` };
};

describe('hooks/progress without options.progress (clients that opt into nothing)', () => {
  it('a hook with a statusMessage sends started and finished exactly as in 0.1; a hook without one sends nothing', async () => {
    const { sidecar, ids } = await claudeSession([{ command: 'exit 0', statusMessage: 'Checking' }, { command: 'exit 1' }]);
    await sidecar.call('hooks/UserPromptSubmit', { session: SESSION, prompt: 'hi' }, 7);
    const base = { requestId: 7, sessionId: SESSION.id, event: 'UserPromptSubmit', hookId: ids[0], statusMessage: 'Checking' };
    expect(progressOf(sidecar)).toEqual([
      { ...base, phase: 'started' },
      { ...base, phase: 'finished' },
    ]);
  });
});

describe('hooks/progress with options.progress', () => {
  it('{}: elapsedMs on every phase, and finished carries status, failureClass and exitCode; still only statusMessage hooks', async () => {
    const { sidecar, ids } = await claudeSession([{ command: 'exit 0', statusMessage: 'Checking' }, { command: 'exit 1' }], { progress: {} });
    await sidecar.call('hooks/UserPromptSubmit', { session: SESSION, prompt: 'hi' }, 3);
    const progress = progressOf(sidecar, 3);
    expect(progress.map((params) => [params.hookId, params.phase])).toEqual([
      [ids[0], 'started'],
      [ids[0], 'finished'],
    ]);
    expect(progress[0]).toMatchObject({ statusMessage: 'Checking', elapsedMs: 0 });
    expect(progress[0]).not.toHaveProperty('status');
    expect(progress[1]).toMatchObject({ statusMessage: 'Checking', status: 'ok', failureClass: null, exitCode: 0 });
    expect(progress[1]!.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('hooks "all": every hook reports; finished says ok for exit 0, error for exit 1, timeout for one that sleeps past its timeout', async () => {
    const workspace = makeWorkspace('hookd-progress-pids-');
    const pids = join(workspace, 'pids');
    const { sidecar, ids } = await claudeSession(
      [{ command: 'exit 0' }, { command: 'echo oops >&2; exit 1' }, { command: `echo $$ >> '${pids}'; exec sleep 30`, timeout: 1 }],
      { progress: { hooks: 'all' } },
    );
    const answer = await sidecar.call('hooks/UserPromptSubmit', { session: SESSION, prompt: 'hi' }, 4);
    expect(answer.result).toBeDefined();
    const finished = new Map(progressOf(sidecar, 4).filter((params) => params.phase === 'finished').map((params) => [params.hookId, params]));
    expect(finished.get(ids[0]!)).toMatchObject({ status: 'ok', failureClass: null, exitCode: 0 });
    expect(finished.get(ids[1]!)).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1 });
    expect(finished.get(ids[2]!)).toMatchObject({ status: 'timeout', failureClass: 'timeout', exitCode: null });
    for (const params of finished.values()) {
      expect(params).not.toHaveProperty('statusMessage');
      expect(params.elapsedMs).toBeGreaterThanOrEqual(0);
    }
    // The timed-out hook ran at least its timeout before it was killed.
    expect(finished.get(ids[2]!)!.elapsedMs).toBeGreaterThanOrEqual(1000);
    expect(progressOf(sidecar, 4).filter((params) => params.phase === 'started').map((params) => params.hookId).sort()).toEqual([...ids].sort());
    expect(readPids(pids)).toHaveLength(1);
    expect(allGone(readPids(pids))).toBe(true);
  });

  it('intervalMs: `running` with a growing elapsedMs while the hook runs; nothing after the answer', async () => {
    const workspace = makeWorkspace('hookd-progress-wait-');
    const hook = waitingHook(workspace);
    const { sidecar, ids } = await claudeSession([{ command: hook.command, timeout: 60 }], { progress: { hooks: 'all', intervalMs: 100 } });
    const order: RpcMessage[] = [];
    sidecar.onMessage((message) => order.push(message));
    const pending = sidecar.call('hooks/UserPromptSubmit', { session: SESSION, prompt: 'hi' }, 5);
    const running = () => progressOf(sidecar, 5).filter((params) => params.phase === 'running');
    expect(await waitUntil(() => running().length >= 2, DEADLINE_MS), 'two running progress notifications').toBe(true);
    const [first, second] = running();
    expect(first).toMatchObject({ hookId: ids[0], sessionId: SESSION.id, event: 'UserPromptSubmit' });
    expect(second!.elapsedMs).toBeGreaterThanOrEqual(first!.elapsedMs);
    expect(first).not.toHaveProperty('status');
    writeFileSync(hook.release, '');
    const answer = await pending;
    expect((answer.result as any).runs[0].status).toBe('ok');
    const answeredAt = order.indexOf(answer);
    // Wait several intervals: a timer left running would send more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = order.slice(answeredAt + 1).filter((message) => message.method === 'hooks/progress');
    expect(after).toEqual([]);
    const phases = progressOf(sidecar, 5).map((params) => params.phase);
    expect(phases[0]).toBe('started');
    expect(phases.at(-1)).toBe('finished');
    expect(allGone(readPids(hook.pids))).toBe(true);
  });

  it('intervalMs: a cancelled request gets no progress after its -32800 answer, and the hook is killed', async () => {
    const workspace = makeWorkspace('hookd-progress-cancel-');
    const hook = waitingHook(workspace);
    const { sidecar } = await claudeSession([{ command: hook.command, timeout: 60, statusMessage: 'Waiting' }], { progress: { intervalMs: 100 } });
    const order: RpcMessage[] = [];
    sidecar.onMessage((message) => order.push(message));
    const pending = sidecar.call('hooks/UserPromptSubmit', { session: SESSION, prompt: 'hi' }, 6);
    expect(await waitUntil(() => progressOf(sidecar, 6).some((params) => params.phase === 'running'), DEADLINE_MS)).toBe(true);
    expect(readPids(hook.pids)).toHaveLength(1);
    sidecar.notify('$/cancelRequest', { id: 6 });
    const answer = await pending;
    expect(answer.error?.code).toBe(REQUEST_CANCELLED);
    expect(allGone(readPids(hook.pids))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = order.slice(order.indexOf(answer) + 1).filter((message) => message.method === 'hooks/progress');
    expect(after).toEqual([]);
    expect(progressOf(sidecar, 6).at(-1)).toMatchObject({ phase: 'finished', status: 'cancelled', statusMessage: 'Waiting' });
    expect(existsSync(hook.release)).toBe(false);
  });

  it('refuses a bad progress option with -32602 naming the field', async () => {
    const workspace = makeWorkspace('hookd-progress-bad-');
    const sidecar = new Sidecar('ndjson');
    open.push(sidecar);
    for (const progress of [{ hooks: 'some' }, { intervalMs: 5 }]) {
      const answer = await sidecar.call('initialize', { protocolVersion: '0.1', dialect: 'claude', workspace, home: workspace, options: { progress } });
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toContain('options.progress');
    }
  });
});

describe('hooks/progress for bamboo', () => {
  it('hooks "all": a bamboo command hook reports started and finished with its status', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 0', timeout_ms: 10_000 }] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    const init = await initializeBamboo(sidecar, setup, { options: { watch: false, progress: { hooks: 'all' } } });
    const answer = await sidecar.call('hooks/PreToolUse', { session: SESSION, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_p' }, 9);
    expect((answer.result as any).runs).toHaveLength(1);
    const progress = progressOf(sidecar, 9);
    expect(progress.map((params) => params.phase)).toEqual(['started', 'finished']);
    expect(progress[1]).toMatchObject({ hookId: init.hooks[0].id, status: 'ok', exitCode: 0, failureClass: null });
    expect(progress[1]!.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('hooks "all" leaves out a fire-and-forget event\'s hooks (answered before they run): no progress, only hooks/backgroundRun', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { Notification: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; exit 3', timeout_ms: 10_000 }] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup, { options: { watch: false, progress: { hooks: 'all', intervalMs: 100 } } });
    const payload = { id: 'n-1', priority: 'normal', dedup_key: 'd-1', created_at: '2026-07-22T09:00:00Z' };
    const answer = await sidecar.request('hooks/Notification', { session: SESSION, title: 'Done', message: 'Run finished', notificationType: 'run_completed', extra: { payload } });
    expect(answer.runs).toEqual([]);
    // hooks/backgroundRun is sent once the dispatch settled, after any progress its runs would have sent.
    expect(await waitUntil(() => sidecar.notifications.some((message) => message.method === 'hooks/backgroundRun'), DEADLINE_MS)).toBe(true);
    expect(progressOf(sidecar)).toEqual([]);
  });
});
