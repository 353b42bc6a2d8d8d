// Cancellation and timeouts through the client: an AbortSignal, a CancellationToken, cancelSession and a request
// timeout each make hookd kill the hook's whole tree (its PID and its grandchildren's, polled in /proc until gone)
// and reject with HookdCancelledError (HookdTimeoutError) carrying the runs hookd reported.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { readFixtureRecord } from '../../../test/helpers/processes.js';
import { HookdCancelledError, HookdTimeoutError, startHookd, type HookdClient } from '../src/index.js';
import { claudeSettings, expectAllGone, makeWorkspace, recordingCommand, SESSION, spawnTestClient, testEnv, track, useSidecar, waitForPids } from './helpers.js';

useSidecar();

const bash = { toolName: 'Bash', toolInput: { command: 'make' } };
/** grandchildren.sh records the tag, its own PID and two grandchildren's. */
const TREE_PIDS = 3;
const SLOW_HOOKD = fileURLToPath(new URL('./fixtures/slow-hookd.mjs', import.meta.url));

/** The test stand-in for a slow or hung hookd: no initialize, requests time out after 50 ms by default. */
const slowHookd = (delay: string, ...flags: string[]) =>
  track(startHookd({ hookdJs: SLOW_HOOKD, args: [delay, ...flags], framing: 'ndjson', env: testEnv(), requestTimeoutMs: 50, cancelGraceMs: 200 }));

/** A client whose PreToolUse hook starts a process tree that lives until killed. */
async function clientWithTree(options: { requestTimeoutMs?: number } = {}): Promise<{ client: HookdClient; pidFile: string }> {
  const workspace = makeWorkspace();
  const pidFile = join(makeWorkspace(), 'tree.pids');
  claudeSettings(workspace, { PreToolUse: [{ hooks: [{ type: 'command', command: recordingCommand('grandchildren.sh', pidFile) }] }] });
  return { client: await spawnTestClient({ workspace, ...options }), pidFile };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

function expectCancelledRun(error: unknown, status: 'cancelled'): HookdCancelledError {
  expect(error).toBeInstanceOf(HookdCancelledError);
  const cancelled = error as HookdCancelledError;
  expect(cancelled.code).toBe(-32800);
  expect(cancelled.runs.map((run) => [run.hookId, run.status, run.failureClass])).toEqual([['project:PreToolUse[0].hooks[0]', status, 'cancelled']]);
  return cancelled;
}

describe('cancellation', () => {
  it('aborting the AbortSignal sends $/cancelRequest: the hook tree is killed and the request rejects with HookdCancelledError carrying the runs', async () => {
    const { client, pidFile } = await clientWithTree();
    const abort = new AbortController();
    const pending = rejection(client.preToolUse({ session: SESSION, ...bash }, { signal: abort.signal }));
    const pids = await waitForPids(pidFile, TREE_PIDS);
    abort.abort();
    const error = expectCancelledRun(await pending, 'cancelled');
    expect(error).not.toBeInstanceOf(HookdTimeoutError);
    await expectAllGone(pids);
  });

  it('cancelling a vscode CancellationToken does the same', async () => {
    const { client, pidFile } = await clientWithTree();
    const source = new CancellationTokenSource();
    const pending = rejection(client.preToolUse({ session: SESSION, ...bash }, { token: source.token }));
    const pids = await waitForPids(pidFile, TREE_PIDS);
    source.cancel();
    expectCancelledRun(await pending, 'cancelled');
    await expectAllGone(pids);
  });

  it('cancelSession cancels every in-flight event of the session; other sessions are untouched', async () => {
    const workspace = makeWorkspace();
    const scratch = makeWorkspace();
    const [bashPids, writePids] = [join(scratch, 'bash.pids'), join(scratch, 'write.pids')];
    claudeSettings(workspace, {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: recordingCommand('grandchildren.sh', bashPids) }] },
        { matcher: 'Write', hooks: [{ type: 'command', command: recordingCommand('grandchildren.sh', writePids) }] },
      ],
    });
    const client = await spawnTestClient({ workspace });
    const first = rejection(client.preToolUse({ session: SESSION, ...bash }));
    const second = rejection(client.preToolUse({ session: SESSION, toolName: 'Write', toolInput: { file_path: 'a.txt' } }));
    const pids = [...(await waitForPids(bashPids, TREE_PIDS)), ...(await waitForPids(writePids, TREE_PIDS))];
    expect(await client.cancelSession({ sessionId: 'another-session' })).toEqual({ cancelled: 0 });
    expect(await client.cancelSession({ sessionId: SESSION.id })).toEqual({ cancelled: 2 });
    expect((await first) as HookdCancelledError).toBeInstanceOf(HookdCancelledError);
    expect(((await first) as HookdCancelledError).runs.map((run) => [run.hookId, run.status])).toEqual([['project:PreToolUse[0].hooks[0]', 'cancelled']]);
    expect(((await second) as HookdCancelledError).runs.map((run) => [run.hookId, run.status])).toEqual([['project:PreToolUse[1].hooks[0]', 'cancelled']]);
    await expectAllGone(pids);
  });

  it('an AbortSignal aborted before the call rejects at once without sending anything; the connection serves on', async () => {
    const { client, pidFile } = await clientWithTree();
    const error = await rejection(client.preToolUse({ session: SESSION, ...bash }, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(HookdCancelledError);
    expect((error as HookdCancelledError).runs).toEqual([]);
    expect(await client.ping()).toEqual({});
    expect((await readFixtureRecord(pidFile)).pids).toEqual([]);
  });
});

describe('timeouts', () => {
  it('a request timeout cancels the request: the hook tree is killed and it rejects with HookdTimeoutError carrying the runs', async () => {
    const { client, pidFile } = await clientWithTree();
    const pending = rejection(client.preToolUse({ session: SESSION, ...bash }, { timeoutMs: 1_500 }));
    const pids = await waitForPids(pidFile, TREE_PIDS);
    const error = expectCancelledRun(await pending, 'cancelled');
    expect(error).toBeInstanceOf(HookdTimeoutError);
    expect((error as HookdTimeoutError).timeoutMs).toBe(1_500);
    await expectAllGone(pids);
  });

  it("the client's requestTimeoutMs applies to every request", async () => {
    const { client, pidFile } = await clientWithTree({ requestTimeoutMs: 1_000 });
    const error = await rejection(client.preToolUse({ session: SESSION, ...bash }));
    expectCancelledRun(error, 'cancelled');
    expect(error).toBeInstanceOf(HookdTimeoutError);
    expect((error as HookdTimeoutError).timeoutMs).toBe(1_000);
    await expectAllGone((await readFixtureRecord(pidFile)).pids);
  });

  it('a per-request timeoutMs overrides the default; Infinity turns it off', async () => {
    // hookd stand-in that answers every request 300 ms late (and a cancel at once, with -32800).
    const client = slowHookd('300');
    await client.ping({ timeoutMs: Infinity });
    await client.ping({ timeoutMs: 5_000 });
    const error = await rejection(client.ping());
    expect(error).toBeInstanceOf(HookdTimeoutError);
    expect((error as HookdTimeoutError).timeoutMs).toBe(50);
  });

  it('when hookd never answers the cancellation, the request still rejects after cancelGraceMs', async () => {
    const client = slowHookd('never', 'ignore-cancel');
    const error = await rejection(client.ping({ timeoutMs: 50 }));
    expect(error).toBeInstanceOf(HookdTimeoutError);
    expect((error as HookdTimeoutError).runs).toEqual([]);
    client.dispose();
    await client.exited;
  });
});
