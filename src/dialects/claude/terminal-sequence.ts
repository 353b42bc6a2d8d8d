// Claude Code's universal `terminalSequence` output field: which values are valid (OSC 0/1/2/9/99/777 and BEL only),
// reading it from one run (also where the event ignores the rest of the output) and joining the runs' sequences.
// Validation and plumbing only; writing to a terminal is the agent's job.
import type { HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { EVENT_RULES } from './event-rules.js';
import { readHttpResponse } from './http-response.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Longer values are refused (the docs give no limit: hookd's bound, far above any title or notification). */
export const TERMINAL_SEQUENCE_MAX_CHARS = 4096;

/**
 * One or more tokens, nothing else: a bare BEL, or `ESC ]` + 0, 1, 2, 9, 99 or 777 + optional `;payload` + BEL or
 * `ESC \` (ST). The payload holds no control characters (C0, DEL, C1), so no other escape can hide inside it.
 */
const VALID = /^(?:\x07|\x1b\](?:0|1|2|9|99|777)(?:;[^\x00-\x1f\x7f-\x9f]*)?(?:\x07|\x1b\\))+$/;

export function isValidTerminalSequence(value: string): boolean {
  return value.length > 0 && value.length <= TERMINAL_SEQUENCE_MAX_CHARS && VALID.test(value);
}

/** Sets the verdict's terminalSequence when `value` is valid; an invalid one is ignored with a note in the run's message. */
export function applyTerminalSequence(value: unknown, verdict: Mutable<HookVerdict>): void {
  if (value === undefined) return;
  if (typeof value === 'string' && isValidTerminalSequence(value)) {
    verdict.terminalSequence = value;
    return;
  }
  const note = 'terminalSequence ignored: only OSC 0, 1, 2, 9, 99, 777 sequences (BEL or ST terminated) and BEL are allowed';
  verdict.message = verdict.message === undefined ? note : `${verdict.message}; ${note}`;
}

/**
 * StopFailure: Claude Code ignores the output and the exit code "except terminalSequence". Reads that one field from
 * a JSON object on stdout (or a 2xx http body) of a run that finished; untruncated, so always a bounded parse.
 */
export function terminalSequenceOfIgnoredOutput(event: EventName, outcome: ProcessOutcome, verdict: HookVerdict): HookVerdict {
  if (EVENT_RULES[event].terminalSequenceOnly !== true || outcome.cancelled || outcome.timedOut || !outcome.started) return verdict;
  let value: unknown;
  if (outcome.http !== undefined) {
    const response = readHttpResponse(outcome);
    if (response.kind !== 'json') return verdict;
    value = response.value;
  } else if (outcome.delegated === undefined && !outcome.stdout.truncated && outcome.stdout.text.trimStart().startsWith('{')) {
    try {
      value = JSON.parse(outcome.stdout.text) as unknown;
    } catch {
      return verdict;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return verdict;
  const draft: Mutable<HookVerdict> = { ...verdict };
  applyTerminalSequence((value as Record<string, unknown>).terminalSequence, draft);
  return draft;
}

/** Every valid sequence, in configured order, concatenated (each is complete, so the whole stays valid). */
export function mergeTerminalSequences(live: readonly HookVerdict[], out: Mutable<MergedOutcome>): void {
  const joined = live.map((verdict) => verdict.terminalSequence ?? '').join('');
  if (joined !== '') out.terminalSequence = joined;
}
