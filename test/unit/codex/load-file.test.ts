// The codex loader's reading of one hooks.json (src/dialects/codex/load.ts, parse-hooks-file.ts, parse-handler.ts):
// the Claude-shaped three levels (§3.1 "Shape: same three levels as Claude Code"), every handler field, and each
// problem as a diagnostic naming file, line, column and field while the rest still loads. No process runs here
// (test/conformance/codex-config.test.ts runs hooks).
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandHandler, HookSpec, LoadContext } from '../../../src/engine/dialect.js';
import { loadCodexHooks } from '../../../src/dialects/codex/load.js';
import { codexDialect } from '../../../src/dialects/codex/index.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup() {
  const root = realpathSync(scratchDir('hookd-codex-load-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(join(workspace, '.codex'), { recursive: true });
  const userFile = join(home, '.codex', 'hooks.json');
  const context: LoadContext = { workspace, home, env: {} };
  const write = (config: unknown, file = userFile) => writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { root, home, workspace, userFile, context, write };
}

const command = (hook: HookSpec | undefined) => hook?.handler as CommandHandler;
const cmd = (text: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...more });

describe('codex loader: one hooks.json', () => {
  it('§3.1 "Shape: same three levels as Claude Code": one HookSpec per command handler, in configured order, with id, source, scope, matcher and location', () => {
    const s = setup();
    s.write({
      description: 'team hooks',
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [cmd('echo a'), cmd('echo b', { timeout: 30, statusMessage: 'Checking' })] },
          { matcher: '^apply_patch$', hooks: [cmd('echo c')] },
        ],
        Stop: [{ hooks: [cmd('echo d')] }],
      },
    });
    const result = loadCodexHooks(s.context);
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[0].hooks[0]', 'user:PreToolUse[0].hooks[1]', 'user:PreToolUse[1].hooks[0]', 'user:Stop[0].hooks[0]']);
    const [a, b, c, d] = result.hooks;
    expect(a?.source).toBe(s.userFile);
    expect(a?.scope).toBe('user');
    expect(a?.matcher).toBe('Bash');
    expect(c?.matcher).toBe('^apply_patch$');
    expect(d?.matcher).toBeUndefined();
    expect(b?.location).toEqual({ file: s.userFile, line: 12, column: 11, field: 'hooks.PreToolUse[0].hooks[1]' });
    expect(a?.matches('Bash')).toBe(true);
    expect(a?.matches('Edit')).toBe(false);
    expect(c?.matches('apply_patch')).toBe(true);
  });

  it('the command runs as "/bin/bash -c" (observed), fails open, 600 s by default (§3.1 "timeout (seconds; default 600)")', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ hooks: [cmd('echo a'), cmd('echo b', { timeout: 30, statusMessage: 'Checking policy' })] }] } });
    const [a, b] = loadCodexHooks(s.context).hooks;
    expect(command(a)).toEqual({ type: 'command', command: 'echo a', shell: '/bin/bash', timeoutMs: 600_000, onFailure: 'continue' });
    expect(command(b)).toEqual({ type: 'command', command: 'echo b', shell: '/bin/bash', timeoutMs: 30_000, explicitTimeout: true, statusMessage: 'Checking policy', onFailure: 'continue' });
    expect(codexDialect.defaultTimeoutMs).toBe(600_000);
  });

  it('§3.1 "`0` is floored to 1 s in code via `max(1)`" (an info diagnostic says so)', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ hooks: [cmd('echo a', { timeout: 0 })] }] } });
    const result = loadCodexHooks(s.context);
    expect(command(result.hooks[0]).timeoutMs).toBe(1_000);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'timeout-floored', field: 'hooks.PreToolUse[0].hooks[0].timeout', file: s.userFile })]);
  });

  it('§3.3 SessionEnd "1 s default, max 3 s"; "SessionEnd always sync"', () => {
    const s = setup();
    s.write({ hooks: { SessionEnd: [{ hooks: [cmd('echo a'), cmd('echo b', { timeout: 60 }), cmd('echo c', { async: true })] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).timeoutMs)).toEqual([1_000, 3_000, 1_000]);
    expect(command(result.hooks[2]).async).toBeUndefined();
    expect(result.diagnostics.map((entry) => entry.code)).toEqual(['timeout-capped', 'async-ignored']);
  });

  it('a negative, fractional or non-number "timeout" is a warning naming file, line, column and field; that handler is skipped and its siblings load', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ hooks: [cmd('echo bad', { timeout: -1 }), cmd('echo frac', { timeout: 1.5 }), cmd('echo str', { timeout: '30' }), cmd('echo good')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo good']);
    expect(result.hooks[0]?.id).toBe('user:PreToolUse[0].hooks[3]');
    expect(result.diagnostics).toHaveLength(3);
    for (const [index, entry] of result.diagnostics.entries()) {
      expect(entry).toEqual(expect.objectContaining({ severity: 'warning', code: 'invalid-timeout', file: s.userFile, field: `hooks.PreToolUse[0].hooks[${index}].timeout` }));
      expect(entry.line).toBeGreaterThan(1);
      expect(entry.column).toBeGreaterThan(1);
    }
  });

  it('§3.1 "`prompt`, `agent` parsed and skipped with a warning"; mcp_tool skipped with a warning (hookd does not run it for codex yet); unknown types too', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'x' }, { type: 'agent' }, { type: 'mcp_tool', server: 's', tool: 't' }, { type: 'Command', command: 'x' }, cmd('echo ok')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[0].hooks[4]']);
    expect(result.diagnostics.map((entry) => [entry.severity, entry.code, entry.field])).toEqual([
      ['warning', 'unsupported-handler-type', 'hooks.PreToolUse[0].hooks[0].type'],
      ['warning', 'unsupported-handler-type', 'hooks.PreToolUse[0].hooks[1].type'],
      ['warning', 'unsupported-handler-type', 'hooks.PreToolUse[0].hooks[2].type'],
      ['warning', 'unknown-handler-type', 'hooks.PreToolUse[0].hooks[3].type'],
    ]);
    expect(result.diagnostics[0]?.message).toContain('prompt hooks are not supported yet');
    expect(result.diagnostics[2]?.message).toContain('hookd does not run mcp_tool handlers for codex yet');
  });

  it('"command" is required; a blank command is skipped ("skipping empty hook command", as Codex); a missing type is a warning', () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [{ type: 'command' }, cmd('   '), { command: 'echo no type' }, cmd('echo ok')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo ok']);
    expect(result.diagnostics.map((entry) => entry.code)).toEqual(['missing-command', 'empty-command', 'missing-type']);
  });

  it('"async": true runs in the background (CommandHandler.async), "commandWindows" is ignored on Linux, unknown handler fields are ignored (as Codex)', () => {
    const s = setup();
    s.write({ hooks: { PostToolUse: [{ hooks: [cmd('echo bg', { async: true, commandWindows: 'echo win', additionalContextLimit: 0, somethingNew: 1 })] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.diagnostics).toEqual([]);
    expect(command(result.hooks[0])).toEqual(expect.objectContaining({ command: 'echo bg', async: { rewake: false } }));
  });

  it('§3.1 "additionalContextLimit … warning on events that can\'t produce context"; a negative one skips the handler', () => {
    const s = setup();
    s.write({ hooks: { PostToolUse: [{ hooks: [cmd('a', { additionalContextLimit: 100 })] }], Stop: [{ hooks: [cmd('b', { additionalContextLimit: 100 }), cmd('c', { additionalContextLimit: -5 })] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['a', 'b']);
    expect(result.diagnostics.map((entry) => [entry.severity, entry.code, entry.field])).toEqual([
      ['warning', 'context-limit-ignored', 'hooks.Stop[0].hooks[0].additionalContextLimit'],
      ['warning', 'invalid-field', 'hooks.Stop[0].hooks[1].additionalContextLimit'],
    ]);
  });

  it('statusMessage, commandWindows or async of the wrong type skip the handler (Codex refuses the whole file)', () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [cmd('a', { statusMessage: 3 }), cmd('b', { commandWindows: [] }), cmd('c', { async: 'yes' }), cmd('d')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['d']);
    expect(result.diagnostics.map((entry) => entry.field)).toEqual(['hooks.Stop[0].hooks[0].statusMessage', 'hooks.Stop[0].hooks[1].commandWindows', 'hooks.Stop[0].hooks[2].async']);
  });

  it('unknown events → warning, skipped (a miscased one names the right spelling); the other events load', () => {
    const s = setup();
    s.write({ hooks: { pretooluse: [{ hooks: [cmd('x')] }], BeforeTool: [{ hooks: [cmd('y')] }], Stop: [{ hooks: [cmd('z')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.event)).toEqual(['Stop']);
    expect(result.diagnostics.map((entry) => [entry.code, entry.field])).toEqual([
      ['unknown-event', 'hooks.pretooluse'],
      ['unknown-event', 'hooks.BeforeTool'],
    ]);
    expect(result.diagnostics[0]?.message).toContain('did you mean "PreToolUse"?');
  });

  it('§3.3 "invalid regex → warning, whole group skipped": every handler of the group is skipped, the next group loads', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ matcher: '[', hooks: [cmd('a'), cmd('b')] }, { matcher: 'Bash', hooks: [cmd('c')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[1].hooks[0]']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'invalid-regex', field: 'hooks.PreToolUse[0].matcher', file: s.userFile, line: 5 })]);
    expect(result.diagnostics[0]?.message).toContain('whole group is skipped');
  });

  it('matchers on events without a matcher target (UserPromptSubmit, Stop) are ignored, even an invalid one (Codex: user_prompt_submit_ignores_invalid_matcher_during_discovery) — an info diagnostic says so', () => {
    const s = setup();
    s.write({ hooks: { UserPromptSubmit: [{ matcher: '[', hooks: [cmd('a')] }], Stop: [{ matcher: '^done$', hooks: [cmd('b')] }, { matcher: '*', hooks: [cmd('c')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:UserPromptSubmit[0].hooks[0]', 'user:Stop[0].hooks[0]', 'user:Stop[1].hooks[0]']);
    for (const hook of result.hooks) expect(hook.matches('anything')).toBe(true);
    expect(result.diagnostics.map((entry) => [entry.severity, entry.code, entry.field])).toEqual([
      ['info', 'matcher-ignored', 'hooks.UserPromptSubmit[0].matcher'],
      ['info', 'matcher-ignored', 'hooks.Stop[0].matcher'],
    ]);
  });

  it('a group or event of the wrong shape is a warning that skips only it', () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [5, { matcher: 7, hooks: [cmd('a')] }, { hooks: 'x' }, { matcher: 'Bash' }, { hooks: [cmd('ok')] }], PostToolUse: {}, Stop: [{ hooks: [cmd('s')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[4].hooks[0]', 'user:Stop[0].hooks[0]']);
    expect(result.diagnostics.map((entry) => [entry.code, entry.field])).toEqual([
      ['invalid-group', 'hooks.PreToolUse[0]'],
      ['invalid-matcher', 'hooks.PreToolUse[1].matcher'],
      ['invalid-group', 'hooks.PreToolUse[2].hooks'],
      ['invalid-event', 'hooks.PostToolUse'],
    ]);
  });

  it('optional top-level "description" (§3.1 "metadata only"); an unknown top-level field is a warning (Codex refuses the file; hookd loads it)', () => {
    const s = setup();
    s.write({ description: 'x', version: 2, hooks: { Stop: [{ hooks: [cmd('s')] }] } });
    const result = loadCodexHooks(s.context);
    expect(result.hooks).toHaveLength(1);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'unknown-field', field: 'version' })]);
  });

  it('invalid JSON, an empty file, a non-object or "hooks" not an object: an error naming file, line and column; the file contributes nothing and is a rejected source', () => {
    for (const text of ['{"hooks": {"Stop": [}', '', '[]', '{"hooks": []}']) {
      const s = setup();
      s.write(text);
      const result = loadCodexHooks(s.context);
      expect(result.hooks, text).toEqual([]);
      expect(result.rejectedSources, text).toEqual([s.userFile]);
      expect(result.diagnostics, text).toEqual([expect.objectContaining({ severity: 'error', file: s.userFile, line: 1 })]);
    }
  });

  it('a file with no "hooks" (only a description) loads nothing, silently', () => {
    const s = setup();
    s.write({ description: 'nothing yet' });
    const result = loadCodexHooks(s.context);
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });
});
