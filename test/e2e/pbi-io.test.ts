// The pbi dialect's runtime answers through the built sidecar over stdio, as a pbi agent talks to it (seed 003
// "Limitations": PermissionRequest deferred). The loader's side (a configured PermissionRequest is a diagnostic) is pbi-config's.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

describe('pbi io through the built sidecar', () => {
  it('"PermissionRequest hooks are deferred until pbi-agent has a first-class permission/approval path." — hooks/PermissionRequest is method not found, a pbi event is answered', async () => {
    const root = scratchDir('hookd-pbi-e2e-');
    const workspace = join(root, 'project');
    const home = join(root, 'home');
    for (const dir of [workspace, home]) mkdirSync(dir, { recursive: true });
    const sidecar = new Sidecar('ndjson', [], process.env);
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'pbi-e2e-agent', version: '1' }, dialect: 'pbi', workspace, home, options: { hookStatePath: join(root, 'hooks_state.json') } });
    const params = { session: { id: 's1' }, toolName: 'shell', toolInput: { command: 'ls' } };
    await expect(sidecar.request('hooks/PermissionRequest', params)).rejects.toMatchObject({ code: -32601 });
    const pre = await sidecar.request('hooks/PreToolUse', params);
    expect(pre).toMatchObject({ event: 'PreToolUse', decision: 'none', runs: [] });
  });

  it('"Exit code 2 is also event-aware: it blocks PreToolUse" — a project hooks.json hook through the built sidecar reads pbi-agent\'s stdin and denies', async () => {
    const root = scratchDir('hookd-pbi-e2e-');
    const workspace = join(root, 'project');
    const home = join(root, 'home');
    for (const dir of [join(workspace, '.agents'), home]) mkdirSync(dir, { recursive: true });
    const stdinFile = join(root, 'stdin.json');
    const command = `cat > '${stdinFile}'; echo 'Blocked by policy.' >&2; exit 2`;
    writeFileSync(join(workspace, '.agents', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command }] }] } }));
    // The bypass variable: the hook runs without a trust review (this test is about input and output).
    const sidecar = new Sidecar('ndjson', [], { ...process.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' });
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'pbi-e2e-agent', version: '1' }, dialect: 'pbi', workspace, home, options: { hookStatePath: join(root, 'hooks_state.json') } });
    const result = await sidecar.request('hooks/PreToolUse', { session: { id: 's1', model: 'gpt-5.4', provider: 'openai' }, toolName: 'shell', toolUseId: 'call_0_0', toolInput: { command: 'rm -rf /' } });
    expect(result).toMatchObject({ decision: 'deny', reason: 'Blocked by policy.' });
    const stdin = readFileSync(stdinFile, 'utf8');
    expect(stdin.startsWith('{"session_id":"s1","turn_id":null,"cwd":')).toBe(true);
    expect(stdin.endsWith('"tool_name":"shell","tool_use_id":"call_0_0","tool_input":{"command":"rm -rf /"}}')).toBe(true);
  });
});
