// Reads one WAMP hook run by the seed's Output tables (exit codes per event, plain text, JSON fields): restrict only,
// failures are warnings and the turn continues. One run only; merge.ts combines the runs of an event.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventName, FailureClass, RunStatus } from '../../protocol/index.js';
import type { CapturedOutput, ProcessOutcome } from '../../runner/types.js';
import { wampEventRule } from './event-rules.js';
import { hookLabel } from './hook-label.js';
import { readJsonAnswer } from './output-json.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<HookVerdict> & { warnings: string[] };

/**
 * What stdout is: JSON iff, trimmed, it starts with `{` and parses as an object (Claude Code's rule, which WAMP's
 * file format shares); anything else is plain text. Truncated stdout starting with `{` cannot be told apart from
 * cut-off JSON: never parsed, a failed run.
 */
export type WampStdout =
  | { readonly kind: 'empty' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly value: Record<string, unknown> }
  | { readonly kind: 'truncated' };

export function classifyStdout(stdout: CapturedOutput): WampStdout {
  const text = stdout.text.trim();
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith('{')) return { kind: 'text', text };
  if (stdout.truncated) return { kind: 'truncated' };
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { kind: 'json', value: value as Record<string, unknown> };
  } catch {
    // not JSON: plain text, as Claude Code reads it
  }
  return { kind: 'text', text };
}

/**
 * - "Exit 0, no output": nothing.
 * - "Exit 2": stderr is the reason, with the event's effect (event-rules.ts); stdout is not read.
 * - "Any other exit code, or a timeout": a warning, the turn continues (so also a signal, a hook that could not
 *   start, and one refused before starting, e.g. its project's trust revoked); stdout is not read.
 * - Exit 0: plain text is context on SessionStart and UserPromptSubmit, a warning elsewhere; JSON is read by its fields.
 */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const { event } = context;
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failed(event, hook, outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failed(event, hook, 'spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) return failed(event, hook, 'timeout', `timed out after ${formatSeconds(hook.handler.timeoutMs)}`, 'timeout');
  if (outcome.exitCode === null) return failed(event, hook, 'signal', `killed by signal ${outcome.signal ?? 'unknown'}${stderrSuffix(outcome)}`);
  if (outcome.exitCode === 2) {
    const stderr = outcome.stderr.text.trim();
    return done(exitTwo(event, ok(), 'exit 2', stderr !== '' ? stderr : `${event} hook ${hookLabel(hook)} exited with code 2 (no stderr)`));
  }
  if (outcome.exitCode !== 0) return failed(event, hook, 'nonzero_exit', `exit code ${outcome.exitCode}${stderrSuffix(outcome)}`);

  const rule = wampEventRule(event);
  const stdout = classifyStdout(outcome.stdout);
  switch (stdout.kind) {
    case 'empty':
      return ok();
    case 'truncated':
      return failed(event, hook, 'output_truncated', `stdout was truncated at ${outcome.stdout.bytes} of ${outcome.stdout.totalBytes} bytes; its JSON was not read`);
    case 'text': {
      if (rule.plainStdoutIsContext) return done({ ...ok(), additionalContext: stdout.text });
      const verdict = ok();
      verdict.warnings.push(`${event} hook ${hookLabel(hook)} printed plain text on stdout, which WAMP reads only on SessionStart and UserPromptSubmit: ignored`);
      return done(verdict);
    }
    case 'json':
      return fromJson(event, hook, stdout.value);
  }
}

function fromJson(event: EventName, hook: HookSpec, value: Record<string, unknown>): HookVerdict {
  const rule = wampEventRule(event);
  const answer = readJsonAnswer(event, value);
  let verdict = ok();
  verdict.warnings.push(...answer.warnings.map((warning) => `${event} hook ${hookLabel(hook)}: ${warning}`));
  const named = (what: string) => `${event} hook ${hookLabel(hook)} ${what}`;
  if (answer.exitTwo !== undefined) {
    const reason = answer.exitTwo.reason !== undefined && answer.exitTwo.reason !== '' ? answer.exitTwo.reason : named(`returned ${answer.exitTwo.cause} without a stopReason`);
    verdict = exitTwo(event, verdict, answer.exitTwo.cause, reason);
  } else if (answer.deny !== undefined) {
    verdict = exitTwo(event, verdict, 'permissionDecision "deny"', nonEmpty(answer.deny.reason) ?? named('denied the call (no reason given)'));
  } else if (answer.block !== undefined) {
    verdict = exitTwo(event, verdict, 'decision "block"', nonEmpty(answer.block.reason) ?? named('gave decision "block" without a reason'));
  } else if (answer.ask !== undefined) {
    verdict.decision = 'ask';
    verdict.reason = nonEmpty(answer.ask.reason) ?? named('asks for approval (no reason given)');
  }
  if (answer.additionalContext !== undefined) {
    if (rule.additionalContext === 'context') verdict.additionalContext = answer.additionalContext;
    else if (rule.additionalContext === 'feedback') verdict.feedback = joinBlank([verdict.feedback, answer.additionalContext]) ?? answer.additionalContext;
  }
  return done(verdict);
}

/** The effect "exit 2" has on this event, reached by exit 2 itself or by an answer "the same as exit 2". */
function exitTwo(event: EventName, verdict: Draft, cause: string, reason: string): Draft {
  switch (wampEventRule(event).exitTwo) {
    case 'refuse':
    case 'keep-working':
      return { ...verdict, decision: 'block', reason };
    case 'deny':
      // "A deny refuses the call in every mode, including Full access".
      return { ...verdict, decision: 'deny', reason, binding: true };
    case 'feedback': {
      const feedback = joinBlank([reason, verdict.feedback]);
      return feedback === undefined ? verdict : { ...verdict, feedback };
    }
    case 'ignored':
      return { ...verdict, message: `${cause} is ignored on ${event}` };
  }
}

/** A failed run: "A warning in the chat. The turn continues". */
function failed(event: EventName, hook: HookSpec, failureClass: FailureClass, detail: string, status: RunStatus = 'error'): HookVerdict {
  return { status, failureClass, decision: 'none', message: detail, warnings: [`${event} hook ${hookLabel(hook)} failed (${detail}); the turn continues`] };
}

function ok(): Draft {
  return { status: 'ok', failureClass: null, decision: 'none', warnings: [] };
}

/** The verdict without an empty warnings list. */
function done(verdict: Draft): HookVerdict {
  const { warnings, ...rest } = verdict;
  return warnings.length > 0 ? { ...rest, warnings } : rest;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text !== undefined && text.trim() !== '' ? text : undefined;
}

function joinBlank(parts: readonly (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  return present.length > 0 ? present.join('\n\n') : undefined;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

function stderrSuffix(outcome: ProcessOutcome): string {
  const line = outcome.stderr.text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : `: ${line.trim()}`;
}
