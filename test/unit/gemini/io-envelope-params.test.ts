// Unit tests of the gemini dialect's envelope reading for `hookd test --input` (the inverse of envelope.ts), its
// synthetic params and its one-line readings (RunSummary.reading): no processes.
import { describe, expect, it } from 'vitest';
import { renderEnvelope } from '../../../src/dialects/gemini/envelope.js';
import { geminiParamsFromEnvelope } from '../../../src/dialects/gemini/envelope-params.js';
import { GEMINI_EVENTS } from '../../../src/dialects/gemini/events.js';
import { describeReading } from '../../../src/dialects/gemini/output-reading.js';
import { interpret } from '../../../src/dialects/gemini/output.js';
import { syntheticParams } from '../../../src/dialects/gemini/synthetic-params.js';
import type { EventContext, HookSpec } from '../../../src/engine/dialect.js';
import { EventParamsSchemas, type EventName, type EventParams } from '../../../src/protocol/index.js';
import { exit, json, outcome } from '../../helpers/outcome.js';

const HOOK = { id: 'h', event: 'PreToolUse', matches: () => true, handler: { type: 'command', command: 'x', timeoutMs: 2000, onFailure: 'continue' }, source: 'f', scope: 'project' } as HookSpec;
const ctx = (event: EventName, params: EventParams): EventContext => ({ event, params, workspace: '/ws', sessionId: params.session.id, cwd: params.session.cwd ?? '/ws' });

describe('paramsFromEnvelope: a Gemini stdin object back into params', () => {
  it('the observed BeforeTool envelope (native hook_event_name "BeforeTool") is PreToolUse with its tool call; timestamp dropped with a note', () => {
    const converted = geminiParamsFromEnvelope(
      {
        session_id: '826c96fc',
        transcript_path: '<transcript path>',
        cwd: '/home/user/project',
        hook_event_name: 'BeforeTool',
        timestamp: '2026-11-29T18:42:58.488Z',
        tool_name: 'run_shell_command',
        tool_input: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' },
      },
      undefined,
    );
    expect(converted).toMatchObject({
      ok: true,
      event: 'PreToolUse',
      params: { session: { id: '826c96fc', transcriptPath: '<transcript path>', cwd: '/home/user/project' }, toolName: 'run_shell_command', toolInput: { command: 'echo hi && touch tool_ran.marker' } },
    });
    expect(converted.ok && converted.notes.join(' ')).toContain('timestamp');
  });

  it('every event: renderEnvelope(syntheticParams) reads back to the same params (round trip)', () => {
    for (const event of GEMINI_EVENTS) {
      const params = syntheticParams(event, '/ws');
      expect(EventParamsSchemas[event].safeParse(params).success, `${event}: synthetic params are valid`).toBe(true);
      const converted = geminiParamsFromEnvelope(renderEnvelope(ctx(event, params)), event);
      expect(converted.ok, event).toBe(true);
      if (converted.ok) expect(converted.params, event).toEqual(params);
    }
  });

  it('unknown fields, a Claude event name and a disagreeing command line are errors naming them', () => {
    expect(geminiParamsFromEnvelope({ hook_event_name: 'BeforeTool', session_id: 's', tool_nmae: 'x' }, undefined)).toEqual({ ok: false, error: expect.stringContaining('"tool_nmae"') });
    expect(geminiParamsFromEnvelope({ hook_event_name: 'Stop-ish', session_id: 's' }, undefined)).toEqual({ ok: false, error: expect.stringContaining('BeforeTool, AfterTool') });
    expect(geminiParamsFromEnvelope({ hook_event_name: 'AfterAgent', session_id: 's' }, 'PreToolUse')).toEqual({ ok: false, error: expect.stringContaining('PreToolUse') });
    expect(geminiParamsFromEnvelope({ hook_event_name: 'Stop', session_id: 's', prompt_response: 'done' }, undefined)).toMatchObject({ ok: true, event: 'Stop', params: { lastAssistantMessage: 'done' } });
  });
});

describe('describeReading: one line per run', () => {
  const reading = (run: ReturnType<typeof outcome>, event: EventName = 'PreToolUse') => {
    const params = syntheticParams(event, '/ws');
    const verdict = interpret(ctx(event, params), HOOK, run);
    return describeReading(ctx(event, params), HOOK, run, verdict);
  };

  it('says which stream, JSON or plain text, what the exit code made of it, and the result', () => {
    expect(reading(exit(2, '', 'BLOCKED'))).toBe('exit 2, stdout empty, stderr is plain text: the reason of a deny → deny');
    expect(reading(json({ hookSpecificOutput: { permissionDecision: 'deny' } }))).toContain('; hookSpecificOutput.permissionDecision is Claude Code');
    expect(reading(exit(0, 'hello'))).toBe('exit 0, stdout is plain text: a system message → message to the user');
    expect(reading(exit(1, 'oops'))).toContain('a warning ("Warning: <text>"), not a block');
    expect(reading(json({ decision: 'deny', reason: 'R' }))).toBe('exit 0, stdout is JSON (used whatever the exit code): decision "deny", reason → deny');
    expect(reading(outcome({ timedOut: true, exitCode: null }))).toBe('timed out: output not read, fails open → failed (timeout), fails open');
    expect(reading(exit(0))).toBe('exit 0, no output → no decision');
  });
});
