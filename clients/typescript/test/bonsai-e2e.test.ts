// The bonsai additions through the TypeScript client and the built sidecar: the four file/shell event methods reach
// hookd's bonsai dialect (a programmatic hook of each event sees its request), and tools with kinds are accepted at
// initialize (what they make fire: bonsai-tools-e2e.test.ts). The approval and text-judge flows against a bonsai TOML config are in bonsai-approval-e2e.test.ts.
import { describe, expect, it } from 'vitest';
import type { HookInvocation } from '../src/index.js';
import { makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

describe('bonsai events through the built sidecar', () => {
  it('preFileWrite, postFileWrite, preBash and postBash each send their hooks/<Event>: a hook of that event runs and sees it', async () => {
    const workspace = makeWorkspace();
    const client = await spawnTestClient({
      workspace,
      dialect: 'bonsai',
      tools: ['read', { name: 'bash', kind: 'shell' }, { name: 'write', kind: 'file_write', pathField: 'file' }],
    });
    expect(client.initializeResult!.events).toEqual(expect.arrayContaining(['PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash']));
    const seen: HookInvocation[] = [];
    for (const event of ['PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash'] as const) {
      await client.registerHook({ event }, (invocation) => void seen.push(invocation));
    }
    const files = [{ path: 'src/main.rs', operation: 'modify' as const, oldContent: 'fn main() {}\n', newContent: 'fn main() { run() }\n' }];
    const results = [
      await client.preFileWrite({ session: SESSION, files }),
      await client.postFileWrite({ session: SESSION, files }),
      await client.preBash({ session: SESSION, command: 'cargo test' }),
      await client.postBash({ session: SESSION, command: 'cargo test', exitCode: 0, outputExcerpt: 'ok\n' }),
    ];
    expect(results.map((result) => [result.event, result.runs.length])).toEqual([
      ['PreFileWrite', 1],
      ['PostFileWrite', 1],
      ['PreBash', 1],
      ['PostBash', 1],
    ]);
    expect(seen.map((invocation) => [invocation.event, invocation.sessionId])).toEqual([
      ['PreFileWrite', SESSION.id],
      ['PostFileWrite', SESSION.id],
      ['PreBash', SESSION.id],
      ['PostBash', SESSION.id],
    ]);
  });

  it('a PreFileWrite without files is invalid params naming the field, and the session keeps serving', async () => {
    const workspace = makeWorkspace();
    const client = await spawnTestClient({ workspace, dialect: 'bonsai' });
    await expect(client.call('hooks/PreFileWrite', { session: SESSION, files: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('files') });
    expect(await client.ping()).toEqual({});
  });
});
