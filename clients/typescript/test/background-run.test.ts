// hooks/backgroundRun through the client: a bamboo Notification hook (fire-and-forget) that fails is heard by
// onBackgroundRun, typed from the protocol's method table, with its exit code and stderr excerpt.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { ServerNotificationParams } from '../src/index.js';
import { bambooConfig, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

describe('background runs', () => {
  it('onBackgroundRun hears a failed Notification hook: hook id, exit code 3, failure class, stderr excerpt', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, { Notification: [{ hooks: [{ type: 'command', command: 'cat > /dev/null; echo "no route to ntfy" >&2; exit 3' }] }] });
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'user' }], options: { watch: false } });
    const heard: Array<ServerNotificationParams<'hooks/backgroundRun'>> = [];
    client.onBackgroundRun((params) => heard.push(params));
    const payload = { id: 'n-1', priority: 'normal', dedup_key: 'd-1', created_at: '2026-07-22T09:00:00Z' };
    const answer = await client.notification({ session: SESSION, title: 'Done', message: 'Run finished', notificationType: 'run_completed', extra: { payload } });
    expect(answer.runs).toEqual([]);
    expect(await waitUntil(() => heard.length === 1, DEADLINE_MS)).toBe(true);
    expect(heard[0]).toMatchObject({
      event: 'Notification',
      sessionId: SESSION.id,
      hookId: client.initializeResult!.hooks[0]!.id,
      status: 'error',
      failureClass: 'nonzero_exit',
      exitCode: 3,
      signal: null,
      stderrExcerpt: 'no route to ntfy',
    });
  });
});
