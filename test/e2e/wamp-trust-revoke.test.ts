// WAMP project trust through the built sidecar: the project's hooks run only once the project is trusted, and
// revoking trust kills a project hook's whole process tree while it runs — checked by PID — with the event answered.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { killProcessesWithEnv, isAlive, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { startWamp, wampHook, wampSession, wampSetup, writeHooks, type WampSetup } from '../helpers/wamp.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const MARK = 'HOOKD_WAMP_REVOKE_MARK';

const open: Sidecar[] = [];
const marks: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  // Only a failed test can leave a hook process behind; it is killed here and the test already failed on it.
  const left = marks.splice(0).flatMap((mark) => killProcessesWithEnv(MARK, mark));
  expect(left, 'hook processes left running').toEqual([]);
});

const prompt = (setup: WampSetup, runId: string) => ({ session: wampSession(setup), runId, prompt: 'hello' });
const shellCall = (setup: WampSetup, runId: string, command = 'make') => ({ session: wampSession(setup), runId, toolName: 'shell', toolInput: { command }, toolUseId: `call-${runId}` });

/** Settings whose one UserPromptSubmit hook prints `label` (plain stdout: context on UserPromptSubmit). */
const saying = (label: string) => wampHook('UserPromptSubmit', `echo ${label}`);

describe('wamp project trust (built sidecar)', () => {
  it('"`<project>/.wamp/hooks.json` | Only after you trust the project, together with yours": untrusted, only the user file runs; after trust/set both run, the user\'s first', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, saying('from-user'));
    writeHooks(setup.projectFile, saying('from-project'));
    const { sidecar, init } = await startWamp(setup, open);
    const project = init.hooks.find((hook: any) => hook.source === setup.projectFile);
    expect(project).toMatchObject({ enabled: false, trust: 'untrusted', trustKey: setup.trustKey });

    const before = await sidecar.request('hooks/UserPromptSubmit', prompt(setup, 'run-1'));
    expect(before.runs.map((run: any) => run.source)).toEqual([setup.userFile]);
    expect(before.additionalContext).toContain('from-user');
    expect(before.additionalContext ?? '').not.toContain('from-project');

    const trusted = await sidecar.request('trust/set', { key: setup.trustKey, trusted: true });
    expect(trusted.entries).toEqual([expect.objectContaining({ key: setup.trustKey, trusted: true, state: 'trusted' })]);
    const after = await sidecar.request('hooks/UserPromptSubmit', prompt(setup, 'run-2'));
    expect(after.runs.map((run: any) => run.source)).toEqual([setup.userFile, setup.projectFile]);
    expect(after.additionalContext.indexOf('from-user')).toBeLessThan(after.additionalContext.indexOf('from-project'));
    expect(after.additionalContext.indexOf('from-user')).toBeGreaterThanOrEqual(0);
  });

  it('"Revoking trust in a project stops its hook commands at once, including any that are still running": the running tree is killed (every PID gone), the event is answered with the run reported untrusted and a warning', async () => {
    const setup = wampSetup();
    const pidFile = join(setup.rec, 'tree.pids');
    const mark = `revoke-${Date.now()}`;
    marks.push(mark);
    // The project hook starts two grandchildren (sleep 100) and waits for them; a user hook beside it answers at once.
    writeHooks(setup.projectFile, wampHook('PreToolUse', `sh ${JSON.stringify(join(PROCS, 'grandchildren.sh'))}`, { matcher: 'shell', timeout: 120 }));
    writeHooks(setup.userFile, wampHook('PreToolUse', 'echo user-ok >&2; exit 0', { matcher: 'shell' }));
    const { sidecar } = await startWamp(setup, open, { env: { ...process.env, HOOKD_PIDFILE: pidFile, [MARK]: mark } });
    await sidecar.request('trust/set', { key: setup.trustKey, trusted: true });

    const id = sidecar.nextId();
    const pending = sidecar.call('hooks/PreToolUse', shellCall(setup, 'run-revoke'), id);
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= 3, 20_000), 'the project hook started its tree').toBe(true);
    const { pids } = await readFixtureRecord(pidFile);
    expect(pids.every(isAlive), 'the whole tree runs before the revoke').toBe(true);
    expect(sidecar.responses.has(id)).toBe(false);

    const revoked = await sidecar.request('trust/set', { key: setup.trustKey, trusted: false });
    expect(revoked.entries).toEqual([expect.objectContaining({ key: setup.trustKey, trusted: false })]);

    // The event is answered (not a cancel: no -32800), the turn continues.
    const response = await pending;
    expect(response.error).toBeUndefined();
    const result = response.result as any;
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 10_000), `alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(result.decision).toBe('none');
    expect(result.continue).not.toBe(false);
    const projectRun = result.runs.find((run: any) => run.source === setup.projectFile);
    expect(projectRun).toMatchObject({ status: 'error', failureClass: 'untrusted' });
    expect(projectRun.message).toContain(`stopped: trust in "${setup.trustKey}" was revoked while it ran`);
    expect(result.runs.find((run: any) => run.source === setup.userFile)).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(result.warnings?.length ?? 0).toBeGreaterThan(0);
    expect(result.warnings.join('\n')).toContain('revoked');

    // From now on the project's hooks do not run; the user's still do.
    const next = await sidecar.request('hooks/PreToolUse', shellCall(setup, 'run-after'));
    expect(next.runs.map((run: any) => run.source)).toEqual([setup.userFile]);
    const before = (await readFixtureRecord(pidFile)).pids.length;
    expect(before).toBe(pids.length);
    expect(await sidecar.request('ping')).toEqual({});
  });
});
