// Merges what Claude Code 2.1's later events add to an outcome (worktreePath, retry, displayContent, elicitation
// answers, ConfigChange's unblockable policy source). Deterministic: configured order, never completion order.
// Called by merge.ts after the common fields; must not interpret raw output.
import type { ElicitationAnswer, EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import { mergeModelSwitch } from './model-switch.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Decline outranks cancel outranks accept: the most restrictive answer wins. */
const ELICITATION_RANK: Readonly<Record<ElicitationAnswer['action'], number>> = { accept: 1, cancel: 2, decline: 3 };

/**
 * - WorktreeCreate: unless a run failed (then `block`), the path of the last run in configured order that gave one.
 * - PermissionDenied: `retry` if any run asked for it.
 * - MessageDisplay: `displayContent` from the last run in configured order that gave one; no "hook error" notices
 *   (Claude Code notes MessageDisplay failures only in its debug log and shows the original text).
 * - Elicitation, ElicitationResult: the highest-ranked answer (a deny without an answer, e.g. onFailure "block",
 *   counts as decline); among accepts the last that gave content. `decision` is `allow` for accept, else `deny`.
 * - ConfigChange from `policy_settings`: a block is dropped (decision none), as Claude Code cannot block it.
 * - PreModelSwitch: deny > ask > allow (model-switch.ts).
 */
export function mergeLaterEvents(context: EventContext, live: readonly HookVerdict[], out: Mutable<MergedOutcome>): void {
  switch (context.event) {
    case 'WorktreeCreate': {
      const path = lastWith(live, (v) => v.worktreePath !== undefined)?.worktreePath;
      if (out.decision !== 'block' && path !== undefined) out.worktreePath = path;
      break;
    }
    case 'PermissionDenied':
      if (live.some((v) => v.retry === true)) out.retry = true;
      break;
    case 'MessageDisplay': {
      const shown = lastWith(live, (v) => v.displayContent !== undefined)?.displayContent;
      if (shown !== undefined) out.displayContent = shown;
      delete out.systemMessage;
      break;
    }
    case 'Elicitation':
    case 'ElicitationResult':
      mergeElicitation(live, out);
      break;
    case 'ConfigChange':
      if (context.params.source === 'policy_settings' && out.decision === 'block') {
        out.decision = 'none';
        delete out.reason;
      }
      break;
    case 'PreModelSwitch':
      mergeModelSwitch(live, out);
      break;
    default:
      break;
  }
}

function mergeElicitation(live: readonly HookVerdict[], out: Mutable<MergedOutcome>): void {
  const answers = live
    .map((v): ElicitationAnswer | undefined => v.elicitation ?? (v.decision === 'deny' || v.decision === 'block' ? { action: 'decline' } : undefined))
    .filter((answer): answer is ElicitationAnswer => answer !== undefined);
  if (answers.length === 0) return;
  const best = answers.reduce((top, answer) => Math.max(top, ELICITATION_RANK[answer.action]), 0);
  const winners = answers.filter((answer) => ELICITATION_RANK[answer.action] === best);
  const first = winners[0];
  if (first === undefined) return;
  const chosen = first.action === 'accept' ? (winners.findLast((answer) => answer.content !== undefined) ?? first) : first;
  out.elicitation = chosen;
  out.decision = chosen.action === 'accept' ? 'allow' : 'deny';
}

function lastWith(verdicts: readonly HookVerdict[], predicate: (verdict: HookVerdict) => boolean): HookVerdict | undefined {
  for (let i = verdicts.length - 1; i >= 0; i--) {
    const verdict = verdicts[i];
    if (verdict !== undefined && predicate(verdict)) return verdict;
  }
  return undefined;
}
