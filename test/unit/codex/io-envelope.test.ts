// The codex dialect's stdin (envelope.ts) for the events not observed (§3.3 table, schema.rs), its inverse for
// `hookd test --input` (envelope-params.ts), the sample params (synthetic-params.ts) and the match targets. Pure.
import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../../src/engine/dialect.js';
import { renderEnvelope, renderStdin } from '../../../src/dialects/codex/envelope.js';
import { codexParamsFromEnvelope } from '../../../src/dialects/codex/envelope-params.js';
import { CODEX_EVENTS } from '../../../src/dialects/codex/events.js';
import { codexDialect } from '../../../src/dialects/codex/index.js';
import { matchTarget, matchTargetField } from '../../../src/dialects/codex/match-target.js';
import { syntheticParams } from '../../../src/dialects/codex/synthetic-params.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';

const ctx = (event: EventName, params: EventParams): EventContext => ({ event, params, workspace: '/w', sessionId: params.session.id, cwd: params.session.cwd ?? '/w' });

describe('§3.3 "Extra input" per event, in schema.rs field order', () => {
  it('SubagentStop: "+ agent_transcript_path, stop_hook_active, last_assistant_message" with agent_id, agent_type', () => {
    const envelope = renderEnvelope(ctx('SubagentStop', { session: { id: 's', turnId: 't' }, agentId: 'a1', agentType: 'explorer', stopHookActive: true, lastAssistantMessage: 'ok' }));
    expect(Object.keys(envelope)).toEqual(['session_id', 'turn_id', 'transcript_path', 'agent_transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'stop_hook_active', 'agent_id', 'agent_type', 'last_assistant_message']);
    expect(envelope).toMatchObject({ agent_id: 'a1', agent_type: 'explorer', stop_hook_active: true, agent_transcript_path: null });
  });

  it('SubagentStart "`turn_id`, `agent_id`, `agent_type`, `permission_mode`"; PreCompact "`turn_id`, `trigger`"; SessionEnd "`reason`"', () => {
    expect(renderEnvelope(ctx('SubagentStart', { session: { id: 's' }, agentId: 'a1', agentType: 'explorer' }))).toMatchObject({ turn_id: null, agent_id: 'a1', agent_type: 'explorer', permission_mode: 'default' });
    expect(renderEnvelope(ctx('PreCompact', { session: { id: 's' }, trigger: 'auto' }))).toMatchObject({ trigger: 'auto' });
    const end = renderEnvelope(ctx('SessionEnd', { session: { id: 's' } }));
    expect(end).toMatchObject({ reason: 'other' });
    expect('turn_id' in end).toBe(false);
  });

  it('PermissionRequest "`turn_id`, `tool_name`, `tool_input`" (no tool_use_id)', () => {
    expect(Object.keys(renderEnvelope(ctx('PermissionRequest', { session: { id: 's' }, toolName: 'Bash', toolInput: { command: 'ls' } })))).toEqual(['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'tool_name', 'tool_input']);
  });

  it('inside a sub-agent, tool events carry agent_id / agent_type after turn_id', () => {
    expect(Object.keys(renderEnvelope(ctx('PreToolUse', { session: { id: 's', agentId: 'a1', agentType: 'worker' }, toolName: 'Bash', toolInput: {} }))).slice(0, 4)).toEqual(['session_id', 'turn_id', 'agent_id', 'agent_type']);
  });

  it('compact serde_json: UTF-8 as is (no ASCII escapes), no trailing newline', () => {
    const stdin = renderStdin(ctx('UserPromptSubmit', { session: { id: 's' }, prompt: 'héllo ✓' }));
    expect(stdin).toContain('"prompt":"héllo ✓"');
    expect(stdin.endsWith('}')).toBe(true);
  });
});

describe('paramsFromEnvelope (`hookd test --input`)', () => {
  it('the observed PreToolUse envelope back into params', () => {
    const observed = {
      session_id: '01a22898-5f6a-7270-9a37-9736f535ce0d',
      turn_id: '01a22898-5f90-7e83-b226-257bb1c199a3',
      transcript_path: null,
      cwd: '/home/user/project',
      hook_event_name: 'PreToolUse',
      model: 'gpt-5.1-codex',
      permission_mode: 'bypassPermissions',
      tool_name: 'Bash',
      tool_input: { command: 'echo hi && touch tool_ran.marker' },
      tool_use_id: 'call_mock_1_0',
    };
    const converted = codexParamsFromEnvelope(observed, undefined);
    expect(converted).toMatchObject({
      ok: true,
      event: 'PreToolUse',
      params: { session: { id: observed.session_id, turnId: observed.turn_id, cwd: observed.cwd, model: 'gpt-5.1-codex', permissionMode: 'bypassPermissions' }, toolName: 'Bash', toolInput: observed.tool_input, toolUseId: 'call_mock_1_0' },
    });
  });

  it('an unknown field is an error naming it (and the field meant)', () => {
    const converted = codexParamsFromEnvelope({ hook_event_name: 'Stop', stop_hook_activ: true }, undefined);
    expect(converted).toEqual({ ok: false, error: expect.stringContaining('"stop_hook_activ"') });
    if (!converted.ok) expect(converted.error).toContain('stop_hook_active');
  });

  it('every event: the synthetic params render to an envelope that converts back to the same params', () => {
    for (const event of CODEX_EVENTS) {
      const params = syntheticParams(event, '/w');
      const envelope = JSON.parse(renderStdin(ctx(event, params))) as Record<string, unknown>;
      const back = codexParamsFromEnvelope(envelope, event);
      expect(back.ok, event).toBe(true);
      // SessionStart and SessionEnd are not turn-scoped: their stdin has no turn_id to bring back.
      const { turnId, ...sessionWithoutTurn } = params.session;
      const session = event === 'SessionStart' || event === 'SessionEnd' ? sessionWithoutTurn : { ...sessionWithoutTurn, turnId };
      if (back.ok) expect(back.params, event).toEqual({ ...params, session });
    }
  });

  it('the dialect wires them', () => {
    expect(codexDialect.paramsFromEnvelope).toBe(codexParamsFromEnvelope);
    expect(codexDialect.syntheticParams).toBe(syntheticParams);
    expect(codexDialect.describeReading).toBeTypeOf('function');
  });
});

describe('§3.3 "Matcher on"', () => {
  it('tool name, source, reason, agent_type, trigger; none on UserPromptSubmit and Stop', () => {
    const session = { id: 's' };
    expect(matchTarget('PreToolUse', { session, toolName: 'apply_patch' })).toBe('apply_patch');
    expect(matchTarget('SessionStart', { session, source: 'resume' })).toBe('resume');
    expect(matchTarget('SessionEnd', { session })).toBe('other');
    expect(matchTarget('SubagentStop', { session, agentType: 'explorer' })).toBe('explorer');
    expect(matchTarget('PostCompact', { session, trigger: 'auto' })).toBe('auto');
    expect(matchTarget('UserPromptSubmit', { session, prompt: 'x' })).toBeUndefined();
    expect(matchTarget('Stop', { session })).toBeUndefined();
    expect([matchTargetField('PreToolUse'), matchTargetField('SubagentStart'), matchTargetField('Stop')]).toEqual(['tool_name', 'agent_type', undefined]);
  });
});
