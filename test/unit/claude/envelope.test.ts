import { describe, expect, it } from 'vitest';
import { claudeEnvironment } from '../../../src/dialects/claude/environment.js';
import { renderEnvelope, renderStdin } from '../../../src/dialects/claude/envelope.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { OBSERVED } from '../../helpers/observed-claude-envelopes.js';
import { context, hook, WORKSPACE } from './outcome.js';


/** The camelCase params a client would send for the same observed data. */
function sameData(observed: (typeof OBSERVED)[keyof typeof OBSERVED], params: Partial<EventParams>): Partial<EventParams> {
  return {
    session: {
      id: observed.session_id,
      transcriptPath: observed.transcript_path,
      cwd: observed.cwd,
      promptId: observed.prompt_id,
      permissionMode: observed.permission_mode,
    },
    ...params,
  };
}

function expectSameEnvelope(event: EventName, params: Partial<EventParams>, observed: Record<string, unknown>): void {
  const ctx = context(event, params, params.session?.id);
  const rendered = renderEnvelope(ctx);
  expect(Object.keys(rendered)).toEqual(Object.keys(observed));
  for (const key of Object.keys(observed)) expect(rendered[key], key).toEqual(observed[key]);
  expect(renderStdin(ctx)).toBe(JSON.stringify(observed));
}

describe('claude stdin envelope', () => {
  it('PreToolUse: same fields, nesting and order as Claude Code sends', () => {
    const o = OBSERVED.PreToolUse;
    expectSameEnvelope('PreToolUse', sameData(o, { toolName: o.tool_name, toolInput: { ...o.tool_input }, toolUseId: o.tool_use_id }), o);
  });

  it('PostToolUse: tool_response and duration_ms in the observed order', () => {
    const o = OBSERVED.PostToolUse;
    expectSameEnvelope(
      'PostToolUse',
      sameData(o, { toolName: o.tool_name, toolInput: { ...o.tool_input }, toolResponse: { ...o.tool_response }, toolUseId: o.tool_use_id, durationMs: 103 }),
      o,
    );
  });

  it('UserPromptSubmit: prompt after hook_event_name', () => {
    const o = OBSERVED.UserPromptSubmit;
    expectSameEnvelope('UserPromptSubmit', sameData(o, { prompt: o.prompt }), o);
  });

  it('Stop: stop_hook_active, last_assistant_message, background_tasks [] and session_crons [] by default', () => {
    const o = OBSERVED.Stop;
    expectSameEnvelope('Stop', sameData(o, { stopHookActive: false, lastAssistantMessage: 'done' }), o);
    expectSameEnvelope('Stop', sameData(o, { lastAssistantMessage: 'done' }), o);
  });

  it('prompt_id and permission_mode appear only when given; cwd defaults to the workspace, transcript_path to ""', () => {
    const rendered = renderEnvelope(context('UserPromptSubmit', { prompt: 'p' }));
    expect(rendered).toEqual({ session_id: 'sess-1', transcript_path: '', cwd: WORKSPACE, hook_event_name: 'UserPromptSubmit', prompt: 'p' });
    expect(Object.keys(rendered)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'prompt']);
  });

  it('agent_id/agent_type of the session (inside subagents or with --agent) come before hook_event_name', () => {
    const rendered = renderEnvelope(context('UserPromptSubmit', { session: { id: 's', agentId: 'a1', agentType: 'reviewer' }, prompt: 'p' }));
    expect(Object.keys(rendered)).toEqual(['session_id', 'transcript_path', 'cwd', 'agent_id', 'agent_type', 'hook_event_name', 'prompt']);
  });

  it.each<[EventName, Partial<EventParams>, Record<string, unknown>]>([
    [
      'PostToolUseFailure',
      { toolName: 'Bash', toolInput: { command: 'false' }, toolUseId: 't1', error: 'exit 1', isInterrupt: false, durationMs: 5 },
      { tool_name: 'Bash', tool_input: { command: 'false' }, tool_use_id: 't1', error: 'exit 1', is_interrupt: false, duration_ms: 5 },
    ],
    [
      'PermissionRequest',
      { toolName: 'Bash', toolInput: { command: 'ls' }, permissionSuggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
      { tool_name: 'Bash', tool_input: { command: 'ls' }, permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
    ],
    [
      'SubagentStop',
      { stopHookActive: true, agentId: 'a1', agentType: 'Explore', agentTranscriptPath: '/t/a1.jsonl', lastAssistantMessage: 'ok' },
      { stop_hook_active: true, agent_id: 'a1', agent_type: 'Explore', agent_transcript_path: '/t/a1.jsonl', last_assistant_message: 'ok', background_tasks: [], session_crons: [] },
    ],
    ['SessionStart', { session: { id: 'sess-1', model: 'claude-x' }, source: 'startup' }, { source: 'startup', model: 'claude-x' }],
    ['SessionStart', { source: 'resume', agentType: 'reviewer' }, { source: 'resume', agent_type: 'reviewer' }],
    ['SessionEnd', { reason: 'logout' }, { reason: 'logout' }],
    ['PreCompact', { trigger: 'manual', customInstructions: 'keep tests' }, { trigger: 'manual', custom_instructions: 'keep tests' }],
    ['PreCompact', { trigger: 'auto' }, { trigger: 'auto', custom_instructions: '' }],
    ['PostCompact', { trigger: 'auto' }, { trigger: 'auto' }],
    ['Notification', { message: 'Claude needs input', notificationType: 'idle_prompt' }, { message: 'Claude needs input', notification_type: 'idle_prompt' }],
    ['Notification', { message: 'm', title: 'T', notificationType: 'permission_prompt' }, { message: 'm', title: 'T', notification_type: 'permission_prompt' }],
    ['SubagentStart', { agentId: 'a1', agentType: 'Explore' }, { agent_id: 'a1', agent_type: 'Explore' }],
  ])('%s event fields after the common ones: %j', (event, params, fields) => {
    const rendered = renderEnvelope(context(event, params));
    const common = { session_id: 'sess-1', transcript_path: '', cwd: WORKSPACE, hook_event_name: event };
    expect(rendered).toEqual({ ...common, ...fields });
    expect(Object.keys(rendered)).toEqual([...Object.keys(common), ...Object.keys(fields)]);
  });

  it('params.extra fields are copied in as given at the end; a key already present keeps its place', () => {
    const rendered = renderEnvelope(
      context('Stop', { stopHookActive: false, lastAssistantMessage: 'x', extra: { effort: { level: 'high' }, background_tasks: [{ id: 'b1' }] } }),
    );
    expect(Object.keys(rendered).slice(-3)).toEqual(['background_tasks', 'session_crons', 'effort']);
    expect(rendered.background_tasks).toEqual([{ id: 'b1' }]);
    expect(rendered.effort).toEqual({ level: 'high' });
  });

  it('cwd is the session cwd when given', () => {
    expect(renderEnvelope(context('Stop', { session: { id: 's', cwd: '/elsewhere' } })).cwd).toBe('/elsewhere');
  });

  it('environment: CLAUDE_PROJECT_DIR is the workspace and CLAUDE_CODE_SESSION_ID the session id', () => {
    expect(claudeEnvironment(context('Stop', {}, 'abc'), hook('Stop'))).toEqual({ CLAUDE_PROJECT_DIR: WORKSPACE, CLAUDE_CODE_SESSION_ID: 'abc' });
  });
});
