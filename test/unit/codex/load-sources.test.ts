// The codex loader's sources (src/dialects/codex/sources.ts, load.ts): $CODEX_HOME/hooks.json then the project's
// .codex/hooks.json only when config.toml trusts the project (§3.1, observed 16), explicit sources, the review each
// hook carries (key, hash, status through codex-trust's functions) and what `sources` lists for reloads.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { loadCodexHooks } from '../../../src/dialects/codex/load.js';
import { codexDialect } from '../../../src/dialects/codex/index.js';
import { codexHookKey } from '../../../src/dialects/codex/hook-key.js';
import { codexHookHash } from '../../../src/dialects/codex/hook-hash.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup() {
  const root = realpathSync(scratchDir('hookd-codex-sources-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(join(workspace, '.codex'), { recursive: true });
  const userFile = join(home, '.codex', 'hooks.json');
  const projectFile = join(workspace, '.codex', 'hooks.json');
  const configFile = join(home, '.codex', 'config.toml');
  const context: LoadContext = { workspace, home, env: {} };
  const write = (file: string, config: unknown) => writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { root, home, workspace, userFile, projectFile, configFile, context, write };
}

const cmd = (text: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...more });
const stopFile = (text: string) => ({ hooks: { Stop: [{ hooks: [cmd(text)] }] } });

describe('codex loader: sources', () => {
  it('§3.1 "Typical: ~/.codex/hooks.json …": the user file is $CODEX_HOME/hooks.json, default <home>/.codex', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => [hook.id, hook.source, hook.scope])).toEqual([['user:Stop[0].hooks[0]', s.userFile, 'user']]);

    const codexHome = join(s.root, 'elsewhere');
    mkdirSync(codexHome);
    s.write(join(codexHome, 'hooks.json'), stopFile('echo elsewhere'));
    const moved = loadCodexHooks({ ...s.context, env: { CODEX_HOME: codexHome } });
    expect(moved.hooks.map((hook) => hook.source)).toEqual([join(codexHome, 'hooks.json')]);
    expect(moved.sources).toEqual([join(codexHome, 'hooks.json'), join(codexHome, 'config.toml'), join(s.workspace, '.codex', 'hooks.json')]);
  });

  it('§3.1 "Project-local hooks load only if the project .codex/ layer is trusted": an untrusted project\'s file is not loaded; an info diagnostic names the config.toml entry to add', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    s.write(s.projectFile, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('echo project'), cmd('echo project 2')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
    expect(result.notLoaded?.map((hook) => [hook.id, hook.disabled])).toEqual([
      ['project:PreToolUse[0].hooks[0]', true],
      ['project:PreToolUse[0].hooks[1]', true],
    ]);
    expect(result.notLoaded?.[0]?.disabledBy).toContain(`[projects.${JSON.stringify(s.workspace)}] trust_level = "trusted"`);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'project-untrusted', file: s.projectFile })]);
    expect(result.diagnostics[0]?.message).toContain(`add [projects.${JSON.stringify(s.workspace)}] trust_level = "trusted" to ${s.configFile}`);
    expect(result.sources).toEqual([s.userFile, s.configFile, s.projectFile]);
  });

  it('when the workspace is the home directory the one .codex/hooks.json is read once, as the user file', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    const result = loadCodexHooks({ ...s.context, workspace: s.home });
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
    expect(result.sources).toEqual([s.userFile, s.configFile]);
  });

  it('explicit LoadContext.sources replace discovery: read alone, in the given order, with the scope given (no project-trust check: the client chose the file)', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo discovered'));
    const a = join(s.root, 'a.json');
    const b = join(s.root, 'b.json');
    s.write(a, stopFile('echo a'));
    s.write(b, stopFile('echo b'));
    const result = loadCodexHooks({ ...s.context, sources: [{ path: b, scope: 'project' }, { path: a, scope: 'project' }, { path: b, scope: 'project' }] });
    expect(result.hooks.map((hook) => [hook.id, hook.source, hook.scope])).toEqual([
      ['project#1:Stop[0].hooks[0]', b, 'project'],
      ['project#2:Stop[0].hooks[0]', a, 'project'],
    ]);
    expect(result.notLoaded).toBeUndefined();
    expect(result.sources).toEqual([b, a, s.configFile]);
  });

  it('§3.2 each hook carries its review: key `<source path>:<event_snake_case>:<group_index>:<handler_index>`, the hash of {event, matcher, handler as written}, untrusted until trusted; the bypass makes it runnable', () => {
    const s = setup();
    const handler = cmd('echo a', { timeout: 5, statusMessage: 'S' });
    s.write(s.userFile, { hooks: { PreToolUse: [{ hooks: [cmd('echo skip')] }, { matcher: 'Bash', hooks: [{ type: 'prompt' }, handler] }], UserPromptSubmit: [{ matcher: 'ignored', hooks: [cmd('echo p')] }] } });
    const [first, second, prompt] = loadCodexHooks(s.context).hooks;
    expect(second?.review?.key).toBe(codexHookKey({ sourcePath: s.userFile, event: 'PreToolUse', groupIndex: 1, handlerIndex: 1 }));
    expect(second?.review?.key).toBe(`${s.userFile}:pre_tool_use:1:1`);
    expect(second?.review?.currentHash).toBe(codexHookHash({ event: 'PreToolUse', matcher: 'Bash', handler }));
    expect(first?.review?.key).toBe(`${s.userFile}:pre_tool_use:0:0`);
    // Codex drops the matcher of a matcherless event before hashing (matcher_pattern_for_event → None).
    expect(prompt?.review?.currentHash).toBe(codexHookHash({ event: 'UserPromptSubmit', matcher: undefined, handler: cmd('echo p') }));
    expect(prompt?.review?.key).toBe(`${s.userFile}:user_prompt_submit:0:0`);
    expect(second?.review?.status).toBe('untrusted');
    expect(second?.review?.runnable).toBe(false);
    const bypassed = loadCodexHooks({ ...s.context, bypassHookTrust: true }).hooks;
    expect(bypassed.map((hook) => hook.review?.runnable)).toEqual([true, true, true]);
  });

  it('observed 16 "project .codex/hooks.json runs when the project is trusted": [projects."<workspace>"] trust_level = "trusted" in config.toml loads it after the user file', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    s.write(s.projectFile, stopFile('echo project'));
    s.write(s.configFile, `[projects.${JSON.stringify(s.workspace)}]\ntrust_level = "trusted"\n`);
    const result = loadCodexHooks(s.context);
    expect(result.diagnostics).toEqual([]);
    expect(result.notLoaded).toBeUndefined();
    expect(result.hooks.map((hook) => [hook.id, hook.source, hook.scope])).toEqual([
      ['user:Stop[0].hooks[0]', s.userFile, 'user'],
      ['project:Stop[0].hooks[0]', s.projectFile, 'project'],
    ]);
    expect(result.hooks[1]?.review?.key).toBe(`${s.projectFile}:stop:0:0`);
  });

  it('a project whose trust_level is not "trusted" (e.g. "untrusted") is not loaded', () => {
    const s = setup();
    s.write(s.projectFile, stopFile('echo project'));
    s.write(s.configFile, `[projects.${JSON.stringify(s.workspace)}]\ntrust_level = "untrusted"\n`);
    const result = loadCodexHooks(s.context);
    expect(result.hooks).toEqual([]);
    expect(result.notLoaded?.map((hook) => hook.id)).toEqual(['project:Stop[0].hooks[0]']);
  });

  for (const key of ['hooks', 'codex_hooks']) {
    it(`§3.1 "[features] hooks = false turns them off (codex_hooks is a deprecated alias)": ${key} = false → no hook loads, every written one is notLoaded, an info diagnostic says so`, () => {
      const s = setup();
      s.write(s.userFile, stopFile('echo user'));
      s.write(s.projectFile, stopFile('echo project'));
      s.write(s.configFile, `[features]\n${key} = false\n\n[projects.${JSON.stringify(s.workspace)}]\ntrust_level = "trusted"\n`);
      const result = loadCodexHooks({ ...s.context, bypassHookTrust: true });
      expect(result.hooks).toEqual([]);
      expect(result.notLoaded?.map((hook) => [hook.id, hook.disabledBy])).toEqual([
        ['user:Stop[0].hooks[0]', `not loaded: [features] hooks = false in ${s.configFile}`],
        ['project:Stop[0].hooks[0]', `not loaded: [features] hooks = false in ${s.configFile}`],
      ]);
      expect(result.diagnostics.map((entry) => [entry.severity, entry.code, entry.file])).toEqual([['info', 'hooks-disabled', s.configFile]]);
    });
  }

  it('[features] hooks = true (the default) loads as usual', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    s.write(s.configFile, '[features]\nhooks = true\n');
    expect(loadCodexHooks(s.context).hooks).toHaveLength(1);
  });

  it('§3.2 "Status values: Trusted (hash matches), Modified (hash differs)" and "Runs if enabled && (bypass || Trusted || Managed)": the review comes from [hooks.state."<key>"] in config.toml', () => {
    const s = setup();
    const trusted = cmd('echo trusted');
    const changed = cmd('echo changed');
    const off = cmd('echo off');
    s.write(s.userFile, { hooks: { Stop: [{ hooks: [trusted, changed, off] }] } });
    const hash = (handler: Record<string, unknown>) => codexHookHash({ event: 'Stop', matcher: undefined, handler });
    s.write(
      s.configFile,
      [
        `[hooks.state.${JSON.stringify(`${s.userFile}:stop:0:0`)}]`,
        'enabled = true',
        `trusted_hash = ${JSON.stringify(hash(trusted))}`,
        `[hooks.state.${JSON.stringify(`${s.userFile}:stop:0:1`)}]`,
        `trusted_hash = ${JSON.stringify(hash(cmd('echo before the edit')))}`,
        `[hooks.state.${JSON.stringify(`${s.userFile}:stop:0:2`)}]`,
        'enabled = false',
        `trusted_hash = ${JSON.stringify(hash(off))}`,
        '',
      ].join('\n'),
    );
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => [hook.review?.status, hook.review?.runnable])).toEqual([
      ['trusted', true],
      ['modified', false],
      ['disabled', false],
    ]);
    const bypassed = loadCodexHooks({ ...s.context, bypassHookTrust: true });
    expect(bypassed.hooks.map((hook) => hook.review?.runnable)).toEqual([true, true, false]);
  });

  it('a config.toml with a TOML syntax error is an error naming file, line and column; it counts as empty and the hooks still load (untrusted)', () => {
    const s = setup();
    s.write(s.userFile, stopFile('echo user'));
    s.write(s.configFile, '[features\nhooks = false\n');
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.review?.status)).toEqual(['untrusted']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: s.configFile, line: 1 })]);
  });

  it('a missing file contributes nothing, silently; committedSources is the project file only', () => {
    const s = setup();
    const result = loadCodexHooks(s.context);
    expect(result).toEqual({ hooks: [], diagnostics: [], sources: [s.userFile, s.configFile, s.projectFile] });
    expect(codexDialect.committedSources?.(s.context)).toEqual([{ path: s.projectFile, scope: 'project' }]);
  });

  it('hooks/dryRun parses one handler as the file does (parseDryRunHandler): bash -c, seconds, problems with their field', () => {
    const s = setup();
    const parsed = codexDialect.parseHandler?.({ type: 'command', command: 'echo hi', timeout: 0 }, 'PreToolUse', s.context);
    expect(parsed?.hook?.handler).toEqual({ type: 'command', command: 'echo hi', shell: '/bin/bash', timeoutMs: 1_000, explicitTimeout: true, onFailure: 'continue' });
    expect(parsed?.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'timeout-floored', field: 'handler.timeout' })]);
    const refused = codexDialect.parseHandler?.({ type: 'prompt' }, 'PreToolUse', s.context);
    expect(refused?.hook).toBeUndefined();
    expect(refused?.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'unsupported-handler-type', field: 'handler.type' })]);
  });
});
