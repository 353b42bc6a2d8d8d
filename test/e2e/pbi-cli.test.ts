// `hookd hooks` for the pbi dialect through the built CLI (dist/cli.js), as pbi-agent's `hooks` command: the review
// listing (text and --json, facts §13), trust/disable/enable persisted in hooks_state.json, unknown keys, managed
// hooks, --project-dir, the bypass never applied; and `hookd hooks` for a dialect without per-hook review (claude).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

// The timeout only turns a hang into a failure; no test asserts a duration.
function hookd(args: string[], env: Record<string, string> = {}) {
  const { PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: _ignored, ...base } = process.env;
  return spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...base, ...env } });
}

/** The seed's example configuration (Configuration), as the project file. */
const SEED_EXAMPLE = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'shell|apply_patch',
        hooks: [{ type: 'command', command: 'python3 .agents/hooks/check_policy.py', timeout: 30, statusMessage: 'Checking policy' }],
      },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'python3 .agents/hooks/session_end.py' }] }],
  },
};

type Scene = { workspace: string; home: string; projectFile: string; statePath: string; flags: string[]; preKey: string; stopKey: string };

function scene(project: unknown = SEED_EXAMPLE): Scene {
  const workspace = realpathSync(makeWorkspace('hookd-pbi-cli-ws-'));
  const home = realpathSync(makeWorkspace('hookd-pbi-cli-home-'));
  mkdirSync(join(workspace, '.agents'));
  const projectFile = join(workspace, '.agents', 'hooks.json');
  writeFileSync(projectFile, typeof project === 'string' ? project : JSON.stringify(project, null, 2));
  return {
    workspace,
    home,
    projectFile,
    statePath: join(home, '.pbi-agent', 'hooks_state.json'),
    flags: ['--dialect', 'pbi', '--workspace', workspace, '--home', home],
    preKey: `project:${projectFile}:PreToolUse:shell|apply_patch:sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7:1`,
    stopKey: `project:${projectFile}:Stop::sha256:781551ee6cccca781b5ecf246bd7f76b5de49fa76f02185dc7e140c1133c243e:1`,
  };
}

const PRE_HASH = 'sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f';
const STOP_HASH = 'sha256:f1b0ab3b19f265153080b06574aba983b3bfc1886626c68dc29378eab4d9e474';
const REVIEW_LINE = 'Review: use `hookd hooks trust <hook-key>` after inspecting a hook, or manage hooks in the web Settings → Hooks browser (`hookd ui`).';

type CliHook = Record<string, unknown> & { key: string; trust_status: string };
const listJson = (s: Scene, extra: string[] = [], env: Record<string, string> = {}) => {
  const result = hookd(['hooks', ...s.flags, ...extra, '--json'], env);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { hooks: CliHook[]; diagnostics: string[] };
};
const statusOf = (s: Scene, key: string) => listJson(s).hooks.find((hook) => hook.key === key)?.trust_status;

describe('pbi: hookd hooks (the review listing)', () => {
  it('"Review hooks with either: pbi-agent hooks": one block per hook with its key and hash, then the Review line; exit 0', () => {
    const s = scene();
    const result = hookd(['hooks', ...s.flags]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        'PreToolUse [untrusted] matcher=shell|apply_patch source=project',
        '  command: python3 .agents/hooks/check_policy.py',
        `  key: ${s.preKey}`,
        `  hash: ${PRE_HASH}`,
        '  status: Checking policy',
        '  timeout: 30s',
        'Stop [untrusted] matcher=* source=project',
        '  command: python3 .agents/hooks/session_end.py',
        `  key: ${s.stopKey}`,
        `  hash: ${STOP_HASH}`,
        '  timeout: 600s',
        '',
        REVIEW_LINE,
        '',
      ].join('\n'),
    );
    // pbi-agent hooks prints no warning; nothing was written.
    expect(result.stderr).toBe('');
    expect(existsSync(s.statePath)).toBe(false);
  });

  it('--json is pbi-agent\'s shape: {"hooks", "diagnostics"}, each hook\'s keys in its order, non-ASCII escaped', () => {
    const s = scene({ hooks: { UserPromptSubmit: [{ matcher: '  *  ', hooks: [{ command: "  echo 'héllo ✓'  ", statusMessage: 'Prüfe ✓', timeout: '45' }] }] } });
    const result = hookd(['hooks', ...s.flags, '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^[\x00-\x7f]*$/);
    expect(result.stdout).toContain('"status_message": "Pr\\u00fcfe \\u2713"');
    const parsed = JSON.parse(result.stdout) as { hooks: CliHook[]; diagnostics: string[] };
    expect(Object.keys(parsed)).toEqual(['hooks', 'diagnostics']);
    expect(parsed.diagnostics).toEqual([]);
    const [hook] = parsed.hooks;
    expect(Object.keys(hook!)).toEqual(['key', 'event', 'matcher', 'command', 'source', 'source_path', 'status_message', 'timeout', 'trust_status', 'current_hash', 'enabled', 'managed', 'diagnostics', 'runnable']);
    expect(hook).toMatchObject({
      key: `project:${s.projectFile}:UserPromptSubmit:*:sha256:fac991cf4498b78b49242315ca74b0bcac515d7d5377a6ce075d78c7a8c77e9e:1`,
      event: 'UserPromptSubmit',
      matcher: '  *  ',
      command: "  echo 'héllo ✓'  ",
      source: 'project',
      source_path: s.projectFile,
      status_message: 'Prüfe ✓',
      timeout: 45,
      trust_status: 'untrusted',
      current_hash: 'sha256:67f972a6645da271c1696c3d21e80ecc8f389478e9b49658e31022ba71ca8f91',
      enabled: true,
      managed: false,
      runnable: false,
    });
    expect(result.stdout.startsWith('{\n  "hooks": [\n    {\n      "key": ')).toBe(true);
  });

  it('with no hooks prints "No hooks discovered." (and --json {"hooks": [], "diagnostics": []})', () => {
    const s = scene({ hooks: {} });
    const text = hookd(['hooks', ...s.flags]);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe('No hooks discovered.\n');
    expect(text.stderr).toBe('');
    const json = hookd(['hooks', ...s.flags, '--json']);
    expect(json.stdout).toBe('{\n  "hooks": [],\n  "diagnostics": []\n}\n');
  });

  it('"Unsupported prompt, agent, and async: true handlers are parsed as diagnostics and skipped": on stderr under "Diagnostics:", also when no hook is left', () => {
    const s = scene({ hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'judge' }, { type: 'command', command: 'true', async: true }] }] } });
    const result = hookd(['hooks', ...s.flags]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('No hooks discovered.\n');
    expect(result.stderr.startsWith('\nDiagnostics:\n- ')).toBe(true);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(s.projectFile);
    expect(listJson(s).diagnostics).toHaveLength(2);
  });

  it('--project-dir DIR is --workspace DIR (pbi-agent\'s name)', () => {
    const s = scene();
    const viaProjectDir = hookd(['hooks', '--dialect', 'pbi', '--project-dir', s.workspace, '--home', s.home]);
    expect(viaProjectDir.status, viaProjectDir.stderr).toBe(0);
    expect(viaProjectDir.stdout).toBe(hookd(['hooks', ...s.flags]).stdout);
    expect(viaProjectDir.stdout).toContain(s.preKey);
    const both = hookd(['hooks', '--dialect', 'pbi', '--project-dir', s.workspace, '--workspace', s.home, '--home', s.home]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/^hookd: --project-dir/);
  });
});

describe('pbi: hookd hooks trust|disable|enable <hook-key>', () => {
  it("\"pbi-agent hooks trust '<hook-key>'\": prints Trusted hook: <Event> <command> and writes exactly {enabled: true, trusted_hash} in hooks_state.json", () => {
    const s = scene();
    const result = hookd(['hooks', 'trust', s.preKey, ...s.flags]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('Trusted hook: PreToolUse python3 .agents/hooks/check_policy.py\n');
    expect(readFileSync(s.statePath, 'utf8')).toBe(`{\n  "state": {\n    "${s.preKey}": {\n      "enabled": true,\n      "trusted_hash": "${PRE_HASH}"\n    }\n  }\n}\n`);
    expect(statusOf(s, s.preKey)).toBe('trusted');
    expect(statusOf(s, s.stopKey)).toBe('untrusted');
    expect(hookd(['hooks', ...s.flags]).stdout).toContain('PreToolUse [trusted] matcher=shell|apply_patch source=project\n');
  });

  it("\"pbi-agent hooks disable '<hook-key>'\" and \"pbi-agent hooks enable '<hook-key>'\": persisted; enable keeps the trusted hash", () => {
    const s = scene();
    expect(hookd(['hooks', 'trust', s.stopKey, ...s.flags]).status).toBe(0);
    const disabled = hookd(['hooks', 'disable', s.stopKey, ...s.flags]);
    expect(disabled.status, disabled.stderr).toBe(0);
    expect(disabled.stdout).toBe('Disabled hook: Stop python3 .agents/hooks/session_end.py\n');
    expect(JSON.parse(readFileSync(s.statePath, 'utf8'))).toEqual({ state: { [s.stopKey]: { enabled: false, trusted_hash: STOP_HASH } } });
    expect(statusOf(s, s.stopKey)).toBe('disabled');
    const enabled = hookd(['hooks', 'enable', s.stopKey, ...s.flags]);
    expect(enabled.status, enabled.stderr).toBe(0);
    expect(enabled.stdout).toBe('Enabled hook: Stop python3 .agents/hooks/session_end.py\n');
    expect(statusOf(s, s.stopKey)).toBe('trusted');
  });

  it('"Formatting changes to JSON do not invalidate trust, but command, matcher, timeout, status message, or managed-policy changes do": a timeout edit shows modified', () => {
    const s = scene();
    expect(hookd(['hooks', 'trust', s.preKey, ...s.flags]).status).toBe(0);
    writeFileSync(s.projectFile, JSON.stringify(SEED_EXAMPLE)); // reformatted only
    expect(statusOf(s, s.preKey)).toBe('trusted');
    const edited = structuredClone(SEED_EXAMPLE);
    edited.hooks.PreToolUse[0]!.hooks[0]!.timeout = 31;
    writeFileSync(s.projectFile, JSON.stringify(edited, null, 2));
    expect(statusOf(s, s.preKey)).toBe('modified');
  });

  it('keeps every other entry of hooks_state.json as it was', () => {
    const s = scene();
    mkdirSync(join(s.home, '.pbi-agent'));
    writeFileSync(s.statePath, JSON.stringify({ state: { 'global:/elsewhere:Stop::sha256:1:1': { enabled: true, trusted_hash: 'sha256:1', note: 'mine' }, garbage: 'not-a-dict' } }));
    expect(hookd(['hooks', 'trust', s.preKey, ...s.flags]).status).toBe(0);
    const state = (JSON.parse(readFileSync(s.statePath, 'utf8')) as { state: Record<string, unknown> }).state;
    expect(state['global:/elsewhere:Stop::sha256:1:1']).toEqual({ enabled: true, trusted_hash: 'sha256:1', note: 'mine' });
    expect(state['garbage']).toBe('not-a-dict');
    expect(state[s.preKey]).toEqual({ enabled: true, trusted_hash: PRE_HASH });
  });

  it('an unknown key: stderr "Error: hook not found: <key>", exit 1, nothing written', () => {
    const s = scene();
    for (const action of ['trust', 'disable', 'enable']) {
      const result = hookd(['hooks', action, 'project:/nope:Stop::sha256:0:1', ...s.flags]);
      expect(result.status, action).toBe(1);
      expect(result.stderr).toBe('Error: hook not found: project:/nope:Stop::sha256:0:1\n');
      expect(result.stdout).toBe('');
    }
    expect(existsSync(s.statePath)).toBe(false);
  });

  it('a missing key or a second argument is a usage error (exit 2)', () => {
    const s = scene();
    for (const args of [['hooks', 'trust'], ['hooks', 'disable'], ['hooks', 'enable', s.preKey, 'extra'], ['hooks', 'trust', s.preKey, '--json']]) {
      const result = hookd([...args, ...s.flags]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^hookd: /);
      expect(result.stdout).toBe('');
    }
  });
});

describe('pbi: the CLI and the dangerous bypass', () => {
  it('"PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST=1" does not change what hookd hooks shows: real statuses, not runnable, nothing written', () => {
    const s = scene();
    const text = hookd(['hooks', ...s.flags], { PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' });
    expect(text.stdout).toContain('PreToolUse [untrusted]');
    expect(text.stderr).toBe('');
    const json = listJson(s, [], { PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' });
    expect(json.hooks.map((hook) => [hook.trust_status, hook.runnable])).toEqual([
      ['untrusted', false],
      ['untrusted', false],
    ]);
    expect(existsSync(s.statePath)).toBe(false);
  });

  it('--dangerously-bypass-hook-trust is not an option of hookd hooks', () => {
    const s = scene();
    const result = hookd(['hooks', ...s.flags, '--dangerously-bypass-hook-trust']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('pbi: managed hooks in the CLI', () => {
  function managedScene() {
    const s = scene();
    const policy = join(makeWorkspace('hookd-pbi-cli-policy-'), 'managed-hooks.json');
    writeFileSync(policy, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'python3 .agents/hooks/required_policy.py', managed: true }] }] } }, null, 2));
    return { ...s, flags: [...s.flags, '--managed-hooks', policy] };
  }

  it('"Managed hooks from trusted policy sources run without user trust state": listed [managed managed], trust needs no action', () => {
    const s = managedScene();
    const text = hookd(['hooks', ...s.flags]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('Stop [managed managed] matcher=* source=managed\n  command: python3 .agents/hooks/required_policy.py\n');
    const managed = listJson(s).hooks.find((hook) => hook.source === 'managed')!;
    expect(managed).toMatchObject({ trust_status: 'managed', managed: true, runnable: true, enabled: true });
    const trust = hookd(['hooks', 'trust', managed.key, ...s.flags]);
    expect(trust.status).toBe(0);
    expect(trust.stdout).toBe('Managed hooks are trusted by policy; no action needed.\n');
    expect(existsSync(s.statePath)).toBe(false);
  });

  it('"cannot be disabled through the normal CLI/API/UI controls": disable/enable exit 2 with an error, nothing written', () => {
    const s = managedScene();
    const managed = listJson(s).hooks.find((hook) => hook.source === 'managed')!;
    for (const action of ['disable', 'enable']) {
      const result = hookd(['hooks', action, managed.key, ...s.flags]);
      expect(result.status, action).toBe(2);
      expect(result.stderr).toBe('Error: managed hooks cannot be disabled or enabled manually.\n');
      expect(result.stdout).toBe('');
    }
    expect(existsSync(s.statePath)).toBe(false);
    expect(statusOf(s, managed.key)).toBe('managed');
  });
});

describe('hookd hooks for a dialect without per-hook review (claude)', () => {
  function claudeScene() {
    const workspace = realpathSync(makeWorkspace('hookd-pbi-cli-claude-ws-'));
    const home = realpathSync(makeWorkspace('hookd-pbi-cli-claude-home-'));
    mkdirSync(join(workspace, '.claude'));
    writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard' }] }] } }));
    return { workspace, home, flags: ['--dialect', 'claude', '--workspace', workspace, '--home', home] };
  }

  it('lists the hooks in the same layout, keyed by hook id', () => {
    const s = claudeScene();
    const result = hookd(['hooks', ...s.flags]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^PreToolUse \[\w+\] matcher=Bash source=\S+\n  command: echo guard\n  key: \S+\n/);
    expect(result.stdout).toContain(REVIEW_LINE);
  });

  it('hookd hooks list and hookd hooks enable|disable <name> keep working unchanged', () => {
    const s = claudeScene();
    const list = hookd(['hooks', 'list', ...s.flags]);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^claude: 1 hook\(s\)\n/);
    const id = list.stdout.split('\n')[1]!.trim().split(/\s+/)[0]!;
    const toggle = hookd(['hooks', 'disable', id, ...s.flags]);
    expect(toggle.stdout).toContain('hooks disable is a session toggle');
  });
});

describe('hookd hooks trust for a dialect trusted per file (bamboo)', () => {
  it('trusting a project row trusts its file\'s trust key in hookd\'s trust store; the listing then shows it trusted', () => {
    const workspace = realpathSync(makeWorkspace('hookd-pbi-cli-bamboo-ws-'));
    const home = realpathSync(makeWorkspace('hookd-pbi-cli-bamboo-home-'));
    const dataDir = join(home, '.bamboo');
    mkdirSync(dataDir);
    mkdirSync(join(workspace, '.bamboo'));
    writeFileSync(join(workspace, '.bamboo', 'hooks.json'), JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo project' }] }] } }));
    const env = { BAMBOO_DATA_DIR: dataDir };
    const flags = ['--dialect', 'bamboo', '--workspace', workspace, '--home', home];
    const list = () => {
      const result = hookd(['hooks', ...flags, '--json'], env);
      expect(result.status, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { hooks: CliHook[] }).hooks;
    };
    const [row] = list();
    expect(row).toMatchObject({ trust_status: 'untrusted', trust_key: `workspace:${workspace}`, runnable: false });
    const trusted = hookd(['hooks', 'trust', row!.key, ...flags], env);
    expect(trusted.status, trusted.stderr).toBe(0);
    expect(trusted.stdout).toBe('Trusted hook: PreToolUse echo project\n');
    const store = JSON.parse(readFileSync(join(home, '.hookd', 'trust.json'), 'utf8')) as { trusted: Record<string, unknown> };
    expect(Object.keys(store.trusted)).toEqual([`workspace:${workspace}`]);
    expect(list()[0]).toMatchObject({ trust_status: 'trusted', runnable: true });
  });
});
