// review/revoke and `hookd hooks revoke <key>` through the built sidecar and CLI: pbi's trusted hook loses its
// trusted_hash in hooks_state.json (enabled kept, the rest of the file as it was) and is skipped again; a claude row
// trusted per file (workspaceTrust) has its key untrusted in hookd's trust store; managed / unknown keys are refused.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { writeClaudeSettings } from '../helpers/workspace.js';

const run = promisify(execFile);
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A pbi workspace whose project hooks.json has one PreToolUse hook appending a line to `out`. */
function pbiScene() {
  const root = scratchDir('hookd-revoke-e2e-');
  const workspace = join(root, 'ws');
  const home = join(root, 'home');
  const out = join(root, 'ran');
  const statePath = join(root, 'hooks_state.json');
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(workspace, '.agents', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: `echo ran >> '${out}'` }] }] } }));
  const ranCount = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0);
  return { root, workspace, home, out, statePath, ranCount };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [HOOKD_BIN, ...args], { env: { ...process.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('review/revoke (built sidecar)', () => {
  it('pbi: review/revoke removes trusted_hash from hooks_state.json (enabled kept, other entries as they were) and the hook is skipped again', async () => {
    const s = pbiScene();
    // Another hook's entry, written as another process would: it must survive the revoke untouched.
    const other = { enabled: false, trusted_hash: 'sha256:' + 'c'.repeat(64) };
    writeFileSync(s.statePath, JSON.stringify({ version: 1, state: { 'project:other:PreToolUse:9:9': other } }, null, 2) + '\n');
    const sidecar = new Sidecar('ndjson', [], process.env);
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'revoke-e2e' }, dialect: 'pbi', workspace: s.workspace, home: s.home, options: { hookStatePath: s.statePath } });
    const fire = () => sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'shell', toolInput: { command: 'ls' } });
    const row = (await sidecar.request('review/list')).hooks[0];
    await sidecar.request('review/trust', { key: row.key });
    await fire();
    expect(s.ranCount()).toBe(1);
    const trustedState = JSON.parse(readFileSync(s.statePath, 'utf8'));
    expect(trustedState.state[row.key]).toEqual({ enabled: true, trusted_hash: row.currentHash });
    const revoked = await sidecar.request('review/revoke', { key: row.key });
    // pbi-agent's status rule (facts §4): an entry whose trusted hash is missing or differs reads "modified"; it does
    // not run until trusted again either way.
    expect(revoked.hooks[0]).toMatchObject({ key: row.key, trustStatus: 'modified', enabled: true, runnable: false });
    const after = JSON.parse(readFileSync(s.statePath, 'utf8'));
    expect(after.state[row.key]).toEqual({ enabled: true });
    expect(after.state['project:other:PreToolUse:9:9']).toEqual(other);
    expect(after.version).toBe(trustedState.version);
    await fire();
    expect(s.ranCount()).toBe(1);
  });

  it('review/revoke errors: an unknown key -32011 naming it, a missing key -32602', async () => {
    const s = pbiScene();
    const sidecar = new Sidecar('ndjson', [], process.env);
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'revoke-e2e' }, dialect: 'pbi', workspace: s.workspace, home: s.home, options: { hookStatePath: s.statePath } });
    const unknown = await sidecar.call('review/revoke', { key: 'project:nope' });
    expect(unknown.error).toMatchObject({ code: -32011, message: 'hook not found: project:nope' });
    expect((await sidecar.call('review/revoke', {})).error?.code).toBe(-32602);
    expect(existsSync(s.statePath)).toBe(false);
  });

  it('claude per-file row (workspaceTrust): review/revoke untrusts its key in hookd\'s trust store and the project hook stops running', async () => {
    const root = scratchDir('hookd-revoke-claude-');
    const workspace = join(root, 'ws');
    const home = join(root, 'home');
    const store = join(root, 'trust.json');
    mkdirSync(workspace, { recursive: true });
    mkdirSync(home, { recursive: true });
    writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo project-context' }] }] } });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace, { home, options: { trustStorePath: store, workspaceTrust: true } });
    const context = async () => (await sidecar.request('hooks/UserPromptSubmit', { session: { id: 's1' }, prompt: 'hi' })).additionalContext;
    const listing = await sidecar.request('review/list');
    const row = listing.hooks.find((hook: { trustKey?: string }) => hook.trustKey !== undefined);
    expect(listing.hooks, JSON.stringify(listing)).toHaveLength(1);
    expect(row.trustKey).toBe(`claude-workspace:${workspace}`);
    await sidecar.request('review/trust', { key: row.key });
    expect(await context()).toBe('project-context');
    expect(JSON.parse(readFileSync(store, 'utf8')).trusted[row.trustKey]).toEqual({ trustedAt: expect.any(String), trustedHash: row.currentHash });
    const revoked = await sidecar.request('review/revoke', { key: row.key });
    expect(revoked.hooks.find((hook: { key: string }) => hook.key === row.key)).toMatchObject({ trustKey: row.trustKey, runnable: false });
    expect(JSON.parse(readFileSync(store, 'utf8')).trusted).toEqual({});
    expect(await context()).toBeUndefined();
  });

  it('`hookd hooks revoke <key>`: exit 0 "Revoked trust of hook: …", trusted_hash gone; unknown key exit 1', async () => {
    const s = pbiScene();
    const common = ['--dialect', 'pbi', '--workspace', s.workspace, '--home', s.home];
    // pbi's default state file is under --home (<home>/.pbi-agent/hooks_state.json).
    const listed = await cli(['hooks', ...common, '--json']);
    expect(listed.code).toBe(0);
    const key = JSON.parse(listed.stdout).hooks[0].key as string;
    expect((await cli(['hooks', 'trust', key, ...common])).code).toBe(0);
    const statePath = join(s.home, '.pbi-agent', 'hooks_state.json');
    expect(JSON.parse(readFileSync(statePath, 'utf8')).state[key].trusted_hash).toMatch(/^sha256:/);
    const revoked = await cli(['hooks', 'revoke', key, ...common]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked trust of hook: PreToolUse echo ran >> '${s.out}'\n` });
    expect(JSON.parse(readFileSync(statePath, 'utf8')).state[key]).toEqual({ enabled: true });
    const unknown = await cli(['hooks', 'revoke', 'project:nope', ...common]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Error: hook not found: project:nope');
    const usage = await cli(['hooks', 'revoke', ...common]);
    expect(usage.code).toBe(2);
  });
});
