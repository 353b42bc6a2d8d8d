// The runner's exit controls and escape detection against real fixture processes (test/fixtures/procs/):
// killAllNow SIGKILLs every live tree whatever its grace, capKillGrace cuts a grace already running short, and
// a descendant that left both the process group and the run tag is named when its run ends (a known hole).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/logger.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { DEFAULT_KILL_GRACE_MS, DEFAULT_MAX_OUTPUT_BYTES, type SpawnRequest } from '../../src/runner/types.js';
import { isAlive, killProcessesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
/** A grace no test outlasts: a run that still ends means something cut it short. */
const ENDLESS_GRACE_MS = 600_000;
/** Deadlines for polling, never wall-clock assertions. */
const DEADLINE_MS = 15_000;
const TREE_SIZE = 12;

let scratch = '';
let pidFile = '';
let mark = '';
/** PIDs a test must kill itself (escapees without the test mark). */
const strays: number[] = [];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hookd-runner-exit-'));
  pidFile = join(scratch, 'pids');
  mark = randomUUID();
});

afterEach(async () => {
  killProcessesWithEnv(TEST_MARK, mark);
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await rm(scratch, { recursive: true, force: true });
});

function fixture(name: string, overrides: Partial<SpawnRequest> = {}): SpawnRequest {
  return {
    command: { kind: 'exec', file: 'sh', args: [join(FIXTURES, name)] },
    cwd: scratch,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOOKD_PIDFILE: pidFile, [TEST_MARK]: mark },
    stdin: '',
    timeoutMs: 0,
    killGraceMs: DEFAULT_KILL_GRACE_MS,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    ...overrides,
  };
}

async function recordedPids(count: number): Promise<number[]> {
  expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= count, DEADLINE_MS)).toBe(true);
  return (await readFixtureRecord(pidFile)).pids;
}

function recordingLogger(): Logger & { readonly warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, error() {}, warn: (message) => warnings.push(message), info() {}, debug() {} };
}

describe('runner exit controls', () => {
  it('killAllNow SIGKILLs a running SIGTERM-ignoring tree of 12 at once, whatever its grace', async () => {
    const runner = createProcessRunner();
    const running = runner.run(fixture('ignore-term-tree.sh', { killGraceMs: ENDLESS_GRACE_MS }));
    const pids = await recordedPids(TREE_SIZE);
    expect(pids.filter(isAlive)).toHaveLength(TREE_SIZE);
    expect(runner.killAllNow()).toBe(1);
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS)).toBe(true);
    expect(await running).toMatchObject({ started: true, exitCode: null, signal: 'SIGKILL' });
  });

  it('capKillGrace cuts a grace that is already running short: the cancelled tree gets SIGKILL', async () => {
    const runner = createProcessRunner();
    const controller = new AbortController();
    const running = runner.run(fixture('ignore-term-tree.sh', { killGraceMs: ENDLESS_GRACE_MS, signal: controller.signal }));
    const pids = await recordedPids(TREE_SIZE);
    controller.abort();
    // SIGTERM is ignored, so the tree stays alive in its (endless) grace until the cap ends it.
    expect(pids.filter(isAlive)).toHaveLength(TREE_SIZE);
    runner.capKillGrace(0);
    const outcome = await running;
    expect(outcome).toMatchObject({ cancelled: true, kill: { graceExpired: true } });
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('after killAllNow, a new run gets no SIGTERM grace either (the cap stays at zero)', async () => {
    const runner = createProcessRunner();
    runner.killAllNow();
    const controller = new AbortController();
    const running = runner.run(fixture('ignore-term-tree.sh', { killGraceMs: ENDLESS_GRACE_MS, signal: controller.signal }));
    const pids = await recordedPids(TREE_SIZE);
    controller.abort();
    expect(await running).toMatchObject({ cancelled: true, kill: { graceExpired: true } });
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

describe('known hole: a descendant with setsid and a cleared environment (no run tag) outlives its run', () => {
  it('is named when the run ends: a warning with its PID and escapedPids on the outcome', async () => {
    const logger = recordingLogger();
    const runner = createProcessRunner({ logger });
    const controller = new AbortController();
    const running = runner.run(fixture('untagged-escapee.sh', { signal: controller.signal }));
    const [parent, escapee] = await recordedPids(2);
    strays.push(escapee!);
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({ cancelled: true, escapedPids: [escapee] });
    expect(isAlive(parent!)).toBe(false);
    expect(isAlive(escapee!)).toBe(true); // the hole: hookd can name it, not find it by group or tag
    expect(logger.warnings.some((warning) => warning.includes(String(escapee)))).toBe(true);
  });

  it('an escapee that keeps the run tag is killed, so nothing is reported', async () => {
    const logger = recordingLogger();
    const runner = createProcessRunner({ logger });
    const controller = new AbortController();
    const running = runner.run(fixture('setsid-escapee.sh', { signal: controller.signal }));
    const pids = await recordedPids(2);
    controller.abort();
    const outcome = await running;
    expect(outcome.cancelled).toBe(true);
    expect(outcome.escapedPids).toBeUndefined();
    expect(pids.filter(isAlive)).toEqual([]);
    expect(logger.warnings).toEqual([]);
  });
});
