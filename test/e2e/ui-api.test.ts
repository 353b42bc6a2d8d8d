// The built `hookd ui` over real HTTP, as a browser or a script would use it: the one stdout line, the loopback-only
// listener, the token, Host and Origin checks, GET /api/hooks and the three actions with pbi-agent's shapes and status
// codes, an edit turning a hook "modified" on refresh, the bypass, bamboo's per-file rows, and a clean exit by signal.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, writeBambooConfig } from '../helpers/bamboo.js';
import { startHookdUi, type HookdUi } from '../helpers/hookd-ui.js';
import { isAlive } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { apiHeaders, uiRequest } from '../helpers/ui-http.js';

const running: HookdUi[] = [];
afterEach(async () => {
  for (const ui of running.splice(0)) await ui.stop('SIGKILL');
});

type Pbi = { readonly workspace: string; readonly home: string; readonly hooksFile: string; readonly stateFile: string };

const POLICY = { type: 'command', command: 'sh .agents/hooks/check.sh', timeout: 30, statusMessage: 'Checking policy' };
const FINAL = { type: 'command', command: 'sh .agents/hooks/final.sh' };

function pbiConfig(policyTimeout = 30): unknown {
  return {
    hooks: {
      PreToolUse: [{ matcher: 'shell|apply_patch', hooks: [{ ...POLICY, timeout: policyTimeout }] }],
      Stop: [{ hooks: [FINAL, { type: 'prompt', prompt: 'never runs' }] }],
    },
  };
}

function pbiSetup(config: unknown = pbiConfig()): Pbi {
  const workspace = scratchDir('hookd-ui-ws-');
  const home = scratchDir('hookd-ui-home-');
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  const hooksFile = join(workspace, '.agents', 'hooks.json');
  writeFileSync(hooksFile, JSON.stringify(config, null, 2));
  return { workspace, home, hooksFile, stateFile: join(home, '.pbi-agent', 'hooks_state.json') };
}

function pbiEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST;
  return env;
}

async function startPbi(setup: Pbi, extra: string[] = [], env = pbiEnv()): Promise<HookdUi> {
  const ui = await startHookdUi(['--dialect', 'pbi', '--workspace', setup.workspace, '--home', setup.home, ...extra], env);
  running.push(ui);
  return ui;
}

const auth = (ui: HookdUi) => ({ Authorization: `Bearer ${ui.token}` });
const list = async (ui: HookdUi): Promise<any> => {
  const answer = await uiRequest({ port: ui.port, path: '/api/hooks', headers: auth(ui) });
  expect(answer.status).toBe(200);
  return answer.json();
};
const post = (ui: HookdUi, action: string, body: unknown, headers = apiHeaders(ui.token)) =>
  uiRequest({ port: ui.port, method: 'POST', path: `/api/hooks/${action}`, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel shows them). */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${portHex}`) && state === '0A') found.push(local);
    }
  }
  return found;
}

describe('hookd ui (pbi): the command and its security', () => {
  it('prints exactly one stdout line with the URL and token, listens on 127.0.0.1 only, and exits 0 on SIGTERM (PID gone)', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    expect(ui.stdout()).toBe(`hookd ui: http://127.0.0.1:${ui.port}/?token=${ui.token}\n`);
    expect(listeningAddresses(ui.port)).toEqual([`0100007F:${ui.port.toString(16).toUpperCase().padStart(4, '0')}`]);
    expect(ui.stderr()).toContain('Warning: 2 command hooks require trust review and will be skipped.');
    await list(ui);
    expect(await ui.stop('SIGTERM')).toBe(0);
    expect(isAlive(ui.pid)).toBe(false);
    expect(ui.stdout().split('\n')).toEqual([`hookd ui: ${ui.url}`, '']);
  });

  it('exits 0 on SIGINT too, and two launches get different tokens', async () => {
    const setup = pbiSetup();
    const first = await startPbi(setup);
    const second = await startPbi(setup);
    expect(first.token).not.toBe(second.token);
    expect(first.port).not.toBe(second.port);
    expect(await first.stop('SIGINT')).toBe(0);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('a request without the token is refused (401), the page with ?token= is served, a wrong Host or foreign Origin is 403', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    expect((await uiRequest({ port: ui.port, path: '/' })).status).toBe(401);
    expect((await uiRequest({ port: ui.port, path: '/api/hooks' })).status).toBe(401);
    expect((await post(ui, 'trust', { key: 'x' }, { 'Content-Type': 'application/json' })).status).toBe(401);
    const page = await uiRequest({ port: ui.port, path: `/?token=${ui.token}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Hooks</title>');
    expect((await uiRequest({ port: ui.port, path: '/api/hooks', headers: auth(ui), host: `rebound.example:${ui.port}` })).status).toBe(403);
    const hooks = (await list(ui)).hooks;
    const cross = await post(ui, 'trust', { key: hooks[0].key }, apiHeaders(ui.token, { Origin: 'http://evil.example' }));
    expect(cross.status).toBe(403);
    expect(existsSync(setup.stateFile)).toBe(false);
  });

  it('a taken --port is a usage error (exit 2), a bad one too', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    await expect(startHookdUi(['--dialect', 'pbi', '--workspace', setup.workspace, '--home', setup.home, '--port', String(ui.port)], pbiEnv())).rejects.toThrow(/exit 2/);
    await expect(startHookdUi(['--port', 'eighty'])).rejects.toThrow(/exit 2/);
  });
});

describe('hookd ui (pbi): "The web API mirrors the UI"', () => {
  it('GET /api/hooks answers pbi-agent\'s shape: per-hook keys in its order, diagnostics, review_required_count, trust_bypass_active', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    const listing = await list(ui);
    expect(Object.keys(listing).slice(0, 4)).toEqual(['hooks', 'diagnostics', 'review_required_count', 'trust_bypass_active']);
    expect(listing).toMatchObject({ dialect: 'pbi', review_required_count: 2, trust_bypass_active: false });
    expect(listing.warnings).toEqual(['2 command hooks require trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).']);
    // hookd's words with pbi's meaning: the file, the field, why (see docs/pbi-dialect.md, "Diagnostics").
    expect(listing.diagnostics).toHaveLength(1);
    expect(listing.diagnostics[0]).toMatch(new RegExp(`^${setup.hooksFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*skipping unsupported hook type "prompt"`));
    expect(listing.hooks).toHaveLength(2);
    const [policy, final] = listing.hooks;
    expect(Object.keys(policy).slice(0, 14)).toEqual([
      'key', 'event', 'matcher', 'command', 'source', 'source_path', 'status_message', 'timeout', 'trust_status', 'current_hash', 'enabled', 'managed', 'runnable', 'diagnostics',
    ]);
    expect(policy).toMatchObject({
      event: 'PreToolUse', matcher: 'shell|apply_patch', command: POLICY.command, source: 'project', source_path: setup.hooksFile,
      status_message: 'Checking policy', timeout: 30, trust_status: 'untrusted', enabled: true, managed: false, runnable: false, diagnostics: [],
    });
    expect(policy.key).toMatch(/^project:.*:PreToolUse:shell\|apply_patch:sha256:[0-9a-f]{64}:1$/);
    expect(policy.current_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(final).toMatchObject({ event: 'Stop', matcher: null, status_message: null, timeout: 600, trust_status: 'untrusted' });
  });

  it('POST trust → trusted and runnable, written as pbi-agent writes hooks_state.json; disable → disabled; enable → trusted again', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    const [policy] = (await list(ui)).hooks;
    const trusted = await post(ui, 'trust', { key: policy.key });
    expect(trusted.status).toBe(200);
    const afterTrust: any = trusted.json();
    expect(afterTrust.hooks[0]).toMatchObject({ key: policy.key, trust_status: 'trusted', runnable: true, enabled: true });
    expect(afterTrust.review_required_count).toBe(1);
    const expected = { state: { [policy.key]: { enabled: true, trusted_hash: policy.current_hash } } };
    expect(readFileSync(setup.stateFile, 'utf8')).toBe(`${JSON.stringify(expected, null, 2)}\n`);

    const disabled: any = (await post(ui, 'disable', { key: policy.key })).json();
    expect(disabled.hooks[0]).toMatchObject({ trust_status: 'disabled', enabled: false, runnable: false });
    expect(JSON.parse(readFileSync(setup.stateFile, 'utf8')).state[policy.key]).toEqual({ enabled: false, trusted_hash: policy.current_hash });

    const enabled: any = (await post(ui, 'enable', { key: policy.key })).json();
    expect(enabled.hooks[0]).toMatchObject({ trust_status: 'trusted', enabled: true, runnable: true });
    expect((await list(ui)).hooks[0].trust_status).toBe('trusted');
  });

  it('GET /api/hooks re-reads the files: an edited timeout shows "modified" on refresh, and trusting again makes it trusted', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    const [policy] = (await list(ui)).hooks;
    await post(ui, 'trust', { key: policy.key });
    writeFileSync(setup.hooksFile, JSON.stringify(pbiConfig(45), null, 2));
    const edited = (await list(ui)).hooks[0];
    expect(edited).toMatchObject({ key: policy.key, trust_status: 'modified', runnable: false, timeout: 45 });
    expect(edited.current_hash).not.toBe(policy.current_hash);
    const again: any = (await post(ui, 'trust', { key: policy.key })).json();
    expect(again.hooks[0]).toMatchObject({ trust_status: 'trusted', current_hash: edited.current_hash });
  });

  it('errors: unknown key 404 {"detail": "Hook not found."}, missing key 422 (FastAPI\'s shape), bad JSON 400, a body over 64 KiB 413', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup);
    const unknown = await post(ui, 'trust', { key: 'project:/nowhere:Stop::sha256:00:1' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Hook not found.' });
    const missing = await post(ui, 'disable', {});
    expect(missing.status).toBe(422);
    expect(missing.json()).toEqual({ detail: [{ type: 'missing', loc: ['body', 'key'], msg: 'Field required', input: {} }] });
    expect((await post(ui, 'enable', '{"key"')).status).toBe(400);
    expect((await post(ui, 'trust', { key: 'k', pad: 'x'.repeat(70_000) })).status).toBe(413);
    expect(existsSync(setup.stateFile)).toBe(false);
  });

  it('--dangerously-bypass-hook-trust: trust_bypass_active, the bypass warning, every hook not disabled runnable, and hooks_state.json untouched', async () => {
    const setup = pbiSetup();
    const first = await startPbi(setup);
    const [policy, final] = (await list(first)).hooks;
    await post(first, 'disable', { key: final.key });
    const before = readFileSync(setup.stateFile, 'utf8');
    await first.stop();
    const ui = await startPbi(setup, ['--dangerously-bypass-hook-trust']);
    expect(ui.stderr()).toContain('Warning: dangerously bypassing hook trust review; untrusted hooks may run.');
    const listing = await list(ui);
    expect(listing.trust_bypass_active).toBe(true);
    expect(listing.warnings).toEqual(['dangerously bypassing hook trust review; untrusted hooks may run.']);
    expect(listing.hooks[0]).toMatchObject({ key: policy.key, trust_status: 'untrusted', runnable: true });
    expect(listing.hooks[1]).toMatchObject({ key: final.key, trust_status: 'disabled', runnable: false });
    expect(readFileSync(setup.stateFile, 'utf8')).toBe(before);
  });

  it('PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST=1 turns the bypass on as the flag does', async () => {
    const setup = pbiSetup();
    const ui = await startPbi(setup, [], { ...pbiEnv(), PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' });
    const listing = await list(ui);
    expect(listing.trust_bypass_active).toBe(true);
    expect(listing.hooks.every((hook: any) => hook.runnable)).toBe(true);
  });

  it('no hooks: an empty listing ({"hooks": [], "diagnostics": [], ...}) and no warning', async () => {
    const setup = pbiSetup();
    writeFileSync(setup.hooksFile, '{"hooks": {}}');
    const ui = await startPbi(setup);
    expect(await list(ui)).toMatchObject({ hooks: [], diagnostics: [], review_required_count: 0, trust_bypass_active: false, warnings: [] });
    expect(ui.stderr()).not.toContain('Warning:');
  });
});

describe('hookd ui (pbi): "Managed hooks from trusted policy sources run without user trust state and cannot be disabled through the normal CLI/API/UI controls."', () => {
  it('a managed hook (from --managed-hooks) lists as managed and runnable; disable and enable of it are 400 and write nothing', async () => {
    const setup = pbiSetup({ hooks: {} });
    const policyFile = join(scratchDir('hookd-ui-policy-'), 'policy.json');
    writeFileSync(policyFile, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: 'python3 required_policy.py', managed: true }] }] } }));
    const ui = await startPbi(setup, ['--managed-hooks', policyFile]);
    const [managed] = (await list(ui)).hooks;
    expect(managed).toMatchObject({ source: 'managed', trust_status: 'managed', managed: true, runnable: true, enabled: true });
    for (const action of ['disable', 'enable']) {
      const refused = await post(ui, action, { key: managed.key });
      expect(refused.status, action).toBe(400);
      expect(refused.json()).toHaveProperty('detail');
    }
    expect(existsSync(setup.stateFile)).toBe(false);
  });

  it('"that self-declaration is ignored and reported as a diagnostic": the row shows it and stays untrusted', async () => {
    const setup = pbiSetup({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo self', managed: true }] }] } });
    const ui = await startPbi(setup);
    const [row] = (await list(ui)).hooks;
    expect(row).toMatchObject({ trust_status: 'untrusted', managed: false, runnable: false });
    expect(row.diagnostics).toEqual([`${setup.hooksFile}: ignoring self-declared managed hook from project source`]);
  });
});

describe('hookd ui is dialect-agnostic: bamboo rows', () => {
  it('lists bamboo project hooks with trust_key; trusting a row trusts its file in hookd\'s trust store; disabling it is 400', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.projectFile, { Stop: [{ hooks: [{ type: 'command', command: 'echo project-stop' }] }] });
    const home = join(setup.dataDir, '..');
    const ui = await startHookdUi(['--dialect', 'bamboo', '--workspace', setup.workspace, '--home', home], { ...process.env, BAMBOO_DATA_DIR: setup.dataDir });
    running.push(ui);
    const listing = await list(ui);
    expect(listing.dialect).toBe('bamboo');
    const row = listing.hooks.find((hook: any) => hook.command === 'echo project-stop');
    expect(row).toMatchObject({ event: 'Stop', trust_key: `workspace:${setup.workspace}`, runnable: false });
    const trusted = await post(ui, 'trust', { key: row.key });
    expect(trusted.status).toBe(200);
    expect((trusted.json() as any).hooks.find((hook: any) => hook.key === row.key)).toMatchObject({ runnable: true });
    expect(JSON.parse(readFileSync(join(home, '.hookd', 'trust.json'), 'utf8')).trusted).toHaveProperty(`workspace:${setup.workspace}`);
    const refused = await post(ui, 'disable', { key: row.key });
    expect(refused.status).toBe(400);
    expect(refused.json()).toHaveProperty('detail');
  });
});
