// Tools declared with kinds through the TypeScript client and the built sidecar: with a bonsai config, one preToolUse
// of the declared shell tool also fires PreBash hooks, of the file-writing tool PreFileWrite hooks; other tools neither.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeWorkspace, SESSION, spawnTestClient, useSidecar, writeFile } from './helpers.js';

useSidecar();

describe('bonsai tool kinds through the built sidecar', () => {
  it('tools declared with kinds at initialize: one preToolUse of the shell tool also fires PreBash hooks, of the file-writing tool PreFileWrite hooks', async () => {
    const root = makeWorkspace();
    const home = join(root, 'home');
    const workspace = join(root, 'ws');
    const log = join(root, 'fired.log');
    mkdirSync(workspace);
    // Global hooks: pre-trusted, so nothing waits for an approval.
    writeFile(
      home,
      '.bonsai/config.toml',
      ['PreBash', 'PreFileWrite']
        .map((event) => `[[hooks]]\nname = "${event.toLowerCase()}"\nevent = "${event}"\naction = { type = "shell", command = ${JSON.stringify(`echo ${event} >> '${log}'`)} }\n`)
        .join('\n'),
    );
    const client = await spawnTestClient({
      workspace,
      home,
      dialect: 'bonsai',
      tools: [{ name: 'bash', kind: 'shell' }, { name: 'write', kind: 'file_write', pathField: 'file' }, 'read'],
    });
    expect(client.initializeResult!.diagnostics).toEqual([]);
    const shell = await client.preToolUse({ session: SESSION, toolName: 'bash', toolInput: { command: 'cargo test' } });
    expect(shell.runs.map((run) => [run.hookId, run.status])).toEqual([['global:prebash', 'ok']]);
    const write = await client.preToolUse({ session: SESSION, toolName: 'write', toolInput: { file: 'src/main.rs', content: 'fn main() {}\n' } });
    expect(write.runs.map((run) => [run.hookId, run.status])).toEqual([['global:prefilewrite', 'ok']]);
    const other = await client.preToolUse({ session: SESSION, toolName: 'read', toolInput: { file: 'src/main.rs' } });
    expect(other.runs).toEqual([]);
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual(['PreBash', 'PreFileWrite']);
  });

});
