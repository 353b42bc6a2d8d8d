// Reads one pbi hook run (seed 003 "Hook output", facts §8, §10): exit 2 per event, else stdout JSON or text; failed and
// timed-out runs are discarded entirely. One run only; merge.ts combines the runs of an event in configured order.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventName, FailureClass, RunStatus } from '../../protocol/index.js';
import type { CapturedOutput, ProcessOutcome } from '../../runner/types.js';
import { PBI_STREAM_CAP_CHARS } from './limits.js';
import { BLOCKED_BY_HOOK, readPbiAnswer } from './output-json.js';

export const HOOK_PROVIDED_FEEDBACK = 'Hook provided feedback.';
export const CONTINUE_AFTER_HOOK_REQUEST = 'Continue after hook request.';
export const TRUNCATED_MARK = '\n...[truncated]';

/** Events where a block (decision "block", continue false) takes effect (facts §9); elsewhere it is ignored. */
export const PBI_BLOCKING_EVENTS: readonly EventName[] = ['PreToolUse', 'UserPromptSubmit', 'PreCompact', 'PostCompact'];
/** Events where exit 2 is special (facts §10); on the other four it is read like exit 0. */
export const PBI_EXIT_TWO_EVENTS: readonly EventName[] = ['PreToolUse', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'SubagentStop'];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * - A run that timed out, could not start, was killed, or exited with a code other than 0 and 2: failed, its output
 *   discarded (nothing of stdout is read).
 * - Exit 2 on PreToolUse / UserPromptSubmit: a block (PreToolUse: deny) with stderr, else stdout, else `Blocked by
 *   hook.`; PostToolUse: the tool result replaced (updatedToolOutput) by that text, else `Hook provided feedback.`;
 *   Stop / SubagentStop: a continuation (decision "block", the prompt as reason), else `Continue after hook request.`.
 *   Stdout JSON is then not read. On the other events exit 2 is exit 0.
 * - Exit 0: trimmed stdout empty → nothing; not a JSON object → the text is context; an object → output-json.ts.
 */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const { event } = context;
  void hook;
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failed(outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failed('spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) return failed('timeout', `Hook timed out after ${Number((hook.handler.timeoutMs / 1000).toFixed(3))}s; its output is discarded`, 'timeout');
  if (outcome.exitCode === null) return failed('signal', `killed by signal ${outcome.signal ?? 'unknown'}; its output is discarded`);
  if (outcome.exitCode !== 0 && outcome.exitCode !== 2) {
    const stderr = pbiText(outcome.stderr).trim();
    return failed('nonzero_exit', `exit code ${outcome.exitCode}${stderr !== '' ? `: ${stderr}` : ''}; its output is discarded`);
  }
  if (outcome.exitCode === 2 && PBI_EXIT_TWO_EVENTS.includes(event)) return exitTwo(event, outcome);
  return fromStdout(event, pbiText(outcome.stdout).trim());
}

/** A stream as pbi-agent keeps it: the first 12000 characters, then `\n...[truncated]` when there was more. */
export function pbiText(output: CapturedOutput): string {
  const points = Array.from(output.text);
  if (points.length > PBI_STREAM_CAP_CHARS) return points.slice(0, PBI_STREAM_CAP_CHARS).join('') + TRUNCATED_MARK;
  return output.truncated ? output.text + TRUNCATED_MARK : output.text;
}

function exitTwo(event: EventName, outcome: ProcessOutcome): HookVerdict {
  const stderr = pbiText(outcome.stderr).trim();
  const given = stderr !== '' ? stderr : pbiText(outcome.stdout).trim();
  const ok: Mutable<HookVerdict> = { status: 'ok', failureClass: null, decision: 'none', message: 'exit 2' };
  switch (event) {
    case 'PreToolUse':
      return { ...ok, decision: 'deny', reason: given !== '' ? given : BLOCKED_BY_HOOK };
    case 'UserPromptSubmit':
      return { ...ok, decision: 'block', reason: given !== '' ? given : BLOCKED_BY_HOOK };
    case 'PostToolUse':
      return { ...ok, updatedToolOutput: given !== '' ? given : HOOK_PROVIDED_FEEDBACK };
    default:
      return { ...ok, decision: 'block', reason: given !== '' ? given : CONTINUE_AFTER_HOOK_REQUEST };
  }
}

function fromStdout(event: EventName, text: string): HookVerdict {
  const verdict: Mutable<HookVerdict> = { status: 'ok', failureClass: null, decision: 'none' };
  if (text === '') return verdict;
  const value = parseObject(text);
  if (value === undefined) return { ...verdict, additionalContext: text };
  const answer = readPbiAnswer(event, value);
  const notes = [...answer.ignored];
  if (answer.block !== undefined) {
    if (PBI_BLOCKING_EVENTS.includes(event)) {
      verdict.decision = event === 'PreToolUse' ? 'deny' : 'block';
      verdict.reason = answer.block.reason;
    } else notes.push(`${answer.block.cause} has no effect on ${event}`);
    if (answer.block.cause === 'decision "block"') return withNotes(verdict, notes);
  }
  if (answer.deny !== undefined && verdict.decision === 'none') {
    verdict.decision = 'deny';
    verdict.reason = answer.deny.reason;
  }
  if (answer.updatedInput !== undefined) verdict.updatedInput = answer.updatedInput;
  if (answer.replacement !== undefined) verdict.updatedToolOutput = answer.replacement;
  if (answer.continuationPrompt !== undefined) {
    verdict.decision = 'block';
    verdict.reason = answer.continuationPrompt;
  }
  if (answer.context !== undefined) verdict.additionalContext = answer.context;
  if (answer.systemMessage !== undefined) verdict.systemMessage = answer.systemMessage;
  if (answer.suppressOutput !== undefined) verdict.suppressOutput = answer.suppressOutput;
  return withNotes(verdict, notes);
}

/** A JSON object (strict JSON: a log line before it, two objects, an array or a string are plain text). */
function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function withNotes(verdict: Mutable<HookVerdict>, notes: readonly string[]): HookVerdict {
  return notes.length > 0 ? { ...verdict, message: `ignored: ${notes.join('; ')}` } : verdict;
}

/** A failed run: "only success/blocked results are used" — its output is discarded, the event goes on. */
function failed(failureClass: FailureClass, detail: string, status: RunStatus = 'error'): HookVerdict {
  return { status, failureClass, decision: 'none', message: detail };
}
