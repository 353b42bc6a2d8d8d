// WAMP project trust against the built sidecar: a trusted project's hook whose command starts grandchildren (in the
// process group, and setsid + double fork out of it) and sleeps is killed, every PID of it, when trust/set revokes
// the project (`wamp-project:<workspace>`), and its event is answered; a Cloud session (initialize
// options.trustWorkspace) runs the project's hooks without any trust/set.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, killProcessesWithEnv, processesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
/** A bound no loaded machine reaches (the hooks themselves would sleep 100 s). */
const DEADLINE_MS = 30_000;

const open: Sidecar[] = [];
const marks: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  // Only a failed test can leave processes behind.
  for (const mark of marks.splice(0)) killProcessesWithEnv(TEST_MARK, mark);
});

function writeWampHooks(dir: string, hooks: unknown): string {
  mkdirSync(join(dir, '.wamp'), { recursive: true });
  const path = join(dir, '.wamp', 'hooks.json');
  writeFileSync(path, JSON.stringify({ hooks }, null, 2));
  return path;
}

async function wampSidecar(workspace: string, home: string, options: Record<string, unknown> = {}): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, { dialect: 'wamp', home, tools: [{ name: 'shell' }], options: { trustStorePath: join(home, 'trust.json'), ...options } });
  return { sidecar, init };
}

const shellCall = (runId: string) => ({ session: { id: 'wamp-trust' }, runId, toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: 'call_1' });

async function recorded(pidFile: string, count: number): Promise<number[]> {
  expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= count, DEADLINE_MS)).toBe(true);
  return (await readFixtureRecord(pidFile)).pids;
}

describe.runIf(process.platform === 'linux')('wamp project trust (built sidecar)', () => {
  it('"Revoking trust in a project stops its hook commands at once, including any that are still running": every PID of the running project hook is gone when trust/set answers, and the event is answered', async () => {
    const workspace = makeWorkspace('hookd-wamp-revoke-ws-');
    const home = makeWorkspace('hookd-wamp-revoke-home-');
    const key = `wamp-project:${workspace}`;
    const mark = randomUUID();
    marks.push(mark);
    const inGroup = join(workspace, 'in-group.pids');
    const escaped = join(workspace, 'escaped.pids');
    const run = (fixture: string, pidFile: string) => ({ type: 'command', command: `${TEST_MARK}=${mark} HOOKD_PIDFILE='${pidFile}' exec sh '${join(FIXTURES, fixture)}'`, timeout: 600 });
    writeWampHooks(workspace, { PreToolUse: [{ matcher: 'shell', hooks: [run('grandchildren.sh', inGroup), run('setsid-double-fork.sh', escaped)] }] });
    const { sidecar, init } = await wampSidecar(workspace, home);
    expect(init.hooks.map((hook: any) => [hook.trustKey, hook.trust])).toEqual([
      [key, 'untrusted'],
      [key, 'untrusted'],
    ]);
    await sidecar.request('trust/set', { key, trusted: true, persist: false });

    const pre = sidecar.call('hooks/PreToolUse', shellCall('run-1'));
    const pids = [...(await recorded(inGroup, 3)), ...(await recorded(escaped, 2))];
    expect(pids.filter(isAlive)).toHaveLength(5);
    const tags = [...(await readFixtureRecord(inGroup)).tags, ...(await readFixtureRecord(escaped)).tags];
    expect(tags).toHaveLength(2);

    const revoked = await sidecar.request('trust/set', { key, trusted: false, persist: false });
    expect(revoked.entries).toMatchObject([{ key, trusted: false, state: 'untrusted' }]);
    expect(pids.filter(isAlive)).toEqual([]);
    for (const tag of tags) expect(processesWithEnv('HOOKD_RUN_TAG', tag)).toEqual([]);
    expect(processesWithEnv(TEST_MARK, mark)).toEqual([]);

    const message = `stopped: trust in "${key}" was revoked while it ran`;
    const answer = await pre;
    expect(answer.error).toBeUndefined();
    const result = answer.result as any;
    expect(result.runs).toMatchObject([
      { status: 'error', failureClass: 'untrusted', message },
      { status: 'error', failureClass: 'untrusted', message },
    ]);
    // Read like any failed run: a warning each, nothing is denied or asked, the turn continues.
    expect(result.warnings).toHaveLength(2);
    for (const warning of result.warnings) expect(warning).toContain(message);
    expect(result.decision).toBe('none');
    expect(result.continue).toBe(true);

    // The next send runs none of the project's hooks.
    const next = await sidecar.request('hooks/PreToolUse', shellCall('run-2'));
    expect(next.runs).toEqual([]);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('"A Cloud session trusts its own workspace, so a repository\'s project hooks run there as they do in a trusted project": with options.trustWorkspace the project hook runs without trust/set and needs no trust key', async () => {
    const workspace = makeWorkspace('hookd-wamp-cloud-ws-');
    const home = makeWorkspace('hookd-wamp-cloud-home-');
    const marker = join(workspace, 'ran');
    writeWampHooks(workspace, { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: `echo project > '${marker}'` }] }] });

    const trusting = await wampSidecar(workspace, home, { trustWorkspace: true });
    expect(trusting.init.hooks).toHaveLength(1);
    expect(trusting.init.hooks[0]).toMatchObject({ scope: 'project', enabled: true });
    expect(trusting.init.hooks[0].trustKey).toBeUndefined();
    expect(trusting.init.diagnostics.filter((entry: any) => entry.code === 'untrusted')).toEqual([]);
    expect((await trusting.sidecar.request('trust/list')).entries).toEqual([]);
    const ran = await trusting.sidecar.request('hooks/PreToolUse', shellCall('cloud-1'));
    expect(ran.runs).toMatchObject([{ status: 'ok', exitCode: 0 }]);
    expect(readFileSync(marker, 'utf8')).toBe('project\n');
    rmSync(marker);

    // The same workspace in a local session: the project hook waits for trust.
    const local = await wampSidecar(workspace, home);
    expect(local.init.hooks[0]).toMatchObject({ scope: 'project', enabled: false, trust: 'untrusted', trustKey: `wamp-project:${workspace}` });
    expect((await local.sidecar.request('hooks/PreToolUse', shellCall('local-1'))).runs).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });
});
