// The sidecar's life through the client: shutdown() and dispose() leave no process behind (hookd's PID and every
// hook PID polled in /proc until gone), a hookd that ignores everything is killed within the bound, and a hookd
// that dies or never starts fails pending requests with HookdExitedError instead of leaving them hanging.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAlive, processesWithEnv, waitUntil } from '../../../test/helpers/processes.js';
import { HookdCancelledError, HookdExitedError, HookdProtocolError, HookdResponseError, spawnHookd, startHookd, type HookdClient } from '../src/index.js';
import {
  claudeSettings,
  DEADLINE_MS,
  expectAllGone,
  HOOKD_JS,
  makeWorkspace,
  MARK_VARIABLE,
  recordingCommand,
  SESSION,
  spawnTestClient,
  testEnv,
  track,
  useSidecar,
  waitForPids,
} from './helpers.js';

useSidecar();

const SLOW_HOOKD = fileURLToPath(new URL('./fixtures/slow-hookd.mjs', import.meta.url));
const bash = { toolName: 'Bash', toolInput: { command: 'make' } };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** A client with one PreToolUse event in flight whose hook tree (3 PIDs) is up. */
async function busyClient(): Promise<{ client: HookdClient; pending: Promise<unknown>; pids: number[]; sidecar: number }> {
  const workspace = makeWorkspace();
  const pidFile = join(makeWorkspace(), 'tree.pids');
  claudeSettings(workspace, { PreToolUse: [{ hooks: [{ type: 'command', command: recordingCommand('grandchildren.sh', pidFile) }] }] });
  const client = await spawnTestClient({ workspace });
  const pending = rejection(client.preToolUse({ session: SESSION, ...bash }));
  const pids = await waitForPids(pidFile, 3);
  return { client, pending, pids, sidecar: client.process!.pid! };
}

describe('shutdown and dispose', () => {
  it('shutdown(): the in-flight event is answered -32800 (HookdCancelledError with runs), hookd exits 0, no hookd or hook process is left', async () => {
    const { client, pending, pids, sidecar } = await busyClient();
    expect(await client.shutdown()).toEqual({ code: 0, signal: null });
    const error = await pending;
    expect(error).toBeInstanceOf(HookdCancelledError);
    expect((error as HookdCancelledError).runs.map((run) => run.status)).toEqual(['cancelled']);
    await expectAllGone([sidecar, ...pids]);
    expect(client.closed).toBe(true);
    expect(await rejection(client.ping())).toBeInstanceOf(HookdExitedError);
    // Idempotent.
    expect(await client.shutdown()).toEqual({ code: 0, signal: null });
  });

  it('dispose(): pending requests fail at once with HookdExitedError (disposed); hookd and every hook process are gone', async () => {
    const { client, pending, pids, sidecar } = await busyClient();
    client.dispose();
    const error = await pending;
    expect(error).toBeInstanceOf(HookdExitedError);
    expect((error as HookdExitedError).reason).toBe('disposed');
    await client.exited;
    await expectAllGone([sidecar, ...pids]);
    expect(await rejection(client.ping())).toBeInstanceOf(HookdExitedError);
  });

  it('await using: [Symbol.asyncDispose] shuts hookd down', async () => {
    const workspace = makeWorkspace();
    let sidecar = 0;
    {
      await using client = await spawnTestClient({ workspace });
      sidecar = client.process!.pid!;
      expect(await client.ping()).toEqual({});
    }
    expect(isAlive(sidecar)).toBe(false);
  });

  it('a hookd that answers nothing and ignores SIGTERM and stdin EOF is SIGKILLed once the bounds pass', async () => {
    const client = track(startHookd({ hookdJs: SLOW_HOOKD, args: ['never', 'ignore-cancel', 'ignore-term', 'ignore-eof'], framing: 'ndjson', env: testEnv() }));
    const pid = client.process!.pid!;
    // Until its SIGTERM handler is installed a slow start (a loaded machine) would die of the SIGTERM itself.
    expect(await waitUntil(() => client.stderr.includes('slow-hookd ready'), 10_000)).toBe(true);
    const pending = rejection(client.ping());
    expect(await client.shutdown({ timeoutMs: 300 })).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await pending).toBeInstanceOf(HookdExitedError);
    await expectAllGone([pid]);
  });
});

describe('when hookd goes away', () => {
  it('hookd killed from outside: the pending request rejects with HookdExitedError naming the signal; exited resolves', async () => {
    const { client, pending, pids, sidecar } = await busyClient();
    process.kill(sidecar, 'SIGKILL');
    const error = await pending;
    expect(error).toBeInstanceOf(HookdExitedError);
    expect({ reason: (error as HookdExitedError).reason, signal: (error as HookdExitedError).signal }).toEqual({ reason: 'exited', signal: 'SIGKILL' });
    expect(await client.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // hookd could not clean up after SIGKILL (protocol: hook trees survive it); the test's cleanup kills them.
    for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
    await expectAllGone(pids);
  });

  it('hookd exiting with an error: the request rejects with its exit code and the end of its stderr', async () => {
    const script = "process.stderr.write('fatal: cannot read config\\n'); process.stdin.once('data', () => process.exit(3));";
    const client = track(startHookd({ command: [process.execPath, '-e', script], env: testEnv() }));
    const error = await rejection(client.ping());
    expect(error).toBeInstanceOf(HookdExitedError);
    expect((error as HookdExitedError).exitCode).toBe(3);
    expect((error as HookdExitedError).stderr).toContain('fatal: cannot read config');
    expect(client.stderr).toContain('fatal: cannot read config');
  });

  it('a command that does not exist: spawnHookd rejects with HookdExitedError (spawn-failed)', async () => {
    const error = await rejection(spawnHookd({ command: '/nonexistent/hookd', workspace: makeWorkspace(), env: testEnv() }));
    expect(error).toBeInstanceOf(HookdExitedError);
    expect((error as HookdExitedError).reason).toBe('spawn-failed');
    expect((error as HookdExitedError).message).toContain('ENOENT');
  });

  it('initialize failing (a workspace that does not exist): spawnHookd rejects with the JSON-RPC error and kills hookd', async () => {
    const env = testEnv();
    const error = await rejection(spawnHookd({ hookdJs: HOOKD_JS, workspace: join(makeWorkspace(), 'missing'), env }));
    expect(error).toBeInstanceOf(HookdResponseError);
    expect((error as HookdResponseError).method).toBe('initialize');
    expect(await waitUntil(() => processesWithEnv(MARK_VARIABLE, env[MARK_VARIABLE]!).length === 0, DEADLINE_MS)).toBe(true);
  });
});

describe('results', () => {
  it('validateResults: a result that does not match the method table rejects with HookdProtocolError; without it, it is passed on', async () => {
    // The stand-in answers every request `{}`: right for ping, wrong for hooks/list.
    const options = { hookdJs: SLOW_HOOKD, args: ['0'], framing: 'ndjson' as const, env: testEnv() };
    const checked = track(startHookd({ ...options, validateResults: true }));
    expect(await checked.ping()).toEqual({});
    const error = await rejection(checked.listHooks());
    expect(error).toBeInstanceOf(HookdProtocolError);
    expect((error as HookdProtocolError).message).toContain('hooks');
    const unchecked = track(startHookd(options));
    expect(await unchecked.listHooks()).toEqual({});
  });
});
