// Issue 9 (Bamboo audit), against the built sidecar: "Other non-zero exits, malformed or truncated stdout, missing
// runtimes, and timeouts are logged and treated as non-blocking failures" also for hooks nobody waits for (the
// fire-and-forget Notification): each failed run is a warning on hookd's stderr and a hooks/backgroundRun notification.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-background-failures' };
const deadline = 15_000;

function notification() {
  return {
    session,
    title: 'Run finished',
    message: 'The agent run completed.',
    notificationType: 'run_completed',
    extra: { payload: { id: 'n-1', priority: 'normal', dedup_key: 'run-completed:1', created_at: '2026-07-22T09:00:00Z' } },
  };
}

type Handler = { command: string; timeout_ms?: number };
async function start(handlers: Handler[], args: string[] = []): Promise<{ sidecar: Sidecar; ids: string[] }> {
  const setup = bambooSetup();
  writeBambooConfig(setup.userFile, { Notification: [{ hooks: handlers.map((handler) => ({ type: 'command', timeout_ms: 20_000, ...handler })) }] });
  const sidecar = bambooSidecar(setup, 'ndjson', args);
  open.push(sidecar);
  const init = await initializeBamboo(sidecar, setup);
  return { sidecar, ids: init.hooks.map((hook: { id: string }) => hook.id) };
}

const backgroundRuns = (sidecar: Sidecar): any[] =>
  sidecar.notifications.filter((message: RpcMessage) => message.method === 'hooks/backgroundRun').map((message) => message.params);
const warnings = (sidecar: Sidecar): string[] => sidecar.stderr.split('\n').filter((line) => line.startsWith('[hookd warn] Notification (background)'));

/** Waits for `count` reports; then a ping answered proves nothing else of that dispatch is still on its way (stdout is in order). */
async function reportsSettled(sidecar: Sidecar, count: number): Promise<any[]> {
  expect(await waitUntil(() => backgroundRuns(sidecar).length >= count, deadline)).toBe(true);
  await sidecar.request('ping');
  return backgroundRuns(sidecar);
}

describe('"…are logged and treated as non-blocking failures": background (fire-and-forget) runs, built sidecar', () => {
  it('a Notification hook that exits 3 with stderr: a warning with hook id, exit code, signal, failure class and stderr, and a hooks/backgroundRun', async () => {
    const { sidecar, ids } = await start([
      { command: `cat > /dev/null; echo 'disk quota exceeded' >&2; printf 'second\\tline\\n' >&2; exit 3` },
      { command: 'cat > /dev/null' },
    ]);
    const answer = await sidecar.request('hooks/Notification', notification());
    expect(answer).toMatchObject({ event: 'Notification', decision: 'none', continue: true, runs: [] });

    const reports = await reportsSettled(sidecar, 1);
    // Only the failed run is reported; the second hook ran fine.
    expect(reports).toEqual([
      {
        event: 'Notification',
        sessionId: session.id,
        hookId: ids[0],
        source: expect.stringMatching(/hooks\.json$/),
        handlerType: 'command',
        status: 'error',
        failureClass: 'nonzero_exit',
        exitCode: 3,
        signal: null,
        message: 'exit code 3: disk quota exceeded (non-blocking)',
        stderrExcerpt: 'disk quota exceeded second line',
      },
    ]);
    expect(await waitUntil(() => warnings(sidecar).length === 1, deadline)).toBe(true);
    expect(warnings(sidecar)[0]).toBe(
      `[hookd warn] Notification (background): hook ${ids[0]} failed: nonzero_exit (status error, exit code 3, signal none): ` +
        'exit code 3: disk quota exceeded (non-blocking); stderr: "disk quota exceeded second line"',
    );
  });

  it('the JSON-RPC notification form (no id) is reported the same way', async () => {
    const { sidecar, ids } = await start([{ command: 'cat > /dev/null; echo broken >&2; exit 1' }]);
    sidecar.notify('hooks/Notification', notification());
    const [report, ...more] = await reportsSettled(sidecar, 1);
    expect(more).toEqual([]);
    expect(report).toMatchObject({ hookId: ids[0], status: 'error', failureClass: 'nonzero_exit', exitCode: 1, signal: null, stderrExcerpt: 'broken' });
    expect(await waitUntil(() => warnings(sidecar).length === 1, deadline)).toBe(true);
  });

  it('a hook killed by a signal, with long multi-line stderr: signal named, exit code null, the excerpt one line of at most 500 characters', async () => {
    // 40 lines of 60 characters: 2,400 characters of stderr.
    const { sidecar, ids } = await start([{ command: `cat > /dev/null; i=0; while [ $i -lt 40 ]; do printf '%060d\\n' $i >&2; i=$((i+1)); done; kill -TERM $$` }]);
    await sidecar.request('hooks/Notification', notification());
    const [report] = await reportsSettled(sidecar, 1);
    expect(report).toMatchObject({ hookId: ids[0], status: 'error', failureClass: 'signal', exitCode: null, signal: 'SIGTERM' });
    const excerpt: string = report.stderrExcerpt;
    expect(excerpt).not.toMatch(/[\n\r]/);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(Array.from(excerpt)).toHaveLength(501);
    expect(excerpt.startsWith(`${'0'.repeat(60)} ${'0'.repeat(59)}1 `)).toBe(true);
    expect(await waitUntil(() => warnings(sidecar).length === 1, deadline)).toBe(true);
    const warning = warnings(sidecar)[0]!;
    expect(warning).toContain(`hook ${ids[0]} failed: signal (status error, exit code none, signal SIGTERM)`);
    expect(warning.length).toBeLessThan(1500);
  });

  it('a timed-out background hook: status timeout, reported after its tree is killed (checked by PID)', async () => {
    const out = makeWorkspace('hookd-bgfail-out-');
    const pids = join(out, 'pids');
    const { sidecar, ids } = await start([{ command: `cat > /dev/null; echo $$ >> '${pids}'; sleep 60 & echo $! >> '${pids}'; echo waiting >&2; wait`, timeout_ms: 300 }]);
    await sidecar.request('hooks/Notification', notification());
    const [report] = await reportsSettled(sidecar, 1);
    expect(report).toMatchObject({ hookId: ids[0], status: 'timeout', failureClass: 'timeout', stderrExcerpt: 'waiting' });
    expect(report.message).toContain('timed out after 300 ms');
    const started = readPids(pids);
    expect(started).toHaveLength(2);
    expect(allGone(started)).toBe(true);
  });

  it('a background hook cancelled by hooks/cancel is not a failure: no hooks/backgroundRun, no warning', async () => {
    const out = makeWorkspace('hookd-bgfail-out-');
    const pids = join(out, 'pids');
    const { sidecar, ids } = await start([{ command: `cat > /dev/null; echo $$ >> '${pids}'; sleep 60 & echo $! >> '${pids}'; wait` }], ['--log-level', 'debug']);
    await sidecar.request('hooks/Notification', notification());
    expect(await waitUntil(() => readPids(pids).length === 2, deadline)).toBe(true);
    expect(await sidecar.request('hooks/cancel', { sessionId: session.id })).toEqual({ cancelled: 1 });
    expect(await waitUntil(() => allGone(readPids(pids)), deadline)).toBe(true);
    // The debug line is written when the background dispatch settled, right before any report would be.
    expect(await waitUntil(() => sidecar.stderr.includes(`[hookd debug] Notification (background): ${ids[0]} cancelled`), deadline)).toBe(true);
    await sidecar.request('ping');
    expect(backgroundRuns(sidecar)).toEqual([]);
    expect(warnings(sidecar)).toEqual([]);
  });
});
