// Revoking trust stops running hooks, against the built sidecar (claude dialect, initialize options.workspaceTrust):
// project hooks whose commands start grandchildren (in the process group, and setsid + double fork out of it) and
// sleep, one awaited (PreToolUse) and one async (PostToolUse). trust/set trusted:false answers once every PID of both
// trees is dead (checked by /proc at once); the PreToolUse request is answered (not -32800) with the run reported
// status "error", failureClass "untrusted"; the async run is reported as hooks/backgroundRun the same way.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, killProcessesWithEnv, processesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

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

/** A handler running `fixture` (which records its PIDs in `pidFile`), marked so that every descendant can be found. */
const fixtureHandler = (fixture: string, pidFile: string, mark: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: `${TEST_MARK}=${mark} HOOKD_PIDFILE='${pidFile}' exec sh '${join(FIXTURES, fixture)}'`,
  timeout: 600,
  ...extra,
});

async function recorded(pidFile: string, count: number): Promise<number[]> {
  expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= count, DEADLINE_MS)).toBe(true);
  return (await readFixtureRecord(pidFile)).pids;
}

describe.runIf(process.platform === 'linux')('revoking trust stops running hooks (built sidecar, claude workspaceTrust)', () => {
  it('"revoking trust stops its hook commands at once, including any still running": trust/set trusted:false answers with every PID of a running and an async hook tree gone, and the event is answered', async () => {
    const workspace = makeWorkspace('hookd-revoke-ws-');
    const home = makeWorkspace('hookd-revoke-home-');
    const key = `claude-workspace:${workspace}`;
    const mark = randomUUID();
    marks.push(mark);
    const foreground = join(workspace, 'foreground.pids');
    const background = join(workspace, 'background.pids');
    writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [fixtureHandler('grandchildren.sh', foreground, mark)] }],
        PostToolUse: [{ matcher: 'Bash', hooks: [fixtureHandler('setsid-double-fork.sh', background, mark, { async: true })] }],
      },
    });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace, { home, options: { workspaceTrust: true, trustStorePath: join(home, 'trust.json') } });
    await sidecar.request('trust/set', { trusted: true, persist: false });

    const session = { id: 'revoke-session' };
    const call = { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_revoke' };
    // The async hook: its event is answered at once, the tree keeps running.
    const post = await sidecar.request('hooks/PostToolUse', { ...call, toolResponse: { ok: true } });
    expect(post.asyncRuns).toMatchObject([{ status: 'started' }]);
    // The awaited hook: its request stays open while the tree sleeps.
    const pre = sidecar.call('hooks/PreToolUse', call);
    const pids = [...(await recorded(foreground, 3)), ...(await recorded(background, 2))];
    expect(pids.filter(isAlive)).toHaveLength(5);
    const tags = [...(await readFixtureRecord(foreground)).tags, ...(await readFixtureRecord(background)).tags];
    expect(tags).toHaveLength(2);

    const revoked = await sidecar.request('trust/set', { trusted: false, persist: false });
    expect(revoked.entries).toMatchObject([{ key, trusted: false, state: 'untrusted' }]);
    expect(pids.filter(isAlive)).toEqual([]);
    for (const tag of tags) expect(processesWithEnv('HOOKD_RUN_TAG', tag)).toEqual([]);
    expect(processesWithEnv(TEST_MARK, mark)).toEqual([]);

    const message = `stopped: trust in "${key}" was revoked while it ran`;
    const answer = await pre;
    expect(answer.error).toBeUndefined();
    const result = answer.result as any;
    expect(result.runs).toMatchObject([{ status: 'error', failureClass: 'untrusted', message }]);
    // A failed run of a claude PreToolUse hook does not decide: the call goes on to the agent's own permission flow.
    expect(result.decision).toBe('none');
    expect(result.continue).toBe(true);

    const reported = () => sidecar.notifications.filter((note) => note.method === 'hooks/backgroundRun');
    expect(await waitUntil(() => reported().length === 1, DEADLINE_MS)).toBe(true);
    expect(reported()[0]?.params).toMatchObject({ event: 'PostToolUse', sessionId: session.id, status: 'error', failureClass: 'untrusted', message });

    // Revoked: the next event runs none of the project hooks.
    const after = await sidecar.request('hooks/PreToolUse', call);
    expect(after.runs).toEqual([]);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });
});
