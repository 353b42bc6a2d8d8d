// Inline hooks in $CODEX_HOME/config.toml (src/dialects/codex/parse-toml-hooks.ts through load.ts): §3.1 "Discovered
// next to each active config layer, either as hooks.json or inline [hooks] tables in config.toml (both in one layer →
// merged + startup warning)" and §3.2 "Equivalent TOML and JSON hooks converge on the same hash".
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandHandler, LoadContext } from '../../../src/engine/dialect.js';
import { loadCodexHooks } from '../../../src/dialects/codex/load.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup() {
  const root = realpathSync(scratchDir('hookd-codex-toml-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const userFile = join(home, '.codex', 'hooks.json');
  const configFile = join(home, '.codex', 'config.toml');
  const context: LoadContext = { workspace, home, env: {} };
  return { root, home, workspace, userFile, configFile, context };
}

const TOML_HOOKS = [
  '# my codex config',
  'model = "gpt-5.1-codex"',
  '',
  '[[hooks.PreToolUse]]',
  'matcher = "^Bash$"',
  '',
  '[[hooks.PreToolUse.hooks]]',
  'type = "command"',
  'command = "echo first"',
  '',
  '[[hooks.PreToolUse.hooks]]',
  'type = "command"',
  'command = "echo second"',
  'timeout = 30',
  'statusMessage = "Checking"',
  '',
  '[[hooks.Stop]]',
  '[[hooks.Stop.hooks]]',
  'type = "command"',
  'command = "echo stop"',
  '',
].join('\n');

const JSON_HOOKS = {
  hooks: {
    PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo first' }, { type: 'command', command: 'echo second', timeout: 30, statusMessage: 'Checking' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
  },
};

describe('codex loader: inline [hooks] in config.toml', () => {
  it('§3.1 "TOML: [[hooks.PreToolUse]] matcher = \\"^Bash$\\" + [[hooks.PreToolUse.hooks]] type = \\"command\\" ...": loaded as user hooks of config.toml, keyed by its path, located at their headers', () => {
    const s = setup();
    writeFileSync(s.configFile, TOML_HOOKS);
    const result = loadCodexHooks(s.context);
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks.map((hook) => [hook.id, hook.source, hook.scope, hook.matcher])).toEqual([
      ['user-toml:PreToolUse[0].hooks[0]', s.configFile, 'user', '^Bash$'],
      ['user-toml:PreToolUse[0].hooks[1]', s.configFile, 'user', '^Bash$'],
      ['user-toml:Stop[0].hooks[0]', s.configFile, 'user', undefined],
    ]);
    expect(result.hooks.map((hook) => hook.review?.key)).toEqual([`${s.configFile}:pre_tool_use:0:0`, `${s.configFile}:pre_tool_use:0:1`, `${s.configFile}:stop:0:0`]);
    expect(result.hooks.map((hook) => hook.location?.line)).toEqual([7, 11, 18]);
    const second = result.hooks[1]?.handler as CommandHandler;
    expect(second).toEqual({ type: 'command', command: 'echo second', shell: '/bin/bash', timeoutMs: 30_000, explicitTimeout: true, statusMessage: 'Checking', onFailure: 'continue' });
    expect(result.hooks[0]?.matches('Bash')).toBe(true);
    expect(result.hooks[0]?.matches('Bashful')).toBe(false);
  });

  it('§3.2 "Equivalent TOML and JSON hooks converge on the same hash"', () => {
    const toml = setup();
    writeFileSync(toml.configFile, TOML_HOOKS);
    const json = setup();
    writeFileSync(json.userFile, JSON.stringify(JSON_HOOKS));
    const fromToml = loadCodexHooks(toml.context).hooks.map((hook) => hook.review?.currentHash);
    const fromJson = loadCodexHooks(json.context).hooks.map((hook) => hook.review?.currentHash);
    expect(fromToml).toHaveLength(3);
    expect(fromToml).toEqual(fromJson);
    expect(new Set(fromToml).size).toBe(3);
  });

  it('§3.1 "both in one layer → merged + startup warning": hooks.json first, then config.toml\'s, with Codex\'s warning', () => {
    const s = setup();
    writeFileSync(s.userFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo json' }] }] } }));
    writeFileSync(s.configFile, TOML_HOOKS);
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]', 'user-toml:PreToolUse[0].hooks[0]', 'user-toml:PreToolUse[0].hooks[1]', 'user-toml:Stop[0].hooks[0]']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'hooks-in-both', file: s.configFile })]);
    expect(result.diagnostics[0]?.message).toBe(`loading hooks from both ${s.userFile} and ${s.configFile}; prefer a single representation for this layer (as Codex warns)`);
  });

  it('[hooks.state] alone is review state, not hooks: nothing loads, nothing is reported; a trusted TOML hook is trusted', () => {
    const s = setup();
    writeFileSync(s.configFile, '[hooks.state."/x/hooks.json:stop:0:0"]\nenabled = false\n');
    expect(loadCodexHooks(s.context)).toEqual(expect.objectContaining({ hooks: [], diagnostics: [] }));
    writeFileSync(s.configFile, TOML_HOOKS);
    const [first] = loadCodexHooks(s.context).hooks;
    writeFileSync(s.configFile, `${TOML_HOOKS}\n[hooks.state."${s.configFile}:pre_tool_use:0:0"]\nenabled = true\ntrusted_hash = "${first?.review?.currentHash}"\n`);
    expect(loadCodexHooks(s.context).hooks.map((hook) => hook.review?.status)).toEqual(['trusted', 'untrusted', 'untrusted']);
  });

  it('a bad TOML entry is a warning naming config.toml, the line of its header and the field; the rest loads', () => {
    const s = setup();
    writeFileSync(s.configFile, ['[[hooks.PreToolUse]]', 'matcher = "("', '[[hooks.PreToolUse.hooks]]', 'type = "command"', 'command = "echo x"', '', '[[hooks.Stop]]', '[[hooks.Stop.hooks]]', 'type = "command"', 'command = "echo y"', 'timeout = -3', '[[hooks.Stop.hooks]]', 'type = "command"', 'command = "echo z"', ''].join('\n'));
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user-toml:Stop[0].hooks[1]']);
    expect(result.diagnostics.map((entry) => [entry.severity, entry.code, entry.file, entry.line, entry.field])).toEqual([
      ['warning', 'invalid-regex', s.configFile, 1, 'hooks.PreToolUse[0].matcher'],
      ['warning', 'invalid-timeout', s.configFile, 8, 'hooks.Stop[0].hooks[0].timeout'],
    ]);
  });

  it('[features] hooks = false also keeps config.toml\'s hooks from loading; explicit sources do not read them', () => {
    const s = setup();
    writeFileSync(s.configFile, `[features]\nhooks = false\n\n${TOML_HOOKS}`);
    const off = loadCodexHooks(s.context);
    expect(off.hooks).toEqual([]);
    expect(off.notLoaded).toHaveLength(3);
    writeFileSync(s.configFile, TOML_HOOKS);
    writeFileSync(s.userFile, JSON.stringify(JSON_HOOKS));
    expect(loadCodexHooks({ ...s.context, sources: [{ path: s.userFile, scope: 'user' }] }).hooks.map((hook) => hook.source)).toEqual([s.userFile, s.userFile, s.userFile]);
  });
});
