import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { DEFAULT_MANAGED_SETTINGS_PATH, settingsSources } from '../../../src/dialects/claude/sources.js';
import type { CommandHandler, HookSpec, LoadContext, LoadResult } from '../../../src/engine/dialect.js';
import { EVENT_NAMES, type Diagnostic } from '../../../src/protocol/index.js';
import { tempTree, writeTree } from './outcome.js';

function commandOf(hook: HookSpec): CommandHandler {
  if (hook.handler.type !== 'command') throw new Error(`${hook.id} is not a command hook`);
  return hook.handler;
}

type Files = { managed?: unknown; user?: unknown; project?: unknown; local?: unknown };

/** A home, a workspace and a managed file in one temp dir; settings written where Claude Code looks. */
function setup(files: Files): { context: LoadContext; root: string; paths: Record<keyof Files, string> } {
  const root = tempTree();
  const paths = {
    managed: join(root, 'etc', 'managed-settings.json'),
    user: join(root, 'home', '.claude', 'settings.json'),
    project: join(root, 'ws', '.claude', 'settings.json'),
    local: join(root, 'ws', '.claude', 'settings.local.json'),
  };
  const tree: Record<string, unknown> = {};
  for (const key of Object.keys(files) as (keyof Files)[]) tree[paths[key].slice(root.length + 1)] = files[key];
  const context: LoadContext = { workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: paths.managed };
  writeTree(root, tree);
  return { context, root, paths };
}

function load(files: Files): LoadResult & { paths: Record<keyof Files, string>; workspace: string } {
  const { context, paths } = setup(files);
  return { ...claudeDialect.load(context), paths, workspace: context.workspace };
}

const command = (cmd: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: cmd, ...more });
const settings = (event: string, groups: unknown[]) => ({ hooks: { [event]: groups } });
const one = (event: string, cmd: string, matcher?: string) =>
  settings(event, [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [command(cmd)] }]);

const ids = (result: LoadResult): string[] => result.hooks.map((h) => h.id);
const byCode = (result: LoadResult, code: string): Diagnostic[] => result.diagnostics.filter((d) => d.code === code);
const onlyHook = (result: LoadResult): HookSpec => {
  expect(result.hooks).toHaveLength(1);
  return result.hooks[0] as HookSpec;
};

describe('claude dialect object', () => {
  it('is named claude, parallel, continues on Stop and SubagentStop, and handles all 33 Claude Code 2.1 events (the 31 of the hooks reference, PreModelSwitch and PostModelSwitch)', () => {
    expect(claudeDialect.name).toBe('claude');
    expect(claudeDialect.execution).toBe('parallel');
    expect(claudeDialect.continuationEvents).toEqual(['Stop', 'SubagentStop']);
    expect(claudeDialect.events).toEqual(EVENT_NAMES.filter((event) => !['PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash', 'BeforeModel', 'AfterModel', 'BeforeToolSelection'].includes(event)));
    expect(claudeDialect.events).toHaveLength(33);
  });
});

describe('claude settings sources', () => {
  it('reads managed, user (~/.claude/settings.json), project (.claude/settings.json) and local (.claude/settings.local.json), in that order', () => {
    const result = load({
      managed: one('Stop', 'echo managed'),
      user: one('Stop', 'echo user'),
      project: one('Stop', 'echo project'),
      local: one('Stop', 'echo local'),
    });
    expect(result.diagnostics).toEqual([]);
    expect(ids(result)).toEqual(['managed:Stop[0].hooks[0]', 'user:Stop[0].hooks[0]', 'project:Stop[0].hooks[0]', 'local:Stop[0].hooks[0]']);
    expect(result.hooks.map((h) => [h.scope, h.source])).toEqual([
      ['managed', result.paths.managed],
      ['user', result.paths.user],
      ['project', result.paths.project],
      ['local', result.paths.local],
    ]);
    expect(result.sources).toEqual([result.paths.managed, result.paths.user, result.paths.project, result.paths.local]);
  });

  it('hook entries are additive across levels (no level replaces another\'s hooks)', () => {
    const result = load({ user: one('PreToolUse', 'a', 'Bash'), project: one('PreToolUse', 'b', 'Bash') });
    expect(result.hooks.map((h) => commandOf(h).command)).toEqual(['a', 'b']);
  });

  it('a missing file is not an error', () => {
    const result = load({});
    expect(result).toMatchObject({ hooks: [], diagnostics: [] });
    expect(result.sources).toHaveLength(4);
  });

  it('the managed settings path defaults to /etc/claude-code/managed-settings.json', () => {
    const sources = settingsSources({ workspace: '/ws', home: '/home/u' });
    expect(sources).toEqual([
      { path: DEFAULT_MANAGED_SETTINGS_PATH, scope: 'managed', label: 'managed' },
      { path: '/home/u/.claude/settings.json', scope: 'user', label: 'user' },
      { path: '/ws/.claude/settings.json', scope: 'project', label: 'project' },
      { path: '/ws/.claude/settings.local.json', scope: 'local', label: 'local' },
    ]);
    expect(DEFAULT_MANAGED_SETTINGS_PATH).toBe('/etc/claude-code/managed-settings.json');
  });

  it('explicit sources: only those are read, each with its scope; a shared scope gets a #n suffix in ids', () => {
    const { context, root, paths } = setup({ project: one('Stop', 'discovered') });
    writeTree(root, { 'a.json': one('Stop', 'first'), 'b.json': one('Stop', 'second'), 'm.json': one('Stop', 'policy') });
    const result = claudeDialect.load({
      ...context,
      sources: [
        { path: join(root, 'a.json'), scope: 'explicit' },
        { path: join(root, 'm.json'), scope: 'managed' },
        { path: join(root, 'b.json'), scope: 'explicit' },
      ],
    });
    expect(ids(result)).toEqual(['explicit#1:Stop[0].hooks[0]', 'managed:Stop[0].hooks[0]', 'explicit#2:Stop[0].hooks[0]']);
    expect(result.hooks.map((h) => h.scope)).toEqual(['explicit', 'managed', 'explicit']);
    expect(result.sources).not.toContain(paths.project);
  });
});

describe('claude settings diagnostics', () => {
  it('invalid JSON is an error naming the file, line and column; the other files still load', () => {
    const result = load({ user: '{\n  "hooks": {\n    "Stop": [,]\n  }\n}', project: one('Stop', 'still here') });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: result.paths.user, line: 3, column: 14, code: 'invalid-json' }),
    ]);
    expect(result.hooks.map((h) => commandOf(h).command)).toEqual(['still here']);
  });

  it('comments make a settings file invalid (Claude settings are plain JSON)', () => {
    const result = load({ project: '{\n  // hooks\n  "hooks": {}\n}' });
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', line: 2, column: 3 });
  });

  it('an unknown event name is a warning with field path and line; its groups are skipped, others load', () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ hooks: [command('ok')] }], BeforeTool: [{ hooks: [command('x')] }] } }, null, 2);
    const result = load({ project: text });
    expect(byCode(result, 'unknown-event')).toEqual([
      expect.objectContaining({ severity: 'warning', file: result.paths.project, field: 'hooks.BeforeTool', line: 13, message: 'unknown event "BeforeTool"; its hooks are skipped' }),
    ]);
    expect(result.hooks.map((h) => commandOf(h).command)).toEqual(['ok']);
  });

  it('PreModelSwitch and PostModelSwitch (once not dispatched) load like any event: no unknown-event warning', () => {
    const result = load({ project: JSON.stringify({ hooks: { PreModelSwitch: [{ hooks: [command('pre')] }], PostModelSwitch: [{ hooks: [command('post')] }] } }) });
    expect(byCode(result, 'unknown-event')).toEqual([]);
    expect(result.hooks.map((h) => [h.event, commandOf(h).command])).toEqual([
      ['PreModelSwitch', 'pre'],
      ['PostModelSwitch', 'post'],
    ]);
  });

  it('a wrongly typed field names file, line and field path (hooks.PreToolUse[0].hooks[1].timeout); that entry is skipped', () => {
    const text = [
      '{',
      '  "hooks": {',
      '    "PreToolUse": [',
      '      {',
      '        "matcher": "Bash",',
      '        "hooks": [',
      '          { "type": "command", "command": "good" },',
      '          { "type": "command", "command": "bad", "timeout": "30" }',
      '        ]',
      '      }',
      '    ]',
      '  }',
      '}',
    ].join('\n');
    const result = load({ project: text });
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        message: 'handler field "timeout" must be a number of seconds; handler skipped',
        file: result.paths.project,
        line: 8,
        column: 50,
        field: 'hooks.PreToolUse[0].hooks[1].timeout',
        code: 'invalid-field',
      },
    ]);
    expect(ids(result)).toEqual(['project:PreToolUse[0].hooks[0]']);
  });

  it.each<[string, unknown, string, string]>([
    ['settings that are not an object', [1, 2], '(root)', 'invalid-settings'],
    ['"hooks" that is not an object', { hooks: [] }, 'hooks', 'invalid-field'],
    ['an event whose value is not an array', { hooks: { Stop: { hooks: [] } } }, 'hooks.Stop', 'invalid-field'],
    ['a matcher group that is not an object', { hooks: { Stop: ['echo'] } }, 'hooks.Stop[0]', 'invalid-field'],
    ['a matcher that is not a string', { hooks: { PreToolUse: [{ matcher: 5, hooks: [command('x')] }] } }, 'hooks.PreToolUse[0].matcher', 'invalid-field'],
    ['a group without a hooks array', { hooks: { PreToolUse: [{ matcher: 'Bash' }] } }, 'hooks.PreToolUse[0].hooks', 'invalid-field'],
    ['a handler that is not an object', { hooks: { Stop: [{ hooks: ['echo hi'] }] } }, 'hooks.Stop[0].hooks[0]', 'invalid-handler'],
    ['a handler without a type', { hooks: { Stop: [{ hooks: [{ command: 'x' }] }] } }, 'hooks.Stop[0].hooks[0].type', 'invalid-handler'],
    ['a command handler without a command', { hooks: { Stop: [{ hooks: [{ type: 'command' }] }] } }, 'hooks.Stop[0].hooks[0].command', 'invalid-field'],
    ['an empty command', { hooks: { Stop: [{ hooks: [command('')] }] } }, 'hooks.Stop[0].hooks[0].command', 'invalid-field'],
    ['a non-positive timeout', { hooks: { Stop: [{ hooks: [command('x', { timeout: 0 })] }] } }, 'hooks.Stop[0].hooks[0].timeout', 'invalid-field'],
    ['args that are not all strings', { hooks: { Stop: [{ hooks: [command('x', { args: ['a', 1] })] }] } }, 'hooks.Stop[0].hooks[0].args[1]', 'invalid-field'],
    ['an unknown onFailure', { hooks: { Stop: [{ hooks: [command('x', { onFailure: 'explode' })] }] } }, 'hooks.Stop[0].hooks[0].onFailure', 'invalid-field'],
    ['an unknown shell', { hooks: { Stop: [{ hooks: [command('x', { shell: 'zsh' })] }] } }, 'hooks.Stop[0].hooks[0].shell', 'invalid-field'],
    ['an unknown handler type', { hooks: { Stop: [{ hooks: [{ type: 'script', command: 'x' }] }] } }, 'hooks.Stop[0].hooks[0].type', 'unknown-handler'],
  ])('malformed config never crashes: %s → error at %s, entry skipped', (_what, content, field, code) => {
    const result = load({ project: JSON.stringify(content, null, 2) });
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ severity: 'error', file: result.paths.project, field, code });
    expect(d?.line).toBeGreaterThanOrEqual(1);
    expect(d?.column).toBeGreaterThanOrEqual(1);
  });

  it('disableAllHooks / allowManagedHooksOnly that are not booleans are warnings and ignored', () => {
    const result = load({ project: { disableAllHooks: 'yes', ...one('Stop', 'x') } });
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', field: 'disableAllHooks', line: 2 })]);
    expect(result.hooks).toHaveLength(1);
  });
});

describe('claude matchers in settings', () => {
  it('an invalid regex is an error diagnostic with its line; its group is skipped', () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Edit(', hooks: [command('x')] }, { matcher: 'Bash', hooks: [command('y')] }] } }, null, 2);
    const result = load({ project: text });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'invalid-regex', file: result.paths.project, field: 'hooks.PreToolUse[0].matcher', line: 5 }),
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^invalid regular expression in matcher: /);
    expect(ids(result)).toEqual(['project:PreToolUse[1].hooks[0]']);
  });

  it('HookSpec keeps the matcher as written and matches by Claude Code rules', () => {
    const result = load({ project: settings('PreToolUse', [{ matcher: 'Edit.*', hooks: [command('r')] }, { hooks: [command('all')] }]) });
    const [regex, all] = result.hooks as [HookSpec, HookSpec];
    expect(regex.matcher).toBe('Edit.*');
    expect(regex.matches('NotebookEdit')).toBe(true);
    expect(regex.matches('Bash')).toBe(false);
    expect(regex.matches(undefined)).toBe(true);
    expect(all.matcher).toBeUndefined();
    expect(all.matches('Anything')).toBe(true);
  });

  it('a matcher on an event without matcher support is ignored: the hook matches everything (info diagnostic)', () => {
    const result = load({ project: settings('Stop', [{ matcher: 'Bash(', hooks: [command('x')] }]) });
    const hook = onlyHook(result);
    expect(hook.matches('anything')).toBe(true);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'matcher-ignored', field: 'hooks.Stop[0].matcher' })]);
  });
});

describe('claude handlers', () => {
  it('command runs in shell form (sh -c) unless args are given: then command is the executable, no shell', () => {
    const result = load({
      project: settings('PreToolUse', [{ hooks: [command('echo hi | tee x'), command('/usr/bin/guard', { args: ['--strict', 'x'] })] }]),
    });
    const [shell, exec] = result.hooks as [HookSpec, HookSpec];
    expect(shell.handler).toEqual({ type: 'command', command: 'echo hi | tee x', timeoutMs: 600_000, onFailure: 'continue' });
    expect(exec.handler).toEqual({ type: 'command', command: '/usr/bin/guard', args: ['--strict', 'x'], timeoutMs: 600_000, onFailure: 'continue' });
  });

  it('timeout is in seconds (default 600; 30 on UserPromptSubmit) and becomes timeoutMs', () => {
    const result = load({
      project: {
        hooks: {
          PreToolUse: [{ hooks: [command('a', { timeout: 5 }), command('b', { timeout: 0.25 }), command('c')] }],
          UserPromptSubmit: [{ hooks: [command('d')] }],
        },
      },
    });
    expect(result.hooks.map((h) => h.handler.timeoutMs)).toEqual([5000, 250, 600_000, 30_000]);
  });

  it('statusMessage and onFailure (default continue) are carried; shell "bash" selects bash', () => {
    const result = load({ project: settings('Stop', [{ hooks: [command('x', { statusMessage: 'Checking…', onFailure: 'block', shell: 'bash' })] }]) });
    expect(onlyHook(result).handler).toEqual({
      type: 'command',
      command: 'x',
      shell: 'bash',
      timeoutMs: 600_000,
      statusMessage: 'Checking…',
      onFailure: 'block',
    });
  });

  it('shell "powershell" without pwsh on the hooks\' PATH is a warning and the handler is skipped; with args the shell is ignored', () => {
    const result = load({ project: settings('Stop', [{ hooks: [command('Get-Date', { shell: 'powershell' }), command('/bin/date', { shell: 'powershell', args: [] })] }]) });
    expect(byCode(result, 'shell-not-found')).toEqual([expect.objectContaining({ severity: 'warning', field: 'hooks.Stop[0].hooks[0].shell' })]);
    expect(onlyHook(result).handler).toEqual({ type: 'command', command: '/bin/date', args: [], timeoutMs: 600_000, onFailure: 'continue' });
  });

  it('${CLAUDE_PROJECT_DIR} in command and args is replaced by the workspace at load (plain string substitution)', () => {
    const result = load({
      project: settings('Stop', [
        { hooks: [command('"${CLAUDE_PROJECT_DIR}"/.claude/hooks/check.sh'), command('${CLAUDE_PROJECT_DIR}/bin/x', { args: ['--root=${CLAUDE_PROJECT_DIR}'] })] },
      ]),
    });
    const [shell, exec] = result.hooks as [HookSpec, HookSpec];
    expect(commandOf(shell).command).toBe(`"${result.workspace}"/.claude/hooks/check.sh`);
    expect(commandOf(exec).command).toBe(`${result.workspace}/bin/x`);
    expect(commandOf(exec).args).toEqual([`--root=${result.workspace}`]);
  });

  it('async: true loads without a diagnostic as a background handler (asyncRewake implies async)', () => {
    const result = load({ project: settings('PostToolUse', [{ hooks: [command('x', { async: true }), command('y', { asyncRewake: true })] }]) });
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks.map((h) => (h.handler.type === 'command' ? h.handler.async : undefined))).toEqual([{ rewake: false }, { rewake: true }]);
  });

  it('a handler-level "if" becomes the hook\'s condition on tool events; on other events the handler never runs; an invalid one skips it', () => {
    const result = load({
      project: {
        hooks: {
          PreToolUse: [{ hooks: [command('tool', { if: 'Bash(git *)' }), command('bad', { if: 'Bash(git *) Edit(x)' })] }],
          Stop: [{ hooks: [command('never', { if: 'Bash(git *)' })] }],
        },
      },
    });
    expect(result.hooks.map((h) => commandOf(h).command)).toEqual(['tool']);
    expect(result.hooks[0]?.condition).toBe('if "Bash(git *)"');
    expect(result.hooks[0]?.applies).toBeTypeOf('function');
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.field])).toEqual([
      ['error', 'invalid-if', 'hooks.PreToolUse[0].hooks[1].if'],
      ['warning', 'if-on-non-tool-event', 'hooks.Stop[0].hooks[0].if'],
    ]);
  });

  it('hook ids are stable and unique: scope:Event[group].hooks[handler], counting skipped entries', () => {
    const result = load({ project: settings('PreToolUse', [{ hooks: [{ type: 'http' }, command('a')] }, { matcher: 5 }, { hooks: [command('b'), command('c')] }]) });
    expect(ids(result)).toEqual(['project:PreToolUse[0].hooks[1]', 'project:PreToolUse[2].hooks[0]', 'project:PreToolUse[2].hooks[1]']);
  });
});

describe('claude hook policy', () => {
  const all = {
    managed: one('Stop', 'managed'),
    user: one('Stop', 'user'),
    project: one('Stop', 'project'),
    local: one('Stop', 'local'),
  };
  const commands = (result: LoadResult) => result.hooks.map((h) => commandOf(h).command);

  it('disableAllHooks: true in a non-managed file disables all non-managed hooks; managed hooks keep running', () => {
    const result = load({ ...all, project: { ...one('Stop', 'project'), disableAllHooks: true } });
    expect(commands(result)).toEqual(['managed']);
    expect(byCode(result, 'hooks-disabled')).toEqual([
      expect.objectContaining({ severity: 'info', message: 'disableAllHooks: 3 hook(s) not loaded', file: result.paths.project, field: 'disableAllHooks' }),
    ]);
  });

  it('disableAllHooks: true in the managed file disables all hooks', () => {
    const result = load({ ...all, managed: { ...one('Stop', 'managed'), disableAllHooks: true } });
    expect(result.hooks).toEqual([]);
    expect(byCode(result, 'hooks-disabled')[0]?.file).toBe(result.paths.managed);
  });

  it('disableAllHooks is the final merged value: local false overrides project true (local > project > user)', () => {
    expect(commands(load({ ...all, project: { ...one('Stop', 'project'), disableAllHooks: true }, local: { ...one('Stop', 'local'), disableAllHooks: false } }))).toEqual([
      'managed',
      'user',
      'project',
      'local',
    ]);
    expect(commands(load({ ...all, user: { ...one('Stop', 'user'), disableAllHooks: false }, local: { ...one('Stop', 'local'), disableAllHooks: true } }))).toEqual([
      'managed',
    ]);
  });

  it('a managed disableAllHooks: false overrides a non-managed true (managed settings take precedence)', () => {
    const result = load({ ...all, managed: { ...one('Stop', 'managed'), disableAllHooks: false }, user: { ...one('Stop', 'user'), disableAllHooks: true } });
    expect(commands(result)).toEqual(['managed', 'user', 'project', 'local']);
  });

  it('allowManagedHooksOnly: true in the managed file: only managed hooks load (info says how many were skipped)', () => {
    const result = load({ ...all, managed: { ...one('Stop', 'managed'), allowManagedHooksOnly: true } });
    expect(commands(result)).toEqual(['managed']);
    expect(byCode(result, 'managed-hooks-only')).toEqual([
      expect.objectContaining({ severity: 'info', message: 'allowManagedHooksOnly: skipped 3 non-managed hook(s)', file: result.paths.managed, line: 14, field: 'allowManagedHooksOnly' }),
    ]);
  });

  it('allowManagedHooksOnly outside the managed file is ignored with a warning', () => {
    const result = load({ ...all, project: { ...one('Stop', 'project'), allowManagedHooksOnly: true } });
    expect(commands(result)).toEqual(['managed', 'user', 'project', 'local']);
    expect(byCode(result, 'ignored-setting')).toEqual([expect.objectContaining({ severity: 'warning', file: result.paths.project })]);
  });
});

describe('claude de-duplication', () => {
  it('an identical handler in several settings files runs once (the first is kept)', () => {
    const same = settings('PreToolUse', [{ matcher: 'Bash', hooks: [command('guard.sh', { timeout: 10 })] }]);
    const result = load({ user: same, project: same, local: same });
    expect(ids(result)).toEqual(['user:PreToolUse[0].hooks[0]']);
    expect(byCode(result, 'duplicate-handler')).toEqual([
      expect.objectContaining({ severity: 'info', message: 'same command as hook user:PreToolUse[0].hooks[0]; it runs once', file: result.paths.project }),
      expect.objectContaining({ severity: 'info', file: result.paths.local }),
    ]);
  });

  it('identical means the same command (timeout and other fields aside) for the same event; another matcher keeps its copy for matching', () => {
    const result = load({
      user: settings('PreToolUse', [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'g', timeout: 10 }] }]),
      project: settings('PreToolUse', [
        { matcher: 'Bash', hooks: [{ timeout: 10, command: 'g', type: 'command' }] },
        { matcher: 'Edit', hooks: [command('g', { timeout: 10 })] },
        { matcher: 'Bash', hooks: [command('g', { timeout: 11 })] },
      ]),
      local: settings('PostToolUse', [{ matcher: 'Bash', hooks: [command('g', { timeout: 10 })] }]),
    });
    expect(ids(result)).toEqual(['user:PreToolUse[0].hooks[0]', 'project:PreToolUse[1].hooks[0]', 'local:PostToolUse[0].hooks[0]']);
  });

  it('omitted, "" and "*" matchers count as the same matcher for de-duplication', () => {
    const result = load({
      user: settings('PreToolUse', [{ hooks: [command('g')] }]),
      project: settings('PreToolUse', [{ matcher: '*', hooks: [command('g')] }, { matcher: '', hooks: [command('g')] }]),
    });
    expect(ids(result)).toEqual(['user:PreToolUse[0].hooks[0]']);
  });

  it('a disabled copy does not swallow an enabled one', () => {
    const same = one('Stop', 'g');
    const result = load({ user: same, managed: { ...same, allowManagedHooksOnly: true } });
    expect(ids(result)).toEqual(['managed:Stop[0].hooks[0]']);
  });
});

describe('discovery when the workspace is the home directory', () => {
  it('reads a settings file that is both user and project scope once, as the project file', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { loadClaudeSettings } = await import('../../../src/dialects/claude/load.js');
    const { scratchDir } = await import('../../helpers/scratch.js');
    const dir = scratchDir('hookd-same-');
    mkdirSync(join(dir, '.claude'));
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const result = loadClaudeSettings({ workspace: dir, home: dir, managedSettingsPath: join(dir, 'none.json') });
    expect(result.hooks.map((hook) => hook.scope)).toEqual(['project']);
    expect(result.diagnostics).toEqual([]);
  });
});
