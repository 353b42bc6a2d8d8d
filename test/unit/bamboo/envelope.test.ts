import { describe, expect, it } from 'vitest';
import { bambooTimestamp, renderEnvelope, renderStdin } from '../../../src/dialects/bamboo/envelope.js';
import { bambooEnvironment } from '../../../src/dialects/bamboo/environment.js';
import { validateParams } from '../../../src/dialects/bamboo/validate-params.js';
import type { EventParams } from '../../../src/protocol/index.js';
import { context, hook } from './outcome.js';

const TS = '2026-07-22T09:00:00Z';
const session = { id: 'session-123', model: 'claude-sonnet-4' };
const compression = { estimated_tokens: 170000, usage_percent: 85.0, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' };
const notification = { id: 'n-1', priority: 'high', dedup_key: 'run:1', created_at: TS };

const render = (event: Parameters<typeof context>[0], params: Partial<EventParams>) => JSON.parse(renderStdin(context(event, { session, ...params }))) as Record<string, unknown>;

describe('the bamboo stdin envelope', () => {
  it('renders the seed\'s PreCompact example byte for byte (key order, 85.0)', () => {
    const text = renderStdin(context('PreCompact', { session, trigger: 'threshold', extra: { timestamp: TS, payload: compression } }));
    expect(text).toBe(
      JSON.stringify({
        schema_version: 1,
        hook_event_name: 'PreCompact',
        session_id: 'session-123',
        workspace_path: '/work/project',
        model: 'claude-sonnet-4',
        payload: { type: 'compression', estimated_tokens: 170000, usage_percent: 85, max_context_tokens: 200000, trigger_context_tokens: 160000, trigger: 'threshold', phase: 'pre-turn' },
        timestamp: TS,
      }).replace('"usage_percent":85', '"usage_percent":85.0'),
    );
  });

  it('a fractional usage_percent is written as is', () => {
    expect(renderStdin(context('PreCompact', { session, trigger: 'manual', extra: { payload: { ...compression, usage_percent: 85.5 } } }))).toContain('"usage_percent":85.5,');
  });

  it('model is null when the session has none; the timestamp defaults to now, UTC to the second', () => {
    const envelope = renderEnvelope(context('Stop', {}), () => new Date('2026-01-02T03:04:05.678Z'));
    expect(envelope.model).toBeNull();
    expect(envelope.timestamp).toBe('2026-01-02T03:04:05Z');
    expect(bambooTimestamp(new Date('2026-07-22T09:00:00.999Z'))).toBe(TS);
    expect(render('Stop', {}).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('payload per event', () => {
    const tool = { toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_1' };
    expect(render('SessionStart', { source: 'resume' }).payload).toEqual({ type: 'session_start', source: 'resume' });
    expect(render('UserPromptSubmit', { prompt: 'hi' }).payload).toEqual({ type: 'user_prompt', prompt: 'hi' });
    expect(render('PreToolUse', tool).payload).toEqual({ type: 'tool_call', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' });
    expect(render('PostToolUse', { ...tool, toolResponse: { stdout: 'x' } }).payload).toEqual({
      type: 'tool_result',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: { stdout: 'x' },
      tool_use_id: 'toolu_1',
      background: false,
    });
    expect(render('Stop', { stopHookActive: true, lastAssistantMessage: 'done' }).payload).toEqual({ type: 'stop', stop_hook_active: true, last_assistant_message: 'done' });
    expect(render('Stop', {}).payload).toEqual({ type: 'stop', stop_hook_active: false });
    expect(render('SessionEnd', { reason: 'completed' }).payload).toEqual({ type: 'session_end', reason: 'completed' });
    expect(render('Notification', { title: 'T', message: 'B', notificationType: 'run_completed', extra: { payload: { ...notification, click_url: 'https://x' } } }).payload).toEqual({
      type: 'notification',
      id: 'n-1',
      category: 'run_completed',
      priority: 'high',
      title: 'T',
      body: 'B',
      dedup_key: 'run:1',
      created_at: TS,
      click_url: 'https://x',
    });
  });

  it('payload keys keep the documented order whatever order the client gives them in', () => {
    const payload = render('Notification', { title: 'T', message: 'B', notificationType: 'c', extra: { payload: { created_at: TS, dedup_key: 'd', priority: 1, id: 'i' } } }).payload;
    expect(Object.keys(payload as object)).toEqual(['type', 'id', 'category', 'priority', 'title', 'body', 'dedup_key', 'created_at']);
  });

  it('extra.payload overrides derived fields and adds its own keys after them, but never the type', () => {
    const payload = render('PreCompact', { trigger: 'manual', extra: { payload: { ...compression, trigger: 'forced_overflow_recovery', type: 'x', note: 'n' } } }).payload;
    expect(payload).toMatchObject({ type: 'compression', trigger: 'forced_overflow_recovery', note: 'n' });
    expect(Object.keys(payload as object).at(-1)).toBe('note');
  });

  it('tool events also carry top-level tool_name, tool_input and tool_response (null on PreToolUse) after timestamp', () => {
    const pre = render('PreToolUse', { toolName: 'Bash', toolInput: { command: 'ls' }, extra: { timestamp: TS } });
    expect(Object.keys(pre)).toEqual(['schema_version', 'hook_event_name', 'session_id', 'workspace_path', 'model', 'payload', 'timestamp', 'tool_name', 'tool_input', 'tool_response']);
    expect([pre.tool_name, pre.tool_input, pre.tool_response]).toEqual(['Bash', { command: 'ls' }, null]);
    const post = render('PostToolUse', { toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: 'out', background: true });
    expect([post.tool_name, post.tool_input, post.tool_response]).toEqual(['Bash', { command: 'ls' }, 'out']);
    expect((post.payload as Record<string, unknown>).background).toBe(true);
    expect(render('Stop', {}).tool_name).toBeUndefined();
  });

  it('other extra keys go to the top level, after the core keys, and never replace them', () => {
    const envelope = render('Stop', { extra: { timestamp: TS, session_id: 'forged', schema_version: 9, tool_name: 'x', turn_id: 't-7' } });
    expect(envelope.session_id).toBe('session-123');
    expect(envelope.schema_version).toBe(1);
    expect(envelope.turn_id).toBe('t-7');
    // tool_name is a core key only on tool events; on Stop it is just another extra key
    expect(Object.keys(envelope)).toEqual(['schema_version', 'hook_event_name', 'session_id', 'workspace_path', 'model', 'payload', 'timestamp', 'tool_name', 'turn_id']);
    const pre = render('PreToolUse', { toolName: 'Bash', toolInput: {}, extra: { tool_name: 'Forged' } });
    expect(pre.tool_name).toBe('Bash');
  });
});

describe('validateParams', () => {
  const compact = (payload: Record<string, unknown>, trigger = 'threshold') => validateParams('PreCompact', { session, trigger, extra: { payload } });
  const notify = (payload: Record<string, unknown>) => validateParams('Notification', { session, title: 'T', message: 'B', notificationType: 'c', extra: { payload } });

  it('accepts a complete compression payload with each of the three triggers', () => {
    for (const trigger of ['threshold', 'forced_overflow_recovery', 'manual']) expect(compact(compression, trigger)).toBeUndefined();
  });

  it('names the bad trigger', () => {
    expect(compact(compression, 'auto')).toBe('payload.trigger: must be one of threshold, forced_overflow_recovery, manual (got "auto")');
  });

  it('names every missing or mistyped compression field', () => {
    expect(compact({ ...compression, estimated_tokens: '170000', phase: undefined, usage_percent: undefined })).toBe(
      'payload.estimated_tokens: must be a number (got "170000"); payload.usage_percent: must be a number (got nothing); payload.phase: must be a string (got nothing)',
    );
  });

  it('accepts a complete notification; priority may be a string or a number; click_url is optional', () => {
    expect(notify(notification)).toBeUndefined();
    expect(notify({ ...notification, priority: 3, click_url: 'https://x' })).toBeUndefined();
  });

  it('names missing notification fields and a non-string click_url', () => {
    expect(notify({ id: 'n', priority: true, created_at: TS, click_url: 5 })).toBe(
      'payload.priority: must be a string or a number (got true); payload.dedup_key: must be a string (got nothing); payload.click_url: must be a string (got 5)',
    );
  });

  it('title, body and category come from the camelCase params when not in extra.payload', () => {
    expect(validateParams('Notification', { session, message: 'B', extra: { payload: notification } })).toBe(
      'payload.category: must be a string (got nothing); payload.title: must be a string (got nothing)',
    );
  });

  it('other events have no extra checks', () => {
    expect(validateParams('Stop', { session })).toBeUndefined();
  });
});

describe('environment', () => {
  it('BAMBOO_HOOK_EVENT and BAMBOO_SESSION_ID for every handler; BAMBOO_HOOK_SCRIPT only for scripts', () => {
    const ctx = context('PreToolUse', { toolName: 'Bash', toolInput: {} });
    expect(bambooEnvironment(ctx, hook('PreToolUse'), {})).toEqual({ BAMBOO_HOOK_EVENT: 'PreToolUse', BAMBOO_SESSION_ID: 'session-123' });
    const scriptHook = hook('PreToolUse', { type: 'script', path: 'a.sh', runtimes: [] });
    expect(bambooEnvironment(ctx, scriptHook, { scriptPath: '/work/project/a.sh' })).toEqual({
      BAMBOO_HOOK_EVENT: 'PreToolUse',
      BAMBOO_SESSION_ID: 'session-123',
      BAMBOO_HOOK_SCRIPT: '/work/project/a.sh',
    });
  });
});
