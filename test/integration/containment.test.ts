// Containment by fault injection, on both spawn paths, through createProcessRunner({ spawnPath }): every fault script
// in test/fixtures/containment/ (grandchildren, setsid, double fork, setsid + env -i, process-group changes, a
// SIGTERM-ignoring tree, a fan-out of 200) ended by a timeout, a cancel, or the hook's own exit that leaves its tree
// behind. Each script records every PID it creates; once the run resolves none of them may be alive (polled with a
// deadline). The one exception is the pure-Node path's documented hole (docs/supervisor.md, "Containment compared"):
// a descendant with setsid and a cleared environment survives there; it must be named in escapedPids (when hookd
// saw it) and the test kills it itself. The cases run concurrently: each has its own scratch dir, PID file and mark.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, vi, type ExpectStatic } from 'vitest';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import type { SpawnPathName } from '../../src/runner/spawn-path.js';
import { DEFAULT_MAX_OUTPUT_BYTES, type ProcessOutcome, type ProcessRunner } from '../../src/runner/types.js';
import { CONTAINMENT_FIXTURES, FAULTS, type Fault } from '../fixtures/containment/faults.js';
import { isAlive, killPids, killProcessesWithEnv, processesWithEnv, readFixtureKind, readFixtureRecord, SPAWN_PATHS_UNDER_TEST, waitUntil } from '../helpers/processes.js';

/** In every case's env; the untagged members put it back after env -i, so the test (never hookd) finds them all. */
const TEST_MARK = 'HOOKD_TEST_MARK';
/** Long enough for the biggest tree (200 forks) to be complete on a loaded machine before the timeout fires. */
const TIMEOUT_MS = 4_000;
/** Short: the SIGTERM-ignoring tree must wait it out before SIGKILL, and the matrix should stay fast. */
const GRACE_MS = 100;
/** Deadlines for polling, never wall-clock assertions. */
const DEADLINE_MS = 15_000;
const SURVIVOR_DEADLINE_MS = 5_000;

type End = 'timeout' | 'cancel' | 'exit';
const ENDS: ReadonlyArray<{ readonly end: End; readonly name: string }> = [
  { end: 'timeout', name: 'timeout' },
  { end: 'cancel', name: 'cancel' },
  { end: 'exit', name: 'normal exit (the hook exits 0 leaving its tree)' },
];

// 42 cases, most of them waiting on processes: run many at once (each case owns its processes by PID and mark).
vi.setConfig({ maxConcurrency: 14 });

const describeOnLinux = process.platform === 'linux' ? describe.concurrent : describe.skip;

describeOnLinux.each(SPAWN_PATHS_UNDER_TEST)('containment: zero survivors (%s path)', (spawnPath) => {
  const runner = createProcessRunner({ spawnPath });

  it(`the runner reports the ${spawnPath} path as active`, async ({ expect }) => {
    expect((await runner.spawnPath?.())?.active).toBe(spawnPath);
  });

  for (const { end, name } of ENDS) {
    for (const fault of FAULTS) {
      const hole = spawnPath === 'node' && fault.untagged;
      const title = hole
        ? `${name}: ${fault.name} — every tagged process dies; the untagged ones are the documented node-path hole`
        : `${name}: ${fault.name} — no process of the tree survives`;
      it(title, async ({ expect }) => runCase(expect, runner, spawnPath, fault, end));
    }
  }
});

async function runCase(expect: ExpectStatic, runner: ProcessRunner, spawnPath: SpawnPathName, fault: Fault, end: End): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'hookd-containment-'));
  const pidFile = join(scratch, 'pids');
  const mark = randomUUID();
  let untagged: number[] = [];
  try {
    const controller = new AbortController();
    const running = runner.run({
      command: { kind: 'exec', file: 'sh', args: [join(CONTAINMENT_FIXTURES, fault.script)] },
      cwd: scratch,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOOKD_PIDFILE: pidFile, HOOKD_END: end === 'exit' ? 'exit' : 'stay', [TEST_MARK]: mark },
      stdin: '',
      timeoutMs: end === 'timeout' ? TIMEOUT_MS : 0,
      killGraceMs: GRACE_MS,
      maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
      signal: controller.signal,
    });
    if (end === 'cancel') {
      const complete = await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= fault.processes, DEADLINE_MS);
      expect(complete, 'the whole tree started before the cancel').toBe(true);
      controller.abort();
    }
    const outcome = await running;
    const { pids } = await readFixtureRecord(pidFile);
    untagged = await readFixtureKind(pidFile, 'untagged');
    print(spawnPath, fault, end, outcome);

    // The fault really happened: the whole tree existed before the run ended.
    expect(pids).toHaveLength(fault.processes);
    expect(untagged).toHaveLength(fault.untagged ? 2 : 0);
    expectEnd(expect, outcome, fault, end);

    // Zero survivors: no recorded PID alive, and no process at all carrying this case's mark.
    const expected = spawnPath === 'node' ? [...untagged].sort(byNumber) : [];
    const survivors = (): number[] => [...new Set([...pids.filter(isAlive), ...processesWithEnv(TEST_MARK, mark)])].sort(byNumber);
    await waitUntil(() => sameList(survivors(), expected), SURVIVOR_DEADLINE_MS);
    expect(survivors()).toEqual(expected);

    if (spawnPath === 'supervisor') {
      expect(outcome.escapedPids).toBeUndefined(); // nothing escapes the keeper
    } else if (fault.untagged && end !== 'exit') {
      // Killed while the hook was alive: hookd saw the untagged members through their parent links and names them.
      expect(outcome.escapedPids).toEqual(expected);
    } else if (fault.untagged) {
      // The hook exited first: its untagged descendants are named only if a background scan saw them in time.
      for (const pid of outcome.escapedPids ?? []) expect(expected).toContain(pid);
    } else {
      expect(outcome.escapedPids).toBeUndefined();
    }
  } finally {
    killPids(untagged);
    killProcessesWithEnv(TEST_MARK, mark);
    await rm(scratch, { recursive: true, force: true });
  }
}

function expectEnd(expect: ExpectStatic, outcome: ProcessOutcome, fault: Fault, end: End): void {
  if (end === 'exit') {
    expect(outcome).toMatchObject({ started: true, exitCode: 0, signal: null, timedOut: false, cancelled: false });
    expect(outcome.stdout.text).toBe('ready\n');
    expect(outcome.kill).toBeUndefined();
    return;
  }
  expect(outcome).toMatchObject({ started: true, exitCode: null, timedOut: end === 'timeout', cancelled: end === 'cancel' });
  // The timeout fired only once the tree was complete (the script says so after its last PID is recorded).
  if (end === 'timeout') expect(outcome.stdout.text).toBe('ready\n');
  // The hook itself ignores SIGTERM in that fault, so SIGKILL after the grace ended it; otherwise SIGTERM did.
  expect(outcome.signal).toBe(fault.ignoresTerm ? 'SIGKILL' : 'SIGTERM');
  expect(outcome.kill).toBeDefined();
  if (fault.ignoresTerm) expect(outcome.kill?.graceExpired).toBe(true);
}

function print(spawnPath: SpawnPathName, fault: Fault, end: End, outcome: ProcessOutcome): void {
  const kill = outcome.kill ? `, kill ${outcome.kill.killMs.toFixed(1)} ms (grace expired: ${outcome.kill.graceExpired})` : '';
  console.info(`[containment] ${spawnPath} ${end} ${fault.name}: ${outcome.durationMs.toFixed(1)} ms${kill}`);
}

const byNumber = (a: number, b: number): number => a - b;
const sameList = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((value, index) => value === b[index]);
