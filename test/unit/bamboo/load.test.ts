import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBambooHooks } from '../../../src/dialects/bamboo/load.js';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import type { CommandHandler, HookSpec, LoadContext, LoadResult, ScriptHandler } from '../../../src/engine/dialect.js';
import type { Diagnostic } from '../../../src/protocol/index.js';
import { command, script, section, tempTree, writeTree } from './outcome.js';

type Files = { user?: unknown; project?: unknown };

function setup(files: Files, more: Partial<LoadContext> = {}) {
  const root = tempTree();
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  const paths = { user: join(home, '.bamboo', 'hooks.json'), project: join(workspace, '.bamboo', 'hooks.json') };
  const tree: Record<string, unknown> = {};
  if (files.user !== undefined) tree[paths.user.slice(root.length + 1)] = files.user;
  if (files.project !== undefined) tree[paths.project.slice(root.length + 1)] = files.project;
  writeTree(root, tree);
  const context: LoadContext = { workspace, home, env: {}, ...more };
  return { root, home, workspace, paths, context };
}

function load(files: Files, more: Partial<LoadContext> = {}) {
  const s = setup(files, more);
  return { ...s, result: loadBambooHooks(s.context) };
}

const ids = (result: LoadResult) => result.hooks.map((hook) => hook.id);
const errors = (result: LoadResult) => result.diagnostics.filter((d) => d.severity === 'error');
const only = (list: readonly Diagnostic[]): Diagnostic => {
  expect(list).toHaveLength(1);
  return list[0] as Diagnostic;
};
const commandOf = (hook: HookSpec | undefined): CommandHandler => {
  if (hook?.handler.type !== 'command') throw new Error('not a command hook');
  return hook.handler;
};
const scriptOf = (hook: HookSpec | undefined): ScriptHandler => {
  if (hook?.handler.type !== 'script') throw new Error('not a script hook');
  return hook.handler;
};

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string, from = 0): { line: number; column: number } {
  const offset = text.indexOf(needle, from);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Loads one project file holding `config` and returns its single error with the file text. */
function oneError(config: unknown) {
  const { result, paths } = load({ project: config });
  const text = JSON.stringify(config, null, 2);
  return { error: only(errors(result)), result, text, path: paths.project };
}

describe('bamboo hook sources', () => {
  it('reads <home>/.bamboo/hooks.json (user) then <workspace>/.bamboo/hooks.json (project), in that order', () => {
    const { result, paths } = load({
      project: section({ Stop: [{ hooks: [command('p1')] }] }),
      user: section({ Stop: [{ hooks: [command('u1'), command('u2')] }] }),
    });
    expect(ids(result)).toEqual(['user:Stop[0].hooks[0]', 'user:Stop[0].hooks[1]', 'project:Stop[0].hooks[0]']);
    expect(result.hooks.map((hook) => commandOf(hook).command)).toEqual(['u1', 'u2', 'p1']);
    expect(result.hooks.map((hook) => [hook.scope, hook.source])).toEqual([
      ['user', paths.user],
      ['user', paths.user],
      ['project', paths.project],
    ]);
    expect(result.sources).toEqual([paths.user, paths.project]);
    expect(result.diagnostics).toEqual([]);
    expect(result.rejectedSources).toBeUndefined();
  });

  it('BAMBOO_DATA_DIR from hookd\'s environment replaces ~/.bamboo; an empty value counts as unset', () => {
    const s = setup({});
    const dataDir = join(s.root, 'data');
    writeTree(s.root, { 'data/hooks.json': section({ SessionEnd: [{ hooks: [command('from-data-dir')] }] }) });
    const result = loadBambooHooks({ ...s.context, env: { BAMBOO_DATA_DIR: dataDir } });
    expect(result.sources).toEqual([join(dataDir, 'hooks.json'), s.paths.project]);
    expect(result.hooks.map((hook) => commandOf(hook).command)).toEqual(['from-data-dir']);
    expect(loadBambooHooks({ ...s.context, env: { BAMBOO_DATA_DIR: '' } }).sources[0]).toBe(s.paths.user);
  });

  it('project hooks carry the workspace trust key; user hooks are trusted', () => {
    const { result, workspace } = load({
      user: section({ Stop: [{ hooks: [command('u')] }] }),
      project: section({ Stop: [{ hooks: [command('p')] }] }),
    });
    expect(result.hooks.map((hook) => hook.trustKey)).toEqual([undefined, `workspace:${workspace}`]);
  });

  it('missing files are not errors and are still listed as sources (to be watched)', () => {
    const { result, paths } = load({});
    expect(result).toEqual({ hooks: [], diagnostics: [], sources: [paths.user, paths.project] });
  });

  it('a file without lifecycle_hooks has no hooks and no diagnostic; other top-level keys are ignored', () => {
    const { result } = load({ user: { theme: 'dark', notifications: { ntfy: true } } });
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it('reads a path listed twice once, as the user file (workspace = home)', () => {
    const s = setup({});
    writeTree(s.root, { 'home/.bamboo/hooks.json': section({ Stop: [{ hooks: [command('once')] }] }) });
    const result = loadBambooHooks({ ...s.context, workspace: s.home });
    expect(result.sources).toEqual([s.paths.user]);
    expect(ids(result)).toEqual(['user:Stop[0].hooks[0]']);
    expect(result.hooks[0]?.trustKey).toBeUndefined();
  });

  it('explicit sources are read alone, in order, with their scope; only project scope needs trust; shared scopes get #n', () => {
    const s = setup({ user: section({ Stop: [{ hooks: [command('discovered')] }] }) });
    writeTree(s.root, {
      'a.json': section({ Stop: [{ hooks: [command('a')] }] }),
      'b.json': section({ Stop: [{ hooks: [command('b')] }] }),
      'c.json': section({ Stop: [{ hooks: [command('c')] }] }),
    });
    const [a, b, c] = ['a.json', 'b.json', 'c.json'].map((name) => join(s.root, name)) as [string, string, string];
    const result = loadBambooHooks({
      ...s.context,
      sources: [
        { path: a, scope: 'project' },
        { path: b, scope: 'explicit' },
        { path: c, scope: 'project' },
      ],
    });
    expect(result.sources).toEqual([a, b, c]);
    expect(result.hooks.map((hook) => [hook.id, commandOf(hook).command, hook.trustKey])).toEqual([
      ['project#1:Stop[0].hooks[0]', 'a', `workspace:${s.workspace}`],
      ['explicit:Stop[0].hooks[0]', 'b', undefined],
      ['project#2:Stop[0].hooks[0]', 'c', `workspace:${s.workspace}`],
    ]);
  });
});

describe('enabled flags', () => {
  it('a disabled section keeps every hook listed as disabled', () => {
    const { result } = load({ user: section({ Stop: [{ hooks: [command('a')] }], SessionEnd: [{ hooks: [command('b')] }] }, { enabled: false }) });
    expect(result.hooks.map((hook) => hook.disabled)).toEqual([true, true]);
    expect(result.diagnostics).toEqual([]);
  });

  it('a disabled group disables only its own hooks', () => {
    const { result } = load({ user: section({ Stop: [{ enabled: false, hooks: [command('off')] }, { enabled: true, hooks: [command('on')] }] }) });
    expect(result.hooks.map((hook) => [hook.id, hook.disabled])).toEqual([
      ['user:Stop[0].hooks[0]', true],
      ['user:Stop[1].hooks[0]', undefined],
    ]);
  });
});

describe('handlers', () => {
  it('command → bash shell form, onFailure continue, default timeout 60000 ms; timeout_ms as given', () => {
    const { result } = load({ user: section({ Stop: [{ hooks: [command('echo hi'), command('x', { timeout_ms: 5000 })] }] }) });
    expect(result.hooks.map((hook) => hook.handler)).toEqual([
      { type: 'command', command: 'echo hi', shell: 'bash', timeoutMs: 60_000, onFailure: 'continue' },
      { type: 'command', command: 'x', shell: 'bash', timeoutMs: 5000, onFailure: 'continue' },
    ]);
  });

  it('timeout_ms 1 and 600000 are the inclusive bounds', () => {
    const { result } = load({ user: section({ Stop: [{ hooks: [command('a', { timeout_ms: 1 }), command('b', { timeout_ms: 600_000 })] }] }) });
    expect(result.hooks.map((hook) => hook.handler.timeoutMs)).toEqual([1, 600_000]);
    expect(result.diagnostics).toEqual([]);
  });

  it('script → path as written, runtimes of the runner table, default timeout', () => {
    const { result } = load({ user: section({ PreToolUse: [{ matcher: '^Bash$', hooks: [script('.bamboo/hooks/check.js', { runner: 'bun', timeout_ms: 5000 })] }] }) });
    expect(scriptOf(result.hooks[0])).toEqual({
      type: 'script',
      path: '.bamboo/hooks/check.js',
      runtimes: [{ label: 'bun run', file: 'bun', args: ['run'] }],
      timeoutMs: 5000,
      onFailure: 'continue',
    });
    expect(result.hooks[0]?.matcher).toBe('^Bash$');
  });

  it('a batch file is valid configuration on any platform (it fails only when run outside Windows)', () => {
    const { result } = load({ user: section({ Stop: [{ hooks: [script('hooks/notify.bat')] }] }) });
    expect(result.diagnostics).toEqual([]);
    const handler = scriptOf(result.hooks[0]);
    expect(handler.runtimes).toEqual([{ label: 'cmd.exe /c', file: 'cmd.exe', args: ['/c'] }]);
    if (process.platform !== 'win32') expect(handler.platformProblem).toBe(`batch files run only on Windows (cmd.exe); this platform is ${process.platform}`);
  });

  it('optional fields set to null count as omitted', () => {
    const { result } = load({ user: section({ PreToolUse: [{ matcher: null, enabled: null, hooks: [script('a.py', { runner: null, timeout_ms: null })] }] }) });
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks[0]?.matcher).toBeUndefined();
    expect(result.hooks[0]?.handler.timeoutMs).toBe(60_000);
  });

  it('server-owned placement: the default work area, else the process directory (cwd) and the data directory (scripts)', () => {
    const config = { user: section({ Notification: [{ hooks: [command('n')] }] }) };
    const fallback = load(config);
    expect(fallback.result.hooks[0]?.serverOwnedPlacement).toEqual({ cwd: process.cwd(), scriptBase: join(fallback.home, '.bamboo') });
    const configured = load(config, { defaultWorkArea: '/srv/bamboo' });
    expect(configured.result.hooks[0]?.serverOwnedPlacement).toEqual({ cwd: '/srv/bamboo', scriptBase: '/srv/bamboo' });
  });

  it('has no priority: configured hooks run in position order', () => {
    const { result } = load({ user: section({ Stop: [{ hooks: [command('a'), command('b')] }] }) });
    expect(result.hooks.map((hook) => hook.priority)).toEqual([undefined, undefined]);
  });
});

describe('diagnostics name file, line, column, field and a stable code', () => {
  it('invalid JSON: line and column of the syntax error', () => {
    const s = setup({});
    writeTree(s.root, { 'ws/.bamboo/hooks.json': '{\n  "lifecycle_hooks": {\n    "Stop": [,]\n  }\n}\n' });
    const result = loadBambooHooks(s.context);
    expect(only(errors(result))).toMatchObject({ file: s.paths.project, line: 3, column: 14, code: 'invalid-json', field: '(root)' });
  });

  it('an empty file is an error (strict JSON), not an empty configuration', () => {
    const s = setup({});
    writeTree(s.root, { 'ws/.bamboo/hooks.json': '  \n' });
    const result = loadBambooHooks(s.context);
    expect(only(errors(result))).toMatchObject({ file: s.paths.project, line: 1, column: 1, code: 'invalid-type', field: '(root)' });
    expect(result.rejectedSources).toEqual([s.paths.project]);
  });

  /** A unique needle in the pretty-printed file, or `{ objectOf: needle }`: the `{` opening the object holding it. */
  type Anchor = string | { objectOf: string };
  const cases: Array<[string, unknown, string, string, Anchor]> = [
    ['unknown event', section({ PermissionRequest: [] }), 'unknown-event', 'lifecycle_hooks.PermissionRequest', '"PermissionRequest"'],
    ['section not an object', { lifecycle_hooks: [] }, 'invalid-type', 'lifecycle_hooks', '"lifecycle_hooks"'],
    ['enabled not a boolean', section({}, { enabled: 'yes' }), 'invalid-type', 'lifecycle_hooks.enabled', '"enabled"'],
    ['event not an array', section({ Stop: {} }), 'invalid-type', 'lifecycle_hooks.Stop', '"Stop"'],
    ['group not an object', section({ Stop: ['x'] }), 'invalid-type', 'lifecycle_hooks.Stop[0]', '"x"'],
    ['group without hooks', section({ Stop: [{}] }), 'missing-field', 'lifecycle_hooks.Stop[0].hooks', '{}'],
    ['matcher on a non-tool event', section({ Stop: [{ matcher: 'x', hooks: [] }] }), 'matcher-not-supported', 'lifecycle_hooks.Stop[0].matcher', '"matcher"'],
    ['invalid regex', section({ PreToolUse: [{ matcher: '(Bash', hooks: [] }] }), 'invalid-matcher', 'lifecycle_hooks.PreToolUse[0].matcher', '"matcher"'],
    ['matcher not a string', section({ PreToolUse: [{ matcher: 3, hooks: [] }] }), 'invalid-type', 'lifecycle_hooks.PreToolUse[0].matcher', '"matcher"'],
    ['handler without type', section({ Stop: [{ hooks: [{ command: 'x' }] }] }), 'missing-field', 'lifecycle_hooks.Stop[0].hooks[0].type', { objectOf: '"command"' }],
    ['unknown handler type', section({ Stop: [{ hooks: [{ type: 'http', url: 'x' }] }] }), 'unknown-handler-type', 'lifecycle_hooks.Stop[0].hooks[0].type', '"type"'],
    ['command missing', section({ Stop: [{ hooks: [{ type: 'command' }] }] }), 'missing-field', 'lifecycle_hooks.Stop[0].hooks[0].command', { objectOf: '"type"' }],
    ['command empty', section({ Stop: [{ hooks: [command(' ')] }] }), 'invalid-value', 'lifecycle_hooks.Stop[0].hooks[0].command', '"command":'],
    ['command not a string', section({ Stop: [{ hooks: [command(['ls'] as unknown as string)] }] }), 'invalid-type', 'lifecycle_hooks.Stop[0].hooks[0].command', '"command":'],
    ['script path missing', section({ Stop: [{ hooks: [{ type: 'script' }] }] }), 'missing-field', 'lifecycle_hooks.Stop[0].hooks[0].path', { objectOf: '"type"' }],
    ['timeout_ms 0', section({ Stop: [{ hooks: [command('x', { timeout_ms: 0 })] }] }), 'invalid-timeout', 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms', '"timeout_ms"'],
    ['timeout_ms 600001', section({ Stop: [{ hooks: [command('x', { timeout_ms: 600_001 })] }] }), 'invalid-timeout', 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms', '"timeout_ms"'],
    ['timeout_ms 1.5', section({ Stop: [{ hooks: [command('x', { timeout_ms: 1.5 })] }] }), 'invalid-timeout', 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms', '"timeout_ms"'],
    ['timeout_ms "5000"', section({ Stop: [{ hooks: [command('x', { timeout_ms: '5000' })] }] }), 'invalid-timeout', 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms', '"timeout_ms"'],
    ['unknown runner', section({ Stop: [{ hooks: [script('a.js', { runner: 'deno' })] }] }), 'invalid-runner', 'lifecycle_hooks.Stop[0].hooks[0].runner', '"runner"'],
    ['runner incompatible', section({ Stop: [{ hooks: [script('a.py', { runner: 'node' })] }] }), 'runner-incompatible', 'lifecycle_hooks.Stop[0].hooks[0].runner', '"runner"'],
    ['unsupported extension', section({ Stop: [{ hooks: [script('a.rb')] }] }), 'unsupported-extension', 'lifecycle_hooks.Stop[0].hooks[0].path', '"path"'],
  ];

  it.each(cases)('%s', (_name, config, code, field, anchor) => {
    const { error, text, path, result } = oneError(config);
    const expected = typeof anchor === 'string' ? positionOf(text, anchor) : positionOf(text, '{', text.lastIndexOf('{', text.indexOf(anchor.objectOf)));
    if (typeof anchor === 'string') expect(text.indexOf(anchor)).toBe(text.lastIndexOf(anchor)); // the needle is unique
    expect(error).toMatchObject({ severity: 'error', file: path, code, field });
    expect({ line: error.line, column: error.column }).toEqual(expected);
    expect(result.hooks).toEqual([]);
    expect(result.rejectedSources).toEqual([path]);
  });

  it('names the handler field path with group and handler indexes, e.g. lifecycle_hooks.PreToolUse[0].hooks[1].timeout_ms', () => {
    const config = section({ PreToolUse: [{ matcher: '^Bash$', hooks: [command('ok'), command('bad', { timeout_ms: 0 })] }] });
    const { error, text } = oneError(config);
    expect(error.field).toBe('lifecycle_hooks.PreToolUse[0].hooks[1].timeout_ms');
    expect(error.message).toBe('timeout_ms must be an integer between 1 and 600000 (got 0)');
    expect({ line: error.line, column: error.column }).toEqual(positionOf(text, '"timeout_ms"'));
  });
});

describe('whole-file rejection', () => {
  it('one error rejects every hook of its file for an edit (at start-up its events without errors load: see bamboo-audit-config); the other file still loads', () => {
    const { result, paths } = load({
      user: section({ Stop: [{ hooks: [command('user-ok')] }] }),
      project: section({ Stop: [{ hooks: [command('good'), command('bad', { timeout_ms: 0 })] }], SessionEnd: [{ hooks: [command('also-good')] }] }),
    });
    expect(result.hooks.map((hook) => commandOf(hook).command)).toEqual(['user-ok']);
    expect(result.rejectedSources).toEqual([paths.project]);
    expect(result.sources).toEqual([paths.user, paths.project]);
    expect(result.rejections).toEqual([
      expect.objectContaining({ source: paths.project, errors: 1, inactive: ['lifecycle_hooks.Stop'], startupHooks: [expect.objectContaining({ id: 'project:SessionEnd[0].hooks[0]' })] }),
    ]);
  });

  it('every error in a file is reported, not only the first', () => {
    const { result } = load({ project: section({ Nope: [], Stop: [{ matcher: 'x', hooks: [command('')] }] }) });
    expect(errors(result).map((d) => d.code)).toEqual(['unknown-event', 'matcher-not-supported', 'invalid-value']);
  });

  it('an unreadable file is rejected with an error naming it', () => {
    const s = setup({});
    writeTree(s.root, { 'ws/.bamboo/hooks.json/inner': 'x' }); // a directory where the file should be
    const result = loadBambooHooks(s.context);
    expect(only(errors(result))).toMatchObject({ file: s.paths.project, code: 'not-regular-file' });
    expect(result.rejectedSources).toEqual([s.paths.project]);
  });
});

describe('warnings do not reject', () => {
  it('unknown fields in a group and in a handler are warnings; the hooks load', () => {
    const config = section({ Stop: [{ hooks: [command('x', { async: true, runner: 'bash' })], description: 'mine' }] });
    const { result, paths } = load({ project: config });
    const text = JSON.stringify(config, null, 2);
    expect(result.hooks).toHaveLength(1);
    expect(result.rejectedSources).toBeUndefined();
    expect(result.diagnostics).toEqual([
      { severity: 'warning', file: paths.project, ...positionOf(text, '"description"'), field: 'lifecycle_hooks.Stop[0].description', code: 'unknown-field', message: 'unknown field "description" in a group; ignored' },
      { severity: 'warning', file: paths.project, ...positionOf(text, '"async"'), field: 'lifecycle_hooks.Stop[0].hooks[0].async', code: 'unknown-field', message: 'unknown field "async" in a command handler; ignored' },
      { severity: 'warning', file: paths.project, ...positionOf(text, '"runner"'), field: 'lifecycle_hooks.Stop[0].hooks[0].runner', code: 'unknown-field', message: 'unknown field "runner" in a command handler; ignored' },
    ]);
  });
});

describe('the dialect object loads through load()', () => {
  it('bambooDialect.load is loadBambooHooks', () => {
    const s = setup({ user: section({ Stop: [{ hooks: [command('a')] }] }) });
    expect(ids(bambooDialect.load(s.context))).toEqual(['user:Stop[0].hooks[0]']);
    writeFileSync(s.paths.user, '{');
    expect(bambooDialect.load(s.context).rejectedSources).toEqual([s.paths.user]);
  });
});
