// Codex's per-hook trust (hook-systems §3.2) through the built sidecar and the built CLI, with real files in a scratch
// home: an un-reviewed hook is skipped with a warning, review/trust (and `hookd hooks trust`) writes
// [hooks.state."<key>"] into $CODEX_HOME/config.toml keeping every other byte, disable/enable/revoke, a modified hook,
// and --dangerously-bypass-hook-trust. Keys and hashes are asserted against values derived here without hookd's code.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** Part engine serves review/revoke and `hookd hooks revoke`; until it is merged those checks do not run. */
const BYPASS_WARNING = 'dangerously bypassing hook trust review; untrusted hooks may run.';
const USER_CONFIG = '# my settings\nmodel = "gpt-5.4" # pinned\n\n[projects."/elsewhere"]\ntrust_level = "trusted"\n';

/** sha256 of the canonical identity, written out by hand as Codex's discovery.rs + version_for_toml produce it. */
function expectedHash(canonical: string): string {
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

type Scene = { root: string; home: string; workspace: string; codexHome: string; hooksPath: string; configPath: string; out: string; key: string; hash: string };

function scene(): Scene {
  const root = realpathSync(scratchDir('hookd-codex-trust-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  mkdirSync(workspace);
  const out = join(root, 'ran');
  const command = `echo ran >> '${out}'`;
  const hooksPath = join(codexHome, 'hooks.json');
  writeFileSync(hooksPath, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }, null, 2));
  const configPath = join(codexHome, 'config.toml');
  writeFileSync(configPath, USER_CONFIG);
  const canonical = `{"event_name":"pre_tool_use","hooks":[{"async":false,"command":${JSON.stringify(command)},"timeout":600,"type":"command"}],"matcher":"Bash"}`;
  return { root, home, workspace, codexHome, hooksPath, configPath, out, key: `${hooksPath}:pre_tool_use:0:0`, hash: expectedHash(canonical) };
}

function cleanEnv(): NodeJS.ProcessEnv {
  const { CODEX_HOME: _home, ...rest } = process.env;
  return rest;
}

async function start(s: Scene, args: string[] = []) {
  const sidecar = new Sidecar('ndjson', args, cleanEnv());
  open.push(sidecar);
  const notified: RpcMessage[] = [];
  sidecar.onMessage((message) => message.method === 'hooks/reviewWarnings' && notified.push(message));
  await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'codex-trust', version: '1' }, dialect: 'codex', workspace: s.workspace, home: s.home });
  const runs = async () => {
    await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    return existsSync(s.out) ? readFileSync(s.out, 'utf8').split('\n').filter(Boolean).length : 0;
  };
  return { sidecar, notified, runs };
}

describe('codex trust (built sidecar): §3.2 "new or changed hooks are skipped until trusted"', () => {
  it('untrusted → skipped with a warning; review/trust writes Codex\'s table into config.toml (other bytes kept) and it runs', async () => {
    const s = scene();
    const { sidecar, notified, runs } = await start(s);
    expect(await runs()).toBe(0);
    expect(notified[0]?.params).toMatchObject({ reviewRequiredCount: 1, trustBypassActive: false });
    const listing = await sidecar.request('review/list');
    expect(listing.hooks).toHaveLength(1);
    expect(listing.hooks[0]).toMatchObject({ key: s.key, currentHash: s.hash, trustStatus: 'untrusted', runnable: false });

    const trusted = await sidecar.request('review/trust', { key: s.key });
    expect(trusted.hooks[0]).toMatchObject({ trustStatus: 'trusted', runnable: true });
    expect(readFileSync(s.configPath, 'utf8')).toBe(`${USER_CONFIG}\n[hooks.state."${s.key}"]\nenabled = true\ntrusted_hash = "${s.hash}"\n`);
    expect(await runs()).toBe(1);
  });

  it('§3.2 "Runs if enabled && …": review/disable writes enabled = false in place; review/enable makes it run again', async () => {
    const s = scene();
    const { sidecar, runs } = await start(s);
    await sidecar.request('review/trust', { key: s.key });
    const afterTrust = readFileSync(s.configPath, 'utf8');
    expect(await runs()).toBe(1);

    expect((await sidecar.request('review/disable', { key: s.key })).hooks[0]).toMatchObject({ trustStatus: 'disabled', runnable: false });
    expect(readFileSync(s.configPath, 'utf8')).toBe(afterTrust.replace('enabled = true', 'enabled = false'));
    expect(await runs()).toBe(1);

    expect((await sidecar.request('review/enable', { key: s.key })).hooks[0]).toMatchObject({ trustStatus: 'trusted', runnable: true });
    expect(readFileSync(s.configPath, 'utf8')).toBe(afterTrust);
    expect(await runs()).toBe(2);
  });

  it('review/revoke removes only trusted_hash: the hook is untrusted and skipped', async () => {
    const s = scene();
    const { sidecar, runs } = await start(s);
    await sidecar.request('review/trust', { key: s.key });
    const afterTrust = readFileSync(s.configPath, 'utf8');
    expect(await runs()).toBe(1);
    expect((await sidecar.request('review/revoke', { key: s.key })).hooks[0]).toMatchObject({ trustStatus: 'untrusted', runnable: false });
    expect(readFileSync(s.configPath, 'utf8')).toBe(afterTrust.replace(`trusted_hash = "${s.hash}"\n`, ''));
    expect(await runs()).toBe(1);
  });

  it('§3.2 "Modified (hash differs)": editing a trusted hook\'s command makes it modified and skipped until trusted again', async () => {
    const s = scene();
    const { sidecar, runs } = await start(s);
    await sidecar.request('review/trust', { key: s.key });
    expect(await runs()).toBe(1);
    const command = `echo ran >> '${s.out}'; true`;
    writeFileSync(s.hooksPath, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }));
    const modified = expectedHash(`{"event_name":"pre_tool_use","hooks":[{"async":false,"command":${JSON.stringify(command)},"timeout":600,"type":"command"}],"matcher":"Bash"}`);
    let row: { trustStatus?: string; currentHash?: string } = {};
    expect(
      await waitUntil(async () => {
        row = (await sidecar.request('review/list')).hooks[0] ?? {};
        return row.trustStatus === 'modified';
      }, 15_000),
    ).toBe(true);
    expect(row.currentHash).toBe(modified);
    expect(await runs()).toBe(1);
    await sidecar.request('review/trust', { key: s.key });
    expect(readFileSync(s.configPath, 'utf8')).toContain(`trusted_hash = "${modified}"`);
    expect(await runs()).toBe(2);
  });

  it('observed 16 + §3.2: a trusted project\'s .codex/hooks.json hook is reviewed like a user one; its trust goes into the user config.toml', async () => {
    const s = scene();
    writeFileSync(s.hooksPath, JSON.stringify({ hooks: {} }));
    const projectOut = join(s.root, 'project-ran');
    const command = `echo ran >> '${projectOut}'`;
    mkdirSync(join(s.workspace, '.codex'));
    const projectHooks = join(s.workspace, '.codex', 'hooks.json');
    writeFileSync(projectHooks, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command, timeout: 5 }] }] } }));
    const config = `${USER_CONFIG}\n[projects."${s.workspace}"]\ntrust_level = "trusted"\n`;
    writeFileSync(s.configPath, config);
    const key = `${projectHooks}:pre_tool_use:0:0`;
    const hash = expectedHash(`{"event_name":"pre_tool_use","hooks":[{"async":false,"command":${JSON.stringify(command)},"timeout":5,"type":"command"}]}`);
    const { sidecar } = await start(s);
    const ran = async () => {
      await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'Bash', toolInput: { command: 'ls' } });
      return existsSync(projectOut);
    };
    expect(await ran()).toBe(false);
    expect((await sidecar.request('review/list')).hooks).toMatchObject([{ key, currentHash: hash, trustStatus: 'untrusted', source: 'project' }]);
    await sidecar.request('review/trust', { key });
    expect(readFileSync(s.configPath, 'utf8')).toBe(`${config}\n[hooks.state."${key}"]\nenabled = true\ntrusted_hash = "${hash}"\n`);
    expect(await ran()).toBe(true);
  });

  it('a config.toml hookd cannot parse: review/trust fails naming the file, which is left byte-identical', async () => {
    const s = scene();
    const broken = `${USER_CONFIG}[features\n`;
    writeFileSync(s.configPath, broken);
    const { sidecar } = await start(s);
    const error = await sidecar.request('review/trust', { key: s.key }).then(
      () => undefined,
      (failure: unknown) => failure as { message?: string },
    );
    expect(error?.message ?? String(error)).toContain(s.configPath);
    expect(readFileSync(s.configPath, 'utf8')).toBe(broken);
  });
});

describe('codex trust (built sidecar): §3.2 "--dangerously-bypass-hook-trust bypasses for one invocation (still respects disabled state)"', () => {
  it('the untrusted hook runs with the bypass warning on stderr and as hooks/reviewWarnings; config.toml untouched', async () => {
    const s = scene();
    const { sidecar, notified, runs } = await start(s, ['--dangerously-bypass-hook-trust']);
    expect(await runs()).toBe(1);
    expect(notified[0]?.params).toMatchObject({ warnings: [BYPASS_WARNING], trustBypassActive: true });
    expect(await waitUntil(() => sidecar.stderr.includes(`Warning: ${BYPASS_WARNING}`), 10_000)).toBe(true);
    expect(readFileSync(s.configPath, 'utf8')).toBe(USER_CONFIG);
  });

  it('a disabled hook stays off under the bypass (initialize option dangerouslyBypassHookTrust)', async () => {
    const s = scene();
    writeFileSync(s.configPath, `${USER_CONFIG}\n[hooks.state."${s.key}"]\nenabled = false\n`);
    const sidecar = new Sidecar('ndjson', [], cleanEnv());
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'codex-trust', version: '1' }, dialect: 'codex', workspace: s.workspace, home: s.home, options: { dangerouslyBypassHookTrust: true } });
    await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(existsSync(s.out)).toBe(false);
    expect((await sidecar.request('review/list')).hooks[0]).toMatchObject({ trustStatus: 'disabled', runnable: false });
  });
});

describe('codex trust (built CLI): hookd hooks trust / disable / revoke', () => {
  function hookd(args: string[]) {
    return spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', timeout: 30_000, env: cleanEnv() });
  }

  it('`hookd hooks trust <key>` writes the entry Codex reads; the listing then shows it trusted; disable (and, once served, revoke) edit it in place', () => {
    const s = scene();
    const flags = ['--dialect', 'codex', '--workspace', s.workspace, '--home', s.home];
    const listed = hookd(['hooks', ...flags, '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    const hooks = (JSON.parse(listed.stdout) as { hooks: Array<{ key: string; trust_status: string; current_hash?: string }> }).hooks;
    expect(hooks.map((hook) => [hook.key, hook.trust_status])).toEqual([[s.key, 'untrusted']]);

    const trusted = hookd(['hooks', 'trust', s.key, ...flags]);
    expect(trusted.status, trusted.stderr).toBe(0);
    expect(readFileSync(s.configPath, 'utf8')).toBe(`${USER_CONFIG}\n[hooks.state."${s.key}"]\nenabled = true\ntrusted_hash = "${s.hash}"\n`);
    const after = JSON.parse(hookd(['hooks', ...flags, '--json']).stdout) as { hooks: Array<{ trust_status: string }> };
    expect(after.hooks[0]?.trust_status).toBe('trusted');

    expect(hookd(['hooks', 'disable', s.key, ...flags]).status).toBe(0);
    expect(readFileSync(s.configPath, 'utf8')).toBe(`${USER_CONFIG}\n[hooks.state."${s.key}"]\nenabled = false\ntrusted_hash = "${s.hash}"\n`);
    const revoked = hookd(['hooks', 'revoke', s.key, ...flags]);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(readFileSync(s.configPath, 'utf8')).toBe(`${USER_CONFIG}\n[hooks.state."${s.key}"]\nenabled = false\n`);
  });
});
