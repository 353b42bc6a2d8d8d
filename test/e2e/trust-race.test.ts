// The trust store shared by several built sidecars (one hookd per agent session): concurrent trust/set and untrust
// from two real processes lose nothing, a third process reading the file meanwhile never sees it torn, a lock left
// by a dead process is taken over, a live one held too long is answered -32010 (never a hang), a non-regular store
// file is refused at once, and the lock's exit cleanup does not displace hookd's own signal handling.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const READER = fileURLToPath(new URL('../fixtures/trust/store-reader.mjs', import.meta.url));
const LOCK_HOLDER = fileURLToPath(new URL('../fixtures/trust/lock-holder.mjs', import.meta.url));
const KEYS_PER_WRITER = 1000;
const IN_FLIGHT = 50;

const sidecars: Sidecar[] = [];
const helpers: ChildProcessWithoutNullStreams[] = [];
const directories: string[] = [];

afterEach(async () => {
  const pids = [...sidecars.map((sidecar) => sidecar.child.pid), ...helpers.map((child) => child.pid)].filter((pid): pid is number => pid !== undefined);
  await Promise.all(sidecars.splice(0).map((sidecar) => sidecar.close()));
  for (const child of helpers.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 5000)).toBe(true);
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

/** A root holding the store (in a directory that does not exist yet) and an empty claude workspace. */
function storeSetup(): { root: string; store: string; workspace: string } {
  const root = tempDir('hookd-trust-race-');
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  return { root, store: join(root, 'home', '.hookd', 'trust.json'), workspace };
}

async function writer(workspace: string, store: string, args: string[] = []): Promise<Sidecar> {
  const sidecar = new Sidecar('ndjson', args);
  sidecars.push(sidecar);
  await sidecar.initialize(workspace, { options: { trustStorePath: store } });
  return sidecar;
}

/** Sends every request with at most `inFlight` unanswered at a time; resolves with the answers in order. */
async function pipelined(sidecar: Sidecar, params: readonly unknown[], inFlight = IN_FLIGHT): Promise<RpcMessage[]> {
  const answers: RpcMessage[] = new Array(params.length);
  let next = 0;
  const lane = async () => {
    while (next < params.length) {
      const index = next++;
      answers[index] = await sidecar.call('trust/set', params[index]);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return answers;
}

const keysOf = (root: string, prefix: string, count = KEYS_PER_WRITER) => Array.from({ length: count }, (_, index) => `workspace:${root}/projects/${prefix}-${String(index).padStart(4, '0')}`);
const storedKeys = (store: string) => Object.keys(JSON.parse(readFileSync(store, 'utf8')).trusted).sort();
const errorsIn = (answers: RpcMessage[]) => answers.filter((answer) => answer.error !== undefined || answer.result === undefined);

function startHelper(script: string, args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  helpers.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitForLine(helper: { output: () => string }, line: string): Promise<void> {
  expect(await waitUntil(() => helper.output().split('\n').includes(line), 10_000)).toBe(true);
}

describe('trust store shared by two built sidecars', () => {
  it('two processes each trusting 1,000 keys (50 in flight) lose none; a reader meanwhile never sees invalid JSON; fresh sessions see them', async () => {
    const { root, store, workspace } = storeSetup();
    // Two bamboo workspaces whose project-local hooks need trust: each writer's last key is one of them.
    const bambooA = bambooSetup();
    const bambooB = bambooSetup();
    directories.push(bambooA.workspace, join(bambooA.dataDir, '..'), bambooB.workspace, join(bambooB.dataDir, '..'));
    for (const setup of [bambooA, bambooB]) writeBambooConfig(setup.projectFile, { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const keysA = [...keysOf(root, 'a', KEYS_PER_WRITER - 1), `workspace:${bambooA.workspace}`];
    const keysB = [...keysOf(root, 'b', KEYS_PER_WRITER - 1), `workspace:${bambooB.workspace}`];

    const reader = startHelper(READER, [store]);
    await waitForLine(reader, 'ready');
    const [first, second] = await Promise.all([writer(workspace, store), writer(workspace, store)]);
    const [answersA, answersB] = await Promise.all([
      pipelined(first!, keysA.map((key) => ({ key, trusted: true }))),
      pipelined(second!, keysB.map((key) => ({ key, trusted: true }))),
    ]);
    reader.child.stdin.end();
    await waitUntil(() => reader.output().split('\n').length >= 3, 10_000);
    const seen = JSON.parse(reader.output().split('\n')[1]!);

    expect(errorsIn(answersA)).toEqual([]);
    expect(errorsIn(answersB)).toEqual([]);
    expect(storedKeys(store)).toEqual([...keysA, ...keysB].sort());
    expect(statSync(store).mode & 0o777).toBe(0o600);
    // Nothing but the store is left beside it: no temp file, no lock.
    expect(readdirSync(join(root, 'home', '.hookd'))).toEqual(['trust.json']);
    expect(seen.invalid).toBe(0);
    expect(seen.firstInvalid).toBeUndefined();
    expect(seen.parsed).toBeGreaterThan(0);

    for (const setup of [bambooA, bambooB]) {
      const fresh = bambooSidecar(setup);
      sidecars.push(fresh);
      await initializeBamboo(fresh, setup, { options: { trustStorePath: store } });
      expect(await fresh.request('trust/list')).toEqual({
        // The writers trusted this key from another workspace, where its file's content was not loaded: the entry
        // is read (not "untrusted") but records no content hash, so it trusts no content ("modified").
        entries: [
          {
            key: `workspace:${setup.workspace}`,
            trusted: false,
            state: 'modified',
            hooks: 1,
            sources: [setup.projectFile],
            currentHash: expect.stringMatching(/^sha256:/),
          },
        ],
        storePath: store,
      });
    }
  });

  it('untrust racing trust: one process untrusts its 1,000 keys while the other trusts 1,000 new ones', async () => {
    const { root, store, workspace } = storeSetup();
    const [first, second] = await Promise.all([writer(workspace, store), writer(workspace, store)]);
    const old = keysOf(root, 'old');
    const kept = keysOf(root, 'kept', 100);
    expect(errorsIn(await pipelined(first!, [...old, ...kept].map((key) => ({ key, trusted: true }))))).toEqual([]);

    const added = keysOf(root, 'new');
    const [untrusted, trusted] = await Promise.all([
      pipelined(first!, old.map((key) => ({ key, trusted: false }))),
      pipelined(second!, added.map((key) => ({ key, trusted: true }))),
    ]);
    expect(errorsIn(untrusted)).toEqual([]);
    expect(errorsIn(trusted)).toEqual([]);
    expect(storedKeys(store)).toEqual([...kept, ...added].sort());
  });
});

describe('trust store lock', () => {
  it('a lock directory left by a dead process (old mtime) is taken over by trust/set', async () => {
    const { store, workspace } = storeSetup();
    const lockPath = `${store}.lock`;
    mkdirSync(lockPath, { recursive: true });
    const old = new Date(Date.now() - 120_000);
    utimesSync(lockPath, old, old);
    const sidecar = await writer(workspace, store);
    const answer = await sidecar.call('trust/set', { key: 'workspace:/after-a-crash', trusted: true });
    expect(answer.error).toBeUndefined();
    expect(storedKeys(store)).toEqual(['workspace:/after-a-crash']);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('a live lock held past the bound answers -32010 naming the lock file (no hang); once released, trust/set works', async () => {
    const { store, workspace } = storeSetup();
    mkdirSync(join(store, '..'), { recursive: true });
    const holder = startHelper(LOCK_HOLDER, [store]);
    await waitForLine(holder, 'locked');
    const sidecar = await writer(workspace, store);

    const refused = await sidecar.call('trust/set', { key: 'workspace:/blocked', trusted: true });
    expect(refused.error?.code).toBe(-32010);
    expect(refused.error?.message).toContain(`${store}.lock`);
    expect(existsSync(store)).toBe(false);
    // The session is not wedged: it still answers, and the key was not trusted for it either.
    expect((await sidecar.call('ping')).result).toEqual({});

    holder.child.stdin.end();
    expect(await waitUntil(() => !existsSync(`${store}.lock`), 10_000)).toBe(true);
    const accepted = await sidecar.call('trust/set', { key: 'workspace:/blocked', trusted: true });
    expect(accepted.error).toBeUndefined();
    expect(storedKeys(store)).toEqual(['workspace:/blocked']);
  });

  it('a FIFO as the trust store does not hang initialize: a warning names it, and trust/set is -32010', async () => {
    const { root, workspace } = storeSetup();
    const fifo = join(root, 'trust.fifo');
    execFileSync('mkfifo', [fifo]);
    const sidecar = new Sidecar();
    sidecars.push(sidecar);
    const init = await sidecar.initialize(workspace, { options: { trustStorePath: fifo } });
    const warning = init.diagnostics.find((diagnostic: { code?: string }) => diagnostic.code === 'trust-store');
    expect(warning).toMatchObject({ severity: 'warning', file: fifo });
    expect(warning.message).toContain('is a FIFO, not a regular file');
    const refused = await sidecar.call('trust/set', { key: 'workspace:/x', trusted: true });
    expect(refused.error?.code).toBe(-32010);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`after a locked write, ${signal} still runs hookd's own cleanup (the lock's exit hook does not pre-empt it)`, async () => {
      const { store, workspace } = storeSetup();
      const sidecar = await writer(workspace, store, ['--log-level', 'info']);
      expect((await sidecar.call('trust/set', { key: 'workspace:/p', trusted: true })).error).toBeUndefined();
      sidecar.child.kill(signal);
      // hookd's handler exits with code 0 after logging; a default signal death would be {code: null, signal}.
      expect(await sidecar.exited).toEqual({ code: 0, signal: null });
      expect(sidecar.stderr).toContain(`exiting (${signal})`);
      expect(existsSync(`${store}.lock`)).toBe(false);
    });
  }
});
