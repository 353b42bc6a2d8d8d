// What Claude Code 2.1's later events read from one hook's JSON (retry, displayContent, elicitation action/content,
// watchPaths, worktreePath), which universal fields they discard, and what exit 2 means on elicitations.
// One run only; output.ts calls these, merge-later-events.ts combines the runs.
import type { HookVerdict } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { EVENT_RULES } from './event-rules.js';
import { applyModelSwitchDecision } from './model-switch.js';
import type { HookOutput, SpecificOutput } from './output-schema.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The output without the universal fields the event discards (`continue` takes `stopReason` with it). */
export function withoutDiscarded(event: EventName, output: HookOutput): HookOutput {
  const discards = EVENT_RULES[event].discards ?? [];
  if (discards.length === 0) return output;
  const kept: Mutable<HookOutput> = { ...output };
  if (discards.includes('systemMessage')) delete kept.systemMessage;
  if (discards.includes('continue')) {
    delete kept.continue;
    delete kept.stopReason;
  }
  return kept;
}

/** Reads the `hookSpecificOutput` fields of the later events into the verdict. */
export function applyLaterEventOutput(event: EventName, specific: SpecificOutput, verdict: Mutable<HookVerdict>): void {
  switch (event) {
    case 'PermissionDenied':
      if (specific.retry !== undefined) verdict.retry = specific.retry;
      break;
    case 'MessageDisplay':
      if (specific.displayContent !== undefined) verdict.displayContent = specific.displayContent;
      break;
    case 'CwdChanged':
    case 'FileChanged':
      if (specific.watchPaths !== undefined) verdict.extra = { ...verdict.extra, watchPaths: specific.watchPaths };
      break;
    case 'WorktreeCreate':
      if (specific.worktreePath !== undefined) verdict.worktreePath = specific.worktreePath;
      break;
    case 'Elicitation':
    case 'ElicitationResult':
      if (specific.action === undefined) break;
      verdict.elicitation = { action: specific.action, ...(specific.action === 'accept' && specific.content !== undefined ? { content: specific.content } : {}) };
      verdict.decision = specific.action === 'accept' ? 'allow' : 'deny';
      break;
    case 'PreModelSwitch':
      applyModelSwitchDecision(specific, verdict);
      break;
    default:
      break;
  }
}

/**
 * Exit 2 on Elicitation denies it and on ElicitationResult turns the answer into a decline; either way the hook's
 * `hookSpecificOutput` is ignored (Claude Code: "an exit-2 hook's hookSpecificOutput is ignored").
 */
export function exitTwoLaterEvent(event: EventName, verdict: Mutable<HookVerdict>): void {
  if (event !== 'Elicitation' && event !== 'ElicitationResult') return;
  verdict.elicitation = { action: 'decline' };
}
