// Shared setup for the client's tests: the built sidecar (dist/cli.js), scratch workspaces, hook commands that
// record their PIDs, and cleanup of every client and any process a test leaked (found by an env mark).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { scratchDir } from '../../../test/helpers/scratch.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect } from 'vitest';
import { spawnHookd, type HookdClient, type SpawnHookdOptions } from '../src/index.js';
import { isAlive, killProcessesWithEnv, readFixtureRecord, waitUntil } from '../../../test/helpers/processes.js';

export const HOOKD_JS = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));
export const PROCS = fileURLToPath(new URL('../../../test/fixtures/procs/', import.meta.url));
/** Every process a test starts inherits it, so that cleanup finds whatever a failed test left behind. */
export const MARK_VARIABLE = 'HOOKD_CLIENT_TEST_MARK';
export const SESSION = { id: 'client-session' };
/** Deadline for a polled condition (a process gone, a notification arrived); never a sleep. */
export const DEADLINE_MS = 10_000;

const open: HookdClient[] = [];
let mark = randomUUID();

/** Call once per test file: checks the build and cleans up after every test. */
export function useSidecar(): void {
  beforeAll(() => {
    if (!existsSync(HOOKD_JS)) throw new Error(`${HOOKD_JS} is missing: run npm run build first`);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.shutdown({ timeoutMs: 2_000 })));
    killProcessesWithEnv(MARK_VARIABLE, mark);
    mark = randomUUID();
  });
}

/** The env every test sidecar gets: the cleanup mark, and no bamboo configuration of this machine. */
export function testEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { [MARK_VARIABLE]: mark, BAMBOO_DATA_DIR: undefined, ...extra };
}

/** Closed by the afterEach of useSidecar. */
export function track<T extends HookdClient>(client: T): T {
  open.push(client);
  return client;
}

export function makeWorkspace(): string {
  return scratchDir('hookd-client-');
}

export function writeFile(workspace: string, path: string, content: string): string {
  const file = join(workspace, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** `.claude/settings.json` with one command handler per given event. */
export function claudeSettings(workspace: string, hooks: Record<string, Array<{ matcher?: string; hooks: Array<Record<string, unknown>> }>>): string {
  return writeFile(workspace, '.claude/settings.json', JSON.stringify({ hooks }, null, 2));
}

/** A bamboo hooks.json (user scope) holding `lifecycleHooks`. */
export function bambooConfig(workspace: string, lifecycleHooks: unknown, path = 'hooks.json'): string {
  return writeFile(workspace, path, `${JSON.stringify({ lifecycle_hooks: lifecycleHooks }, null, 2)}\n`);
}

export const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** A command running test/fixtures/procs/<fixture> that records its PID, its grandchildren's and its run tag. */
export const recordingCommand = (fixture: string, pidFile: string) => `HOOKD_PIDFILE=${shellQuote(pidFile)} sh ${shellQuote(join(PROCS, fixture))}`;

/** spawnHookd on the built sidecar, in `workspace` (also its home), results checked against the schemas. */
export async function spawnTestClient(options: Partial<SpawnHookdOptions> & { workspace: string }): Promise<HookdClient> {
  const client = await spawnHookd({
    hookdJs: HOOKD_JS,
    home: options.workspace,
    validateResults: true,
    ...options,
    env: testEnv(options.env),
  });
  return track(client);
}

/** Waits until the fixture recorded at least `count` PIDs (its tree is up); returns them. */
export async function waitForPids(pidFile: string, count: number): Promise<number[]> {
  let pids: number[] = [];
  const started = await waitUntil(async () => (pids = (await readFixtureRecord(pidFile)).pids).length >= count, DEADLINE_MS);
  expect(started, `${count} PIDs in ${pidFile}; got ${pids.join(', ')}`).toBe(true);
  return pids;
}

/** Polls /proc until every PID is gone (a zombie counts as gone), with a deadline. */
export async function expectAllGone(pids: readonly number[]): Promise<void> {
  const gone = await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS);
  expect(gone, `still alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
}
