// Claude Code 2.1.332 parity of reading one run and merging: rewrites without a decision, Stop/SubagentStop
// additionalContext as a continuation, and `{`-but-invalid-JSON stdout as plain text. No processes.
import { describe, expect, it } from 'vitest';
import { merge } from '../../../../src/dialects/claude/merge.js';
import { interpret } from '../../../../src/dialects/claude/output.js';
import type { HookVerdict } from '../../../../src/engine/dialect.js';
import type { Decision, EventName } from '../../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../../src/runner/types.js';
import { captured, context, exit, hook, json, outcome } from '../../claude/outcome.js';

const run = (event: EventName, result: ProcessOutcome): HookVerdict => interpret(context(event), hook(event), result);
const v = (decision: Decision = 'none', fields: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision, ...fields });
const pre = (fields: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

describe('"updatedInput without a permissionDecision is applied" (observed, 05b)', () => {
  it('a hook that only rewrites: the merged answer carries the rewritten input and no decision', () => {
    const verdict = run('PreToolUse', pre({ updatedInput: { command: 'echo rewritten' } }));
    expect(verdict).toMatchObject({ decision: 'none', updatedInput: { command: 'echo rewritten' } });
    expect(merge(context('PreToolUse'), [verdict])).toEqual({ decision: 'none', continue: true, updatedInput: { command: 'echo rewritten' } });
  });

  it('a deny still wins: no updatedInput when any hook denies (JSON or exit 2)', () => {
    const rewrite = run('PreToolUse', pre({ updatedInput: { command: 'x' } }));
    expect(merge(context('PreToolUse'), [rewrite, run('PreToolUse', pre({ permissionDecision: 'deny' }))])).not.toHaveProperty('updatedInput');
    expect(merge(context('PreToolUse'), [rewrite, run('PreToolUse', exit(2, '', 'no'))])).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(merge(context('PreToolUse'), [rewrite, run('PreToolUse', exit(2, '', 'no'))])).not.toHaveProperty('updatedInput');
  });

  it('a rewrite that comes with its own deny is never applied, even if another hook allows', () => {
    const out = merge(context('PreToolUse'), [v('deny', { updatedInput: { n: 1 } }), v('allow')]);
    expect(out).toMatchObject({ decision: 'deny' });
    expect(out).not.toHaveProperty('updatedInput');
  });

  it('competing rewrites: the last in configured order wins, whatever decision each gave (none, allow, ask)', () => {
    const ordered = [v('allow', { updatedInput: { n: 1 } }), v('none', { updatedInput: { n: 2 } }), v('none')];
    expect(merge(context('PreToolUse'), ordered)).toMatchObject({ decision: 'allow', updatedInput: { n: 2 } });
    expect(merge(context('PreToolUse'), [v('none', { updatedInput: { n: 2 } }), v('ask', { updatedInput: { n: 3 } })])).toMatchObject({ decision: 'ask', updatedInput: { n: 3 } });
  });

  it('defer drops rewrites (the tool does not run in this process)', () => {
    expect(merge(context('PreToolUse'), [v('none', { updatedInput: { n: 1 } }), v('defer')])).not.toHaveProperty('updatedInput');
  });

  it('PermissionRequest is unaffected: updatedInput counts only with behavior allow', () => {
    expect(merge(context('PermissionRequest'), [v('none', { updatedInput: { n: 1 } })])).toEqual({ decision: 'none', continue: true });
    expect(merge(context('PermissionRequest'), [v('allow', { updatedInput: { n: 1 } }), v('none', { updatedInput: { n: 2 } })])).toMatchObject({
      decision: 'allow',
      updatedInput: { n: 1 },
    });
  });
});

describe('"Stop hookSpecificOutput.additionalContext keeps the agent working"', () => {
  const stopContext = (event: 'Stop' | 'SubagentStop', fields: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
    json({ ...more, hookSpecificOutput: { hookEventName: event, ...fields } });

  it.each(['Stop', 'SubagentStop'] as const)('%s: additionalContext alone is a continuation (block) with the text as the reason', (event) => {
    const verdict = run(event, stopContext(event, { additionalContext: 'run the tests first' }));
    expect(verdict).toEqual({ status: 'ok', failureClass: null, decision: 'block', reason: 'run the tests first' });
  });

  it('decision block with a reason and additionalContext: the reason first, then the context, joined by a newline', () => {
    const verdict = run('Stop', stopContext('Stop', { additionalContext: 'CONTEXT' }, { decision: 'block', reason: 'REASON' }));
    expect(verdict).toMatchObject({ decision: 'block', reason: 'REASON\nCONTEXT' });
    expect(verdict).not.toHaveProperty('additionalContext');
  });

  it('exit 2 with stderr and JSON additionalContext: stderr, then the context', () => {
    const result = outcome({ exitCode: 2, stdout: captured(JSON.stringify({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'CTX' } })), stderr: captured('ERR') });
    expect(run('Stop', result)).toMatchObject({ decision: 'block', reason: 'ERR\nCTX' });
  });

  it('an empty additionalContext does not keep the agent working', () => {
    expect(run('Stop', stopContext('Stop', { additionalContext: '' }))).toMatchObject({ decision: 'none' });
  });

  it('continue: false still stops: the continuation never outranks it', () => {
    const merged = merge(context('Stop'), [run('Stop', stopContext('Stop', { additionalContext: 'more' }, { continue: false, stopReason: 'halt' }))]);
    expect(merged).toMatchObject({ decision: 'block', continue: false, stopReason: 'halt' });
  });

  it('other events keep additionalContext as context (no block)', () => {
    expect(run('UserPromptSubmit', json({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' } }))).toMatchObject({
      decision: 'none',
      additionalContext: 'ctx',
    });
  });
});

describe('"stdout that starts with { but is not valid JSON is plain text"', () => {
  const broken = '{ not json, just braces }';

  it.each(['SessionStart', 'UserPromptSubmit'] as const)('%s: it becomes context, as any plain stdout', (event) => {
    expect(run(event, exit(0, `${broken}\n`))).toEqual({ status: 'ok', failureClass: null, decision: 'none', additionalContext: broken });
  });

  it.each(['PreToolUse', 'PostToolUse', 'Stop', 'Notification'] as const)('%s: it is ignored, and the run is ok (not invalid_output)', (event) => {
    expect(run(event, exit(0, broken))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('with another non-zero exit it is still a non-blocking error for the exit code, not for the output', () => {
    expect(run('PreToolUse', exit(1, broken, 'boom'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', message: 'exit code 1: boom' });
  });

  it('truncated stdout starting with "{" stays a failed run (output_truncated): cut JSON is never parsed or shown', () => {
    expect(run('SessionStart', outcome({ stdout: captured('{"hookSpecificOutput": {', true) }))).toMatchObject({ status: 'error', failureClass: 'output_truncated' });
  });

  it('valid JSON that is not valid hook output is still invalid_output', () => {
    expect(run('PreToolUse', exit(0, '{"continue": "yes"}'))).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });
});
