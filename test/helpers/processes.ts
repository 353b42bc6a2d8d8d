// Test helpers for real processes: liveness by /proc (a zombie is dead), polling with a deadline, and the
// PIDs and run tags that fixtures in test/fixtures/procs/ record. Linux only; never sleeps-and-hopes.
import { accessSync, constants as fsConstants, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** True while /proc/<pid>/stat exists and its state is not Z (zombie) or X (dead). */
export function isAlive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state !== undefined && state !== 'Z' && state !== 'X' && state !== 'x';
}

/** Polls `predicate` every `intervalMs` until it holds (true) or `deadlineMs` passes (false). */
export async function waitUntil(predicate: () => boolean | Promise<boolean>, deadlineMs: number, intervalMs = 10): Promise<boolean> {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    if (await predicate()) return true;
    if (performance.now() >= deadline) return false;
    await sleep(intervalMs);
  }
}

export type FixtureRecord = { readonly pids: number[]; readonly tags: string[] };

/** Reads the file fixtures append to (lines "pid <n>" and "tag <value>"); empty if the fixture never ran. */
export async function readFixtureRecord(file: string): Promise<FixtureRecord> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    // not created: nothing was started
  }
  const pids: number[] = [];
  const tags: string[] = [];
  for (const line of text.split('\n')) {
    const [kind, value] = line.trim().split(' ');
    if (kind === 'pid' && value !== undefined) pids.push(Number(value));
    if (kind === 'tag' && value !== undefined && value !== '') tags.push(value);
  }
  return { pids, tags };
}

/** Live processes whose environment holds exactly the entry `name=value`. */
export function processesWithEnv(name: string, value: string): number[] {
  const entry = `${name}=${value}`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid || !isAlive(pid)) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (environ.split('\0').includes(entry)) found.push(pid);
  }
  return found;
}

/** SIGKILLs every process whose environment has `name=value` (the cleanup after a test that may have leaked); returns what it found. */
export function killProcessesWithEnv(name: string, value: string): number[] {
  const found = processesWithEnv(name, value);
  for (const pid of found) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return found;
}

/** The PIDs on the lines "<kind> <n>" of a fixture's record file (e.g. kind "untagged"); [] if it never ran. */
export async function readFixtureKind(file: string, kind: string): Promise<number[]> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const line of text.split('\n')) {
    const [found, value] = line.trim().split(' ');
    if (found === kind && value !== undefined && /^\d+$/.test(value)) pids.push(Number(value));
  }
  return pids;
}

/** SIGKILLs each PID that is still there (a test's own cleanup of what it knows hookd cannot reach). */
export function killPids(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The native supervisor `npm run build` makes (docs/supervisor.md); absent where no C compiler was available. */
export const SUPERVISOR_BINARY = fileURLToPath(new URL('../../native/build/hookd-supervisor', import.meta.url));

function supervisorBuilt(): boolean {
  try {
    if (!statSync(SUPERVISOR_BINARY).isFile()) return false;
    accessSync(SUPERVISOR_BINARY, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The spawn paths a test runs on: both; locally without the binary only the pure-Node one. Under CI the supervisor
 * cases always run, so a build that did not make the binary fails them instead of skipping them.
 */
export const SPAWN_PATHS_UNDER_TEST: readonly ('supervisor' | 'node')[] = supervisorBuilt() || process.env['CI'] ? ['supervisor', 'node'] : ['node'];
