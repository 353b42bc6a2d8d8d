// Bamboo hook processes through the built sidecar: a timed-out hook and a cancelled PreToolUse kill the whole tree
// (fixtures in test/fixtures/procs/ record every PID they start; each is checked by PID and by run tag).
import { randomUUID } from 'node:crypto';
import { scratchDir } from '../helpers/scratch.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { allGone } from '../helpers/pid-file.js';
import { processesWithEnv, readFixtureRecord, waitUntil, killProcessesWithEnv } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { RECORD_DIR_VARIABLE, readRecords, recorder, shellQuote } from '../fixtures/bamboo/recorder.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const SESSION = { id: 'bamboo-procs-session' };
/** Long enough for a fixture to start its whole tree before the timeout kills it (as in the runner tests). */
const TREE_TIMEOUT_MS = 1_000;
const REQUEST_CANCELLED = -32800;

const open: Sidecar[] = [];
let setup: BambooSetup;
let scratch: string;
let mark: string;

beforeEach(() => {
  setup = bambooSetup();
  scratch = scratchDir('hookd-bamboo-procs-');
  mark = randomUUID();
  vi.stubEnv(RECORD_DIR_VARIABLE, scratch);
  // Every hook process inherits it: the afterEach finds whatever a failed test left behind.
  vi.stubEnv('HOOKD_TEST_MARK', mark);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  vi.unstubAllEnvs();
  killProcessesWithEnv('HOOKD_TEST_MARK', mark);
});

async function start(config: unknown) {
  writeBambooConfig(setup.userFile, config);
  const sidecar = bambooSidecar(setup);
  open.push(sidecar);
  const init = await initializeBamboo(sidecar, setup);
  return { sidecar, init };
}

const bash = (command: string) => ({ session: SESSION, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_procs' });

/** A command handler running a procs fixture that records its PIDs and run tag in `pidFile`. */
const fixtureCommand = (fixture: string, pidFile: string, timeoutMs: number) => ({
  type: 'command',
  command: `HOOKD_PIDFILE=${shellQuote(pidFile)} sh ${shellQuote(join(PROCS, fixture))}`,
  timeout_ms: timeoutMs,
});

/** At once (the answer comes after the kill): every recorded PID is dead and nothing carries the run's tag. */
async function expectTreeGone(pidFile: string, expectedPids: number): Promise<void> {
  const { pids, tags } = await readFixtureRecord(pidFile);
  expect(pids, `PIDs recorded in ${pidFile}`).toHaveLength(expectedPids);
  expect(tags).toHaveLength(1);
  expect(allGone(pids), `alive: ${pids.filter((pid) => !allGone([pid])).join(', ')}`).toBe(true);
  expect(processesWithEnv('HOOKD_RUN_TAG', tags[0]!)).toEqual([]);
}

describe('Bamboo hook processes (built sidecar)', () => {
  it('"enforces the configured wall-clock deadline, and kills the process tree on timeout"; "timeouts are logged and treated as non-blocking failures"', async () => {
    const children = join(scratch, 'grandchildren.pids');
    const escapee = join(scratch, 'setsid-double-fork.pids');
    const config = {
      PreToolUse: [
        {
          matcher: '^Bash$',
          hooks: [
            fixtureCommand('grandchildren.sh', children, TREE_TIMEOUT_MS),
            fixtureCommand('setsid-double-fork.sh', escapee, TREE_TIMEOUT_MS),
            recorder('after-timeouts'),
          ],
        },
      ],
    };
    const { sidecar, init } = await start(config);
    expect(init.hooks.map((hook: any) => hook.timeoutMs)).toEqual([TREE_TIMEOUT_MS, TREE_TIMEOUT_MS, 20_000]);

    const result = await sidecar.request('hooks/PreToolUse', bash('make test'));
    // Both trees are gone by the time the answer arrives: the fixture shell, its two children; and a grandchild
    // that left the session with setsid and was reparented by a double fork.
    await expectTreeGone(children, 3);
    await expectTreeGone(escapee, 2);

    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.reason).toBeUndefined();
    const [first, second, third] = result.runs;
    for (const run of [first, second]) {
      expect(run).toMatchObject({ status: 'timeout', failureClass: 'timeout', timedOut: true, decision: 'none', exitCode: null });
      expect(run.durationMs).toBeGreaterThanOrEqual(TREE_TIMEOUT_MS);
    }
    // Non-blocking: dispatch went on to the next handler.
    expect(third).toMatchObject({ status: 'ok', failureClass: null, exitCode: 0 });
    expect(readRecords(scratch, 'after-timeouts')).toHaveLength(1);
    expect(result.runs.map((run: any) => run.hookId)).toEqual(init.hooks.map((hook: any) => hook.id));
  });

  const cancels = [
    { how: '$/cancelRequest {id}', cancel: (sidecar: Sidecar, id: number) => sidecar.notify('$/cancelRequest', { id }) },
    { how: 'ACP $/cancel_request {requestId}', cancel: (sidecar: Sidecar, id: number) => sidecar.notify('$/cancel_request', { requestId: id }) },
    {
      how: 'hooks/cancel {sessionId}',
      cancel: async (sidecar: Sidecar) => expect(await sidecar.request('hooks/cancel', { sessionId: SESSION.id })).toEqual({ cancelled: 1 }),
    },
  ];

  it.each(cancels)('cancelling a PreToolUse with $how kills the script hook\'s whole tree and answers -32800 with the partial runs', async ({ cancel }) => {
    const pidFile = join(scratch, 'cancel.pids');
    vi.stubEnv('HOOKD_PIDFILE', pidFile);
    const script = join(PROCS, 'grandchildren.sh');
    const { sidecar } = await start({
      PreToolUse: [{ hooks: [{ type: 'script', path: script, timeout_ms: 60_000 }, recorder('after-cancel')] }],
    });

    const id = sidecar.nextId();
    const pending = sidecar.call('hooks/PreToolUse', bash('rm -rf build/'), id);
    // In flight: the script and both of its children are running.
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= 3, 10_000), 'the script started its tree').toBe(true);
    expect(sidecar.responses.has(id)).toBe(false);

    await cancel(sidecar, id);
    const response = await pending;
    await expectTreeGone(pidFile, 3);

    expect(response.result).toBeUndefined();
    expect(response.error?.code).toBe(REQUEST_CANCELLED);
    const runs = (response.error?.data as { runs: any[] }).runs;
    expect(runs[0]).toMatchObject({ handlerType: 'script', status: 'cancelled', failureClass: 'cancelled', timedOut: false });
    // The handler after it never started.
    for (const run of runs.slice(1)) expect(run).toMatchObject({ status: 'cancelled', exitCode: null });
    expect(readRecords(scratch, 'after-cancel')).toEqual([]);
    // The sidecar keeps serving.
    expect(await sidecar.request('ping')).toEqual({});
  });
});
