// Merges one event's verdicts (in dispatch order) into one outcome by Bamboo's rules, and says when a verdict stops
// dispatch. Deterministic; must not interpret raw output.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import { ruleOf } from './event-rules.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const CONTEXT_SEPARATOR = '\n\n';

/** "A control decision stops normal dispatch; observer events always run every matching handler." */
export function stopsDispatch(context: EventContext, verdict: HookVerdict): boolean {
  return ruleOf(context.event).kind === 'decision' && verdict.decision !== 'none';
}

/**
 * - Observers (SessionEnd, Notification): nothing (decision none).
 * - PreCompact: every additional_context joined with a blank line becomes `additionalContext` and
 *   `extra.summarizerInstructions`; decision none.
 * - Decision events: the decision and reason of the last verdict that decided (dispatch stops at it);
 *   additional_context of every run joined with a blank line. SessionStart `block` also stops the run
 *   (`continue: false`, `stopReason`); PostToolUse `block` also attaches the reason as `feedback`; Stop `block`
 *   keeps `continue: true` (a bounded continuation: the engine caps it).
 * Cancelled and skipped runs contribute nothing.
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const { event } = context;
  const kind = ruleOf(event).kind;
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  if (kind === 'observer') return out;
  const live = verdicts.filter((verdict) => verdict.status !== 'cancelled' && verdict.status !== 'skipped');
  const contexts = live.map((verdict) => verdict.additionalContext).filter((text): text is string => text !== undefined && text !== '');
  const additionalContext = contexts.length > 0 ? contexts.join(CONTEXT_SEPARATOR) : undefined;
  if (kind === 'compaction') {
    if (additionalContext !== undefined) {
      out.additionalContext = additionalContext;
      out.extra = { summarizerInstructions: additionalContext };
    }
    return out;
  }
  if (additionalContext !== undefined) out.additionalContext = additionalContext;
  const deciding = [...live].reverse().find((verdict) => verdict.decision !== 'none');
  if (deciding === undefined) return out;
  out.decision = deciding.decision;
  if (deciding.reason !== undefined) out.reason = deciding.reason;
  if (deciding.decision === 'block') {
    if (event === 'SessionStart') {
      out.continue = false;
      if (deciding.reason !== undefined) out.stopReason = deciding.reason;
    } else if (event === 'PostToolUse' && deciding.reason !== undefined) {
      out.feedback = deciding.reason;
    }
  }
  return out;
}
