// Merges the verdicts of one pbi event in configured order (hookd's rule; pbi-agent merges in completion order, so
// which hook wins depended on timing). Never reads raw output; output.ts read each run.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * pbi-agent's rules with "the last hook to finish" replaced by "the last hook in configured order" (discovery order:
 * global file, project file, managed sources; then event key, group, handler), so the answer is the one pbi-agent
 * gives when its hooks happen to finish in the order they are configured, every time:
 * - A block (PreToolUse: deny) from any hook blocks; its reason is the last blocking hook's. A deny beats every
 *   updatedInput (the rewrite is dropped: the tool does not run).
 * - updatedInput (PreToolUse), the PostToolUse replacement (updatedToolOutput) and the Stop / SubagentStop
 *   continuation prompt (decision "block", the prompt as reason): the last hook that set one wins.
 * - Context: each hook's context, then its systemMessage unless that exact text is already listed; trimmed, joined
 *   with a blank line (`\n\n`); identical contexts of two hooks both stay, as in pbi-agent.
 * - `continue` is always true: no pbi answer stops the agent (facts §15.7). Failed, timed-out, cancelled and skipped
 *   runs contribute nothing (their output was discarded).
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  void context;
  const used = verdicts.filter((verdict) => verdict.status === 'ok');
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  const blockers = used.filter((verdict) => verdict.decision === 'deny' || verdict.decision === 'block');
  const lastBlocker = blockers.at(-1);
  if (lastBlocker !== undefined) {
    out.decision = blockers.some((verdict) => verdict.decision === 'deny') ? 'deny' : 'block';
    if (lastBlocker.reason !== undefined) out.reason = lastBlocker.reason;
  }
  const rewrite = used.filter((verdict) => verdict.updatedInput !== undefined).at(-1)?.updatedInput;
  if (rewrite !== undefined && out.decision !== 'deny') out.updatedInput = rewrite;
  const replacement = used.filter((verdict) => verdict.updatedToolOutput !== undefined).at(-1)?.updatedToolOutput;
  if (replacement !== undefined) out.updatedToolOutput = replacement;
  const joined = joinedContext(used);
  if (joined !== undefined) out.additionalContext = joined;
  return out;
}

/** pbi-agent's context list: a hook's context, then its systemMessage if not yet listed; trimmed, `\n\n`-joined. */
export function joinedContext(verdicts: readonly HookVerdict[]): string | undefined {
  const parts: string[] = [];
  for (const verdict of verdicts) {
    const own = verdict.additionalContext?.trim();
    if (own !== undefined && own !== '') parts.push(own);
    const message = verdict.systemMessage?.trim();
    if (message !== undefined && message !== '' && !parts.includes(message)) parts.push(message);
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
