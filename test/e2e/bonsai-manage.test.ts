// The seed's /hooks commands for the bonsai dialect, through the built sidecar (hooks/list, hooks/setEnabled,
// hooks/test) and the built CLI (`hookd hooks list|enable|disable|test --dialect bonsai`), against real
// `.bonsai/config.toml` files: a global (pre-trusted) one and a project one (shell/http hooks await approval).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

// The timeout only turns a hang into a failure; no test asserts a duration.
const hookd = (args: string[]) => spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

type Scene = { workspace: string; home: string; globalFile: string; projectFile: string; out: string };

/**
 * Global: audit-bash (PreBash, appends "audit" to out) on line 1, parked-post (enabled = false) on line 6,
 * migration-guard (PreFileWrite on migrations/**, saves its stdin) on line 12. Project: cargo-fmt (shell: awaits
 * approval) on line 1, bad-glob (invalid tool glob) on line 7, migration-review (llm_prompt: skips the gate) on line 13.
 */
function scene(): Scene {
  const workspace = makeWorkspace('hookd-bonsai-manage-ws-');
  const home = makeWorkspace('hookd-bonsai-manage-home-');
  const out = join(makeWorkspace('hookd-bonsai-manage-out-'), 'ran');
  mkdirSync(join(home, '.bonsai'));
  mkdirSync(join(workspace, '.bonsai'));
  const globalFile = join(home, '.bonsai', 'config.toml');
  const projectFile = join(workspace, '.bonsai', 'config.toml');
  writeFileSync(
    globalFile,
    [
      '[[hooks]]',
      'name = "audit-bash"',
      'event = "PreBash"',
      `action = { type = "shell", command = "cat > /dev/null; echo audit >> '${out}'" }`,
      '',
      '[[hooks]]',
      'name = "parked-post"',
      'event = "PreBash"',
      'enabled = false',
      `action = { type = "shell", command = "cat > /dev/null; echo parked >> '${out}'" }`,
      '',
      '[[hooks]]',
      'name = "migration-guard"',
      'event = "PreFileWrite"',
      'matcher = { path = "migrations/**" }',
      'blocking = true',
      `action = { type = "shell", command = "cat > '${out}.stdin'; echo guard >> '${out}'" }`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    projectFile,
    [
      '[[hooks]]',
      'name = "cargo-fmt"',
      'event = "PostFileWrite"',
      'matcher = { path = "**/*.rs" }',
      `action = { type = "shell", command = "echo fmt >> '${out}'" }`,
      '',
      '[[hooks]]',
      'name = "bad-glob"',
      'event = "PreToolUse"',
      'matcher = { tool = "[unclosed" }',
      'action = { type = "shell", command = "true" }',
      '',
      '[[hooks]]',
      'name = "migration-review"',
      'event = "PreFileWrite"',
      'blocking = true',
      'action = { type = "llm_prompt", prompt = "Block it only if it drops data." }',
      '',
    ].join('\n'),
  );
  return { workspace, home, globalFile, projectFile, out };
}

async function start(s: Scene): Promise<Sidecar> {
  const sidecar = new Sidecar();
  open.push(sidecar);
  await sidecar.initialize(s.workspace, { dialect: 'bonsai', home: s.home, options: { watch: false, trustStorePath: join(s.home, 'trust.json') } });
  return sidecar;
}

const bash = { session: { id: 'bonsai-manage' }, toolName: 'bash', toolInput: { command: 'ls' }, command: 'ls' };
const named = (hooks: Array<{ name?: string }>, name: string) => hooks.find((hook) => hook.name === name) as any;

describe('bonsai management through the built sidecar', () => {
  it('"/hooks — status for every configured hook (state, provenance)."', async () => {
    const s = scene();
    const sidecar = await start(s);
    const { hooks } = await sidecar.request('hooks/list');
    expect(hooks.map((hook: { name?: string }) => hook.name)).toEqual(['audit-bash', 'parked-post', 'migration-guard', 'cargo-fmt', 'bad-glob', 'migration-review']);
    expect(named(hooks, 'audit-bash')).toMatchObject({ state: 'active', enabled: true, provenance: { scope: 'user', file: s.globalFile, line: 1 } });
    expect(named(hooks, 'parked-post')).toMatchObject({ state: 'parked', enabled: false, provenance: { scope: 'user', file: s.globalFile, line: 6 } });
    expect(named(hooks, 'parked-post').stateReason).toContain('enabled = false');
    expect(named(hooks, 'cargo-fmt')).toMatchObject({ state: 'awaiting_approval', enabled: false, provenance: { scope: 'project', file: s.projectFile, line: 1 } });
    expect(named(hooks, 'bad-glob')).toMatchObject({ state: 'invalid', enabled: false, event: 'PreToolUse', provenance: { scope: 'project', file: s.projectFile, line: 7 } });
    expect(named(hooks, 'bad-glob').stateReason).toContain('matcher.tool');
    // "llm_prompt hooks skip the gate"
    expect(named(hooks, 'migration-review')).toMatchObject({ state: 'active', provenance: { scope: 'project', line: 13 } });
  });

  it('"Until answered, /hooks shows the entry as awaiting approval and it does not fire." (hooks/test does not fire it either)', async () => {
    const s = scene();
    const sidecar = await start(s);
    const tested = await sidecar.request('hooks/test', { name: 'cargo-fmt' });
    expect(tested.hook.state).toBe('awaiting_approval');
    expect(tested.notRun).toContain('awaiting approval');
    expect(tested.result).toBeUndefined();
    expect(lines(s.out)).toEqual([]);
    // Approved (here with trust/set of its key, for its current effect hash): it is active and hooks/test fires it.
    const key = named((await sidecar.request('hooks/list')).hooks, 'cargo-fmt').trustKey;
    await sidecar.request('trust/set', { key, trusted: true, persist: false });
    const approved = await sidecar.request('hooks/test', { name: 'cargo-fmt' });
    expect(approved.hook.state).toBe('active');
    expect(approved.result.runs).toHaveLength(1);
    expect(lines(s.out)).toEqual(['fmt']);
  });

  it('"/hooks enable|disable <name> — session toggle (edit enabled in config to persist)."', async () => {
    const s = scene();
    const sidecar = await start(s);
    await sidecar.request('hooks/PreBash', bash);
    expect(lines(s.out)).toEqual(['audit']);

    const off = await sidecar.request('hooks/setEnabled', { name: 'audit-bash', enabled: false });
    expect(off.hook).toMatchObject({ name: 'audit-bash', state: 'disabled', sessionEnabled: false });
    expect(off.persist).toContain('enabled = false');
    expect(off.persist).toContain(s.globalFile);
    await sidecar.request('hooks/PreBash', bash);
    expect(lines(s.out)).toEqual(['audit']);
    // The toggle is the session's: a reload keeps it (by name), and the config file is untouched.
    const before = readFileSync(s.globalFile, 'utf8');
    const reloaded = await sidecar.request('hooks/reload');
    expect(named(reloaded.hooks, 'audit-bash').state).toBe('disabled');
    expect(readFileSync(s.globalFile, 'utf8')).toBe(before);

    // A parked entry turned on for the session fires; the other turned back on fires again.
    const parked = await sidecar.request('hooks/setEnabled', { name: 'parked-post', enabled: true });
    expect(parked.hook).toMatchObject({ state: 'active', sessionEnabled: true });
    expect(parked.persist).toContain('enabled = true');
    await sidecar.request('hooks/setEnabled', { name: 'audit-bash', enabled: true });
    await sidecar.request('hooks/PreBash', bash);
    expect(lines(s.out).slice(1).sort()).toEqual(['audit', 'parked']);

    // A fresh hookd process starts from the configuration again.
    await sidecar.close();
    const next = await start(s);
    expect(named((await next.request('hooks/list')).hooks, 'parked-post').state).toBe('parked');
  });

  it('"/hooks test <name> — fire once with a synthetic payload and print the decision, without waiting for a real match."', async () => {
    const s = scene();
    const sidecar = await start(s);
    // Its path glob is migrations/**; the synthetic PreFileWrite writes src/main.rs: no real match, fired anyway.
    const tested = await sidecar.request('hooks/test', { name: 'migration-guard' });
    expect(tested.event).toBe('PreFileWrite');
    expect(tested.result.runs).toHaveLength(1);
    expect(tested.result.runs[0]).toMatchObject({ hookId: 'global:migration-guard', exitCode: 0 });
    expect(typeof tested.result.decision).toBe('string');
    expect(tested.result.notes.join('\n')).toContain('migrations/**');
    expect(lines(s.out)).toEqual(['guard']);
    const stdin = JSON.parse(readFileSync(`${s.out}.stdin`, 'utf8'));
    expect(stdin.event).toBe('PreFileWrite');
    expect(tested.input).toEqual(stdin);
    // A real PreFileWrite of src/main.rs does not match it.
    const real = await sidecar.request('hooks/PreFileWrite', { session: { id: 'bonsai-manage' }, toolName: 'write', files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'a\n', newContent: 'b\n' }] });
    expect(real.runs.some((run: { hookId: string }) => run.hookId === 'global:migration-guard')).toBe(false);
    expect(lines(s.out)).toEqual(['guard']);
  });

  it('an invalid entry can be neither toggled nor tested; it is named with its error', async () => {
    const s = scene();
    const sidecar = await start(s);
    const toggled = await sidecar.call('hooks/setEnabled', { name: 'bad-glob', enabled: false });
    expect(toggled.error?.code).toBe(-32602);
    expect(toggled.error?.message).toContain('did not load');
    const tested = await sidecar.request('hooks/test', { name: 'bad-glob' });
    expect(tested.notRun).toContain('invalid');
    expect(tested.hook).toMatchObject({ state: 'invalid', provenance: { line: 7 } });
  });
});

describe('bonsai management through the built CLI (hookd hooks ... --dialect bonsai)', () => {
  const flags = (s: Scene) => ['--dialect', 'bonsai', '--workspace', s.workspace, '--home', s.home];

  it('"/hooks — status for every configured hook (state, provenance)." (hookd hooks list)', () => {
    const s = scene();
    const listed = hookd(['hooks', 'list', ...flags(s)]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`audit-bash  PreBash  active  user ${s.globalFile}:1`);
    expect(listed.stdout).toContain(`parked-post  PreBash  parked  user ${s.globalFile}:6`);
    expect(listed.stdout).toContain(`cargo-fmt  PostFileWrite  awaiting approval  project ${s.projectFile}:1`);
    expect(listed.stdout).toContain(`bad-glob  PreToolUse  invalid  project ${s.projectFile}:7 — matcher.tool`);
    const json = JSON.parse(hookd(['hooks', 'list', '--json', ...flags(s)]).stdout);
    expect(named(json.hooks, 'migration-review')).toMatchObject({ state: 'active', provenance: { scope: 'project', line: 13 } });
  });

  it('"/hooks enable|disable <name> — session toggle (edit enabled in config to persist)." (hookd hooks enable|disable)', () => {
    const s = scene();
    const before = readFileSync(s.globalFile, 'utf8');
    const disable = hookd(['hooks', 'disable', 'audit-bash', ...flags(s)]);
    expect(disable.status).toBe(1);
    expect(disable.stdout).toContain('session toggle');
    expect(disable.stdout).toContain('nothing was changed');
    expect(disable.stdout).toContain(`set enabled = false in its [[hooks]] table (name = "audit-bash") in ${s.globalFile}, line 1`);
    const already = hookd(['hooks', 'disable', 'parked-post', ...flags(s)]);
    expect(already.status).toBe(0);
    expect(already.stdout).toContain('parked');
    const enable = hookd(['hooks', 'enable', 'parked-post', ...flags(s)]);
    expect(enable.status).toBe(1);
    expect(enable.stdout).toContain('set enabled = true');
    expect(readFileSync(s.globalFile, 'utf8')).toBe(before);
    const unknown = hookd(['hooks', 'disable', 'no-such', ...flags(s)]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no hook named "no-such"');
  });

  it('"/hooks test <name> — fire once with a synthetic payload and print the decision, without waiting for a real match." (hookd hooks test)', () => {
    const s = scene();
    const tested = hookd(['hooks', 'test', 'migration-guard', ...flags(s)]);
    expect(tested.status).toBe(0);
    expect(tested.stdout).toMatch(/^decision: /m);
    expect(tested.stdout).toContain('"event":"PreFileWrite"');
    expect(tested.stdout).toContain('without checking its matcher { path = "migrations/**" }');
    expect(lines(s.out)).toEqual(['guard']);
    // Not approved: not fired, exit 1.
    const waiting = hookd(['hooks', 'test', 'cargo-fmt', ...flags(s)]);
    expect(waiting.status).toBe(1);
    expect(waiting.stdout).toContain('not fired');
    expect(lines(s.out)).toEqual(['guard']);
    // A hook that fails: exit 1.
    writeFileSync(join(s.home, '.bonsai', 'config.toml'), '[[hooks]]\nname = "broken"\nevent = "PreBash"\naction = { type = "shell", command = "exit 7" }\n');
    const broken = hookd(['hooks', 'test', 'broken', ...flags(s)]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('exit 7');
  });

  it('usage errors exit 2 with a message on stderr', () => {
    const s = scene();
    for (const args of [['hooks', 'trust'], ['hooks', 'frobnicate'], ['hooks', 'test'], ['hooks', 'enable', 'a', 'b'], ['hooks', 'disable', 'audit-bash', '--tool', 'x']]) {
      const result = hookd([...args, ...flags(s)]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^hookd: /);
      expect(result.stdout).toBe('');
    }
  });
});
