// The gemini loader (src/dialects/gemini/load.ts and what it composes): which settings files, in which order, JSONC,
// Gemini's event names (Claude names warned, observed 17), timeout in ms, sequential, de-duplication key,
// hooksConfig.enabled / disabled. No process runs here (test/conformance/gemini-config.test.ts runs hooks).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandHandler, HookSpec } from '../../../src/engine/dialect.js';
import { loadGeminiHooks } from '../../../src/dialects/gemini/load.js';
import { geminiData } from '../../../src/dialects/gemini/hook-data.js';
import { geminiSetup } from './load-setup.js';

const command = (hook: HookSpec) => hook.handler as CommandHandler;
const oneHook = (event: string, handler: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ hooks: { [event]: [{ ...extra, hooks: [{ type: 'command', ...handler }] }] } });

describe('gemini loader: §4.1 "Layers: project .gemini/settings.json, user ~/.gemini/settings.json, system /etc/gemini-cli/settings.json"', () => {
  it('reads system-defaults, user, project and system files; hooks concatenated in that (Gemini\'s merge) order', () => {
    const s = geminiSetup();
    s.write(s.systemFile, oneHook('BeforeTool', { command: 'echo system' }));
    s.write(s.systemDefaultsFile, oneHook('BeforeTool', { command: 'echo defaults' }));
    s.write(s.userFile, oneHook('BeforeTool', { command: 'echo user' }));
    s.write(s.projectFile, oneHook('BeforeTool', { command: 'echo project' }));
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo defaults', 'echo user', 'echo project', 'echo system']);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['system-defaults:BeforeTool[0].hooks[0]', 'user:BeforeTool[0].hooks[0]', 'project:BeforeTool[0].hooks[0]', 'system:BeforeTool[0].hooks[0]']);
    expect(result.hooks.map((hook) => hook.scope)).toEqual(['managed', 'user', 'project', 'managed']);
    expect(result.sources).toEqual(expect.arrayContaining([s.userFile, s.projectFile, s.systemFile, s.systemDefaultsFile, s.trustedFolders, s.trustedHooks]));
  });

  it('"Gemini\'s settings files allow comments" — a JSONC file with // and /* */ comments loads; a trailing comma is an error naming file, line and column', () => {
    const s = geminiSetup();
    s.write(s.userFile, '// my hooks\n{\n  /* tools */ "hooks": { "BeforeTool": [ { "hooks": [ { "type": "command", "command": "echo ok" } ] } ] }\n}\n');
    s.write(s.projectFile, '{\n  "hooks": {},\n}\n');
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo ok']);
    const error = result.diagnostics.find((d) => d.file === s.projectFile);
    expect(error).toMatchObject({ severity: 'error', line: 3, column: 1, code: 'invalid-json' });
    expect(result.rejectedSources).toEqual([s.projectFile]);
  });

  it('explicit LoadContext.sources replace discovery (scope as given)', () => {
    const s = geminiSetup();
    s.write(s.userFile, oneHook('BeforeTool', { command: 'echo user' }));
    const other = join(s.root, 'other.json');
    s.write(other, oneHook('AfterTool', { command: 'echo explicit' }));
    const result = loadGeminiHooks({ ...s.context, sources: [{ path: other, scope: 'user' }] });
    expect(result.hooks.map((hook) => [hook.id, hook.event, hook.scope])).toEqual([['user:AfterTool[0].hooks[0]', 'PostToolUse', 'user']]);
  });
});

describe('gemini loader: events (§4.1) and observed 17 "Claude event names in Gemini settings: ignored"', () => {
  it('Gemini\'s event names map to the canonical events, HookSpec.data keeps the native name', () => {
    const s = geminiSetup();
    const names = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel', 'BeforeToolSelection', 'PreCompress', 'SessionStart', 'SessionEnd', 'Notification'];
    s.write(s.userFile, { hooks: Object.fromEntries(names.map((name) => [name, [{ hooks: [{ type: 'command', command: `echo ${name}` }] }]])) });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => hook.event)).toEqual(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'BeforeModel', 'AfterModel', 'BeforeToolSelection', 'PreCompact', 'SessionStart', 'SessionEnd', 'Notification']);
    expect(result.hooks.map((hook) => geminiData(hook)?.nativeEvent)).toEqual(names);
    expect(result.diagnostics).toEqual([]);
  });

  it('17 "PreToolUse/Bash in Gemini settings: ignored, no hook ran" — hookd loads nothing from it and warns, naming BeforeTool (line and field)', () => {
    const s = geminiSetup();
    s.write(s.projectFile, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo claude' }] }], Whatever: [] } });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks).toEqual([]);
    const [claude, other] = result.diagnostics;
    expect(claude).toMatchObject({ severity: 'warning', file: s.projectFile, line: 3, field: 'hooks.PreToolUse', code: 'invalid-event' });
    expect(claude?.message).toContain('write "BeforeTool"');
    expect(other?.message).toContain('Invalid hook event name: "Whatever"');
  });
});

describe('gemini loader: the definition (§4.1 "{ matcher?, sequential?, hooks: [ config ] }")', () => {
  it('"timeout? (milliseconds, default 60 000)" — the runner gets the milliseconds as written; bash; continue on failure', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'a', timeout: 2000 }, { type: 'command', command: 'b' }] }] } });
    const [timed, plain] = loadGeminiHooks(s.context).hooks.map(command);
    expect(timed).toMatchObject({ command: 'a', timeoutMs: 2000, explicitTimeout: true, shell: 'bash', onFailure: 'continue' });
    expect(plain).toMatchObject({ command: 'b', timeoutMs: 60_000, shell: 'bash' });
    expect(plain?.explicitTimeout).toBeUndefined();
  });

  it('a timeout that looks like Claude Code seconds (#29122) is a warning, and still milliseconds', () => {
    const s = geminiSetup();
    s.write(s.userFile, oneHook('BeforeTool', { command: 'a', timeout: 30 }));
    const result = loadGeminiHooks(s.context);
    expect(command(result.hooks[0]!).timeoutMs).toBe(30);
    expect(result.diagnostics).toMatchObject([{ severity: 'warning', code: 'timeout-looks-like-seconds', field: 'hooks.BeforeTool[0].hooks[0].timeout' }]);
    expect(result.diagnostics[0]?.message).toContain('write 30000');
  });

  it('"sequential" and name/env go to HookSpec.data; the de-duplication key is name:command', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooks: { BeforeTool: [{ sequential: true, hooks: [{ type: 'command', command: 'a', name: 'guard', env: { X: '1' } }] }, { hooks: [{ type: 'command', command: 'b' }] }] } });
    const [first, second] = loadGeminiHooks(s.context).hooks;
    expect(first?.data).toEqual({ sequential: true, nativeEvent: 'BeforeTool', name: 'guard', env: { X: '1' } });
    expect(first?.dedupeKey).toBe('guard:a');
    expect(second?.data).toEqual({ sequential: false, nativeEvent: 'BeforeTool' });
    expect(second?.dedupeKey).toBe(':b');
  });

  it('"hooksConfig.enabled" false → no hooks (they are notLoaded, saying why); the last file that sets it wins', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooksConfig: { enabled: true }, ...oneHook('BeforeTool', { command: 'a' }) });
    s.write(s.projectFile, { hooksConfig: { enabled: false } });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks).toEqual([]);
    expect(result.notLoaded?.map((hook) => [hook.id, hook.disabled])).toEqual([['user:BeforeTool[0].hooks[0]', true]]);
    expect(result.notLoaded?.[0]?.disabledBy).toContain(`"hooksConfig.enabled": false in ${s.projectFile}`);
  });

  it('"hooksConfig.disabled (array of hook names/commands; merged by union across layers)" — a named hook by its name, an unnamed one by its command', () => {
    const s = geminiSetup();
    s.write(s.userFile, { hooksConfig: { disabled: ['guard'] }, hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'a', name: 'guard' }, { type: 'command', command: 'b' }, { type: 'command', command: 'c', name: 'named-c' }] }] } });
    s.write(s.projectFile, { hooksConfig: { disabled: ['b', 'c'] } });
    const hooks = loadGeminiHooks(s.context).hooks;
    expect(hooks.map((hook) => [command(hook).command, hook.disabled === true])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    expect(hooks[1]?.disabledBy).toContain(`"b" is in hooksConfig.disabled (${s.projectFile}:`);
  });
});
