// Interprets one Bamboo hook run (ProcessOutcome) into a verdict: exit codes, the one-JSON-object stdout contract,
// and what each kind of event may take from it. Every failure is non-blocking. One run only; merge.ts combines.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventName, FailureClass, RunStatus } from '../../protocol/index.js';
import { findTooDeep, tooDeepMessage } from '../../protocol/json-depth.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { ruleOf, type EventKind } from './event-rules.js';
import { describeValue, isObject } from './json-value.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<HookVerdict>;

export const DECISION_VALUES = ['allow', 'block', 'ask'] as const;
type HookDecision = (typeof DECISION_VALUES)[number];

/** A handler's stdout response after validation; undefined fields were absent (or null). */
export type HookResponse = { readonly decision?: HookDecision; readonly reason?: string; readonly additionalContext?: string };

/** Why output or exit 2 does nothing on an event that cannot decide. */
const IGNORED_BECAUSE: Readonly<Record<Exclude<EventKind, 'decision'>, (event: EventName) => string>> = {
  compaction: () => 'decisions are ignored because blocking compaction risks context overflow',
  observer: (event) =>
    event === 'Notification' ? 'Notification is a fire-and-forget observer' : `${event} is an observer; decisions cannot change the settled result`,
};

/**
 * In order: cancelled; refused before start (runtime_missing / unsupported); could not start (spawn_failed);
 * timeout; killed by a signal; exit 2 (block with stderr as the reason on decision events, ignored elsewhere);
 * another non-zero exit (nonzero_exit); observers ignore any output; truncated stdout (output_truncated); empty
 * stdout (ok); otherwise stdout must be exactly one JSON object with valid fields (else invalid_output).
 */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const { event } = context;
  const kind = ruleOf(event).kind;
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failed(outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failed('spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) return failed('timeout', `timed out after ${hook.handler.timeoutMs} ms; its process tree was killed`, 'timeout');
  if (outcome.exitCode === null) return failed('signal', `killed by signal ${outcome.signal ?? 'unknown'}${stderrSuffix(outcome)}`);

  const code = outcome.exitCode;
  if (code === 2) {
    if (kind !== 'decision') return { ...ok(), message: `exit code 2 ignored: ${IGNORED_BECAUSE[kind](event)}` };
    const stderr = outcome.stderr.text.trim();
    return { ...ok(), decision: 'block', reason: stderr !== '' ? stderr : `hook ${hook.id} exited with code 2 without a reason on stderr` };
  }
  if (code !== 0) return failed('nonzero_exit', `exit code ${code}${stderrSuffix(outcome)}`);

  if (kind === 'observer') {
    return outcome.stdout.truncated || outcome.stdout.text.trim() !== ''
      ? { ...ok(), message: `output ignored: ${IGNORED_BECAUSE.observer(event)}` }
      : ok();
  }
  if (outcome.stdout.truncated) {
    return failed('output_truncated', `stdout was truncated at ${outcome.stdout.bytes} of ${outcome.stdout.totalBytes} bytes; not parsed`);
  }
  const text = outcome.stdout.text.trim();
  if (text === '') return ok();
  const response = parseResponse(text);
  if (typeof response === 'string') return failed('invalid_output', response);
  return verdictFrom(event, kind, hook, response);
}

/** Exactly one JSON object (`JSON.parse` of the whole trimmed stdout) with valid fields, or why it is not. */
export function parseResponse(text: string): HookResponse | string {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return `stdout must be empty or exactly one JSON object: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!isObject(value)) return `stdout must be empty or exactly one JSON object (got ${describeValue(value)})`;
  const tooDeep = findTooDeep(value);
  if (tooDeep !== undefined) return `invalid response: ${formatPath(['output', ...tooDeep.path])} is ${tooDeepMessage('hook output')}`;
  const problems: string[] = [];
  const response: Mutable<HookResponse> = {};
  const decision = value.decision ?? undefined;
  if (decision !== undefined) {
    if (typeof decision === 'string' && (DECISION_VALUES as readonly string[]).includes(decision)) response.decision = decision as HookDecision;
    else problems.push(`decision must be one of ${DECISION_VALUES.join(', ')} (got ${describeValue(decision)})`);
  }
  for (const [field, key] of [
    ['reason', 'reason'],
    ['additional_context', 'additionalContext'],
  ] as const) {
    const fieldValue = value[field] ?? undefined;
    if (fieldValue === undefined) continue;
    if (typeof fieldValue === 'string') response[key] = fieldValue;
    else problems.push(`${field} must be a string (got ${describeValue(fieldValue)})`);
  }
  return problems.length > 0 ? `invalid response: ${problems.join('; ')}` : response;
}

function verdictFrom(event: EventName, kind: EventKind, hook: HookSpec, response: HookResponse): HookVerdict {
  const verdict = ok();
  if (response.additionalContext !== undefined && response.additionalContext !== '') verdict.additionalContext = response.additionalContext;
  const { decision } = response;
  if (decision === undefined) return verdict;
  if (kind === 'compaction') {
    verdict.message = `decision "${decision}" ignored: ${IGNORED_BECAUSE.compaction(event)}`;
    return verdict;
  }
  if (decision === 'ask' && event !== 'PreToolUse') {
    verdict.message = `decision "ask" ignored: it is meaningful only on PreToolUse, not ${event}`;
    return verdict;
  }
  verdict.decision = decision;
  const reason = response.reason ?? (decision === 'block' ? `blocked by hook ${hook.id}` : undefined);
  if (reason !== undefined) verdict.reason = reason;
  return verdict;
}

/** A non-blocking failure: logged in the run's summary, no decision. */
function failed(failureClass: FailureClass, detail: string, status: RunStatus = 'error'): HookVerdict {
  return { status, failureClass, decision: 'none', message: `${detail} (non-blocking)` };
}

function ok(): Draft {
  return { status: 'ok', failureClass: null, decision: 'none' };
}

function stderrSuffix(outcome: ProcessOutcome): string {
  const line = outcome.stderr.text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : `: ${line.trim()}`;
}
