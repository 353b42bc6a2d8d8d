// The gemini loader's reading of definitions and handlers (hookRegistry.processHookDefinition / validateHookConfig,
// hookRunner's setTimeout, envVarResolver): what is skipped with which diagnostic (file, line, field), what runs.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandHandler, HookSpec } from '../../../src/engine/dialect.js';
import { loadGeminiHooks } from '../../../src/dialects/gemini/load.js';
import { geminiDialect } from '../../../src/dialects/gemini/index.js';
import { expandSettingsVariables } from '../../../src/dialects/gemini/settings-env.js';
import { geminiSetup } from './load-setup.js';

const command = (hook: HookSpec) => hook.handler as CommandHandler;
const group = (...hooks: unknown[]) => ({ hooks: { BeforeTool: [{ hooks }] } });

describe('handlers Gemini discards ("Discarding invalid hook configuration")', () => {
  it('not an object, no type, another type, runtime/plugin, no command, a non-string command: each skipped with a warning on its field; the valid sibling loads', () => {
    const s = geminiSetup();
    s.write(s.userFile, group('echo', { command: 'x' }, { type: 'shell', command: 'x' }, { type: 'runtime', name: 'r' }, { type: 'plugin' }, { type: 'command' }, { type: 'command', command: '' }, { type: 'command', command: 42 }, { type: 'command', command: 'ok' }));
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => [hook.id, command(hook).command])).toEqual([['user:BeforeTool[0].hooks[8]', 'ok']]);
    expect(result.diagnostics.map((d) => [d.field, d.code])).toEqual([
      ['hooks.BeforeTool[0].hooks[0]', 'invalid-hook'],
      ['hooks.BeforeTool[0].hooks[1]', 'invalid-hook-type'],
      ['hooks.BeforeTool[0].hooks[2].type', 'invalid-hook-type'],
      ['hooks.BeforeTool[0].hooks[3].type', 'unsupported-hook-type'],
      ['hooks.BeforeTool[0].hooks[4].type', 'unsupported-hook-type'],
      ['hooks.BeforeTool[0].hooks[5]', 'missing-command'],
      ['hooks.BeforeTool[0].hooks[6].command', 'missing-command'],
      ['hooks.BeforeTool[0].hooks[7].command', 'invalid-command'],
    ]);
    expect(result.diagnostics.every((d) => d.severity === 'warning' && d.file === s.userFile && typeof d.line === 'number')).toBe(true);
  });

  it('definitions: not an array of definitions, a definition without "hooks", a non-string matcher — each skipped, the rest loads', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooks: { AfterTool: { hooks: [] }, BeforeTool: [{ matcher: 'x' }, 'nope', { matcher: 7, hooks: [{ type: 'command', command: 'a' }] }, { hooks: [{ type: 'command', command: 'b' }] }] } });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['b']);
    expect(result.diagnostics.map((d) => [d.field, d.code])).toEqual([
      ['hooks.AfterTool', 'invalid-definitions'],
      ['hooks.BeforeTool[0]', 'invalid-definition'],
      ['hooks.BeforeTool[1]', 'invalid-definition'],
      ['hooks.BeforeTool[2].matcher', 'invalid-matcher'],
    ]);
  });
});

describe('timeout: Node\'s setTimeout reading of the milliseconds', () => {
  const timeoutOf = (value: unknown) => {
    const s = geminiSetup();
    s.write(s.userFile, group({ type: 'command', command: 'a', timeout: value }));
    const result = loadGeminiHooks(s.context);
    return { ms: command(result.hooks[0]!).timeoutMs, codes: result.diagnostics.map((d) => d.code) };
  };

  it('0, negative, over 2^31−1 and non-numbers fire after 1 ms (warned); a numeric string is its number (warned); null is the default', () => {
    expect(timeoutOf(0)).toEqual({ ms: 1, codes: ['timeout-out-of-range'] });
    expect(timeoutOf(-5)).toEqual({ ms: 1, codes: ['timeout-out-of-range'] });
    expect(timeoutOf(2 ** 31)).toEqual({ ms: 1, codes: ['timeout-out-of-range'] });
    expect(timeoutOf('soon')).toEqual({ ms: 1, codes: ['invalid-timeout'] });
    expect(timeoutOf('5000')).toEqual({ ms: 5000, codes: ['timeout-string'] });
    expect(timeoutOf(null)).toEqual({ ms: 60_000, codes: [] });
    expect(timeoutOf(1500.5)).toEqual({ ms: 1501, codes: [] });
  });
});

describe('settings variables ("$VAR_NAME, ${VAR_NAME}, and ${VAR_NAME:-DEFAULT_VALUE}", envVarResolver.ts)', () => {
  it('expand from the environment; an unset one without a default stays as written', () => {
    const env = { HOME: '/home/u', EMPTY: '' };
    expect(expandSettingsVariables('$HOME/x ${HOME}/y ${NOPE:-d} $NOPE ${EMPTY:-d} $$HOME', env)).toBe('/home/u/x /home/u/y d $NOPE  $/home/u');
  });

  it('the loader expands command, name, matcher, env values and hooksConfig.disabled with hookd\'s environment (GEMINI_PROJECT_DIR stays for bash)', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooksConfig: { disabled: ['${OFF}'] }, hooks: { BeforeTool: [{ matcher: '$TOOL', hooks: [{ type: 'command', command: '$GEMINI_PROJECT_DIR/$SCRIPT', name: '$NAME', env: { A: '${A_VALUE:-fallback}' } }, { type: 'command', command: 'off', name: 'disabled-one' }] }] } });
    const hooks = loadGeminiHooks({ ...s.context, env: { ...s.context.env, TOOL: 'write_file', SCRIPT: 'guard.sh', NAME: 'guard', OFF: 'disabled-one' } }).hooks;
    expect(hooks[0]).toMatchObject({ matcher: 'write_file', dedupeKey: 'guard:$GEMINI_PROJECT_DIR/guard.sh', data: { name: 'guard', env: { A: 'fallback' } } });
    expect(command(hooks[0]!).command).toBe('$GEMINI_PROJECT_DIR/guard.sh');
    expect(hooks[1]?.disabled).toBe(true);
  });
});

describe('sources edge cases', () => {
  it('the workspace being the home directory: ~/.gemini/settings.json is read once, as the user file (Storage.isWorkspaceHomeDir)', () => {
    const s = geminiSetup();
    s.write(s.userFile, group({ type: 'command', command: 'a' }));
    s.write(s.trustedFolders, { [s.home]: 'TRUST_FOLDER' });
    const result = loadGeminiHooks({ ...s.context, workspace: s.home });
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:BeforeTool[0].hooks[0]']);
  });

  it('a settings file whose root is not an object is an error and contributes nothing', () => {
    const s = geminiSetup();
    s.write(s.userFile, '[]');
    const result = loadGeminiHooks(s.context);
    expect(result.diagnostics).toMatchObject([{ severity: 'error', file: s.userFile, code: 'invalid-settings' }]);
    expect(result.rejectedSources).toEqual([s.userFile]);
  });

  it('committedSources is the project settings file', () => {
    const s = geminiSetup();
    expect(geminiDialect.committedSources?.(s.context)).toEqual([{ path: join(s.workspace, '.gemini', 'settings.json'), scope: 'project' }]);
  });
});

describe('hooks/dryRun handler (parseDryRunHandler)', () => {
  it('a Gemini handler object becomes a bash command hook with its ms timeout; a discarded one gives no hook and a warning', () => {
    const s = geminiSetup();
    const good = geminiDialect.parseHandler?.({ type: 'command', command: 'echo hi', timeout: 1500, name: 'n' }, 'PreToolUse', s.context);
    expect(good?.hook?.handler).toMatchObject({ type: 'command', command: 'echo hi', shell: 'bash', timeoutMs: 1500 });
    expect(good?.hook?.data).toMatchObject({ nativeEvent: 'BeforeTool', name: 'n' });
    const bad = geminiDialect.parseHandler?.({ type: 'command' }, 'PreToolUse', s.context);
    expect(bad?.hook).toBeUndefined();
    expect(bad?.diagnostics).toMatchObject([{ severity: 'warning', code: 'missing-command', field: 'handler.command' }]);
  });
});

describe('bounded output for huge files ("Nothing user content can do may crash, hang or wedge hookd")', () => {
  it('1 200 project hooks with invalid-regex matchers: 1 000 load (one warning names the first left out), the matcher warnings are capped at 50 + one summary, the new-hooks warning names 50 and counts the rest', () => {
    const s = geminiSetup();
    const definitions = Array.from({ length: 1200 }, (_, index) => ({ matcher: `tool_${index}(`, hooks: [{ type: 'command', command: `echo ${index}` }] }));
    s.write(s.projectFile, { hooks: { BeforeTool: definitions } });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks).toHaveLength(1000);
    const cap = result.diagnostics.filter((d) => d.code === 'too-many-hooks');
    expect(cap).toMatchObject([{ severity: 'warning', field: 'hooks.BeforeTool[1000].hooks[0]' }]);
    const notices = result.diagnostics.filter((d) => d.file === s.projectFile && d.code !== 'too-many-hooks');
    expect(notices).toHaveLength(51);
    expect(notices[50]).toMatchObject({ code: 'more-problems' });
    expect(notices[50]?.message).toContain('and 950 more problem(s)');
    const warning = result.diagnostics.find((d) => d.code === 'untrusted-project-hooks')?.message ?? '';
    expect(warning).toContain('  - echo 49\n  … and 950 more\n');
    expect(warning).not.toContain('echo 50\n');
  });
});
