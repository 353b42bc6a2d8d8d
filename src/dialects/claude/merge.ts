// Merges the verdicts of one event's runs (in configured order) into one outcome by Claude Code's rules.
// Deterministic: ties go by configured order, never by completion order. Must not interpret raw output.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import type { Decision } from '../../protocol/index.js';
import { mergeLaterEvents } from './merge-later-events.js';
import { mergeTerminalSequences } from './terminal-sequence.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** PreToolUse precedence: deny > defer > ask > allow > none (a `block` counts as deny). */
const PRE_TOOL_RANK: Readonly<Record<Decision, number>> = { none: 0, allow: 1, ask: 2, defer: 3, deny: 4, block: 4 };

/**
 * PreToolUse decisions under which a rewrite (`updatedInput`) applies. `none` is here because real Claude Code
 * runs the rewritten input when a hook gives `updatedInput` without a `permissionDecision` (observed in 2.1.332).
 */
const REWRITES_APPLY: ReadonlySet<Decision> = new Set<Decision>(['none', 'allow', 'ask']);

/**
 * - PreToolUse: the highest-ranked decision wins; its reason is every reason given with that decision, joined
 *   with "\n" in configured order. `updatedInput` applies when the result is none, allow or ask (never on deny or
 *   defer), and comes from the last verdict in configured order that gave one with none, allow or ask.
 * - PermissionRequest: any deny wins (reasons joined, interrupt if any deny asked for it); else allow if any
 *   (updatedInput from the last allow that gave one, updatedPermissions concatenated).
 * - Other events: `block` if any run blocked, reasons joined; PostToolUse `updatedToolOutput` from the last
 *   verdict that gave one.
 * - Everywhere: additionalContext (not on a deferred PreToolUse), feedback and systemMessage joined with "\n"; a run that failed open adds
 *   `<Event> hook error: <message>` to systemMessage (Claude Code shows this notice to the user);
 *   `continue` is false if any verdict says so, stopReason the first one given by such a verdict;
 *   `extra` keys: arrays concatenated, other values from the last verdict.
 * Cancelled and skipped runs contribute nothing. The later events' own fields: merge-later-events.ts.
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const { event } = context;
  const live = verdicts.filter((verdict) => verdict.status !== 'cancelled' && verdict.status !== 'skipped');
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };

  if (event === 'PreToolUse') {
    const winner = live.reduce<Decision>((best, v) => (PRE_TOOL_RANK[v.decision] > PRE_TOOL_RANK[best] ? v.decision : best), 'none');
    const decision: Decision = winner === 'block' ? 'deny' : winner;
    out.decision = decision;
    setJoined(out, 'reason', live.filter((v) => v.decision !== 'none' && PRE_TOOL_RANK[v.decision] === PRE_TOOL_RANK[winner]).map((v) => v.reason));
    if (REWRITES_APPLY.has(decision)) {
      const rewrite = lastWith(live, (v) => REWRITES_APPLY.has(v.decision) && v.updatedInput !== undefined);
      if (rewrite?.updatedInput !== undefined) out.updatedInput = rewrite.updatedInput;
    }
  } else if (event === 'PermissionRequest') {
    const denies = live.filter((v) => v.decision === 'deny' || v.decision === 'block');
    const allows = live.filter((v) => v.decision === 'allow');
    if (denies.length > 0) {
      out.decision = 'deny';
      setJoined(out, 'reason', denies.map((v) => v.reason));
      if (denies.some((v) => v.interrupt === true)) out.interrupt = true;
    } else if (allows.length > 0) {
      out.decision = 'allow';
      const rewrite = lastWith(allows, (v) => v.updatedInput !== undefined);
      if (rewrite?.updatedInput !== undefined) out.updatedInput = rewrite.updatedInput;
      const permissions = allows.flatMap((v) => v.updatedPermissions ?? []);
      if (permissions.length > 0) out.updatedPermissions = permissions;
    }
  } else {
    const blocks = live.filter((v) => v.decision === 'block' || v.decision === 'deny');
    if (blocks.length > 0) {
      out.decision = 'block';
      setJoined(out, 'reason', blocks.map((v) => v.reason));
    }
    const replaced = lastWith(live, (v) => v.updatedToolOutput !== undefined);
    if (replaced !== undefined) out.updatedToolOutput = replaced.updatedToolOutput;
  }

  // Claude Code's reference: additionalContext is "ignored when permissionDecision is defer" (the call is handed back).
  if (!(event === 'PreToolUse' && out.decision === 'defer')) setJoined(out, 'additionalContext', live.map((v) => v.additionalContext));
  setJoined(out, 'feedback', live.map((v) => v.feedback));
  setJoined(
    out,
    'systemMessage',
    live.map((v) => (failedOpen(v) ? `${event} hook error: ${v.message ?? v.failureClass ?? 'failed'}` : v.systemMessage)),
  );

  const stoppers = live.filter((v) => v.continue === false);
  if (stoppers.length > 0) {
    out.continue = false;
    const stopReason = stoppers.find((v) => v.stopReason !== undefined)?.stopReason;
    if (stopReason !== undefined) out.stopReason = stopReason;
  }
  if (live.some((v) => v.suppressOutput === true)) out.suppressOutput = true;

  const extra: Record<string, unknown> = {};
  for (const v of live) {
    for (const [key, value] of Object.entries(v.extra ?? {})) {
      const previous = extra[key];
      extra[key] = Array.isArray(previous) && Array.isArray(value) ? [...previous, ...value] : value;
    }
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  mergeLaterEvents(context, live, out);
  mergeTerminalSequences(live, out);
  return out;
}

/** A failed run that did not block (fail open): Claude Code shows "hook error" and carries on. */
function failedOpen(verdict: HookVerdict): boolean {
  return (verdict.status === 'error' || verdict.status === 'timeout') && verdict.decision === 'none';
}

function lastWith(verdicts: readonly HookVerdict[], predicate: (verdict: HookVerdict) => boolean): HookVerdict | undefined {
  for (let i = verdicts.length - 1; i >= 0; i--) {
    const verdict = verdicts[i];
    if (verdict !== undefined && predicate(verdict)) return verdict;
  }
  return undefined;
}

function setJoined(
  out: Mutable<MergedOutcome>,
  field: 'reason' | 'additionalContext' | 'feedback' | 'systemMessage',
  parts: readonly (string | undefined)[],
): void {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  if (present.length > 0) out[field] = present.join('\n');
}
