// The native hook process supervisor (native/hookd-supervisor.c), driven directly over its frame channel with the
// codec hookd uses (docs/supervisor.md is the specification). Real processes, PID checks, deadlines polled.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Reply } from '../../src/runner/supervisor/frames.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { SupervisorDriver, supervisorBuilt, SUPERVISOR_BINARY } from '../fixtures/supervisor/driver.js';

const started: SupervisorDriver[] = [];
function startSupervisor(): SupervisorDriver {
  const driver = new SupervisorDriver();
  started.push(driver);
  return driver;
}

afterEach(async () => {
  for (const driver of started.splice(0)) await driver.stop();
});

beforeAll(() => {
  if (!supervisorBuilt()) throw new Error(`${SUPERVISOR_BINARY} is missing: run npm run build (it needs a C compiler)`);
});

describe('hookd-supervisor: basics', () => {
  it('says READY with protocol version 1, its pid and its features', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    expect(ready.version).toBe(1);
    expect(ready.pid).toBe(supervisor.pid);
    expect(ready.features).toContain('subreaper=1');
  });

  it('echoes the hook stdin to its stdout, and stderr separately', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'cat; echo oops >&2'], stdin: 'hello supervisor\n' });
    expect(result.pid).toBeGreaterThan(0);
    expect(result.stdout).toBe('hello supervisor\n');
    expect(result.stderr).toBe('oops\n');
    expect(result.stdoutTotal).toBe(17);
    expect(result.exited).toEqual({ code: 0, signal: 0, treeEmpty: true });
    expect(result.frames[0]!.type).toBe(Reply.Spawned);
    expect(result.frames.at(-1)!.type).toBe(Reply.Released);
  });

  it('reports exit codes and signals', async () => {
    const supervisor = startSupervisor();
    expect((await supervisor.run({ argv: ['sh', '-c', 'exit 7'] })).exited).toEqual({ code: 7, signal: 0, treeEmpty: true });
    expect((await supervisor.run({ argv: ['sh', '-c', 'kill -TERM $$'] })).exited).toEqual({ code: -1, signal: 15, treeEmpty: true });
  });

  it('keeps the first maxOutputBytes of each stream and counts the rest', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'head -c 100000 /dev/zero; head -c 50 /dev/zero >&2'], maxOutputBytes: 1000 });
    expect(result.stdoutBytes).toBe(1000);
    expect(result.stdoutTotal).toBe(100_000);
    expect(result.stderrBytes).toBe(50);
    expect(result.stderrTotal).toBe(50);
  });

  it('SIGNAL 9 kills a running hook and answers EXITED by SIGKILL', async () => {
    const supervisor = startSupervisor();
    const runId = supervisor.spawn({ argv: ['sh', '-c', 'sleep 30'] });
    const { pid } = await supervisor.waitForFrame(runId, Reply.Spawned);
    supervisor.signal(runId, 9);
    const result = await supervisor.finish(runId);
    expect(result.exited).toMatchObject({ code: -1, signal: 9 });
    expect(await waitUntil(() => !isAlive(pid), 1000)).toBe(true);
  });
});
