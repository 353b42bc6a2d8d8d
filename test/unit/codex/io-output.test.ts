// The codex dialect's reading of one run (output.ts, output-answer.ts, output-json.ts) against what Codex CLI's
// codex-rs/hooks/src/engine/output_parser.rs and events/*.rs parse_completed do (§3.4). Test names quote §3.4 or the
// Codex message the run carries. No processes: hand-built ProcessOutcomes.
import { describe, expect, it } from 'vitest';
import type { EventContext, HookSpec } from '../../../src/engine/dialect.js';
import { interpret } from '../../../src/dialects/codex/output.js';
import type { EventName } from '../../../src/protocol/index.js';
import { captured, exit, json, outcome } from '../../helpers/outcome.js';

const hook: HookSpec = {
  id: 'user:PreToolUse[0].hooks[0]',
  event: 'PreToolUse',
  matches: () => true,
  handler: { type: 'command', command: 'true', shell: '/bin/bash', timeoutMs: 2_000, onFailure: 'continue' },
  source: '/home/u/.codex/hooks.json',
  scope: 'user',
};
const ctx = (event: EventName): EventContext => ({ event, params: { session: { id: 's' } }, workspace: '/w', sessionId: 's', cwd: '/w' });
const read = (event: EventName, run: Parameters<typeof interpret>[2]) => interpret(ctx(event), { ...hook, event }, run);
const specific = (event: EventName, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

describe('PreToolUse', () => {
  it('"permissionDecision:"deny" + permissionDecisionReason" → deny with the trimmed reason', () => {
    expect(read('PreToolUse', json(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: '  no  ' })))).toMatchObject({ status: 'ok', decision: 'deny', reason: 'no' });
  });

  it('"PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason" → failed, not a deny', () => {
    const verdict = read('PreToolUse', json(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: ' ' })));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output', decision: 'none' });
    expect(verdict.message).toContain('without a non-empty permissionDecisionReason');
  });

  it('"legacy decision:"block" + reason" → deny; "decision:approve" → "unsupported decision:approve"', () => {
    expect(read('PreToolUse', json({ decision: 'block', reason: 'legacy' }))).toMatchObject({ decision: 'deny', reason: 'legacy' });
    expect(read('PreToolUse', json({ decision: 'approve' }))).toMatchObject({ status: 'error', message: 'PreToolUse hook returned unsupported decision:approve' });
    expect(read('PreToolUse', json({ reason: 'why' }))).toMatchObject({ status: 'error', message: 'PreToolUse hook returned reason without decision' });
  });

  for (const [fields, words] of [
    [{ continue: false }, 'unsupported continue:false'],
    [{ stopReason: 'x' }, 'unsupported stopReason'],
    [{ suppressOutput: true }, 'unsupported suppressOutput'],
  ] as const) {
    it(`"\`continue\`, \`stopReason\`, \`suppressOutput\` → run marked failed, call continues": ${words}`, () => {
      expect(read('PreToolUse', json(fields))).toMatchObject({ status: 'error', decision: 'none', message: `PreToolUse hook returned ${words}` });
    });
  }

  it('a deny wins over an additionalContext of the same answer; the context is kept', () => {
    const verdict = read('PreToolUse', json(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no', additionalContext: 'ctx' })));
    expect(verdict).toMatchObject({ decision: 'deny', additionalContext: 'ctx', contextDelivery: 'separate-message' });
  });

  it('systemMessage is shown even when the run fails (Codex records it as a warning first)', () => {
    expect(read('PreToolUse', json({ systemMessage: 'hello', continue: false }))).toMatchObject({ status: 'error', systemMessage: 'hello' });
  });
});

describe('the wire shapes (schema.rs: deny_unknown_fields, hookEventName required)', () => {
  it('an unknown top-level field makes the answer invalid JSON output: a failed run', () => {
    const verdict = read('PreToolUse', json({ decision: 'block', reason: 'x', extra: 1 }));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output', decision: 'none' });
    expect(verdict.message).toContain('unknown field extra');
  });

  it('hookSpecificOutput without hookEventName is invalid (Codex requires it)', () => {
    const verdict = read('PreToolUse', json({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'x' } }));
    expect(verdict).toMatchObject({ status: 'error', decision: 'none' });
    expect(verdict.message).toContain('missing field hookSpecificOutput.hookEventName');
  });

  it('a wrongly typed field (continue: "no") is invalid; null counts as absent for optional text', () => {
    expect(read('PreToolUse', json({ continue: 'no' }))).toMatchObject({ status: 'error' });
    expect(read('PreToolUse', json({ reason: null, systemMessage: null }))).toMatchObject({ status: 'ok', decision: 'none' });
  });

  it('a JSON array on stdout "looks like JSON" and is a failed run; truncated JSON is output_truncated', () => {
    expect(read('PreToolUse', exit(0, '[1,2]'))).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(read('PreToolUse', outcome({ stdout: captured('{"decision":"blo', true) }))).toMatchObject({ status: 'error', failureClass: 'output_truncated' });
  });
});

describe('exit codes', () => {
  it('"Other exit codes and timeouts: run marked failed, operation continues (fail open)"', () => {
    expect(read('PreToolUse', exit(3, '', 'boom'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none', message: 'hook exited with code 3' });
    expect(read('PreToolUse', outcome({ exitCode: null, signal: 'SIGKILL' }))).toMatchObject({ status: 'error', failureClass: 'signal', decision: 'none' });
    expect(read('Stop', outcome({ timedOut: true, exitCode: null, signal: 'SIGKILL' }))).toMatchObject({ status: 'timeout', failureClass: 'timeout', decision: 'none' });
  });

  it('exit 2 reads stderr only: stdout JSON is not read', () => {
    expect(read('PreToolUse', exit(2, JSON.stringify({ decision: 'block', reason: 'from-json' }), 'from-stderr'))).toMatchObject({ decision: 'deny', reason: 'from-stderr' });
  });

  it('"Stop hook exited with code 2 but did not write a continuation prompt to stderr" → failed, no continuation', () => {
    expect(read('Stop', exit(2))).toMatchObject({ status: 'error', decision: 'none', message: 'Stop hook exited with code 2 but did not write a continuation prompt to stderr' });
    expect(read('PostToolUse', exit(2))).toMatchObject({ status: 'error', message: 'PostToolUse hook exited with code 2 but did not write feedback to stderr' });
  });

  it('exit 2 on an event that cannot block (SessionStart, PreCompact) is one more failed run', () => {
    expect(read('SessionStart', exit(2, '', 'no'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none' });
    expect(read('PreCompact', exit(2, '', 'no'))).toMatchObject({ status: 'error', decision: 'none' });
  });
});

describe('PostToolUse', () => {
  it('"`continue:false` stops normal processing of the original result": the output is replaced by the reason, else the stopReason', () => {
    expect(read('PostToolUse', json({ continue: false, stopReason: 'STOPPED', reason: 'FOR-THE-MODEL' }))).toMatchObject({ continue: false, stopReason: 'STOPPED', updatedToolOutput: 'FOR-THE-MODEL' });
    expect(read('PostToolUse', json({ continue: false }))).toMatchObject({ continue: false, updatedToolOutput: 'PostToolUse hook stopped execution' });
  });

  it('"`updatedMCPToolOutput` not supported (fails)"; "decision:block without a non-empty reason" fails', () => {
    expect(read('PostToolUse', json(specific('PostToolUse', { updatedMCPToolOutput: { ok: true } })))).toMatchObject({ status: 'error', message: 'PostToolUse hook returned unsupported updatedMCPToolOutput' });
    expect(read('PostToolUse', json({ decision: 'block' }))).toMatchObject({ status: 'error', message: 'PostToolUse hook returned decision:block without a non-empty reason' });
    expect(read('PostToolUse', json({ reason: 'r' }))).toMatchObject({ status: 'error', message: 'PostToolUse hook returned reason without decision' });
  });
});

describe('prompts, session, stop', () => {
  it('UserPromptSubmit `continue:false` stops (continue false, stopReason) and is not a block', () => {
    expect(read('UserPromptSubmit', json({ continue: false, stopReason: 'halt', decision: 'block', reason: 'r' }))).toMatchObject({ decision: 'none', continue: false, stopReason: 'halt' });
  });

  it('Stop: "decision:block" needs a reason; JSON with hookSpecificOutput is not a Stop shape', () => {
    expect(read('Stop', json({ decision: 'block', reason: '  more  ' }))).toMatchObject({ decision: 'block', reason: 'more' });
    expect(read('Stop', json({ decision: 'block' }))).toMatchObject({ status: 'error', message: 'Stop hook returned decision:block without a non-empty reason' });
    expect(read('Stop', json(specific('Stop', { additionalContext: 'x' })))).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('SubagentStart: "continue:false parsed but does not stop the subagent"; plain stdout is its context', () => {
    const verdict = read('SubagentStart', json({ continue: false }));
    expect(verdict.continue).toBeUndefined();
    expect(verdict.message).toContain('does not stop a sub-agent');
    expect(read('SubagentStart', exit(0, 'SUB-CONTEXT\n'))).toMatchObject({ additionalContext: 'SUB-CONTEXT', contextDelivery: 'separate-message' });
  });

  it('PreCompact / PostCompact: plain stdout "ignored"; continue:false stops', () => {
    expect(read('PreCompact', exit(0, 'words'))).toMatchObject({ status: 'ok', decision: 'none' });
    expect(read('PreCompact', exit(0, 'words')).additionalContext).toBeUndefined();
    expect(read('PostCompact', json({ continue: false, stopReason: 'enough' }))).toMatchObject({ continue: false, stopReason: 'enough' });
  });

  it('SessionEnd: its output is not read (a non-zero exit is only a failed run)', () => {
    expect(read('SessionEnd', exit(2, JSON.stringify({ continue: false }), 'no'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none' });
    expect(read('SessionEnd', json({ continue: false })).continue).toBeUndefined();
  });
});

describe('PermissionRequest', () => {
  it('"`hookSpecificOutput.decision{behavior: allow|deny, message}`"', () => {
    expect(read('PermissionRequest', json(specific('PermissionRequest', { decision: { behavior: 'allow' } })))).toMatchObject({ decision: 'allow' });
    expect(read('PermissionRequest', json(specific('PermissionRequest', { decision: { behavior: 'deny', message: 'nope' } })))).toMatchObject({ decision: 'deny', reason: 'nope' });
    expect(read('PermissionRequest', json(specific('PermissionRequest', { decision: { behavior: 'deny' } })))).toMatchObject({ decision: 'deny', reason: 'PermissionRequest hook denied approval' });
  });

  it('"`updatedInput`, `updatedPermissions`, `interrupt` are reserved": the run fails', () => {
    for (const extra of [{ updatedInput: {} }, { updatedPermissions: [] }, { interrupt: true }]) {
      expect(read('PermissionRequest', json(specific('PermissionRequest', { decision: { behavior: 'allow', ...extra } })))).toMatchObject({ status: 'error', decision: 'none' });
    }
  });
});

describe('"Nothing user content can do may crash": any stdout, stderr and exit code on every event', () => {
  const deep = (levels: number) => `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}}`;
  const texts = ['', ' ', '{', '[', '{}', '[]', 'null', '"text"', '42', '{"continue":null}', '{"hookSpecificOutput":null}', '{"hookSpecificOutput":[]}', '{"decision":"block","reason":7}', '\u0000\uffff', 'x'.repeat(100_000), deep(300), deep(20_000)];
  it('each reading is a verdict (never a throw), with a known status and decision', () => {
    for (const event of ['SessionStart', 'SessionEnd', 'SubagentStart', 'SubagentStop', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PreCompact', 'PostCompact', 'Stop'] as EventName[]) {
      for (const text of texts) {
        for (const code of [0, 1, 2, 127]) {
          const verdict = read(event, exit(code, text, text));
          expect(['ok', 'error', 'timeout', 'cancelled']).toContain(verdict.status);
          expect(['none', 'allow', 'deny', 'block']).toContain(verdict.decision);
        }
      }
    }
  });

  it('an answer nested deeper than the protocol allows is a failed run, not a rewrite', () => {
    const verdict = read('PreToolUse', exit(0, deep(300)));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(verdict.updatedInput).toBeUndefined();
    expect(read('PreToolUse', exit(0, deep(10))).updatedInput).toBeDefined();
  });
});
