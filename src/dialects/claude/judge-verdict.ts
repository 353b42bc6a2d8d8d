// What a prompt or agent hook's judgement ({ok, reason, impossible}) does on each event, by Claude Code's rules
// (hooks reference, prompt-based hooks). One run only; an invalid answer is a failed run via the given `failed`.
import type { HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventName, FailureClass } from '../../protocol/index.js';
import type { DelegatedOutcome } from '../../runner/types.js';
import { capText } from './cap.js';
import { EVENT_RULES } from './event-rules.js';

/**
 * The effect of `ok: false`:
 * - continuation: the reason is fed back and the agent keeps working (a `block`, counted in the Stop cap);
 *   `impossible: true` (prompt only) stops instead, the reason shown to the user.
 * - deny: the tool call is denied with the reason; the turn also ends (continue false) unless continueOnBlock.
 * - feedbackOrEnd: continueOnBlock feeds the reason back (the event's block); otherwise the turn ends.
 * - endTurn: the turn ends (continue false, the reason as stopReason, shown to the user).
 * - toolError: the reason reaches the model as the tool's error (feedback).
 * - block: the event's blocking decision with the reason (TaskCreated: the task is not created).
 * - none: no effect.
 */
type JudgeEffect = 'continuation' | 'deny' | 'feedbackOrEnd' | 'endTurn' | 'toolError' | 'block' | 'none';

const EFFECTS: Readonly<Record<string, JudgeEffect>> = {
  Stop: 'continuation',
  SubagentStop: 'continuation',
  PreToolUse: 'deny',
  PostToolUse: 'feedbackOrEnd',
  TeammateIdle: 'feedbackOrEnd',
  UserPromptSubmit: 'endTurn',
  UserPromptExpansion: 'endTurn',
  PostToolBatch: 'endTurn',
  TaskCompleted: 'endTurn',
  PostToolUseFailure: 'toolError',
  TaskCreated: 'block',
  PermissionRequest: 'none',
  PermissionDenied: 'none',
};

type Failed = (event: EventName, hook: HookSpec, failureClass: FailureClass, detail: string) => HookVerdict;

export function judgeVerdict(event: EventName, hook: HookSpec, delegated: DelegatedOutcome, failed: Failed): HookVerdict {
  if (delegated.kind === 'invalid_answer') return failed(event, hook, 'invalid_output', delegated.message);
  const ok: HookVerdict = { status: 'ok', failureClass: null, decision: 'none' };
  if (delegated.ok) return ok;
  const { handler } = hook;
  const continueOnBlock = handler.type === 'prompt' || handler.type === 'agent' ? handler.continueOnBlock === true : false;
  const reason = capText(delegated.reason ?? `${event} ${handler.type} hook "${hook.id}" judged the condition not met (no reason given)`).text;
  const blockDecision = EVENT_RULES[event].blockDecision ?? 'block';
  const endTurn: HookVerdict = { ...ok, continue: false, stopReason: reason, message: `ok: false: ${reason}` };
  switch (EFFECTS[event] ?? 'endTurn') {
    case 'continuation':
      if (delegated.impossible === true && handler.type === 'prompt') {
        return { ...ok, systemMessage: reason, message: `ok: false, impossible: stopping (${reason})` };
      }
      return { ...ok, decision: 'block', reason };
    case 'deny':
      return continueOnBlock ? { ...ok, decision: 'deny', reason } : { ...endTurn, decision: 'deny', reason };
    case 'feedbackOrEnd':
      return continueOnBlock ? { ...ok, decision: blockDecision, reason } : endTurn;
    case 'endTurn':
      return endTurn;
    case 'toolError':
      return { ...ok, feedback: reason };
    case 'block':
      return { ...ok, decision: blockDecision, reason };
    case 'none':
      return { ...ok, message: `ok: false has no effect on ${event}: ${reason}` };
  }
}
