// Unit tests of the pbi output table (facts §8, §10), the merge (configured order) and the stdin rendering bytes:
// hand-built outcomes, no processes (the conformance file runs real hooks).
import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../../src/config/ascii-json.js';
import { renderStdin } from '../../../src/dialects/pbi/envelope.js';
import { merge } from '../../../src/dialects/pbi/merge.js';
import { interpret, pbiText } from '../../../src/dialects/pbi/output.js';
import { pythonTruthy } from '../../../src/dialects/pbi/output-json.js';
import { describeReading } from '../../../src/dialects/pbi/output-reading.js';
import type { EventContext, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';
import { captured, exit, json, outcome } from '../../helpers/outcome.js';

const HOOK = { id: 'h', event: 'PreToolUse', matches: () => true, handler: { type: 'command', command: 'x', timeoutMs: 1000, onFailure: 'continue' }, source: 'f', scope: 'project' } as HookSpec;
const ctx = (event: EventName, params: Record<string, unknown> = {}): EventContext => ({ event, params: { session: { id: 's' }, ...params }, workspace: '/ws', sessionId: 's', cwd: '/ws' });
const read = (event: EventName, run = outcome()) => interpret(ctx(event), HOOK, run);

describe('pbi output of one run (facts §8)', () => {
  it('decision "block" blocks with str(reason) and ignores the rest of the object', () => {
    expect(read('UserPromptSubmit', json({ decision: 'block', reason: 42, systemMessage: 'lost' }))).toEqual({ status: 'ok', failureClass: null, decision: 'block', reason: '42' });
    expect(read('PreToolUse', json({ decision: 'block', hookSpecificOutput: { updatedInput: { a: 1 } } }))).toMatchObject({ decision: 'deny', reason: 'Blocked by hook.' });
    expect(read('PreToolUse', json({ decision: 'block' })).updatedInput).toBeUndefined();
  });

  it('decision "block" and continue false do nothing on Stop, PostToolUse, SessionStart, SubagentStart (no continuation)', () => {
    for (const event of ['Stop', 'SubagentStop', 'PostToolUse', 'SessionStart', 'SubagentStart'] as const) {
      expect(read(event, json({ decision: 'block', reason: 'r' })).decision, event).toBe('none');
      expect(read(event, json({ continue: false })).decision, event).toBe('none');
    }
    for (const event of ['PreCompact', 'PostCompact', 'UserPromptSubmit'] as const) expect(read(event, json({ continue: false })), event).toMatchObject({ decision: 'block', reason: 'Stopped by hook.' });
  });

  it('continue uses Python truthiness: 0 stops, "false" does not; stopReason, else reason', () => {
    expect(read('UserPromptSubmit', json({ continue: 0, reason: 'why' }))).toMatchObject({ decision: 'block', reason: 'why' });
    expect(read('UserPromptSubmit', json({ continue: 'false' })).decision).toBe('none');
    expect([0, '', null, [], {}, false].map(pythonTruthy)).toEqual([false, false, false, false, false, false]);
    expect([1, 'false', [0], { a: 1 }, true].map(pythonTruthy)).toEqual([true, true, true, true, true]);
  });

  it('context = systemMessage, else additionalContext; empty strings do not count', () => {
    expect(read('SessionStart', json({ systemMessage: 'S', additionalContext: 'A' }))).toMatchObject({ additionalContext: 'S', systemMessage: 'S' });
    expect(read('SessionStart', json({ systemMessage: '', additionalContext: 'A' }))).toMatchObject({ additionalContext: 'A' });
  });

  it('a hookSpecificOutput for another event applies only the common part; a missing hookEventName is accepted', () => {
    const other = read('PreToolUse', json({ systemMessage: 'c', hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } }));
    expect(other).toMatchObject({ decision: 'none', additionalContext: 'c' });
    expect(read('PreToolUse', json({ hookSpecificOutput: { permissionDecision: 'deny' } }))).toMatchObject({ decision: 'deny', reason: 'Blocked by hook.' });
  });

  it('PreToolUse updatedInput: an object (also {}) without permissionDecision; non-objects and top-level updatedInput ignored', () => {
    expect(read('PreToolUse', json({ hookSpecificOutput: { updatedInput: {} } })).updatedInput).toEqual({});
    expect(read('PreToolUse', json({ hookSpecificOutput: { updatedInput: 'x' } })).updatedInput).toBeUndefined();
    expect(read('PreToolUse', json({ updatedInput: { a: 1 } })).updatedInput).toBeUndefined();
  });

  it('PostToolUse replacement = first non-empty of feedback, replacement, updatedOutput; its context prefers hookSpecificOutput', () => {
    expect(read('PostToolUse', json({ hookSpecificOutput: { feedback: '', replacement: 'R', updatedOutput: 'U' } })).updatedToolOutput).toBe('R');
    expect(read('PostToolUse', json({ replacement: 'top' })).updatedToolOutput).toBeUndefined();
    expect(read('PostToolUse', json({ systemMessage: 'S', hookSpecificOutput: { systemMessage: 'H' } }))).toMatchObject({ additionalContext: 'H', systemMessage: 'S' });
  });

  it('Stop continuation: hookSpecificOutput.continuationPrompt, else the top-level one', () => {
    expect(read('Stop', json({ continuationPrompt: 'top' }))).toMatchObject({ decision: 'block', reason: 'top' });
    expect(read('SubagentStop', json({ continuationPrompt: 'top', hookSpecificOutput: { continuationPrompt: 'inner' } }))).toMatchObject({ decision: 'block', reason: 'inner' });
  });

  it('plain text, arrays, two objects and a log line before JSON are context', () => {
    for (const text of ['hello', '[1]', '{"a":1}{"b":2}', 'log\n{"decision":"block"}', '"s"']) expect(read('UserPromptSubmit', exit(0, `  ${text}\n`)), text).toMatchObject({ decision: 'none', additionalContext: text });
  });

  it('failed, timed-out, killed and unstartable runs discard their output', () => {
    const deny = JSON.stringify({ decision: 'block' });
    expect(read('PreToolUse', exit(1, deny, 'oops'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none' });
    expect(read('PreToolUse', outcome({ timedOut: true, exitCode: null, stdout: deny }))).toMatchObject({ status: 'timeout', decision: 'none' });
    expect(read('PreToolUse', outcome({ exitCode: null, signal: 'SIGKILL', stdout: deny }))).toMatchObject({ status: 'error', failureClass: 'signal' });
    expect(read('PreToolUse', outcome({ started: false, spawnError: 'ENOENT', exitCode: null }))).toMatchObject({ status: 'error', failureClass: 'spawn_failed' });
  });

  it('streams are cut to 12000 characters plus "\\n...[truncated]" as pbi-agent keeps them', () => {
    expect(pbiText(captured('é'.repeat(12_001)))).toBe(`${'é'.repeat(12_000)}\n...[truncated]`);
    expect(pbiText(captured('short'))).toBe('short');
    const cut = read('UserPromptSubmit', exit(0, `{"systemMessage":"${'x'.repeat(12_100)}"}`));
    expect(cut.decision).toBe('none');
    expect(cut.additionalContext?.endsWith('\n...[truncated]')).toBe(true);
  });

  it('describeReading names the rule that applied', () => {
    const run = exit(2, '', 'no');
    expect(describeReading(ctx('PostToolUse'), HOOK, run, read('PostToolUse', run))).toContain('replaces the tool output');
    expect(describeReading(ctx('Stop'), HOOK, exit(1), read('Stop', exit(1)))).toContain('discarded');
  });
});

describe('pbi merge (configured order)', () => {
  const v = (fields: Partial<HookVerdict>): HookVerdict => ({ status: 'ok', failureClass: null, decision: 'none', ...fields });
  it('a systemMessage already listed is not added again; identical contexts of two hooks both stay', () => {
    const merged = merge(ctx('PostToolUse'), [v({ additionalContext: 'A', systemMessage: 'S' }), v({ additionalContext: 'S' }), v({ additionalContext: 'A' }), v({ systemMessage: 'S' })]);
    expect(merged.additionalContext).toBe('A\n\nS\n\nS\n\nA');
  });
  it('failed runs contribute nothing; continue is always true', () => {
    const merged = merge(ctx('UserPromptSubmit'), [v({ status: 'error', decision: 'block', reason: 'x', additionalContext: 'c' }), v({ continue: false })]);
    expect(merged).toEqual({ decision: 'none', continue: true });
  });
  it('the last configured replacement and continuation win', () => {
    expect(merge(ctx('PostToolUse'), [v({ updatedToolOutput: 'a' }), v({}), v({ updatedToolOutput: 'b' })]).updatedToolOutput).toBe('b');
    expect(merge(ctx('Stop'), [v({ decision: 'block', reason: 'a' }), v({ decision: 'block', reason: 'b' })])).toMatchObject({ decision: 'block', reason: 'b' });
  });
});

describe('pbi stdin bytes (facts §7)', () => {
  it("Python's ensure_ascii escapes: lowercase \\uXXXX, surrogate pairs, control characters, DEL kept", () => {
    expect(asciiJson({ a: 'é✓😀\n\u0001\u007f' })).toBe('{"a":"\\u00e9\\u2713\\ud83d\\ude00\\n\\u0001\\u007f"}');
  });
  it("reproduces the facts file's PostToolUse example byte for byte", () => {
    const stdin = renderStdin(
      ctx('PostToolUse', {
        session: { id: 'a9d1e89705524edfb5992d151873a201', model: 'gpt-5.4', provider: 'openai', agentName: 'main', agentType: 'single_turn' },
        toolName: 'shell',
        toolUseId: 'call_0_0',
        toolInput: { command: 'echo hi' },
        toolResponse: '{"ok": true, "result": {"stdout": "hi\\n", "stderr": "", "exit_code": 0}}',
        isError: false,
      }),
    ).replace('"cwd":"/ws"', '"cwd":"$WS"');
    expect(stdin).toBe(
      '{"session_id":"s","turn_id":null,"cwd":"$WS","hook_event_name":"PostToolUse","model":"gpt-5.4","transcript_path":null,"workspace_directory_key":null,"provider":"openai","agent_name":"main","agent_type":"single_turn","tool_name":"shell","tool_use_id":"call_0_0","tool_input":{"command":"echo hi"},"tool_response":"{\\"ok\\": true, \\"result\\": {\\"stdout\\": \\"hi\\\\n\\", \\"stderr\\": \\"\\", \\"exit_code\\": 0}}","tool_is_error":false}',
    );
  });
});
