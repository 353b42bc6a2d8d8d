// PreModelSwitch's decision rules (Claude Code 2.1.251+): permissionDecision allow/deny/ask on one run, a timeout
// that blocks the switch, and deny > ask > allow across runs. Decisions only; parsing is output-schema.ts's job.
import type { HookSpec, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import type { Decision, EventName } from '../../protocol/index.js';
import type { SpecificOutput } from './output-schema.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * `permissionDecision` "allow" lets the switch proceed, "deny" cancels it, "ask" asks the user (an agent that cannot
 * ask treats it as a refusal, as Claude Code does outside an interactive /model). "defer" is PreToolUse-only: ignored.
 */
export function applyModelSwitchDecision(specific: SpecificOutput, verdict: Mutable<HookVerdict>): void {
  const decision = specific.permissionDecision;
  if (decision === 'defer') {
    verdict.message = 'permissionDecision "defer" has no meaning on PreModelSwitch; ignored';
  } else if (decision !== undefined) {
    verdict.decision = decision;
  }
  if (specific.permissionDecisionReason !== undefined) verdict.reason = specific.permissionDecisionReason;
}

/** A PreModelSwitch hook cancelled at its timeout blocks the switch (Claude Code's exception to "no decision"). */
export function timeoutBlocksSwitch(event: EventName, hook: HookSpec, verdict: HookVerdict): HookVerdict {
  if (event !== 'PreModelSwitch' || verdict.decision !== 'none') return verdict;
  return { ...verdict, decision: 'deny', reason: `PreModelSwitch hook "${hook.id}" timed out after ${hook.handler.timeoutMs / 1000}s; the model switch is blocked` };
}

const RANK: Readonly<Record<Decision, number>> = { none: 0, allow: 1, defer: 0, ask: 2, deny: 3, block: 3 };

/** deny (a `block` counts as deny) > ask > allow > none; the reason joins the winners' reasons in configured order. */
export function mergeModelSwitch(live: readonly HookVerdict[], out: Mutable<MergedOutcome>): void {
  const best = live.reduce((top, verdict) => Math.max(top, RANK[verdict.decision]), 0);
  delete out.reason;
  if (best === 0) {
    out.decision = 'none';
    return;
  }
  const winners = live.filter((verdict) => RANK[verdict.decision] === best);
  out.decision = best === 3 ? 'deny' : best === 2 ? 'ask' : 'allow';
  const reasons = winners.map((verdict) => verdict.reason).filter((reason): reason is string => reason !== undefined && reason !== '');
  if (reasons.length > 0) out.reason = reasons.join('\n');
}
