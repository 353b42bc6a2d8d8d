import { describe, expect, it } from 'vitest';
import { merge, stopsDispatch } from '../../../src/dialects/bamboo/merge.js';
import type { HookVerdict } from '../../../src/engine/dialect.js';
import type { Decision, EventName } from '../../../src/protocol/index.js';
import { context } from './outcome.js';

const ok = (more: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision: 'none', ...more });
const decided = (decision: Decision, reason?: string, additionalContext?: string) =>
  ok({ decision, ...(reason !== undefined ? { reason } : {}), ...(additionalContext !== undefined ? { additionalContext } : {}) });
const failedRun: HookVerdict = { status: 'error', failureClass: 'nonzero_exit', decision: 'none', message: 'exit code 1 (non-blocking)' };
const m = (event: EventName, verdicts: HookVerdict[]) => merge(context(event), verdicts);

describe('merge', () => {
  it('nothing ran: no decision, continue', () => {
    expect(m('PreToolUse', [])).toEqual({ decision: 'none', continue: true });
  });

  it('decision and reason come from the deciding verdict; every additional_context is joined with a blank line', () => {
    expect(m('PreToolUse', [ok({ additionalContext: 'one' }), failedRun, decided('block', 'no', 'two')])).toEqual({
      decision: 'block',
      reason: 'no',
      additionalContext: 'one\n\ntwo',
      continue: true,
    });
    expect(m('PreToolUse', [decided('ask', 'confirm?')])).toEqual({ decision: 'ask', reason: 'confirm?', continue: true });
  });

  it('failures contribute nothing', () => {
    expect(m('UserPromptSubmit', [failedRun, { status: 'timeout', failureClass: 'timeout', decision: 'none' }])).toEqual({ decision: 'none', continue: true });
  });

  it('cancelled runs contribute nothing', () => {
    expect(m('Stop', [{ status: 'cancelled', failureClass: 'cancelled', decision: 'none', additionalContext: 'x' }])).toEqual({ decision: 'none', continue: true });
  });

  it('SessionStart block stops the run: continue false, stopReason', () => {
    expect(m('SessionStart', [decided('block', 'not in this repo')])).toEqual({ decision: 'block', reason: 'not in this repo', continue: false, stopReason: 'not in this repo' });
  });

  it('PostToolUse block attaches the reason as feedback', () => {
    expect(m('PostToolUse', [decided('block', 'tests fail')])).toEqual({ decision: 'block', reason: 'tests fail', feedback: 'tests fail', continue: true });
  });

  it('Stop block asks for a continuation (continue stays true; the engine caps it)', () => {
    expect(m('Stop', [decided('block', 'not done')])).toEqual({ decision: 'block', reason: 'not done', continue: true });
  });

  it('UserPromptSubmit additional_context extends the prompt; block blocks', () => {
    expect(m('UserPromptSubmit', [ok({ additionalContext: 'ctx' })])).toEqual({ decision: 'none', additionalContext: 'ctx', continue: true });
    expect(m('UserPromptSubmit', [decided('block', 'secret in prompt')])).toMatchObject({ decision: 'block', reason: 'secret in prompt', continue: true });
  });

  it('PreCompact: additional_context becomes summarizer instructions; never a decision', () => {
    expect(m('PreCompact', [ok({ additionalContext: 'a' }), ok({ additionalContext: 'b' })])).toEqual({
      decision: 'none',
      additionalContext: 'a\n\nb',
      extra: { summarizerInstructions: 'a\n\nb' },
      continue: true,
    });
    expect(m('PreCompact', [decided('block', 'x')])).toEqual({ decision: 'none', continue: true });
  });

  it('observers never change control flow', () => {
    for (const event of ['SessionEnd', 'Notification'] as const) {
      expect(m(event, [decided('block', 'x', 'ctx'), ok({ additionalContext: 'y' })])).toEqual({ decision: 'none', continue: true });
    }
  });
});

describe('stopsDispatch', () => {
  it('a control decision stops dispatch on decision-capable events', () => {
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const) {
      expect(stopsDispatch(context(event), decided('block', 'x'))).toBe(true);
      expect(stopsDispatch(context(event), decided('allow'))).toBe(true);
      expect(stopsDispatch(context(event), ok({ additionalContext: 'x' }))).toBe(false);
      expect(stopsDispatch(context(event), failedRun)).toBe(false);
    }
    expect(stopsDispatch(context('PreToolUse'), decided('ask'))).toBe(true);
  });

  it('never on observers or PreCompact: every matching handler runs', () => {
    for (const event of ['SessionEnd', 'Notification', 'PreCompact'] as const) expect(stopsDispatch(context(event), decided('block', 'x'))).toBe(false);
  });
});
