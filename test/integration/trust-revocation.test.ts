// Revoking trust kills real process trees: the engine with the real process runner and a test-only dialect runs
// project hooks (a trust key) whose fixtures start grandchildren — in the process group, and double-forked out of
// it with setsid — then sleep; setTrusted(key, false) resolves once every one of those PIDs is dead (checked by
// /proc, at once), foreground and async alike, and the event is answered with the run reported "untrusted".
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AsyncSettled } from '../../src/engine/async-runs.js';
import type { HookSpec } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { RUN_TAG_VARIABLE } from '../../src/runner/run-tag.js';
import { isAlive, killProcessesWithEnv, processesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { fakeDialect, hook } from '../unit/engine/fakes.js';
import { eventParams } from '../unit/engine/manual-runner.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
const KEY = 'wamp-project:/ws';
const MESSAGE = `stopped: trust in "${KEY}" was revoked while it ran`;
/** A bound no loaded machine reaches for a fixture to record its tree; the runs themselves would sleep 100 s. */
const READY_MS = 30_000;

let mark = '';
afterEach(() => {
  // Only a failed test can leave processes behind.
  killProcessesWithEnv(TEST_MARK, mark);
});

/** A project hook (trust key KEY) running `fixture`, recording its PIDs in `pidFile`. */
function projectHook(id: string, fixture: string, pidFile: string, extra: { async?: boolean } = {}): HookSpec {
  const command = `HOOKD_PIDFILE='${pidFile}' exec sh '${join(FIXTURES, fixture)}'`;
  return {
    ...hook(id, 'PreToolUse', command, { timeoutMs: 120_000, ...(extra.async === true ? { async: { rewake: false } } : {}) }),
    source: '/ws/.fake/hooks.json',
    trustKey: KEY,
  };
}

async function recorded(pidFile: string, count: number): Promise<number[]> {
  expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= count, READY_MS)).toBe(true);
  return (await readFixtureRecord(pidFile)).pids;
}

describe.runIf(process.platform === 'linux')('revoking trust kills the running hook trees (real processes)', () => {
  it('"revoking trust stops its hook commands at once, including any still running": every PID of a foreground and an async hook tree is dead when the revoke resolves; the event is answered', async () => {
    mark = randomUUID();
    const dir = scratchDir('hookd-revoke-');
    const foreground = join(dir, 'foreground.pids');
    const background = join(dir, 'background.pids');
    const settled: AsyncSettled[] = [];
    const engine = new Engine({
      dialect: fakeDialect([projectHook('fg', 'grandchildren.sh', foreground), projectHook('bg', 'setsid-double-fork.sh', background, { async: true })]),
      runner: createProcessRunner(),
      workspace: dir,
      baseEnv: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', [TEST_MARK]: mark },
      onAsyncSettled: (entry) => settled.push(entry),
    });
    engine.load({ workspace: dir, home: dir });
    await engine.setTrusted(KEY, true);

    const dispatching = engine.dispatch('PreToolUse', eventParams());
    // grandchildren.sh: the hook and two sleeping children; setsid-double-fork.sh: the hook and a setsid grandchild.
    const pids = [...(await recorded(foreground, 3)), ...(await recorded(background, 2))];
    expect(pids.filter(isAlive)).toHaveLength(5);
    const tags = [...(await readFixtureRecord(foreground)).tags, ...(await readFixtureRecord(background)).tags];

    expect(await engine.setTrusted(KEY, false)).toBe(2);
    expect(pids.filter(isAlive)).toEqual([]);
    for (const tag of tags) expect(processesWithEnv(RUN_TAG_VARIABLE, tag)).toEqual([]);
    expect(processesWithEnv(TEST_MARK, mark)).toEqual([]);

    const { result, cancelled } = await dispatching;
    expect(cancelled).toBe(false);
    expect(result.runs.map((run) => [run.hookId, run.status, run.failureClass, run.message])).toEqual([['fg', 'error', 'untrusted', MESSAGE]]);
    expect(result.asyncRuns?.map((run) => run.hookId)).toEqual(['bg']);
    expect(await waitUntil(() => settled.length === 1, READY_MS)).toBe(true);
    expect(settled[0]?.verdict).toMatchObject({ status: 'error', failureClass: 'untrusted', message: MESSAGE });
    expect(engine.inFlightCount).toBe(0);
    expect(engine.backgroundCount).toBe(0);
  });
});
