// Claude Code async hooks through the client: asyncRuns and asyncOutputs in results and onAsyncRewake are typed
// from the protocol's method table.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { ServerNotificationParams } from '../src/index.js';
import { claudeSettings, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

describe('async hooks', () => {
  it('onAsyncRewake hears an asyncRewake hook that exits 2; the event itself was answered with asyncRuns', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PostToolUse: [{ hooks: [{ type: 'command', command: 'echo "lint failed" >&2; exit 2', asyncRewake: true }] }] });
    const client = await spawnTestClient({ workspace });
    const heard: Array<ServerNotificationParams<'hooks/asyncRewake'>> = [];
    client.onAsyncRewake((params) => heard.push(params));
    const answer = await client.postToolUse({ session: SESSION, toolName: 'Bash', toolInput: { command: 'npm run lint' } });
    expect(answer.runs).toEqual([]);
    expect(answer.asyncRuns?.map((run) => run.status)).toEqual(['started']);
    expect(await waitUntil(() => heard.length === 1, DEADLINE_MS)).toBe(true);
    expect(heard[0]).toMatchObject({ sessionId: SESSION.id, event: 'PostToolUse', exitCode: 2, message: 'lint failed' });
  });
});
