// Dialect.paramsFromEnvelope: an agent's own stdin envelope back into protocol params (`hookd test --input`), and
// Dialect.describeReading: the one line saying how a run's output was read. No processes.
import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { renderEnvelope as renderBamboo } from '../../../src/dialects/bamboo/envelope.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { renderEnvelope as renderClaude } from '../../../src/dialects/claude/envelope.js';
import type { Dialect, EventContext } from '../../../src/engine/dialect.js';
import { EventParamsSchemas, type EventName, type EventParams } from '../../../src/protocol/index.js';
import { context, exit, hook, json, outcome } from '../bamboo/outcome.js';
import { OBSERVED } from '../../helpers/observed-claude-envelopes.js';

const WORKSPACE = '/home/user/project';

/** Converts, then fills nothing: the envelope must carry its own session id for a round trip. */
function convert(dialect: Dialect, envelope: Record<string, unknown>, event?: EventName) {
  const converted = dialect.paramsFromEnvelope!(envelope, event);
  if (!converted.ok) throw new Error(converted.error);
  const params = EventParamsSchemas[converted.event].parse(converted.params) as EventParams;
  return { event: converted.event, params };
}

function contextOf(event: EventName, params: EventParams): EventContext {
  return { event, params, workspace: WORKSPACE, sessionId: params.session.id, cwd: params.session.cwd ?? WORKSPACE };
}

/** Recorded from Claude Code 2.1.332 (shared/reference/observed-envelopes.md). */
const OBSERVED_CLAUDE: Record<string, Record<string, unknown>> = OBSERVED;

describe('claude: the stdin envelope back into params', () => {
  it.each(Object.keys(OBSERVED_CLAUDE))('an observed %s envelope renders back exactly, field for field and in order', (event) => {
    const envelope = OBSERVED_CLAUDE[event]!;
    const { params } = convert(claudeDialect, envelope);
    expect(JSON.stringify(renderClaude(contextOf(event as EventName, params)))).toBe(JSON.stringify(envelope));
  });

  it('maps the common fields to the session and the event fields to camelCase params, nested values verbatim', () => {
    const { event, params } = convert(claudeDialect, OBSERVED_CLAUDE.PostToolUse!);
    expect(event).toBe('PostToolUse');
    expect(params.session).toEqual({ id: 'b1dc3f3b-acff-45ff-bdf2-0706870354d1', transcriptPath: '<transcript path>', cwd: '/home/user/project', promptId: '8b159b68-0a9c-4280-878f-c0dfd6fea6ea', permissionMode: 'default' });
    expect(params.toolName).toBe('Bash');
    expect(params.toolUseId).toBe('toolu_mock_1_0');
    expect(params.durationMs).toBe(103);
    // Keys inside tool_input / tool_response stay as the agent wrote them (no camelCasing of isImage, file_path, ...).
    expect(params.toolResponse).toEqual(OBSERVED_CLAUDE.PostToolUse!.tool_response);
    const edit = convert(claudeDialect, { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Edit', tool_input: { file_path: 'a.ts', old_string: 'x', new_string: 'y' } });
    expect(edit.params.toolInput).toEqual({ file_path: 'a.ts', old_string: 'x', new_string: 'y' });
  });

  it.each(claudeDialect.events)('%s: the synthetic params, rendered, convert back and render the same', (event) => {
    const synthetic = claudeDialect.syntheticParams!(event, WORKSPACE);
    const rendered = renderClaude(contextOf(event, { ...synthetic, session: { ...synthetic.session, effort: 'high', agentId: 'a-1', agentType: 'Explore' } }));
    const { params } = convert(claudeDialect, JSON.parse(JSON.stringify(rendered)) as Record<string, unknown>);
    expect(renderClaude(contextOf(event, params))).toEqual(rendered);
  });

  it('effort {level} is the session effort; non-empty Stop background_tasks are kept in extra', () => {
    const { params } = convert(claudeDialect, { ...OBSERVED_CLAUDE.Stop!, effort: { level: 'high' }, background_tasks: [{ id: 'b1' }] });
    expect(params.session.effort).toBe('high');
    expect(params.extra).toEqual({ background_tasks: [{ id: 'b1' }] });
    expect(renderClaude(contextOf('Stop', params)).background_tasks).toEqual([{ id: 'b1' }]);
  });

  it('the event comes from hook_event_name, the command line may name it too, but not another one', () => {
    const { hook_event_name: _, ...nameless } = OBSERVED_CLAUDE.PreToolUse!;
    expect(convert(claudeDialect, nameless, 'PreToolUse').event).toBe('PreToolUse');
    expect(claudeDialect.paramsFromEnvelope!(nameless, undefined)).toEqual({ ok: false, error: expect.stringContaining('hook_event_name is missing') });
    expect(claudeDialect.paramsFromEnvelope!(OBSERVED_CLAUDE.PreToolUse!, 'Stop')).toEqual({ ok: false, error: `the envelope's hook_event_name is "PreToolUse" but the command line names Stop` });
    expect(claudeDialect.paramsFromEnvelope!({ hook_event_name: 'BeforeTool' }, undefined)).toEqual({ ok: false, error: expect.stringContaining('no event "BeforeTool"') });
  });

  it('an unknown or misspelt field is an error naming it (and the field it resembles)', () => {
    const { tool_input, ...rest } = OBSERVED_CLAUDE.PreToolUse!;
    expect(claudeDialect.paramsFromEnvelope!({ ...rest, tool_inptu: tool_input }, undefined)).toEqual({
      ok: false,
      error: 'unknown field "tool_inptu" in a claude PreToolUse envelope (did you mean "tool_input"?)',
    });
    // A field of another event is unknown here: prompt is UserPromptSubmit's.
    expect(claudeDialect.paramsFromEnvelope!({ ...OBSERVED_CLAUDE.PreToolUse!, prompt: 'x' }, undefined)).toEqual({ ok: false, error: expect.stringContaining('unknown field "prompt"') });
    expect(claudeDialect.paramsFromEnvelope!({ ...OBSERVED_CLAUDE.Stop!, effort: 'high' }, undefined)).toEqual({ ok: false, error: 'effort must be an object {"level": string}' });
  });

  it('the envelope names of fields are kept for messages about their values', () => {
    const converted = claudeDialect.paramsFromEnvelope!({ hook_event_name: 'PreToolUse', tool_name: 'Bash' }, undefined);
    expect(converted.ok && converted.nativeNames).toMatchObject({ toolInput: 'tool_input', 'session.id': 'session_id', toolUseId: 'tool_use_id' });
  });
});

describe('bamboo: the schema-versioned envelope back into params', () => {
  it.each(bambooDialect.events)('%s: the synthetic envelope converts back and renders byte for byte', (event) => {
    const synthetic = bambooDialect.syntheticParams!(event, WORKSPACE);
    const stdin = bambooDialect.renderStdin(contextOf(event, synthetic));
    const { params } = convert(bambooDialect, JSON.parse(stdin) as Record<string, unknown>);
    expect(bambooDialect.renderStdin(contextOf(event, params))).toBe(stdin);
    expect(bambooDialect.validateParams!(event, params)).toBeUndefined();
  });

  it('payload fields with a param fill it; the others stay in extra.payload verbatim', () => {
    const stdin = bambooDialect.renderStdin(contextOf('PreCompact', bambooDialect.syntheticParams!('PreCompact', WORKSPACE)));
    const { params } = convert(bambooDialect, JSON.parse(stdin) as Record<string, unknown>);
    expect(params.trigger).toBe('threshold');
    expect(params.extra?.payload).toEqual({ estimated_tokens: 170000, usage_percent: 85, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' });
    expect(renderBamboo(contextOf('PreCompact', params)).workspace_path).toBe(WORKSPACE);
  });

  it('the tool convenience fields alone stand for the payload; differing from it is an error', () => {
    const base = { schema_version: 1, hook_event_name: 'PreToolUse', session_id: 's' };
    const { params } = convert(bambooDialect, { ...base, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: null });
    expect([params.toolName, params.toolInput]).toEqual(['Bash', { command: 'ls' }]);
    expect(bambooDialect.paramsFromEnvelope!({ ...base, payload: { type: 'tool_call', tool_name: 'Bash', tool_input: { command: 'ls' } }, tool_name: 'Write' }, undefined)).toEqual({
      ok: false,
      error: expect.stringContaining('tool_name differs from payload.tool_name'),
    });
  });

  it('unknown fields, another schema_version or payload type are errors naming them', () => {
    const base = { schema_version: 1, hook_event_name: 'UserPromptSubmit', session_id: 's', payload: { type: 'user_prompt', prompt: 'hi' } };
    expect(bambooDialect.paramsFromEnvelope!({ ...base, prompt_id: 'x' }, undefined)).toEqual({ ok: false, error: expect.stringContaining('unknown field "prompt_id" in a bamboo UserPromptSubmit envelope') });
    expect(bambooDialect.paramsFromEnvelope!({ ...base, payload: { type: 'user_prompt', promt: 'hi' } }, undefined)).toEqual({
      ok: false,
      error: 'unknown field "payload.promt" in a bamboo UserPromptSubmit envelope (did you mean "payload.prompt"?)',
    });
    expect(bambooDialect.paramsFromEnvelope!({ ...base, schema_version: 2 }, undefined)).toEqual({ ok: false, error: 'schema_version: hookd reads version 1 (got 2)' });
    expect(bambooDialect.paramsFromEnvelope!({ ...base, payload: { type: 'tool_call' } }, undefined)).toEqual({ ok: false, error: expect.stringContaining('payload.type') });
  });
});

describe('Dialect.describeReading says how the run was read', () => {
  const readingOf = (dialect: typeof claudeDialect, event: EventName, result: ReturnType<typeof outcome>) =>
    dialect.describeReading!(context(event), hook(event), result, dialect.interpret(context(event), hook(event), result));
  const claudeRead = (event: EventName, result: ReturnType<typeof outcome>) => readingOf(claudeDialect, event, result);
  const bambooRead = (event: EventName, result: ReturnType<typeof outcome>) => readingOf(bambooDialect, event, result);

  it('claude', () => {
    expect(claudeRead('PreToolUse', json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } }))).toBe(
      'stdout is JSON: hookSpecificOutput.permissionDecision "deny", hookSpecificOutput.permissionDecisionReason → deny',
    );
    expect(claudeRead('PreToolUse', exit(2, '', 'not here\n'))).toBe('exit 2: stderr is the reason → deny');
    expect(claudeRead('PostToolUse', exit(2, '', 'lint failed'))).toBe('exit 2: stderr is feedback for the model → feedback for the model');
    expect(claudeRead('UserPromptSubmit', exit(0, 'remember the tests\n'))).toBe('exit 0, plain stdout → added as context');
    expect(claudeRead('PreToolUse', exit(1, 'ignored', 'boom'))).toBe('exit 1: non-blocking error, stdout ignored → failed (nonzero_exit), fails open');
    expect(claudeRead('UserPromptSubmit', exit(0, '{not json'))).toBe('stdout is not JSON (starts with "{" but does not parse): read as text; exit 0, plain stdout → added as context');
    expect(claudeRead('PreToolUse', exit(0, ''))).toBe('exit 0, no stdout → no decision');
    expect(claudeRead('PreToolUse', outcome({ exitCode: null, signal: 'SIGTERM', timedOut: true }))).toBe('timed out: output not read → failed (timeout), fails open');
    // Stop: additionalContext keeps the agent working; the reading ends in what the verdict became.
    expect(claudeRead('Stop', json({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'run the tests' } }))).toBe('stdout is JSON: hookSpecificOutput.additionalContext → block');
  });

  it('bamboo', () => {
    expect(bambooRead('PreToolUse', json({ decision: 'block', reason: 'no' }))).toBe('stdout is JSON: decision "block", reason → block');
    expect(bambooRead('PreToolUse', exit(2, '', 'nope'))).toBe('exit 2: stderr is the reason → block');
    expect(bambooRead('SessionEnd', exit(0, 'bye'))).toBe('exit 0: output is not read on SessionEnd (an observer) → no decision');
    expect(bambooRead('PreToolUse', exit(0, 'hello'))).toMatch(/^stdout is not one valid JSON object: .* → failed \(invalid_output\), fails open$/);
    expect(bambooRead('PreToolUse', exit(3))).toBe('exit 3: non-blocking error, stdout ignored → failed (nonzero_exit), fails open');
  });
});
