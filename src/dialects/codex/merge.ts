// Merging one event's verdicts as Codex CLI does (§3.4, codex-rs/hooks/src/events/*.rs `run`): any block wins with the
// first block's reason in configured order, updatedInput only when nothing blocks, contexts in configured order; Stop
// continuations joined; continue:false wins over a continuation. Never reads raw output; output.ts read each run.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Codex's join_text_chunks: several hooks' texts become one, separated by a blank line. */
export const CHUNK_SEPARATOR = '\n\n';

/**
 * - PreToolUse / PermissionRequest / UserPromptSubmit: a deny (block) from any hook wins; the reason is the first
 *   blocking hook's in configured order (observed 07: only the deny reason). PermissionRequest: else any allow.
 * - updatedInput: only when nothing blocks, the last hook in configured order that gave one (Codex takes the last to
 *   finish; hookd's order is deterministic).
 * - PostToolUse: every hook's feedback (block reason, exit-2 stderr) joined is the replaced tool output.
 * - Stop / SubagentStop: `continue:false` from any hook stops and overrides continuation; else any block is one
 *   continuation whose reason is every block reason joined.
 * - additionalContext: each hook's, in configured order, joined; delivered as separate developer messages.
 * Failed runs contribute only their systemMessage (shown as a warning, as Codex does).
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const { event } = context;
  const used = verdicts.filter((verdict) => verdict.status === 'ok');
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  const stopper = used.find((verdict) => verdict.continue === false);
  if (stopper !== undefined) {
    out.continue = false;
    const stopReason = used.find((verdict) => verdict.continue === false && verdict.stopReason !== undefined)?.stopReason;
    if (stopReason !== undefined) out.stopReason = stopReason;
  }
  const blockers = used.filter((verdict) => verdict.decision === 'deny' || verdict.decision === 'block');
  if (event === 'Stop' || event === 'SubagentStop') {
    if (stopper === undefined && blockers.length > 0) {
      out.decision = 'block';
      out.reason = blockers.map((verdict) => verdict.reason ?? '').join(CHUNK_SEPARATOR);
    }
  } else if (event === 'PostToolUse') {
    const feedback = used.map((verdict) => verdict.updatedToolOutput).filter((item): item is string => typeof item === 'string');
    if (feedback.length > 0) out.updatedToolOutput = feedback.join(CHUNK_SEPARATOR);
    if (blockers.length > 0) {
      out.decision = 'block';
      out.reason = blockers.map((verdict) => verdict.reason ?? '').join(CHUNK_SEPARATOR);
    }
  } else if (blockers.length > 0) {
    out.decision = blockers[0]!.decision;
    if (blockers[0]!.reason !== undefined) out.reason = blockers[0]!.reason;
  } else if (used.some((verdict) => verdict.decision === 'allow')) {
    out.decision = 'allow';
  }
  if (out.decision === 'none' || out.decision === 'allow') {
    const rewrite = used.filter((verdict) => verdict.updatedInput !== undefined).at(-1)?.updatedInput;
    if (rewrite !== undefined) out.updatedInput = rewrite;
  }
  const contexts = used.map((verdict) => verdict.additionalContext).filter((item): item is string => item !== undefined && item.trim() !== '');
  if (contexts.length > 0) {
    out.additionalContext = contexts.join(CHUNK_SEPARATOR);
    out.contextDelivery = 'separate-message';
  }
  const messages = verdicts.map((verdict) => verdict.systemMessage).filter((item): item is string => item !== undefined && item !== '');
  if (messages.length > 0) out.systemMessage = messages.join(CHUNK_SEPARATOR);
  return out;
}
