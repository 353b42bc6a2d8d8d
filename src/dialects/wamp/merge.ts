// Merges the verdicts of one WAMP event (configured order) into one outcome: any deny denies, a deny outranks an ask,
// asks become one approval (or a refusal when nobody can answer), context joined and capped. Never reads raw output.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import { WAMP_CONTEXT_CAP_CHARS } from './limits.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What an unattended run's ask becomes: "When nobody can answer, as in an unattended run, an ask becomes a refusal." */
export function unattendedReason(askReason: string): string {
  return `${askReason} (approval needed, but nobody can answer this unattended run)`;
}

/** "Through `engine.run.start`, the call fails with a failed-precondition error whose data carries the `reason`." */
export function refusedPromptMessage(reason: string): string {
  return `prompt refused by a hook: ${reason}`;
}

/**
 * - PreToolUse: "If any of them denies, the call is denied, and a deny outranks an ask": a deny is binding (it holds
 *   in every permission mode), its reason every deny reason joined. Otherwise asks make one approval with only Allow
 *   and Deny and every ask reason; with params.unattended that approval becomes a binding deny and a warning.
 * - UserPromptSubmit: any block refuses the prompt: the reason is a warning, `refusal` is the engine.run.start error;
 *   the refused prompt's context is dropped (the prompt never enters the chat).
 * - Stop: any block keeps the agent working, the reasons joined (the next user message).
 * - PostToolUse: feedback from every hook, joined with a blank line.
 * - Context (SessionStart, UserPromptSubmit) and feedback: joined with a blank line in configured order and cut to
 *   10,000 characters in total, with a warning when cut.
 * - Every run's warnings, in configured order. `continue` is always true: no WAMP answer stops the agent.
 * Cancelled and skipped runs contribute nothing.
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const { event, params } = context;
  const live = verdicts.filter((verdict) => verdict.status !== 'cancelled' && verdict.status !== 'skipped');
  const warnings = live.flatMap((verdict) => verdict.warnings ?? []);
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  const blocks = live.filter((verdict) => verdict.decision === 'block' || verdict.decision === 'deny');

  switch (event) {
    case 'PreToolUse': {
      const asks = live.filter((verdict) => verdict.decision === 'ask');
      if (blocks.length > 0) {
        out.decision = 'deny';
        out.reason = joinedReasons(blocks);
        out.binding = true;
      } else if (asks.length > 0) {
        const reason = joinedReasons(asks);
        if (params.unattended === true) {
          out.decision = 'deny';
          out.reason = unattendedReason(reason);
          out.binding = true;
          warnings.push(`a hook asked for approval, but nobody can answer this unattended run: the call is refused (${reason})`);
        } else {
          out.decision = 'ask';
          out.reason = reason;
          out.approval = { options: ['allow', 'deny'], reason };
        }
      }
      break;
    }
    case 'UserPromptSubmit':
      if (blocks.length > 0) {
        const reason = joinedReasons(blocks);
        out.decision = 'block';
        out.reason = reason;
        warnings.push(reason);
        out.refusal = { code: 'failed_precondition', message: refusedPromptMessage(reason), data: { reason } };
      } else {
        capped(out, 'additionalContext', live, warnings);
      }
      break;
    case 'SessionStart':
      capped(out, 'additionalContext', live, warnings);
      break;
    case 'Stop':
      if (blocks.length > 0) {
        out.decision = 'block';
        out.reason = joinedReasons(blocks);
      }
      break;
    case 'PostToolUse':
      capped(out, 'feedback', live, warnings);
      break;
    default:
      break;
  }
  if (warnings.length > 0) out.warnings = warnings;
  return out;
}

function joinedReasons(verdicts: readonly HookVerdict[]): string {
  return verdicts
    .map((verdict) => verdict.reason)
    .filter((reason): reason is string => reason !== undefined && reason !== '')
    .join('\n');
}

/** "Context from all handlers is joined and capped at 10,000 characters." */
function capped(out: Mutable<MergedOutcome>, field: 'additionalContext' | 'feedback', live: readonly HookVerdict[], warnings: string[]): void {
  const parts = live.map((verdict) => verdict[field]).filter((part): part is string => part !== undefined && part !== '');
  if (parts.length === 0) return;
  const joined = parts.join('\n\n');
  const cut = cutToChars(joined, WAMP_CONTEXT_CAP_CHARS);
  out[field] = cut;
  if (cut.length < joined.length) {
    const what = field === 'feedback' ? 'feedback' : 'context';
    warnings.push(`hook ${what} was cut to ${WAMP_CONTEXT_CAP_CHARS.toLocaleString('en-US')} characters (the hooks gave ${joined.length.toLocaleString('en-US')})`);
  }
}

/** The first `limit` UTF-16 code units, one fewer when the cut would split a surrogate pair. */
export function cutToChars(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const last = text.charCodeAt(limit - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit);
}
