import { describe, expect, it } from 'vitest';
import { merge } from '../../../src/dialects/claude/merge.js';
import type { HookVerdict } from '../../../src/engine/dialect.js';
import type { Decision, EventName } from '../../../src/protocol/index.js';
import { context } from './outcome.js';

function v(decision: Decision = 'none', fields: Partial<HookVerdict> = {}): HookVerdict {
  return { status: 'ok', failureClass: null, decision, ...fields };
}

const mergeOn = (event: EventName, verdicts: HookVerdict[]) => merge(context(event), verdicts);

describe('claude merge: PreToolUse', () => {
  it('no verdicts: decision none, continue true', () => {
    expect(mergeOn('PreToolUse', [])).toEqual({ decision: 'none', continue: true });
  });

  it.each<[Decision[], Decision]>([
    [['allow', 'deny'], 'deny'],
    [['deny', 'allow'], 'deny'],
    [['ask', 'defer'], 'defer'],
    [['defer', 'deny'], 'deny'],
    [['allow', 'ask'], 'ask'],
    [['none', 'allow'], 'allow'],
    [['none', 'none'], 'none'],
    [['allow', 'ask', 'defer', 'deny', 'none'], 'deny'],
  ])('precedence deny > defer > ask > allow > none: %j → %s', (decisions, expected) => {
    expect(mergeOn('PreToolUse', decisions.map((d) => v(d))).decision).toBe(expected);
    expect(mergeOn('PreToolUse', [...decisions].reverse().map((d) => v(d))).decision).toBe(expected);
  });

  it('one hook\'s deny does not stop the others being merged; the reason comes from the winning decision only', () => {
    const out = mergeOn('PreToolUse', [v('allow', { reason: 'looks fine' }), v('deny', { reason: 'touches prod' })]);
    expect(out).toMatchObject({ decision: 'deny', reason: 'touches prod' });
  });

  it('several deny reasons are joined with "\\n" in configured order', () => {
    const out = mergeOn('PreToolUse', [v('deny', { reason: 'first' }), v('ask', { reason: 'ignored' }), v('deny', { reason: 'second' })]);
    expect(out.reason).toBe('first\nsecond');
  });

  it('a "block" verdict counts as deny', () => {
    expect(mergeOn('PreToolUse', [v('allow'), v('block', { reason: 'r' })])).toMatchObject({ decision: 'deny', reason: 'r' });
  });

  it('competing updatedInput: the last in configured order wins, never completion order', () => {
    const out = mergeOn('PreToolUse', [v('allow', { updatedInput: { n: 1 } }), v('allow', { updatedInput: { n: 2 } }), v('allow')]);
    expect(out).toMatchObject({ decision: 'allow', updatedInput: { n: 2 } });
  });

  it('updatedInput applies with allow, ask or no decision (Claude Code runs a rewrite without permissionDecision); the last in order wins', () => {
    expect(mergeOn('PreToolUse', [v('ask', { updatedInput: { n: 1 } }), v('none', { updatedInput: { n: 2 } })])).toMatchObject({ decision: 'ask', updatedInput: { n: 2 } });
    expect(mergeOn('PreToolUse', [v('none', { updatedInput: { n: 2 } })])).toMatchObject({ decision: 'none', updatedInput: { n: 2 } });
  });

  it('updatedInput is dropped when the call is denied or deferred', () => {
    expect(mergeOn('PreToolUse', [v('allow', { updatedInput: { n: 1 } }), v('deny')]).updatedInput).toBeUndefined();
    expect(mergeOn('PreToolUse', [v('allow', { updatedInput: { n: 1 } }), v('defer')]).updatedInput).toBeUndefined();
  });
});

describe('claude merge: PermissionRequest', () => {
  it('any deny wins (reasons joined, interrupt if any deny asks for it)', () => {
    const out = mergeOn('PermissionRequest', [
      v('allow', { updatedInput: { a: 1 } }),
      v('deny', { reason: 'no', interrupt: true }),
      v('deny', { reason: 'never' }),
    ]);
    expect(out).toEqual({ decision: 'deny', reason: 'no\nnever', interrupt: true, continue: true });
  });

  it('else allow if any: updatedInput from the last allow that gave one, updatedPermissions concatenated', () => {
    const out = mergeOn('PermissionRequest', [
      v('allow', { updatedInput: { a: 1 }, updatedPermissions: ['p1'] }),
      v('none'),
      v('allow', { updatedInput: { a: 2 }, updatedPermissions: ['p2'] }),
    ]);
    expect(out).toEqual({ decision: 'allow', updatedInput: { a: 2 }, updatedPermissions: ['p1', 'p2'], continue: true });
  });

  it('no decision from any hook: none', () => {
    expect(mergeOn('PermissionRequest', [v('none')]).decision).toBe('none');
  });
});

describe('claude merge: other events', () => {
  it('block if any run blocked; reasons joined with "\\n" in configured order', () => {
    const out = mergeOn('Stop', [v('block', { reason: 'tests fail' }), v('none'), v('block', { reason: 'lint fails' })]);
    expect(out).toMatchObject({ decision: 'block', reason: 'tests fail\nlint fails' });
    expect(mergeOn('UserPromptSubmit', [v('none'), v('none')]).decision).toBe('none');
  });

  it('PostToolUse updatedToolOutput: the last in configured order', () => {
    expect(mergeOn('PostToolUse', [v('none', { updatedToolOutput: 'a' }), v('none', { updatedToolOutput: 'b' }), v('none')]).updatedToolOutput).toBe('b');
  });

  it('multiple hooks\' additionalContext are all delivered, joined with "\\n" in configured order', () => {
    const out = mergeOn('SessionStart', [v('none', { additionalContext: 'one' }), v('none'), v('none', { additionalContext: 'two' })]);
    expect(out.additionalContext).toBe('one\ntwo');
  });

  it('feedback and systemMessage are joined from every hook in configured order', () => {
    const out = mergeOn('PostToolUse', [v('none', { feedback: 'f1', systemMessage: 's1' }), v('none', { feedback: 'f2', systemMessage: 's2' })]);
    expect(out).toMatchObject({ feedback: 'f1\nf2', systemMessage: 's1\ns2' });
  });

  it('continue: false if any verdict says so, overriding decisions; stopReason from the first such', () => {
    const out = mergeOn('PreToolUse', [
      v('allow'),
      v('none', { continue: false, stopReason: 'first stop' }),
      v('none', { continue: false, stopReason: 'second stop' }),
    ]);
    expect(out).toMatchObject({ continue: false, stopReason: 'first stop', decision: 'allow' });
    expect(mergeOn('Stop', [v('none', { continue: true })]).continue).toBe(true);
  });

  it('suppressOutput if any; extra: arrays concatenated, other values from the last', () => {
    const out = mergeOn('SessionStart', [
      v('none', { extra: { sessionTitle: 'a', watchPaths: ['/x'] }, suppressOutput: true }),
      v('none', { extra: { sessionTitle: 'b', watchPaths: ['/y'] } }),
    ]);
    expect(out).toMatchObject({ suppressOutput: true, extra: { sessionTitle: 'b', watchPaths: ['/x', '/y'] } });
  });
});

describe('claude merge: failed runs', () => {
  it('a failed run that fails open contributes no decision, only a "<Event> hook error" notice in systemMessage', () => {
    const failed: HookVerdict = { status: 'error', failureClass: 'nonzero_exit', decision: 'none', message: 'exit code 1: boom' };
    const timedOut: HookVerdict = { status: 'timeout', failureClass: 'timeout', decision: 'none', message: 'timed out after 5s' };
    const out = mergeOn('PreToolUse', [v('allow', { systemMessage: 'from hook' }), failed, timedOut]);
    expect(out).toEqual({
      decision: 'allow',
      continue: true,
      systemMessage: 'from hook\nPreToolUse hook error: exit code 1: boom\nPreToolUse hook error: timed out after 5s',
    });
  });

  it('a failed run that blocks (onFailure "block") is a deny with its reason, not a notice', () => {
    const blocking: HookVerdict = { status: 'error', failureClass: 'spawn_failed', decision: 'deny', reason: 'hook x failed', message: 'could not start' };
    expect(mergeOn('PreToolUse', [v('allow'), blocking])).toEqual({ decision: 'deny', reason: 'hook x failed', continue: true });
  });

  it('cancelled runs contribute nothing', () => {
    const cancelled: HookVerdict = { status: 'cancelled', failureClass: 'cancelled', decision: 'deny', message: 'cancelled', continue: false };
    expect(mergeOn('PreToolUse', [cancelled])).toEqual({ decision: 'none', continue: true });
  });
});
