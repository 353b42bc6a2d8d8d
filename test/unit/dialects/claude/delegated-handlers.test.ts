// prompt / agent / mcp_tool handlers without processes: parsing (fields, defaults, accepted events), the prompt and
// tool-input substitutions, and what each judgement means per event (Claude Code hooks reference).
import { describe, expect, it } from 'vitest';
import { interpret } from '../../../../src/dialects/claude/output.js';
import { parseHandler } from '../../../../src/dialects/claude/parse-handler.js';
import { substituteArguments, substituteToolInput } from '../../../../src/engine/delegated-hook.js';
import { eventContext } from '../../../../src/engine/dispatcher.js';
import type { HandlerSpec, HookSpec } from '../../../../src/engine/dialect.js';
import type { EventName } from '../../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../../src/runner/types.js';

const nothing = { text: '', bytes: 0, totalBytes: 0, truncated: false };
const judged = (ok: boolean, reason?: string, impossible?: boolean): ProcessOutcome => ({
  started: true,
  exitCode: 0,
  signal: null,
  timedOut: false,
  cancelled: false,
  durationMs: 1,
  stdout: nothing,
  stderr: nothing,
  delegated: { kind: 'judgement', ok, ...(reason !== undefined ? { reason } : {}), ...(impossible !== undefined ? { impossible } : {}) },
});

function hookOf(event: EventName, handler: HandlerSpec): HookSpec {
  return { id: `project:${event}[0].hooks[0]`, event, matches: () => true, handler, source: '/ws/.claude/settings.json', scope: 'project' };
}

function verdictOf(event: EventName, raw: Record<string, unknown>, outcome: ProcessOutcome) {
  const parsed = parseHandler(raw, event, '/ws');
  expect(parsed.handler).toBeDefined();
  return interpret(eventContext(event, { session: { id: 's' } } as never, '/ws'), hookOf(event, parsed.handler!), outcome);
}

describe('parsing prompt, agent and mcp_tool handlers', () => {
  it('"timeout ... defaults 30 (prompt), 60 (agent)", mcp_tool as a command (600, 30 on UserPromptSubmit)', () => {
    expect(parseHandler({ type: 'prompt', prompt: 'p' }, 'Stop', '/ws').handler).toMatchObject({ type: 'prompt', timeoutMs: 30_000, onFailure: 'continue' });
    expect(parseHandler({ type: 'agent', prompt: 'p' }, 'Stop', '/ws').handler).toMatchObject({ type: 'agent', timeoutMs: 60_000, continueOnBlock: true });
    expect(parseHandler({ type: 'mcp_tool', server: 's', tool: 't' }, 'PreToolUse', '/ws').handler).toMatchObject({ timeoutMs: 600_000, input: {} });
    expect(parseHandler({ type: 'mcp_tool', server: 's', tool: 't' }, 'UserPromptSubmit', '/ws').handler).toMatchObject({ timeoutMs: 30_000 });
    expect(parseHandler({ type: 'prompt', prompt: 'p', timeout: 5, model: 'haiku' }, 'Stop', '/ws').handler).toMatchObject({ timeoutMs: 5000, model: 'haiku' });
  });

  it('a missing or wrong field is an error naming the field; the handler is skipped', () => {
    const noPrompt = parseHandler({ type: 'prompt' }, 'Stop', '/ws');
    expect(noPrompt.handler).toBeUndefined();
    expect(noPrompt.problems).toEqual([expect.objectContaining({ severity: 'error', code: 'invalid-field', path: ['prompt'] })]);
    const badTool = parseHandler({ type: 'mcp_tool', server: 's', tool: 3, input: [] }, 'Stop', '/ws');
    expect(badTool.handler).toBeUndefined();
    expect(badTool.problems.map((problem) => problem.path)).toEqual([['tool'], ['input']]);
  });

  it('"Which types each event accepts": prompt and agent are skipped with a warning on SessionStart, mcp_tool is accepted', () => {
    for (const type of ['prompt', 'agent']) {
      const parsed = parseHandler({ type, prompt: 'p' }, 'SessionStart', '/ws');
      expect(parsed.handler).toBeUndefined();
      expect(parsed.problems).toEqual([expect.objectContaining({ severity: 'warning', code: 'handler-type-not-accepted', path: ['type'] })]);
    }
    expect(parseHandler({ type: 'mcp_tool', server: 's', tool: 't' }, 'SessionStart', '/ws').handler).toBeDefined();
  });
});

describe('substitutions', () => {
  it('"$ARGUMENTS = hook input JSON; appended if absent; \\$ escapes"', () => {
    expect(substituteArguments('check $ARGUMENTS now', '{"a":1}')).toBe('check {"a":1} now');
    expect(substituteArguments('twice $ARGUMENTS $ARGUMENTS', '{}')).toBe('twice {} {}');
    expect(substituteArguments('no placeholder', '{"a":1}')).toBe('no placeholder\n\n{"a":1}');
    expect(substituteArguments('costs \\$5 and \\$ARGUMENTS', '{}')).toBe('costs $5 and $ARGUMENTS\n\n{}');
    // A `$&` in the JSON is inserted literally, not as a replacement pattern.
    expect(substituteArguments('x $ARGUMENTS', '{"s":"$&$1"}')).toBe('x {"s":"$&$1"}');
  });

  it('"string values support ${path} substitution from the hook input"; missing paths are empty, non-strings JSON', () => {
    const hookInput = { tool_name: 'Write', tool_input: { file_path: '/a/b', lines: [1, 2] } };
    expect(
      substituteToolInput({ path: '${tool_input.file_path}', all: 'in ${tool_name}: ${tool_input.lines}', missing: '<${nope.x}>', n: 3, deep: [{ p: '${tool_name}' }] }, hookInput),
    ).toEqual({ path: '/a/b', all: 'in Write: [1,2]', missing: '<>', n: 3, deep: [{ p: 'Write' }] });
  });
});

describe('what a judgement means per event (prompt-based hooks)', () => {
  const prompt = { type: 'prompt', prompt: 'p' };
  it('ok:true has no effect anywhere', () => {
    for (const event of ['PreToolUse', 'Stop', 'UserPromptSubmit', 'PostToolUse'] as const) {
      expect(verdictOf(event, prompt, judged(true, 'fine'))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
    }
  });

  it('Stop/SubagentStop: ok:false blocks (feeds the reason back) unless impossible:true', () => {
    expect(verdictOf('SubagentStop', prompt, judged(false, 'more'))).toMatchObject({ decision: 'block', reason: 'more' });
    expect(verdictOf('Stop', prompt, judged(false, 'never', true))).toMatchObject({ decision: 'none', systemMessage: 'never' });
    // agent hooks have no `impossible`: still a continuation.
    expect(verdictOf('Stop', { type: 'agent', prompt: 'p' }, judged(false, 'never', true))).toMatchObject({ decision: 'block', reason: 'never' });
  });

  it('PreToolUse: deny and end the turn; continueOnBlock: deny only', () => {
    expect(verdictOf('PreToolUse', prompt, judged(false, 'no'))).toMatchObject({ decision: 'deny', reason: 'no', continue: false, stopReason: 'no' });
    const kept = verdictOf('PreToolUse', { ...prompt, continueOnBlock: true }, judged(false, 'no'));
    expect(kept).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(kept.continue).toBeUndefined();
  });

  it('ok:false without a reason still says which hook judged', () => {
    expect(verdictOf('Stop', prompt, judged(false)).reason).toContain('project:Stop[0].hooks[0]');
  });

  it('an invalid answer is a failed run (invalid_output); onFailure "block" makes it block', () => {
    const invalid: ProcessOutcome = { ...judged(true), delegated: { kind: 'invalid_answer', message: 'ok: expected boolean' } };
    expect(verdictOf('PreToolUse', prompt, invalid)).toMatchObject({ status: 'error', failureClass: 'invalid_output', decision: 'none' });
    expect(verdictOf('PreToolUse', { ...prompt, onFailure: 'block' }, invalid)).toMatchObject({ status: 'error', decision: 'deny' });
  });
});
