// Unit tests of the wamp dialect's reading of its own stdin object (paramsFromEnvelope), its synthetic params and its
// single-handler dry-run parser.
import { describe, expect, it } from 'vitest';
import { wampDialect } from '../../../src/dialects/wamp/index.js';
import { EventParamsSchemas } from '../../../src/protocol/index.js';

const convert = (envelope: Record<string, unknown>, event?: Parameters<NonNullable<typeof wampDialect.paramsFromEnvelope>>[1]) => wampDialect.paramsFromEnvelope!(envelope, event);

describe('wamp paramsFromEnvelope', () => {
  it('reads the fields every event has and the tool fields', () => {
    const converted = convert({
      hook_event_name: 'PreToolUse',
      session_id: 'c1',
      cwd: '/repo',
      run_id: 'r1',
      agent: 'wamp',
      runtime: 'acp',
      tool_name: 'shell',
      tool_input: { command: 'ls', nested: { keep: [1] } },
      tool_use_id: 't1',
    });
    expect(converted).toEqual({
      ok: true,
      event: 'PreToolUse',
      params: { session: { id: 'c1', cwd: '/repo', agent: 'wamp', runtime: 'acp' }, runId: 'r1', toolName: 'shell', toolInput: { command: 'ls', nested: { keep: [1] } }, toolUseId: 't1' },
      nativeNames: expect.objectContaining({ runId: 'run_id', toolName: 'tool_name' }),
      notes: [],
    });
  });

  it('splits tool_response {content, is_error} into toolResponse and isError', () => {
    const converted = convert({ hook_event_name: 'PostToolUse', session_id: 'c1', tool_name: 'shell', tool_response: { content: 'out', is_error: true } });
    expect(converted).toMatchObject({ ok: true, params: { toolResponse: 'out', isError: true } });
    expect(convert({ session_id: 'c1', tool_response: 'out' }, 'PostToolUse')).toMatchObject({ ok: false, error: expect.stringContaining('tool_response must be an object') });
    expect(convert({ session_id: 'c1', tool_response: { content: 1, is_error: 'no' } }, 'PostToolUse')).toMatchObject({ ok: false, error: expect.stringContaining('is_error') });
    expect(convert({ session_id: 'c1', tool_response: { contnt: 1 } }, 'PostToolUse')).toMatchObject({ ok: false, error: expect.stringContaining('did you mean "content"') });
  });

  it('prompt, source and stop_hook_active belong to their events only', () => {
    expect(convert({ hook_event_name: 'UserPromptSubmit', session_id: 'c', prompt: 'hi' })).toMatchObject({ ok: true, params: { prompt: 'hi' } });
    expect(convert({ hook_event_name: 'SessionStart', session_id: 'c', source: 'startup' })).toMatchObject({ ok: true, params: { source: 'startup' } });
    expect(convert({ hook_event_name: 'Stop', session_id: 'c', stop_hook_active: true })).toMatchObject({ ok: true, params: { stopHookActive: true } });
    expect(convert({ hook_event_name: 'Stop', session_id: 'c', prompt: 'hi' })).toMatchObject({ ok: false, error: expect.stringContaining('unknown field "prompt"') });
  });

  it('transcript_path is an unknown field (WAMP keeps no transcript file)', () => {
    expect(convert({ hook_event_name: 'Stop', session_id: 'c', transcript_path: '/t' })).toMatchObject({ ok: false, error: expect.stringContaining('WAMP keeps no transcript file') });
  });

  it('an event WAMP does not have, or one that disagrees with the command line, is an error', () => {
    expect(convert({ hook_event_name: 'Notification', session_id: 'c' })).toMatchObject({ ok: false, error: expect.stringContaining('no event "Notification"') });
    expect(convert({ hook_event_name: 'Stop', session_id: 'c' }, 'PreToolUse')).toMatchObject({ ok: false });
  });
});

describe('wamp syntheticParams', () => {
  it('every WAMP event has params its schema accepts, with a runId and a WAMP tool name', () => {
    for (const event of wampDialect.events) {
      const params = wampDialect.syntheticParams!(event, '/repo');
      expect(EventParamsSchemas[event].safeParse(params).success, event).toBe(true);
      expect(params.runId).toBeDefined();
      if (event === 'PreToolUse' || event === 'PostToolUse') expect(params.toolName).toBe('shell');
    }
  });
});

describe('wamp dry-run handler', () => {
  const context = { workspace: '/repo', home: '/home/u' };
  it('a command handler gives one hook; unknown fields are warnings', () => {
    const parsed = wampDialect.parseHandler!({ type: 'command', command: 'echo hi', timeout: 5, async: true }, 'PreToolUse', context);
    expect(parsed.hook?.handler).toEqual({ type: 'command', command: 'echo hi', timeoutMs: 5000, onFailure: 'continue', explicitTimeout: true });
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', field: 'handler.async' })]);
  });

  it('another handler type gives no hook and a warning naming the field', () => {
    const parsed = wampDialect.parseHandler!({ type: 'http', url: 'http://x' }, 'PreToolUse', context);
    expect(parsed.hook).toBeUndefined();
    expect(parsed.diagnostics.map((entry) => entry.field)).toEqual(['handler.url', 'handler.type']);
  });
});

describe('wamp committedSources', () => {
  it('is the project file', () => {
    expect(wampDialect.committedSources!(context())).toEqual([{ path: '/repo/.wamp/hooks.json', scope: 'project' }]);
  });
});

function context() {
  return { workspace: '/repo', home: '/home/u' };
}
