// The runner's exit controls and escape detection against real fixture processes (test/fixtures/procs/):
// killAllNow SIGKILLs every live tree whatever its grace, capKillGrace cuts a grace already running short, and
// a descendant that left both the process group and the run tag is named when its run ends (a known hole of the
// pure-Node path; the supervisor path kills it). Both spawn paths; then the supervisor's own death: mid-run (the run
// resolves, the tree dies, the next run restarts it) and three deaths in a row (the pure-Node path from then on).
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/logger.js';
import { createProcessRunner as createRunner } from '../../src/runner/process-runner.js';
import type { SpawnPathName } from '../../src/runner/spawn-path.js';
import { MAX_DEATHS, supervisorChannel } from '../../src/runner/supervisor/channel.js';
import { SUPERVISOR_BINARY, supervisorBinaryProblem } from '../../src/runner/supervisor/locate.js';
import { SUPERVISOR_PROTOCOL_VERSION } from '../../src/runner/supervisor/frames.js';
import { DEFAULT_KILL_GRACE_MS, DEFAULT_MAX_OUTPUT_BYTES, type SpawnRequest } from '../../src/runner/types.js';
import { isAlive, killProcessesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
/** A grace no test outlasts: a run that still ends means something cut it short. */
const ENDLESS_GRACE_MS = 600_000;
/** Deadlines for polling, never wall-clock assertions. */
const DEADLINE_MS = 15_000;
const TREE_SIZE = 12;
/** Without the binary the supervisor cases are left out locally; under CI they run and fail (the build must make it). */
const supervisorMissing = supervisorBinaryProblem(SUPERVISOR_BINARY) !== undefined && !process.env['CI'];
const PATHS: readonly SpawnPathName[] = supervisorMissing ? ['node'] : ['supervisor', 'node'];

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

async function expectPath(spawnPath: SpawnPathName): Promise<void> {
  expect((await createRunner({ spawnPath }).spawnPath()).active).toBe(spawnPath);
}

describe.each(PATHS)('runner exit controls (%s path)', (spawnPath) => {
  const createProcessRunner = (options: { logger?: Logger } = {}) => createRunner({ ...options, spawnPath });
  beforeAll(() => expectPath(spawnPath));

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

describe('known hole of the pure-Node path: a descendant with setsid and a cleared environment (no run tag) outlives its run', () => {
  const createProcessRunner = (options: { logger?: Logger } = {}) => createRunner({ ...options, spawnPath: 'node' });

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
});

describe.runIf(!supervisorMissing)('supervisor path: nothing escapes, and the supervisor\'s own death', () => {
  beforeAll(() => expectPath('supervisor'));

  it('a descendant with setsid and a cleared environment dies with its run (the keeper is its subreaper): no escapedPids', async () => {
    const logger = recordingLogger();
    const runner = createRunner({ logger, spawnPath: 'supervisor' });
    const controller = new AbortController();
    const running = runner.run(fixture('untagged-escapee.sh', { signal: controller.signal }));
    const pids = await recordedPids(2);
    strays.push(...pids);
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({ cancelled: true });
    expect(outcome.escapedPids).toBeUndefined();
    expect(pids.filter(isAlive)).toEqual([]);
    expect(logger.warnings).toEqual([]);
  });

  it('SIGKILL of the supervisor mid-run: the run resolves (SIGKILL, a warning naming it), the tree dies, the next run restarts it', async () => {
    const logger = recordingLogger();
    const runner = createRunner({ logger, spawnPath: 'supervisor' });
    const running = runner.run(fixture('ignore-term-tree.sh', { killGraceMs: ENDLESS_GRACE_MS }));
    const pids = await recordedPids(TREE_SIZE);
    const supervisorPid = supervisorChannel().pid();
    expect(supervisorPid).toBeGreaterThan(1);
    process.kill(supervisorPid!, 'SIGKILL');
    const outcome = await running;
    expect(outcome).toMatchObject({ started: true, exitCode: null, signal: 'SIGKILL' });
    expect(logger.warnings.some((warning) => warning.includes(`supervisor (pid ${supervisorPid})`))).toBe(true);
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS)).toBe(true);
    expect(isAlive(supervisorPid!)).toBe(false);

    const next = await runner.run({ ...fixture('json-out.sh'), cwd: scratch });
    expect(next).toMatchObject({ started: true, exitCode: 0 });
    expect(supervisorChannel().pid()).not.toBe(supervisorPid);
    expect((await runner.spawnPath()).active).toBe('supervisor');
  });
});

describe('a supervisor that keeps dying', () => {
  it(`after ${MAX_DEATHS} deaths the pure-Node path takes over for the rest of the process, with one warning`, async () => {
    // A stand-in binary: answers READY, then dies at the first request.
    const binary = join(scratch, 'dying-supervisor');
    await writeFile(
      binary,
      `#!${process.execPath}\n` +
        `const ready = Buffer.alloc(17); ready.writeUInt32LE(13, 0); ready[4] = 101; ready.writeUInt32LE(${SUPERVISOR_PROTOCOL_VERSION}, 9);` +
        ' ready.writeUInt32LE(process.pid, 13);\n' +
        'process.stdout.write(ready); process.stdin.once("data", () => process.exit(3));\n',
    );
    await chmod(binary, 0o755);
    const logger = recordingLogger();
    const runner = createRunner({ logger, spawnPath: 'supervisor', supervisorBinary: binary });
    expect((await runner.spawnPath()).active).toBe('supervisor');
    for (let death = 1; death <= MAX_DEATHS; death += 1) {
      const outcome = await runner.run(fixture('json-out.sh'));
      expect(outcome.started).toBe(false);
      expect(outcome.spawnError).toContain('exited with code 3');
    }
    const report = await runner.spawnPath();
    expect(report.active).toBe('node');
    expect(report.detail).toContain(`failed ${MAX_DEATHS} times`);
    const outcome = await runner.run(fixture('json-out.sh'));
    expect(outcome).toMatchObject({ started: true, exitCode: 0 });
    expect(logger.warnings.filter((warning) => warning.includes('pure-Node path from now on'))).toHaveLength(1);
  });
});
