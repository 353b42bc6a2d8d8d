// The wamp dialect's hook files through the built sidecar, as a WAMP agent starts it: initialize lists the hooks of
// ~/.wamp/hooks.json and <workspace>/.wamp/hooks.json with their provenance, reports the file's warnings with file,
// line and field, and warns about a copied Claude Code "Bash" matcher against the tools the client registers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

function setup() {
  const root = scratchDir('hookd-wamp-e2e-files-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.wamp'), { recursive: true });
  mkdirSync(join(workspace, '.wamp'), { recursive: true });
  return { home, workspace, userFile: join(home, '.wamp', 'hooks.json'), projectFile: join(workspace, '.wamp', 'hooks.json'), trustStorePath: join(root, 'trust.json') };
}

async function initialize(s: ReturnType<typeof setup>, tools: readonly string[], options: Record<string, unknown> = {}): Promise<any> {
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  return sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'wamp-e2e-agent', version: '1' },
    dialect: 'wamp',
    workspace: s.workspace,
    home: s.home,
    tools,
    options: { trustStorePath: s.trustStorePath, ...options },
  });
}

const pre = (matcher: string, command: string) => ({ matcher, hooks: [{ type: 'command', command }] });

describe('wamp hook files through the sidecar', () => {
  it('"A literal name that matches no registered tool produces a warning, so a copied `"Bash"` matcher does not fail silently." — at initialize, against the registered tools', async () => {
    const s = setup();
    const text = JSON.stringify({ hooks: { PreToolUse: [pre('Bash', 'exit 2'), pre('shell', 'exit 0')] } }, null, 2);
    writeFileSync(s.userFile, text);
    const init = await initialize(s, ['shell', 'write']);
    const rows = text.split('\n');
    const bashLine = rows.findIndex((row) => row.includes('"matcher": "Bash"')) + 1;
    const nextGroupLine = rows.findIndex((row) => row.includes('"matcher": "shell"')) + 1;
    expect(init.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'matcher-unknown-tool', file: s.userFile, field: 'hooks.PreToolUse[0].matcher', message: expect.stringContaining('matcher "Bash" matches no tool') }),
    ]);
    // The line is inside the "Bash" group (its handler's).
    expect(init.diagnostics[0].line).toBeGreaterThanOrEqual(bashLine);
    expect(init.diagnostics[0].line).toBeLessThan(nextGroupLine);
    // Registered as the agent's own, "Bash" is a tool like any other: no warning.
    const withBash = await initialize(s, ['shell', 'Bash']);
    expect(withBash.diagnostics).toEqual([]);
  });

  it('initialize lists user and project hooks with their provenance; the project\'s wait for trust; file warnings name file, line and field', async () => {
    const s = setup();
    writeFileSync(s.userFile, JSON.stringify({ hooks: { PreToolUse: [pre('shell', 'echo user')] } }));
    const project = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'keep going?' }, { type: 'command', command: 'echo p', timeout: 900 }] }] } }, null, 2);
    writeFileSync(s.projectFile, project);
    const init = await initialize(s, ['shell']);
    expect(init.hooks.map((hook: any) => [hook.id, hook.scope, hook.timeoutMs])).toEqual([
      ['user:PreToolUse[0].hooks[0]', 'user', 60_000],
      ['project:Stop[0].hooks[1]', 'project', 600_000],
    ]);
    expect(init.hooks[1].state).not.toBe('active');
    const fileWarnings = init.diagnostics.filter((entry: any) => entry.file === s.projectFile && entry.code !== undefined && ['unknown-handler-type', 'timeout-capped'].includes(entry.code));
    expect(fileWarnings.map((entry: any) => [entry.severity, entry.field, project.split('\n')[entry.line - 1]?.trim()])).toEqual([
      ['warning', 'hooks.Stop[0].hooks[0].type', '"type": "prompt",'],
      ['warning', 'hooks.Stop[0].hooks[1].timeout', '"timeout": 900'],
    ]);
    const trusted = await initialize(s, ['shell'], { trustWorkspace: true });
    expect(trusted.hooks.find((hook: any) => hook.scope === 'project')?.state).toBe('active');
  });
});
