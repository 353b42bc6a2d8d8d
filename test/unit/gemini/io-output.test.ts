// Unit tests of how the gemini dialect reads one run (§4.4 "Code: text to parse = stdout.trim() || stderr.trim() …"),
// merges several (§4.3, hookAggregator.ts) and threads a sequential chain (§4.2): hand-built outcomes, no processes.
import { describe, expect, it } from 'vitest';
import { executionFor, threadParams } from '../../../src/dialects/gemini/execution.js';
import { merge } from '../../../src/dialects/gemini/merge.js';
import { interpret } from '../../../src/dialects/gemini/output.js';
import type { EventContext, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';
import { exit, json, outcome } from '../../helpers/outcome.js';

const HOOK = { id: 'h', event: 'PreToolUse', matches: () => true, handler: { type: 'command', command: 'x', timeoutMs: 2000, onFailure: 'continue' }, source: 'f', scope: 'project' } as HookSpec;
const SHELL = { toolName: 'run_shell_command', toolInput: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' } };
const ctx = (event: EventName, params: Record<string, unknown> = SHELL): EventContext => ({ event, params: { session: { id: 's' }, ...params }, workspace: '/ws', sessionId: 's', cwd: '/ws' });
const read = (event: EventName, run = outcome(), params?: Record<string, unknown>) => interpret(ctx(event, params), HOOK, run);
const merged = (event: EventName, runs: ReturnType<typeof outcome>[], params?: Record<string, unknown>) =>
  merge(ctx(event, params), runs.map((run) => interpret(ctx(event, params), HOOK, run)));

describe('§4.4 "Code: text to parse = stdout.trim() || stderr.trim()"', () => {
  it('01 "exit 0, no output" — nothing: decision none, status ok', () => {
    expect(read('PreToolUse')).toMatchObject({ status: 'ok', decision: 'none', continue: true });
  });

  it('15 "stdout not JSON, exit 0" — "treated as plain text (system message)"; the tool runs', () => {
    expect(read('PreToolUse', exit(0, 'just a log line\n'))).toMatchObject({ status: 'ok', decision: 'none', systemMessage: 'just a log line' });
  });

  it('11 "exit 1 + stderr" — non-blocking: allow + `Warning: <text>`, the run counted as failed', () => {
    expect(read('PreToolUse', exit(1, '', 'something broke'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none', systemMessage: 'Warning: something broke' });
  });

  it('02 "exit 2 + stderr" — tool not run: deny with the text as reason', () => {
    expect(read('PreToolUse', exit(2, '', 'BLOCKED: policy says no'))).toMatchObject({ status: 'ok', decision: 'deny', reason: 'BLOCKED: policy says no' });
  });

  it('"any other non-zero (2, 3, 127, ...) → deny with the text as reason. So a missing script (127) with stderr text blocks"', () => {
    expect(read('PreToolUse', exit(127, '', 'bash: ./nope.sh: No such file or directory'))).toMatchObject({ decision: 'deny', reason: 'bash: ./nope.sh: No such file or directory' });
    expect(read('PreToolUse', exit(3, 'from stdout', 'from stderr'))).toMatchObject({ decision: 'deny', reason: 'from stdout' });
    expect(read('PreToolUse', exit(2)).decision, 'exit 2 without any text: nothing to read').toBe('none');
  });

  it('"JSON (also a JSON string containing JSON) → used as output regardless of exit code"', () => {
    expect(read('PreToolUse', json({ decision: 'deny', reason: 'R' }, 1))).toMatchObject({ decision: 'deny', reason: 'R', status: 'error' });
    expect(read('PreToolUse', json({ decision: 'allow' }, 2)).decision).toBe('none');
    expect(read('PreToolUse', exit(0, JSON.stringify(JSON.stringify({ decision: 'deny', reason: 'WRAPPED' }))))).toMatchObject({ decision: 'deny', reason: 'WRAPPED' });
    expect(read('PreToolUse', exit(0, '', '{"decision":"block","reason":"FROM-STDERR"}'))).toMatchObject({ decision: 'deny', reason: 'FROM-STDERR' });
  });

  it('JSON that is no object (42, null, true, a string of plain text) is no output / plain text, as JSON.parse leaves it', () => {
    for (const text of ['42', 'null', 'true']) {
      const verdict = read('PreToolUse', exit(2, text));
      expect([verdict.decision, verdict.reason, verdict.systemMessage], text).toEqual(['none', undefined, undefined]);
    }
    expect(read('PreToolUse', exit(2, '"not json inside"'))).toMatchObject({ decision: 'deny', reason: '"not json inside"' });
  });

  it('a JSON answer cut at hookd\'s capture cap is not read (fails open); cut plain text still is', () => {
    const cut = outcome({ stdout: { text: '{"decision":"deny","reason":"aaaa', bytes: 33, totalBytes: 5_000_000, truncated: true } });
    expect(read('PreToolUse', cut)).toMatchObject({ status: 'error', failureClass: 'output_truncated', decision: 'none' });
    const text = outcome({ exitCode: 2, stdout: { text: 'NO '.repeat(10), bytes: 30, totalBytes: 5_000_000, truncated: true } });
    expect(read('PreToolUse', text)).toMatchObject({ decision: 'deny', reason: 'NO NO NO NO NO NO NO NO NO NO' });
  });

  it('06 "hook sleeps past timeout" — timed out: no output read, fail-open', () => {
    expect(read('PreToolUse', outcome({ timedOut: true, exitCode: null, signal: 'SIGKILL', stdout: '{"decision":"deny"}' }))).toMatchObject({ status: 'timeout', failureClass: 'timeout', decision: 'none' });
    expect(read('PreToolUse', outcome({ started: false, exitCode: null, spawnError: 'ENOENT' }))).toMatchObject({ status: 'error', failureClass: 'spawn_failed', decision: 'none' });
  });
});

describe('observed-decisions, Gemini column: what one answer does', () => {
  it('03 "native {"decision":"deny","reason":…} → not run"; "block" too; no reason → "No reason provided"', () => {
    expect(read('PreToolUse', json({ decision: 'deny', reason: 'DENY-REASON-X' }))).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
    expect(read('PreToolUse', json({ decision: 'block' }))).toMatchObject({ decision: 'deny', reason: 'No reason provided' });
  });

  it('g03b "Claude-shaped hookSpecificOutput.permissionDecision:"deny" is ignored → tool runs" (the run says so)', () => {
    const verdict = read('PreToolUse', json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'X' } }));
    expect(verdict.decision).toBe('none');
    expect(verdict.message).toContain('permissionDecision');
  });

  it('05a/05b "hookSpecificOutput.tool_input rewrite applied" with or without a decision: the hook\'s tool_input is the whole new input (scheduler_hooks.test.ts)', () => {
    for (const extra of [{ decision: 'allow' }, {}]) {
      expect(read('PreToolUse', json({ ...extra, hookSpecificOutput: { tool_input: { command: 'echo rewritten' } } })).updatedInput).toEqual({ command: 'echo rewritten' });
    }
    expect(read('PreToolUse', json({ decision: 'deny', hookSpecificOutput: { tool_input: { command: 'x' } } })).updatedInput, 'a deny drops the rewrite').toBeUndefined();
  });

  it('14 "{"continue":false,"stopReason":…} from a pre-tool hook" — tool not run, agent stopped', () => {
    expect(read('PreToolUse', json({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' }))).toMatchObject({ decision: 'deny', continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE', reason: 'STOP-REASON-CONTINUE-FALSE' });
  });

  it('g04d "{"decision":"ask"} in yolo: tool not run, no tool_result, no further model request" — deny, continue false, a note', () => {
    const verdict = read('PreToolUse', json({ decision: 'ask' }));
    expect(verdict).toMatchObject({ decision: 'deny', continue: false });
    expect(verdict.message).toContain('halts the turn silently');
  });

  it('08b/08c "output replaced by {"error":"POST-BLOCK-REASON"}" — AfterTool block/deny and exit 2', () => {
    expect(read('PostToolUse', json({ decision: 'block', reason: 'POST-BLOCK-REASON' }))).toMatchObject({ decision: 'block', updatedToolOutput: { error: 'POST-BLOCK-REASON' } });
    expect(read('PostToolUse', exit(2, '', 'POST-EXIT2-STDERR'))).toMatchObject({ decision: 'block', updatedToolOutput: { error: 'POST-EXIT2-STDERR' } });
  });

  it('08a "appended inside the functionResponse output … <hook_context>" — additionalContext, delivery "appended", < and > escaped as Gemini does', () => {
    expect(read('PostToolUse', json({ hookSpecificOutput: { additionalContext: 'POST-ADDITIONAL-CONTEXT' } }))).toMatchObject({ additionalContext: 'POST-ADDITIONAL-CONTEXT', contextDelivery: 'appended' });
    expect(read('PostToolUse', json({ hookSpecificOutput: { additionalContext: '</hook_context><x>' } })).additionalContext).toBe('&lt;/hook_context&gt;&lt;x&gt;');
    expect(read('PostToolUse', json({ hookSpecificOutput: { tailToolCallRequest: { name: 'read_file', args: { path: 'a' } } } })).extra).toEqual({ tailToolCallRequest: { name: 'read_file', args: { path: 'a' } } });
  });

  it('09a/b "BeforeAgent block (JSON or exit 2)" — prompt refused; 09c plain stdout is not context (a system message), the JSON one is', () => {
    expect(read('UserPromptSubmit', json({ decision: 'deny', reason: 'PROMPT-BLOCK-REASON' }), { prompt: 'p' })).toMatchObject({ decision: 'block', reason: 'PROMPT-BLOCK-REASON' });
    expect(read('UserPromptSubmit', exit(2, '', 'PROMPT-BLOCK-REASON'), { prompt: 'p' })).toMatchObject({ decision: 'block', reason: 'PROMPT-BLOCK-REASON' });
    const plain = read('UserPromptSubmit', exit(0, 'PLAIN-STDOUT-CONTEXT'), { prompt: 'p' });
    expect(plain).toMatchObject({ systemMessage: 'PLAIN-STDOUT-CONTEXT' });
    expect(plain.additionalContext).toBeUndefined();
    expect(read('UserPromptSubmit', json({ hookSpecificOutput: { additionalContext: 'JSON-ADDITIONAL-CONTEXT' } }), { prompt: 'p' })).toMatchObject({ additionalContext: 'JSON-ADDITIONAL-CONTEXT', contextDelivery: 'appended' });
  });

  it('§4.3 AfterAgent: deny → keep working with the reason (decision "block"); continue false stops; clearContext → extra.clearContext', () => {
    expect(read('Stop', json({ decision: 'deny', reason: 'KEEP-GOING', hookSpecificOutput: { clearContext: true } }), {})).toMatchObject({ decision: 'block', reason: 'KEEP-GOING', extra: { clearContext: true } });
    expect(read('Stop', json({ decision: 'deny', reason: 'R', continue: false, stopReason: 'HALT' }), {})).toMatchObject({ decision: 'none', continue: false, stopReason: 'HALT' });
  });

  it('§4.3 BeforeModel llm_request override, deny + llm_response synthetic; AfterModel llm_response with parts; BeforeToolSelection toolConfig', () => {
    const llmRequest = { model: 'm', messages: [] };
    expect(read('BeforeModel', json({ hookSpecificOutput: { llm_request: { model: 'other' } } }), { llmRequest }).llmRequest).toEqual({ model: 'other' });
    const synthetic = { candidates: [{ content: { role: 'model', parts: [{ text: 'canned' }] } }] };
    expect(read('BeforeModel', json({ decision: 'deny', reason: 'no model', hookSpecificOutput: { llm_response: synthetic } }), { llmRequest })).toMatchObject({ decision: 'deny', reason: 'no model', llmResponse: synthetic });
    expect(read('BeforeModel', json({ hookSpecificOutput: { llm_response: synthetic } }), { llmRequest }).llmResponse, 'without a deny Gemini ignores it').toBeUndefined();
    expect(read('AfterModel', json({ hookSpecificOutput: { llm_response: synthetic } }), { llmRequest, llmResponse: {} }).llmResponse).toEqual(synthetic);
    expect(read('AfterModel', json({ hookSpecificOutput: { llm_response: { candidates: [] } } }), { llmRequest, llmResponse: {} }).llmResponse).toBeUndefined();
    expect(read('BeforeToolSelection', json({ hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['b', 'a'] } } }), { llmRequest }).toolConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['a', 'b'] });
  });
});

describe('§4.3 "Merge (code)"', () => {
  it('07 "deny wins; all reasons joined with \\n: Tool execution blocked: DENY-FROM-HOOK-A\\nALLOW-FROM-HOOK-B"', () => {
    const result = merged('PreToolUse', [json({ decision: 'deny', reason: 'DENY-FROM-HOOK-A' }), json({ decision: 'allow', reason: 'ALLOW-FROM-HOOK-B' })]);
    expect(result).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A\nALLOW-FROM-HOOK-B', continue: true });
  });

  it('"continue false if any"; "systemMessage, stopReason, additionalContext joined with newlines"; failed runs without output contribute nothing', () => {
    const result = merged('PostToolUse', [
      json({ systemMessage: 'one', hookSpecificOutput: { additionalContext: 'A' } }),
      outcome({ timedOut: true, exitCode: null, stdout: '{"continue":false}' }),
      exit(0, 'two'),
      json({ hookSpecificOutput: { additionalContext: 'B' } }),
    ]);
    expect(result).toMatchObject({ decision: 'none', continue: true, systemMessage: 'one\ntwo', additionalContext: 'A\nB', contextDelivery: 'appended' });
    const stopped = merged('PreToolUse', [json({ continue: false, stopReason: 'S1' }), json({ decision: 'deny', reason: 'R' }), json({ continue: false, stopReason: 'S2' })]);
    expect(stopped).toMatchObject({ decision: 'deny', continue: false, stopReason: 'S1\nS2' });
  });

  it('"other hookSpecificOutput keys shallow-merged (later wins)" — the last hook\'s tool_input is the new input', () => {
    const result = merged('PreToolUse', [json({ hookSpecificOutput: { tool_input: { command: 'A' } } }), json({ hookSpecificOutput: { tool_input: { description: 'B' } } })]);
    expect(result.updatedInput).toEqual({ description: 'B' });
  });

  it('"a blocking decision from any hook wins; else ask" — ask loses to a later deny', () => {
    expect(merged('PreToolUse', [json({ decision: 'ask' }), json({ decision: 'deny', reason: 'D' })])).toMatchObject({ decision: 'deny', reason: 'D', continue: true });
    expect(merged('PreToolUse', [json({ decision: 'ask' }), json({ decision: 'allow' })])).toMatchObject({ decision: 'deny', continue: false });
  });

  it('"BeforeModel/AfterModel — later outputs overwrite fields"', () => {
    const llmRequest = { model: 'm' };
    expect(merged('BeforeModel', [json({ hookSpecificOutput: { llm_request: { model: 'a', config: { t: 1 } } } }), json({ hookSpecificOutput: { llm_request: { model: 'b' } } })], { llmRequest }).llmRequest).toEqual({ model: 'b' });
    expect(merged('BeforeModel', [json({ decision: 'deny', reason: 'first' }), json({ decision: 'allow' })], { llmRequest }).decision, 'the later decision overwrites').toBe('none');
  });

  it('"BeforeToolSelection: union of allowedFunctionNames (sorted); NONE wins over ANY over AUTO"', () => {
    const llmRequest = { model: 'm' };
    const tc = (mode: string, names: string[]) => json({ hookSpecificOutput: { toolConfig: { mode, allowedFunctionNames: names } } });
    expect(merged('BeforeToolSelection', [tc('AUTO', ['read_file']), tc('ANY', ['glob', 'read_file'])], { llmRequest }).toolConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['glob', 'read_file'] });
    expect(merged('BeforeToolSelection', [tc('ANY', ['glob']), tc('NONE', [])], { llmRequest }).toolConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    expect(merged('BeforeToolSelection', [exit(0)], { llmRequest }).toolConfig, 'no output at all: nothing').toBeUndefined();
  });

  it('SessionEnd, PreCompress, Notification are advisory: a deny changes nothing', () => {
    for (const [event, params] of [['SessionEnd', { reason: 'exit' }], ['PreCompact', { trigger: 'auto' }], ['Notification', { message: 'm' }]] as const) {
      expect(merged(event, [json({ decision: 'deny', reason: 'R', continue: false, systemMessage: 'shown' })], params), event).toEqual({ decision: 'none', continue: true, systemMessage: 'shown' });
    }
  });
});

describe('§4.2 "Sequential mode threads outputs into the next hook\'s input"', () => {
  const verdictOf = (event: EventName, run: ReturnType<typeof outcome>, params: Record<string, unknown>): HookVerdict => interpret(ctx(event, params), HOOK, run);

  it('"BeforeTool tool_input merged"', () => {
    const next = threadParams(ctx('PreToolUse'), verdictOf('PreToolUse', json({ hookSpecificOutput: { tool_input: { command: 'echo B' } } }), SHELL));
    expect(next?.toolInput).toEqual({ command: 'echo B', description: 'say hi' });
  });

  it('"BeforeAgent additionalContext appended to prompt" (after a blank line)', () => {
    const params = { prompt: 'run the command' };
    expect(threadParams(ctx('UserPromptSubmit', params), verdictOf('UserPromptSubmit', json({ hookSpecificOutput: { additionalContext: 'CTX' } }), params))?.prompt).toBe('run the command\n\nCTX');
  });

  it('"BeforeModel llm_request merged"', () => {
    const params = { llmRequest: { model: 'm', config: { temperature: 1 } } };
    expect(threadParams(ctx('BeforeModel', params), verdictOf('BeforeModel', json({ hookSpecificOutput: { llm_request: { model: 'n' } } }), params))?.llmRequest).toEqual({ model: 'n', config: { temperature: 1 } });
  });

  it('only a successful run (exit 0) threads; plain text and other events change nothing', () => {
    expect(threadParams(ctx('PreToolUse'), verdictOf('PreToolUse', json({ hookSpecificOutput: { tool_input: { command: 'x' } } }, 1), SHELL))).toBeUndefined();
    expect(threadParams(ctx('PreToolUse'), verdictOf('PreToolUse', exit(0, 'text'), SHELL))).toBeUndefined();
    expect(threadParams(ctx('PostToolUse'), verdictOf('PostToolUse', json({ hookSpecificOutput: { tool_input: { command: 'x' } } }), SHELL))).toBeUndefined();
  });

  it('"if any matched definition has sequential: true, the whole plan runs sequentially, else Promise.all in parallel"', () => {
    const data = (sequential: boolean) => ({ ...HOOK, data: { sequential, nativeEvent: 'BeforeTool' } });
    expect(executionFor(ctx('PreToolUse'), [data(false), data(true)])).toBe('sequential');
    expect(executionFor(ctx('PreToolUse'), [data(false), HOOK])).toBe('parallel');
  });
});

describe('"Nothing user content can do may crash … hookd": hostile answers on every event', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const hostile = [
    '{"reason":{"toString":1},"decision":"deny","systemMessage":{"valueOf":1,"toString":2},"stopReason":{"toString":1},"continue":false}',
    '{"__proto__":{"decision":"deny","continue":false},"hookSpecificOutput":{"__proto__":{"tool_input":{"x":1}},"additionalContext":{"toString":1}}}',
    '{"hookSpecificOutput":"just a string","decision":["deny"],"reason":null}',
    '{"hookSpecificOutput":{"tool_input":[1,2],"toolConfig":{"mode":"NONE","allowedFunctionNames":"all"},"llm_request":7,"llm_response":{"candidates":"x"},"clearContext":"yes","tailToolCallRequest":[]}}',
    '[{"decision":"deny"}]',
    deep,
    '"\\"{\\\\\\"decision\\\\\\":\\\\\\"deny\\\\\\"}\\""',
  ];
  it('interpret and merge answer (never throw) and keep every field the protocol types say', () => {
    const events: EventName[] = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart', 'SessionEnd', 'PreCompact', 'Notification', 'BeforeModel', 'AfterModel', 'BeforeToolSelection'];
    for (const event of events) {
      for (const text of hostile) {
        for (const code of [0, 1, 2]) {
          const verdict = read(event, exit(code, text));
          const result = merge(ctx(event), [verdict, verdict]);
          for (const field of ['reason', 'systemMessage', 'stopReason', 'additionalContext'] as const) {
            expect(['undefined', 'string'], `${event} ${field}`).toContain(typeof result[field]);
          }
          expect(typeof result.continue, event).toBe('boolean');
          expect(Object.getPrototypeOf(result), event).toBe(Object.prototype);
        }
      }
    }
    const first = read('PreToolUse', exit(0, hostile[0]!));
    expect(first).toMatchObject({ decision: 'deny', continue: false, stopReason: '{"toString":1}' });
    expect(read('SessionEnd', exit(0, hostile[1]!)).decision, 'a "__proto__" key is a plain field, not a prototype').toBe('none');
  });
});
