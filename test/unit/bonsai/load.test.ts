// The bonsai loader: global + project `.bonsai/config.toml`, smol-toml syntax errors, per-entry validation with file,
// line and field, LoadResult.invalid, unique names across both files, defaults and the HookSpec it builds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bonsaiData } from '../../../src/dialects/bonsai/hook-data.js';
import { effectHash } from '../../../src/dialects/bonsai/hook-spec.js';
import { loadBonsaiHooks } from '../../../src/dialects/bonsai/load.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup(files: { global?: string; project?: string }) {
  const root = scratchDir('hookd-bonsai-load-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  const globalFile = join(home, '.bonsai', 'config.toml');
  const projectFile = join(workspace, '.bonsai', 'config.toml');
  for (const dir of [join(home, '.bonsai'), join(workspace, '.bonsai')]) mkdirSync(dir, { recursive: true });
  if (files.global !== undefined) writeFileSync(globalFile, files.global);
  if (files.project !== undefined) writeFileSync(projectFile, files.project);
  return { home, workspace, globalFile, projectFile, load: () => loadBonsaiHooks({ workspace, home }) };
}

const FMT = `[[hooks]]
name = "cargo-fmt"                       # unique id (lowercase, [a-z0-9_-])
event = "PostFileWrite"
matcher = { path = "**/*.rs" }           # and/or { tool = "<glob>" }
action = { type = "shell", command = "cargo fmt -- \\"$BONSAI_FILE_PATH\\"" }
timeout_secs = 20                        # default 30
blocking = false                         # default
on_failure = "warn"                      # default; or "block"
enabled = true                           # default; false parks the entry
`;

describe('bonsai load: files and defaults', () => {
  it('reads the global file then the project file, and lists both as sources even when missing', () => {
    const s = setup({ global: FMT, project: `[[hooks]]\nname = "audit"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\n` });
    const result = s.load();
    expect(result.sources).toEqual([s.globalFile, s.projectFile]);
    expect(result.hooks.map((hook) => [hook.id, hook.scope, hook.source])).toEqual([
      ['global:cargo-fmt', 'user', s.globalFile],
      ['project:audit', 'project', s.projectFile],
    ]);
    expect(result.diagnostics).toEqual([]);
    const none = setup({}).load();
    expect(none.hooks).toEqual([]);
    expect(none.sources).toHaveLength(2);
  });

  it('the seed example loads with its values; omitted fields take the defaults', () => {
    const s = setup({ project: `${FMT}\n[[hooks]]\nname = "plain"\nevent = "SessionStart"\naction = { type = "shell", command = "echo hi" }\n` });
    const [fmt, plain] = s.load().hooks.map(bonsaiData);
    expect(fmt).toMatchObject({ name: 'cargo-fmt', event: 'PostFileWrite', matcher: { path: '**/*.rs' }, timeoutSecs: 20, blocking: false, onFailure: 'warn', enabled: true, scope: 'project', line: 1 });
    expect(fmt!.action).toEqual({ type: 'shell', command: 'cargo fmt -- "$BONSAI_FILE_PATH"' });
    expect(plain).toMatchObject({ matcher: {}, timeoutSecs: 30, blocking: false, onFailure: 'warn', enabled: true, line: 11 });
  });

  it('sub-tables ([hooks.action]) and an inline array of tables are read too', () => {
    const sub = setup({ project: `[[hooks]]\nname = "a"\nevent = "PreBash"\n[hooks.action]\ntype = "shell"\ncommand = "true"\n\n[[hooks]]\nname = "b"\nevent = "PreBash"\n[hooks.action]\ntype = "http"\nurl = "https://example.test/hook"\n[hooks.action.headers]\nAuthorization = "Bearer \${TOKEN}"\n` }).load();
    expect(sub.diagnostics).toEqual([]);
    expect(sub.hooks.map((hook) => [bonsaiData(hook).name, bonsaiData(hook).line])).toEqual([['a', 1], ['b', 8]]);
    expect(bonsaiData(sub.hooks[1]!).action).toEqual({ type: 'http', url: 'https://example.test/hook', headers: { Authorization: 'Bearer ${TOKEN}' } });
    const inline = setup({ project: `model = "fast"\nhooks = [{ name = "x", event = "SessionEnd", action = { type = "llm_prompt", prompt = "p" } }]\n` }).load();
    expect(inline.hooks.map((hook) => bonsaiData(hook).line)).toEqual([2]);
  });

  it('other top-level keys are bonsai settings, not errors', () => {
    const result = setup({ project: `model = "fast"\n[ui]\ntheme = "dark"\n\n${FMT}` }).load();
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks).toHaveLength(1);
    expect(bonsaiData(result.hooks[0]!).line).toBe(5);
  });

  it('enabled = false parks the entry: loaded, listed, disabled', () => {
    const result = setup({ project: FMT.replace('enabled = true', 'enabled = false') }).load();
    expect(result.hooks[0]).toMatchObject({ disabled: true, name: 'cargo-fmt' });
    expect(result.hooks[0]!.disabledBy).toContain('enabled = false');
  });

  it('a [[hooks]] header inside a multi-line string is not taken for a table (lines stay right)', () => {
    const text = `[[hooks]]\nname = "judge"\nevent = "PreFileWrite"\naction = { type = "llm_prompt", prompt = """\nReview this.\n[[hooks]]\n""" }\n\n[[hooks]]\nname = "second"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\n`;
    const result = setup({ project: text }).load();
    expect(result.hooks.map((hook) => [bonsaiData(hook).name, bonsaiData(hook).line])).toEqual([['judge', 1], ['second', 9]]);
  });
});

describe('bonsai load: errors', () => {
  it('a TOML syntax error is a diagnostic with line and column; nothing of that file loads, the other file does', () => {
    const s = setup({ global: FMT, project: `[[hooks]]\nname = "broken"\nevent = \n` });
    const result = s.load();
    expect(result.hooks.map((hook) => hook.id)).toEqual(['global:cargo-fmt']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: s.projectFile, line: 3, column: 9, code: 'toml-syntax' })]);
    expect(result.diagnostics[0]!.message).toContain('invalid value');
    expect(result.diagnostics[0]!.message).not.toContain('\n');
    expect(result.rejectedSources).toEqual([s.projectFile]);
  });

  it('one bad entry is a diagnostic naming file, line and field, listed as invalid; the rest of the file loads', () => {
    const text = `${FMT}\n[[hooks]]\nname = "slow"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\ntimeout_secs = 0\n\n[[hooks]]\nname = "fine"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\n`;
    const s = setup({ project: text });
    const result = s.load();
    expect(result.hooks.map((hook) => hook.name)).toEqual(['cargo-fmt', 'fine']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: s.projectFile, line: 15, field: 'hooks[1].timeout_secs', code: 'invalid-timeout' })]);
    expect(result.diagnostics[0]!.message).toMatch(/^hook "slow": timeout_secs: must be a whole number of seconds from 1 to 600 \(got the integer 0\)$/);
    expect(result.invalid).toEqual([{ name: 'slow', event: 'PreBash', source: s.projectFile, scope: 'project', line: 11, message: expect.stringContaining('timeout_secs') }]);
    expect(result.rejectedSources).toBeUndefined();
  });

  it.each([
    ['unknown key', 'timeout = 20', 'unknown-key', 'timeout', /did you mean "timeout_secs"/],
    ['wrong type', 'blocking = "yes"', 'wrong-type', 'blocking', /must be true or false/],
    ['bad on_failure', 'on_failure = "ignore"', 'invalid-on-failure', 'on_failure', /"warn" or "block"/],
    ['float timeout', 'timeout_secs = 2.5', 'invalid-timeout', 'timeout_secs', /whole number/],
    ['timeout over the cap', 'timeout_secs = 601', 'invalid-timeout', 'timeout_secs', /1 to 600/],
  ])('%s', (_label, line, code, field, message) => {
    const s = setup({ project: `[[hooks]]\nname = "h"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\n${line}\n` });
    const result = s.load();
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', line: 5, field: `hooks[0].${field}`, code })]);
    expect(result.diagnostics[0]!.message).toMatch(message);
    expect(result.invalid).toHaveLength(1);
  });

  it.each([
    ['missing name', 'event = "PreBash"\naction = { type = "shell", command = "true" }', 'name', 'missing-field'],
    ['upper-case name', 'name = "Fmt"\nevent = "PreBash"\naction = { type = "shell", command = "true" }', 'name', 'invalid-name'],
    ['name with a space', 'name = "my hook"\nevent = "PreBash"\naction = { type = "shell", command = "true" }', 'name', 'invalid-name'],
    ['unknown event', 'name = "h"\nevent = "PreWrite"\naction = { type = "shell", command = "true" }', 'event', 'unknown-event'],
    ['missing action', 'name = "h"\nevent = "PreBash"', 'action', 'missing-field'],
    ['unknown action type', 'name = "h"\nevent = "PreBash"\naction = { type = "exec", command = "true" }', 'action.type', 'unknown-action-type'],
    ['shell without command', 'name = "h"\nevent = "PreBash"\naction = { type = "shell" }', 'action.command', 'missing-field'],
    ['http without url', 'name = "h"\nevent = "PreBash"\naction = { type = "http" }', 'action.url', 'missing-field'],
    ['http with a file: url', 'name = "h"\nevent = "PreBash"\naction = { type = "http", url = "file:///etc/passwd" }', 'action.url', 'invalid-url'],
    ['http with a relative url', 'name = "h"\nevent = "PreBash"\naction = { type = "http", url = "/hook" }', 'action.url', 'invalid-url'],
    ['header value not a string', 'name = "h"\nevent = "PreBash"\naction = { type = "http", url = "http://127.0.0.1:1/", headers = { X-Retry = 3 } }', 'action.headers.X-Retry', 'wrong-type'],
    ['llm_prompt without prompt', 'name = "h"\nevent = "PreBash"\naction = { type = "llm_prompt", prompt = "  " }', 'action.prompt', 'empty-field'],
    ['unknown action key', 'name = "h"\nevent = "PreBash"\naction = { type = "shell", command = "true", cwd = "/" }', 'action.cwd', 'unknown-key'],
    ['matcher not a table', 'name = "h"\nevent = "PreBash"\nmatcher = "bash"\naction = { type = "shell", command = "true" }', 'matcher', 'wrong-type'],
    ['unknown matcher key', 'name = "h"\nevent = "PreToolUse"\nmatcher = { tools = "bash" }\naction = { type = "shell", command = "true" }', 'matcher.tools', 'unknown-key'],
    ['invalid tool glob', 'name = "h"\nevent = "PreToolUse"\nmatcher = { tool = "[bash" }\naction = { type = "shell", command = "true" }', 'matcher.tool', 'invalid-glob'],
    ['invalid path glob', 'name = "h"\nevent = "PreFileWrite"\nmatcher = { path = "src/[a-" }\naction = { type = "shell", command = "true" }', 'matcher.path', 'invalid-glob'],
  ])('%s fails the entry with a diagnostic naming the field', (_label, body, field, code) => {
    const s = setup({ project: `# a comment\n[[hooks]]\n${body}\n` });
    const result = s.load();
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', file: s.projectFile, field: `hooks[0].${field}`, code })]));
    const found = result.diagnostics.find((entry) => entry.code === code)!;
    expect(found.line).toBeGreaterThanOrEqual(2);
    expect(result.invalid).toEqual([expect.objectContaining({ source: s.projectFile, line: 2 })]);
  });

  it('an unknown event suggests the closest one', () => {
    const result = setup({ project: `[[hooks]]\nname = "h"\nevent = "prefilewrite"\naction = { type = "shell", command = "true" }\n` }).load();
    expect(result.diagnostics[0]!.message).toContain('did you mean "PreFileWrite"?');
    expect(result.invalid).toEqual([expect.objectContaining({ name: 'h', event: 'prefilewrite' })]);
  });

  it('names are unique across the global and project configs: a duplicate fails the later one', () => {
    const s = setup({ global: FMT, project: `${FMT.replace('cargo-fmt', 'lint')}\n${FMT}` });
    const result = s.load();
    expect(result.hooks.map((hook) => hook.id)).toEqual(['global:cargo-fmt', 'project:lint']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: s.projectFile, line: 12, field: 'hooks[1].name', code: 'duplicate-name' })]);
    expect(result.diagnostics[0]!.message).toContain(`${s.globalFile}:1`);
    expect(result.invalid).toEqual([expect.objectContaining({ name: 'cargo-fmt', source: s.projectFile, line: 11 })]);
  });

  it('blocking = true on a post event loads with a warning (meaningless there); so does on_failure = "block" where it cannot block', () => {
    const result = setup({ project: `[[hooks]]\nname = "h"\nevent = "PostBash"\nblocking = true\non_failure = "block"\naction = { type = "shell", command = "true" }\n` }).load();
    expect(result.hooks).toHaveLength(1);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', line: 4, field: 'hooks[0].blocking', code: 'blocking-not-pre-event' }),
      expect.objectContaining({ severity: 'warning', line: 5, field: 'hooks[0].on_failure', code: 'on-failure-ineffective' }),
    ]);
    expect(result.invalid).toBeUndefined();
  });

  it('hooks that is not an array of tables rejects the file', () => {
    const s = setup({ project: `hooks = "none"\n` });
    const result = s.load();
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', field: 'hooks', code: 'hooks-not-array' })]);
    expect(result.rejectedSources).toEqual([s.projectFile]);
  });

  it('a directory, a file over the size cap, bad UTF-8: a diagnostic, nothing loads, never a throw', () => {
    const dir = setup({});
    mkdirSync(dir.projectFile.replace('config.toml', 'config.toml'), { recursive: true });
    expect(dir.load().diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'not-regular-file', file: dir.projectFile })]);
    const big = setup({ project: `x = "${'a'.repeat(5 * 1024 * 1024)}"\n` });
    expect(big.load().diagnostics).toEqual([expect.objectContaining({ code: 'file-too-large' })]);
    const s = setup({});
    writeFileSync(s.projectFile, Buffer.from([0x6e, 0x3d, 0x22, 0xff, 0xfe, 0x22, 0x0a]));
    expect(s.load().diagnostics).toEqual([expect.objectContaining({ code: 'invalid-utf8' })]);
  });

  it('hostile input is bounded: deep nesting, __proto__ keys, thousands of tables', () => {
    expect(setup({ project: `x = ${'['.repeat(5000)}${']'.repeat(5000)}\n` }).load().diagnostics[0]).toMatchObject({ code: 'toml-syntax' });
    expect(setup({ project: `[[hooks]]\n__proto__ = 1\n` }).load().diagnostics[0]).toMatchObject({ code: 'toml-syntax', line: 2 });
    const many = Array.from({ length: 1500 }, (_, i) => `[[hooks]]\nname = "h${i}"\nevent = "PreBash"\naction = { type = "shell", command = "true" }\n`).join('');
    const result = setup({ project: many }).load();
    expect(result.hooks).toHaveLength(1000);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'too-many-hooks', line: 4001 })]);
  });

  it('diagnostics of one file are capped', () => {
    const bad = Array.from({ length: 200 }, () => `[[hooks]]\nname = "X"\n`).join('');
    const result = setup({ project: bad }).load();
    expect(result.diagnostics.length).toBeLessThanOrEqual(51);
    expect(result.diagnostics.at(-1)).toMatchObject({ code: 'more-problems' });
    expect(result.invalid).toHaveLength(200);
  });
});

describe('bonsai load: explicit sources and trust facts', () => {
  it('explicit sources: user/managed are global (pre-trusted), others project', () => {
    const s = setup({ global: FMT, project: FMT.replace('cargo-fmt', 'other') });
    const result = loadBonsaiHooks({ workspace: s.workspace, home: s.home, sources: [{ path: s.projectFile, scope: 'user' }, { path: s.globalFile, scope: 'explicit' }] });
    expect(result.sources).toEqual([s.projectFile, s.globalFile]);
    expect(result.hooks.map((hook) => [hook.id, hook.trustKey !== undefined])).toEqual([
      ['global:other', false],
      ['project:cargo-fmt', true],
    ]);
  });

  it('project shell hooks carry the approval key and the effect hash; global ones do not', () => {
    const s = setup({ global: FMT, project: FMT.replace('cargo-fmt', 'proj') });
    const [global, project] = s.load().hooks;
    expect(global!.trustKey).toBeUndefined();
    expect(project!.trustKey).toBe(`bonsai-hook:${s.projectFile}#proj`);
    expect(project!.trustHash).toBe(effectHash(bonsaiData(project!)));
    expect(project!.approval).toEqual({ summary: 'cargo fmt -- "$BONSAI_FILE_PATH"', actionType: 'shell' });
  });
});
