// Configuration diagnostics through the client: an invalid config never fails spawnHookd (initializeResult carries
// the diagnostics); onDiagnostics hears the complete list after reload() and after the file watcher's reload.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { ServerNotificationParams } from '../src/index.js';
import { bambooConfig, claudeSettings, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar, writeFile } from './helpers.js';

useSidecar();

type DiagnosticsNotice = ServerNotificationParams<'hooks/diagnostics'>;
const BROKEN = '{\n  "lifecycle_hooks": {\n    "Stop": [ { "hooks": [{ "type": "command", "command": "true" },] } ]\n  }\n}\n';
const brief = (diagnostic: { severity: string; code?: string; file?: string; line?: number }) => ({
  severity: diagnostic.severity,
  code: diagnostic.code,
  file: diagnostic.file,
  line: diagnostic.line,
});

describe('diagnostics', () => {
  it('bamboo: a file with a JSON syntax error is reported at initialize with file, line and code; the valid file still loads', async () => {
    const workspace = makeWorkspace();
    const broken = writeFile(workspace, 'broken.json', BROKEN);
    const good = bambooConfig(workspace, { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }, 'good.json');
    const client = await spawnTestClient({
      workspace,
      dialect: 'bamboo',
      sources: [
        { path: broken, scope: 'user' },
        { path: good, scope: 'user' },
      ],
      options: { watch: false },
    });
    const init = client.initializeResult!;
    expect(init.diagnostics.map(brief)).toContainEqual({ severity: 'error', code: 'invalid-json', file: broken, line: 3 });
    expect(init.hooks.map((hook) => hook.source)).toEqual([good]);
    expect((await client.stop({ session: SESSION })).runs).toHaveLength(1);
  });

  it('claude: an invalid matcher is a diagnostic, never an initialize failure', async () => {
    const workspace = makeWorkspace();
    const file = claudeSettings(workspace, { PreToolUse: [{ matcher: '(', hooks: [{ type: 'command', command: 'true' }] }] });
    const client = await spawnTestClient({ workspace });
    const diagnostics = client.initializeResult!.diagnostics;
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.file === file)).toBe(true);
  });

  it('reload(): onDiagnostics hears the new diagnostics (trigger reload) before the result; the broken file keeps its last good hooks', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'user' }], options: { watch: false } });
    expect(client.initializeResult!.diagnostics).toEqual([]);
    const heard: DiagnosticsNotice[] = [];
    client.onDiagnostics((params) => heard.push(params));
    writeFile(workspace, 'hooks.json', BROKEN);
    const result = await client.reload();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.trigger).toBe('reload');
    expect(heard[0]!.diagnostics).toEqual(result.diagnostics);
    expect(result.diagnostics.map(brief)).toContainEqual({ severity: 'error', code: 'invalid-json', file, line: 3 });
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
  });

  it('the file watcher (bamboo hot reload): onDiagnostics fires without any request when a config file turns invalid', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'user' }] });
    const heard: DiagnosticsNotice[] = [];
    client.onDiagnostics((params) => heard.push(params));
    writeFile(workspace, 'hooks.json', BROKEN);
    const arrived = await waitUntil(() => heard.some((notice) => notice.diagnostics.some((diagnostic) => diagnostic.code === 'invalid-json')), DEADLINE_MS);
    expect(arrived, `notifications: ${JSON.stringify(heard)}`).toBe(true);
    expect(heard.at(-1)!.trigger).toBe('reload');
  });
});
