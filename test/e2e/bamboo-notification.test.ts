// Bamboo's Notification event against the built sidecar: a fire-and-forget observer answered at once while its
// hooks run in the background, in either message form; decisions and output ignored; payload validated;
// server-owned placement; shutdown kills a background hook's tree.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-notification' };

/** A delivered notification: the camelCase params plus the payload fields that have none (id, priority, dedup_key, created_at). */
function notification(payload: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    session,
    title: 'Run finished',
    message: 'The agent run completed.',
    notificationType: 'run_completed',
    extra: { payload: { id: 'n-1', priority: 'normal', dedup_key: 'run-completed:1', created_at: '2026-07-22T09:00:00Z', ...payload } },
    ...extra,
  };
}

const notificationHooks = (...commands: string[]) => ({
  Notification: [{ hooks: commands.map((command) => ({ type: 'command', command, timeout_ms: 20_000 })) }],
});

async function start(
  hooks: unknown,
  options: { init?: Record<string, unknown>; cwd?: string } = {},
): Promise<{ setup: BambooSetup; sidecar: Sidecar }> {
  const setup = bambooSetup();
  writeBambooConfig(setup.userFile, hooks);
  const sidecar = options.cwd !== undefined ? new Sidecar('ndjson', [], { ...process.env, BAMBOO_DATA_DIR: setup.dataDir }, options.cwd) : bambooSidecar(setup);
  open.push(sidecar);
  await initializeBamboo(sidecar, setup, options.init ?? {});
  return { setup, sidecar };
}

const deadline = 10_000;
const read = (file: string) => readFileSync(file, 'utf8');
/** A line a hook writes with `echo ... > file` is complete once it ends in a newline (the file exists, empty, before). */
const lineWritten = (file: string) => existsSync(file) && read(file).endsWith('\n');

describe('Notification: "Fire-and-forget observer; decisions and output are ignored" (bamboo, built sidecar)', () => {
  it('a hooks/Notification request is answered with runs: [] and a note before its hook finishes; the hook then runs', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const started = join(out, 'started');
    const marker = join(out, 'go');
    const done = join(out, 'done');
    // The hook waits for a marker the test creates only after the answer arrived.
    const { sidecar } = await start(
      notificationHooks(`cat > '${started}'; while [ ! -e '${marker}' ]; do sleep 0.02; done; echo finished > '${done}'`),
    );

    // A hookd that waited for the hook could not answer before the marker exists (the hook's timeout is 20 s).
    const noAnswer = Symbol('no answer within 5 s');
    const answer = await Promise.race([sidecar.request('hooks/Notification', notification()), waitUntil(() => false, 5000).then(() => noAnswer)]);
    expect(answer).not.toBe(noAnswer);
    expect(existsSync(done)).toBe(false);
    expect(answer).toMatchObject({ event: 'Notification', decision: 'none', continue: true, runs: [] });
    expect(answer.notes).toHaveLength(1);
    expect(answer.notes[0]).toContain('fire-and-forget');

    // The hook is running in the background, with the delivered notification as its payload.
    expect(await waitUntil(() => existsSync(started) && read(started).endsWith('}'), deadline)).toBe(true);
    const envelope = JSON.parse(read(started));
    expect(envelope).toMatchObject({
      schema_version: 1,
      hook_event_name: 'Notification',
      session_id: session.id,
      payload: {
        id: 'n-1',
        category: 'run_completed',
        priority: 'normal',
        title: 'Run finished',
        body: 'The agent run completed.',
        dedup_key: 'run-completed:1',
        created_at: '2026-07-22T09:00:00Z',
      },
    });
    expect(existsSync(done)).toBe(false);

    writeFileSync(marker, '');
    expect(await waitUntil(() => lineWritten(done), deadline)).toBe(true);
    expect(read(done)).toBe('finished\n');
  });

  it('a blocking decision and an exit 2 from Notification hooks change nothing: the answer is the same and every handler still runs', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const last = join(out, 'last-ran');
    const { sidecar } = await start(
      notificationHooks(
        `printf '%s' '{"decision":"block","reason":"stop everything","additional_context":"ignored"}'`,
        'echo "blocked by exit 2" >&2; exit 2',
        `echo ran > '${last}'`,
      ),
    );
    const answer = await sidecar.request('hooks/Notification', notification());
    expect(answer).toEqual({ event: 'Notification', decision: 'none', continue: true, notes: [expect.any(String)], runs: [] });
    // Observer events always run every matching handler: the decisions did not stop dispatch.
    expect(await waitUntil(() => existsSync(last), deadline)).toBe(true);
  });

  it('the dry run of a Notification handler shows its decision and output ignored', async () => {
    const { sidecar } = await start({});
    const blocked = await sidecar.request('hooks/dryRun', {
      event: 'Notification',
      handler: { type: 'command', command: `printf '%s' '{"decision":"block","reason":"no","additional_context":"ctx"}'` },
    });
    expect(blocked.result).toMatchObject({ decision: 'none', continue: true });
    expect(blocked.result.additionalContext).toBeUndefined();
    expect(blocked.result.runs[0]).toMatchObject({ status: 'ok', decision: 'none', failureClass: null });
    expect(blocked.result.runs[0].message).toContain('ignored');

    const exit2 = await sidecar.request('hooks/dryRun', { event: 'Notification', handler: { type: 'command', command: 'echo no >&2; exit 2' } });
    expect(exit2.result).toMatchObject({ decision: 'none', continue: true });
    expect(exit2.result.reason).toBeUndefined();
    expect(exit2.result.runs[0]).toMatchObject({ exitCode: 2, decision: 'none' });
  });

  it('the JSON-RPC notification form (no id) runs the hook too, and nothing is answered', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const seen = join(out, 'seen.json');
    const { sidecar } = await start(notificationHooks(`cat > '${seen}.tmp' && mv '${seen}.tmp' '${seen}'`));
    const responsesBefore = sidecar.responses.size;
    sidecar.notify('hooks/Notification', notification({ dedup_key: 'as-a-notification' }));
    expect(await waitUntil(() => existsSync(seen), deadline)).toBe(true);
    expect(JSON.parse(read(seen)).payload.dedup_key).toBe('as-a-notification');
    expect(await sidecar.request('ping')).toEqual({});
    expect(sidecar.responses.size).toBe(responsesBefore + 1);
    expect(sidecar.errorsWithoutId).toEqual([]);
  });

  it('a Notification payload missing dedup_key → -32602 naming payload.dedup_key; its hook does not run', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const ran = join(out, 'ran');
    const { sidecar } = await start(notificationHooks(`touch '${ran}'`));
    const params = notification();
    delete (params.extra.payload as Record<string, unknown>).dedup_key;
    const response = await sidecar.call('hooks/Notification', params);
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('payload.dedup_key');
    expect(existsSync(ran)).toBe(false);
  });

  it('serverOwned: true runs in initialize options.defaultWorkArea; an agent notification runs in the workspace', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const workArea = makeWorkspace('hookd-notif-workarea-');
    const { sidecar, setup } = await start(notificationHooks(`pwd -P > '${out}/'"$BAMBOO_SESSION_ID"`), { init: { options: { defaultWorkArea: workArea } } });

    sidecar.notify('hooks/Notification', { ...notification(), session: { id: 'server' }, serverOwned: true });
    sidecar.notify('hooks/Notification', { ...notification(), session: { id: 'agent' } });
    expect(await waitUntil(() => lineWritten(join(out, 'server')) && lineWritten(join(out, 'agent')), deadline)).toBe(true);
    expect(read(join(out, 'server')).trim()).toBe(realpathSync(workArea));
    expect(read(join(out, 'agent')).trim()).toBe(realpathSync(setup.workspace));
  });

  it('serverOwned: true without a defaultWorkArea runs in the sidecar\'s process directory', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const processDir = makeWorkspace('hookd-notif-procdir-');
    const { sidecar, setup } = await start(notificationHooks(`pwd -P > '${out}/'"$BAMBOO_SESSION_ID"`), { cwd: processDir });
    expect(realpathSync(processDir)).not.toBe(realpathSync(setup.workspace));

    sidecar.notify('hooks/Notification', { ...notification(), session: { id: 'server' }, serverOwned: true });
    expect(await waitUntil(() => lineWritten(join(out, 'server')), deadline)).toBe(true);
    expect(read(join(out, 'server')).trim()).toBe(realpathSync(processDir));
  });

  it('a server-owned relative script path resolves against defaultWorkArea, else against Bamboo\'s data directory', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const workArea = makeWorkspace('hookd-notif-workarea-');
    const script = `echo "$BAMBOO_HOOK_SCRIPT" > '${out}/'"$BAMBOO_SESSION_ID"\n`;
    const hooks = { Notification: [{ hooks: [{ type: 'script', path: 'hooks/notify.sh', timeout_ms: 20_000 }] }] };

    const withArea = await start(hooks, { init: { options: { defaultWorkArea: workArea } } });
    mkdirSync(join(workArea, 'hooks'));
    writeFileSync(join(workArea, 'hooks', 'notify.sh'), script);
    withArea.sidecar.notify('hooks/Notification', { ...notification(), session: { id: 'with-area' }, serverOwned: true });
    expect(await waitUntil(() => lineWritten(join(out, 'with-area')), deadline)).toBe(true);
    expect(read(join(out, 'with-area')).trim()).toBe(join(workArea, 'hooks', 'notify.sh'));

    const withoutArea = await start(hooks);
    mkdirSync(join(withoutArea.setup.dataDir, 'hooks'));
    writeFileSync(join(withoutArea.setup.dataDir, 'hooks', 'notify.sh'), script);
    withoutArea.sidecar.notify('hooks/Notification', { ...notification(), session: { id: 'data-dir' }, serverOwned: true });
    expect(await waitUntil(() => lineWritten(join(out, 'data-dir')), deadline)).toBe(true);
    expect(read(join(out, 'data-dir')).trim()).toBe(join(withoutArea.setup.dataDir, 'hooks', 'notify.sh'));
  });

  it('hooks/cancel {sessionId} kills a background Notification hook\'s tree', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const pids = join(out, 'pids');
    const { sidecar } = await start(notificationHooks(`echo $$ >> '${pids}'; sleep 60 & echo $! >> '${pids}'; wait`));
    await sidecar.request('hooks/Notification', notification());
    expect(await waitUntil(() => readPids(pids).length === 2, deadline)).toBe(true);
    expect(await sidecar.request('hooks/cancel', { sessionId: session.id })).toEqual({ cancelled: 1 });
    expect(await waitUntil(() => allGone(readPids(pids)), deadline)).toBe(true);
  });

  it('shutdown while a background Notification hook runs kills its whole tree (checked by PID)', async () => {
    const out = makeWorkspace('hookd-notif-out-');
    const pids = join(out, 'pids');
    const { sidecar } = await start(notificationHooks(`echo $$ >> '${pids}'; sleep 60 & echo $! >> '${pids}'; wait`));
    await sidecar.request('hooks/Notification', notification());
    expect(await waitUntil(() => readPids(pids).length === 2, deadline)).toBe(true);
    const started = readPids(pids);
    expect(allGone(started)).toBe(false);

    // shutdown answers after every hook tree is dead.
    expect(await sidecar.request('shutdown')).toBeNull();
    expect(allGone(started)).toBe(true);
    sidecar.notify('exit');
    expect(await sidecar.exited).toEqual({ code: 0, signal: null });
  });
});
