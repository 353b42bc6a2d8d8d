import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { findDialect } from '../../../src/dialects/index.js';
import { renderStdin } from '../../../src/dialects/bamboo/envelope.js';
import { eventContext } from '../../../src/engine/dispatcher.js';
import type { LoadContext } from '../../../src/engine/dialect.js';

const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreCompact', 'Notification'] as const;
const load: LoadContext = { workspace: '/work/project', home: '/home/u', env: {} };

describe('bamboo dialect object', () => {
  it('is registered as "bamboo"', () => {
    expect(findDialect('bamboo')).toBe(bambooDialect);
  });

  it('has the eight events of the seed, runs sequentially, continues on Stop, hot-reloads, fires Notification and forgets', () => {
    expect(bambooDialect.name).toBe('bamboo');
    expect(bambooDialect.events).toEqual(EVENTS);
    expect(bambooDialect.execution).toBe('sequential');
    expect(bambooDialect.continuationEvents).toEqual(['Stop']);
    expect(bambooDialect.defaultTimeoutMs).toBe(60_000);
    expect(bambooDialect.hotReload).toBe(true);
    expect(bambooDialect.fireAndForgetEvents).toEqual(['Notification']);
  });

  it('Notification, and a background PostToolUse, read the current configuration; other events their run snapshot', () => {
    const session = { id: 's' };
    expect(bambooDialect.usesCurrentConfig?.('Notification', { session })).toBe(true);
    expect(bambooDialect.usesCurrentConfig?.('PostToolUse', { session, toolName: 'Bash', toolInput: {}, background: true })).toBe(true);
    expect(bambooDialect.usesCurrentConfig?.('PostToolUse', { session, toolName: 'Bash', toolInput: {} })).toBe(false);
    expect(bambooDialect.usesCurrentConfig?.('PreToolUse', { session, toolName: 'Bash', toolInput: {}, background: true })).toBe(false);
  });
});

describe('compileMatcher (programmatic hooks)', () => {
  it('same rules as the file: tool events only, valid Rust regex', () => {
    const compiled = bambooDialect.compileMatcher?.('PreToolUse', '^Bash$');
    expect(compiled && 'matches' in compiled && [compiled.matches('Bash'), compiled.matches('Write')]).toEqual([true, false]);
    expect(bambooDialect.compileMatcher?.('Stop', 'x')).toEqual({ error: 'matcher is supported only for PreToolUse and PostToolUse, not Stop' });
    expect(bambooDialect.compileMatcher?.('PreToolUse', '(?=x)')).toEqual({ error: 'matcher is not a valid Rust regular expression: look-around, including look-ahead and look-behind, is not supported: `(?=`' });
    const all = bambooDialect.compileMatcher?.('Stop', undefined);
    expect(all && 'matches' in all && all.matches(undefined)).toBe(true);
  });
});

describe('parseHandler (dry run)', () => {
  it('returns a one-off hook with the production handler, id dry-run:<event>, explicit scope and no trust key', () => {
    const parsed = bambooDialect.parseHandler?.({ type: 'script', path: 'hooks/check.js', runner: 'node', timeout_ms: 5000 }, 'PreToolUse', { ...load, defaultWorkArea: '/srv' });
    expect(parsed?.diagnostics).toEqual([]);
    expect(parsed?.hook).toMatchObject({
      id: 'dry-run:PreToolUse',
      event: 'PreToolUse',
      scope: 'explicit',
      handler: { type: 'script', path: 'hooks/check.js', runtimes: [{ label: 'node', file: 'node', args: [] }], timeoutMs: 5000, onFailure: 'continue' },
      serverOwnedPlacement: { cwd: '/srv', scriptBase: '/srv' },
    });
    expect(parsed?.hook?.trustKey).toBeUndefined();
  });

  it('accepts a command handler with the default timeout', () => {
    expect(bambooDialect.parseHandler?.({ type: 'command', command: 'cargo fmt' }, 'PostToolUse', load)?.hook?.handler).toEqual({
      type: 'command',
      command: 'cargo fmt',
      shell: 'bash',
      timeoutMs: 60_000,
      onFailure: 'continue',
    });
  });

  it('reports problems with field handler.<name> and no file; an error means no hook', () => {
    const parsed = bambooDialect.parseHandler?.({ type: 'command', command: 'x', timeout_ms: 0 }, 'Stop', load);
    expect(parsed?.hook).toBeUndefined();
    expect(parsed?.diagnostics).toEqual([{ severity: 'error', message: 'timeout_ms must be an integer between 1 and 600000 (got 0)', field: 'handler.timeout_ms', code: 'invalid-timeout' }]);
    const incompatible = bambooDialect.parseHandler?.({ type: 'script', path: 'a.py', runner: 'bun' }, 'Stop', load);
    expect(incompatible?.diagnostics[0]).toMatchObject({ field: 'handler.runner', code: 'runner-incompatible' });
  });

  it('an unknown field is a warning and the hook is still returned', () => {
    const parsed = bambooDialect.parseHandler?.({ type: 'command', command: 'x', shell: 'zsh' }, 'Stop', load);
    expect(parsed?.hook).toBeDefined();
    expect(parsed?.diagnostics).toEqual([{ severity: 'warning', message: 'unknown field "shell" in a command handler; ignored', field: 'handler.shell', code: 'unknown-field' }]);
  });

  it('an event outside Bamboo\'s table is refused', () => {
    expect(bambooDialect.parseHandler?.({ type: 'command', command: 'x' }, 'PermissionRequest', load)?.diagnostics[0]).toMatchObject({ code: 'unknown-event', field: 'event' });
  });
});

describe('syntheticParams', () => {
  it('is deterministic, passes validateParams, and renders the same envelope every time for every event', () => {
    for (const event of EVENTS) {
      const params = bambooDialect.syntheticParams?.(event, '/work/project');
      expect(params).toEqual(bambooDialect.syntheticParams?.(event, '/work/project'));
      if (params === undefined) throw new Error('no params');
      expect(params.session).toMatchObject({ id: 'hookd-dry-run', model: 'claude-sonnet-4' });
      expect(bambooDialect.validateParams?.(event, params)).toBeUndefined();
      const stdin = renderStdin(eventContext(event, params, '/work/project'));
      expect(stdin).toBe(renderStdin(eventContext(event, params, '/work/project')));
      expect(JSON.parse(stdin)).toMatchObject({ schema_version: 1, hook_event_name: event, session_id: 'hookd-dry-run', timestamp: '2026-07-22T09:00:00Z' });
    }
  });

  it('uses a Bash echo hello tool call and the seed\'s compression numbers', () => {
    const pre = bambooDialect.syntheticParams?.('PreToolUse', '/w');
    expect([pre?.toolName, pre?.toolInput]).toEqual(['Bash', { command: 'echo hello' }]);
    const compact = bambooDialect.syntheticParams?.('PreCompact', '/w');
    if (compact === undefined) throw new Error('no params');
    expect(JSON.parse(renderStdin(eventContext('PreCompact', compact, '/w'))).payload).toEqual({
      type: 'compression',
      estimated_tokens: 170000,
      usage_percent: 85.0,
      max_context_tokens: 200000,
      trigger_context_tokens: 160000,
      trigger: 'threshold',
      phase: 'pre-turn',
    });
  });
});
