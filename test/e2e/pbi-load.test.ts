// The pbi loader through the built sidecar, as a pbi agent meets it: initialize lists the hooks of
// ~/.pbi-agent/hooks.json and <workspace>/.agents/hooks.json in discovery order with located diagnostics, and an
// edit of a hooks file by another process reloads (polled with a deadline, never a sleep).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, deadlineMs = 20_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('pbi loader through the built sidecar', () => {
  it('"Hooks are loaded from JSON only:" initialize lists global then project hooks with located diagnostics; an edit reloads', async () => {
    const root = scratchDir('hookd-pbi-load-e2e-');
    const workspace = join(root, 'project');
    const home = join(root, 'home');
    for (const dir of [join(workspace, '.agents'), join(home, '.pbi-agent')]) mkdirSync(dir, { recursive: true });
    const projectFile = join(workspace, '.agents', 'hooks.json');
    writeFileSync(join(home, '.pbi-agent', 'hooks.json'), JSON.stringify({ hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi' }] }] } }));
    writeFileSync(projectFile, '{"hooks": {\n  "Stop": [{"hooks": [{"type": "prompt", "prompt": "done?"}, {"command": "echo stop"}]}]\n}}');
    const sidecar = new Sidecar('ndjson', [], process.env);
    open.push(sidecar);
    const init: any = await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'pbi-e2e-agent', version: '1' }, dialect: 'pbi', workspace, home, options: { hookStatePath: join(root, 'hooks_state.json'), managedPolicyDir: join(root, 'none') } });
    expect(init.hooks.map((hook: any) => hook.id)).toEqual(['global:SessionStart[0].hooks[0]', 'project:Stop[0].hooks[1]']);
    expect(init.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', file: projectFile, line: 2, field: 'hooks.Stop[0].hooks[0].type', code: 'unsupported-handler-type' })]);
    writeFileSync(projectFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'echo stop' }] }], PreToolUse: [{ matcher: 'shell', hooks: [{ command: 'echo pre' }] }] } }));
    const listed: any = await until(() => sidecar.request('hooks/list', {}), (list: any) => list.hooks.length === 3);
    expect(listed.hooks.map((hook: any) => hook.id)).toEqual(['global:SessionStart[0].hooks[0]', 'project:Stop[0].hooks[0]', 'project:PreToolUse[0].hooks[0]']);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });
});
