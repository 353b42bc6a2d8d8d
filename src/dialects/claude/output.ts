// Interprets one hook run (ProcessOutcome) by Claude Code's rules: exit codes, JSON detection, fields, caps,
// and the onFailure policy. One run only; combining runs is merge.ts's job.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { Decision, EventName, FailureClass, RunStatus } from '../../protocol/index.js';
import { findTooDeep, tooDeepMessage } from '../../protocol/json-depth.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { CapturedOutput, ProcessOutcome } from '../../runner/types.js';
import { CONTEXT_CAP_CHARS } from './cap.js';
import { EVENT_RULES } from './event-rules.js';
import { judgeVerdict } from './judge-verdict.js';
import { keepLongText } from './long-output.js';
import { sessionTempArea } from './session-temp-area.js';
import { parseHookOutput, type HookOutput } from './output-schema.js';
import { readHttpResponse } from './http-response.js';
import { applyLaterEventOutput, exitTwoLaterEvent, withoutDiscarded } from './later-event-output.js';
import { interpretWorktreeCreate } from './worktree-create.js';
import { timeoutBlocksSwitch } from './model-switch.js';
import { applyTerminalSequence, terminalSequenceOfIgnoredOutput } from './terminal-sequence.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<HookVerdict>;

/**
 * What stdout is, by Claude Code's rule: JSON iff its first non-whitespace character is `{` and it parses; stdout
 * that starts with `{` but does not parse is plain text (as Claude Code falls back). Truncated stdout starting with
 * `{` is never parsed: it cannot be told apart from cut-off JSON, so it stays a failed run.
 */
type Stdout =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly value: unknown }
  /** Valid JSON hookd cannot process (too deep); `error` says why, as the run's message. */
  | { readonly kind: 'invalid'; readonly error: string }
  | { readonly kind: 'truncated' };

export function classifyStdout(stdout: CapturedOutput): Stdout {
  if (!stdout.text.trimStart().startsWith('{')) return { kind: 'text', text: stdout.text };
  if (stdout.truncated) return { kind: 'truncated' };
  let value: unknown;
  try {
    value = JSON.parse(stdout.text) as unknown;
  } catch {
    return { kind: 'text', text: stdout.text };
  }
  // Deeper JSON could not be validated, merged or answered without overflowing the stack: not valid output.
  const tooDeep = findTooDeep(value);
  if (tooDeep !== undefined) return { kind: 'invalid', error: `invalid hook output: ${formatPath(['output', ...tooDeep.path])} is ${tooDeepMessage('hook output')}` };
  return { kind: 'json', value };
}

/** Reads one run, then applies Claude Code's long-output rule and the Stop continuation rule to the verdict. */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const verdict = terminalSequenceOfIgnoredOutput(context.event, outcome, interpretRun(context, hook, outcome));
  return continuationFromContext(context.event, keepLongFields(context, verdict));
}

function interpretRun(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const { event } = context;
  const rule = EVENT_RULES[event];
  if (event === 'WorktreeCreate') return interpretWorktreeCreate(context, hook, outcome);
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failed(event, hook, outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failed(event, hook, 'spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) return timeoutBlocksSwitch(event, hook, failed(event, hook, 'timeout', `timed out after ${hook.handler.timeoutMs / 1000}s`, 'timeout'));
  if (outcome.http !== undefined) {
    // An http hook: a 2xx JSON object body is read like exit-0 stdout; status codes alone never block.
    const response = readHttpResponse(outcome);
    if (response.kind === 'failed') return failed(event, hook, response.failureClass, response.message);
    if (response.kind === 'empty' || rule.outputIgnored) return ok();
    const verdict = fromJson(event, response.value);
    return typeof verdict === 'string' ? failed(event, hook, 'invalid_output', `invalid hook output: ${verdict}`) : verdict;
  }
  if (outcome.delegated) return judgeVerdict(event, hook, outcome.delegated, failed);
  if (outcome.exitCode === null) {
    return failed(event, hook, 'signal', `killed by signal ${outcome.signal ?? 'unknown'}${stderrSuffix(outcome)}`);
  }

  const code = outcome.exitCode;
  if (code === 2) return exitTwo(event, hook, outcome);
  if (rule.outputIgnored) {
    return code === 0 ? ok() : failed(event, hook, 'nonzero_exit', `exit code ${code}${stderrSuffix(outcome)}`);
  }

  const stdout = classifyStdout(outcome.stdout);
  if (stdout.kind === 'truncated') {
    return failed(event, hook, 'output_truncated', `stdout was truncated at ${outcome.stdout.bytes} of ${outcome.stdout.totalBytes} bytes; JSON output not parsed`);
  }
  if (code !== 0) {
    // Claude Code: on another non-zero exit, schema-valid JSON alone decides and the run is not an error.
    const decided = stdout.kind === 'json' ? fromJson(event, stdout.value) : undefined;
    if (decided !== undefined && typeof decided !== 'string') return decided;
    return failed(event, hook, 'nonzero_exit', `exit code ${code}${stderrSuffix(outcome)}`);
  }
  if (stdout.kind === 'invalid') return failed(event, hook, 'invalid_output', stdout.error);
  if (stdout.kind === 'json') {
    const verdict = fromJson(event, stdout.value);
    return typeof verdict === 'string' ? failed(event, hook, 'invalid_output', `invalid hook output: ${verdict}`) : verdict;
  }
  const verdict = ok();
  if (rule.plainStdoutIsContext && stdout.text.trim() !== '') setCapped(verdict, 'additionalContext', stdout.text.trim());
  return verdict;
}

/** Exit code 2, by event: block (reason = JSON reason, else stderr), feedback to the model, user message, ignored. */
function exitTwo(event: EventName, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const rule = EVENT_RULES[event];
  const stderr = outcome.stderr.text.trim();
  if (rule.exit2 === 'ignored') return { ...ok(), message: `exit code 2 is ignored on ${event}` };
  if (rule.exit2 === 'user') {
    const verdict = ok();
    if (stderr !== '') setCapped(verdict, 'systemMessage', stderr);
    return verdict;
  }
  // Valid JSON still contributes its fields; invalid or truncated JSON does not stop exit 2 from acting.
  const stdout = classifyStdout(outcome.stdout);
  const json = stdout.kind === 'json' ? fromJson(event, stdout.value) : undefined;
  const verdict: Draft = json !== undefined && typeof json !== 'string' ? { ...json } : ok();
  if (rule.exit2 === 'feedback') {
    if (stderr !== '') setCapped(verdict, 'feedback', stderr);
    return verdict;
  }
  verdict.decision = rule.blockDecision ?? 'block';
  verdict.reason = verdict.reason ?? (stderr !== '' ? stderr : `hook "${hook.id}" exited with code 2 (no stderr)`);
  exitTwoLaterEvent(event, verdict);
  return verdict;
}

/** A verdict from a parsed JSON value, or a string saying why it is not valid hook output. */
function fromJson(event: EventName, value: unknown): Draft | string {
  const parsed = parseHookOutput(event, value);
  if (!parsed.ok) return parsed.error;
  const output: HookOutput = withoutDiscarded(event, parsed.output);
  const rule = EVENT_RULES[event];
  const verdict = ok();
  if (output.continue !== undefined) verdict.continue = output.continue;
  if (output.stopReason !== undefined) verdict.stopReason = output.stopReason;
  if (output.suppressOutput !== undefined) verdict.suppressOutput = output.suppressOutput;
  if (output.systemMessage !== undefined) setCapped(verdict, 'systemMessage', output.systemMessage);
  if (output.reason !== undefined) verdict.reason = output.reason;
  applyTerminalSequence(output.terminalSequence, verdict);
  if (event === 'PreToolUse' && output.decision !== undefined) {
    verdict.decision = output.decision === 'approve' ? 'allow' : 'deny'; // legacy top-level decision
  } else if (rule.topLevelBlock && output.decision === 'block') {
    verdict.decision = rule.blockDecision ?? 'block';
  }

  const specific = output.specific;
  if (specific === undefined) return verdict;
  if (specific.additionalContext !== undefined) setCapped(verdict, 'additionalContext', specific.additionalContext);
  switch (event) {
    case 'PreToolUse':
      if (specific.permissionDecision !== undefined) verdict.decision = specific.permissionDecision;
      if (specific.permissionDecisionReason !== undefined) verdict.reason = specific.permissionDecisionReason;
      if (specific.updatedInput !== undefined) verdict.updatedInput = specific.updatedInput;
      break;
    case 'PermissionRequest': {
      const decision = specific.decision;
      if (decision === undefined) break;
      verdict.decision = decision.behavior;
      if (decision.message !== undefined) verdict.reason = decision.message;
      if (decision.updatedInput !== undefined) verdict.updatedInput = decision.updatedInput;
      if (decision.updatedPermissions !== undefined) verdict.updatedPermissions = decision.updatedPermissions;
      if (decision.interrupt !== undefined) verdict.interrupt = decision.interrupt;
      break;
    }
    case 'PostToolUse': {
      const replaced = specific.updatedToolOutput ?? specific.updatedMCPToolOutput;
      if (replaced !== undefined) verdict.updatedToolOutput = replaced;
      break;
    }
    case 'SessionStart':
    case 'UserPromptSubmit': {
      const extra: Record<string, unknown> = {};
      if (specific.sessionTitle !== undefined) extra.sessionTitle = specific.sessionTitle;
      if (specific.initialUserMessage !== undefined) extra.initialUserMessage = specific.initialUserMessage;
      if (specific.watchPaths !== undefined) extra.watchPaths = specific.watchPaths;
      if (specific.reloadSkills !== undefined) extra.reloadSkills = specific.reloadSkills;
      if (Object.keys(extra).length > 0) verdict.extra = extra;
      break;
    }
    default:
      applyLaterEventOutput(event, specific, verdict);
      break;
  }
  return verdict;
}

/**
 * A failed run fails open (decision none) unless the handler says `onFailure: "block"`: then it takes the
 * event's blocking decision with a reason naming the hook. Events that cannot block stay `none`.
 */
function failed(event: EventName, hook: HookSpec, failureClass: FailureClass, detail: string, status: RunStatus = 'error'): HookVerdict {
  const verdict: HookVerdict = { status, failureClass, decision: 'none', message: detail };
  if (hook.handler.onFailure !== 'block') return verdict;
  const decision: Decision | undefined = EVENT_RULES[event].blockDecision;
  if (decision === undefined) return { ...verdict, message: `${detail}; onFailure "block" has no effect on ${event}` };
  return { ...verdict, decision, reason: `${event} hook "${hook.id}" failed (onFailure: block): ${detail}` };
}

function ok(): Draft {
  return { status: 'ok', failureClass: null, decision: 'none' };
}

type CappedField = 'additionalContext' | 'systemMessage' | 'feedback';
const CAPPED_FIELDS: readonly CappedField[] = ['additionalContext', 'systemMessage', 'feedback'];

/** Sets a context field; interpret() then applies the 10,000-character rule to it (keepLongFields). */
function setCapped(verdict: Draft, field: CappedField, text: string): void {
  verdict[field] = text;
}

/**
 * Claude Code's output cap: a context field over 10,000 characters is saved to a file in the session's temp area
 * and replaced by a preview plus the path (long-output.ts); what happened is noted in the run's message.
 */
function keepLongFields(context: EventContext, verdict: HookVerdict): HookVerdict {
  let draft: Draft | undefined;
  for (const field of CAPPED_FIELDS) {
    const text = verdict[field];
    if (text === undefined || text.length <= CONTEXT_CAP_CHARS) continue;
    draft ??= { ...verdict };
    const kept = keepLongText(sessionTempArea, context.sessionId, field, text);
    draft[field] = kept.text;
    if (kept.note !== undefined) draft.message = draft.message === undefined ? kept.note : `${draft.message}; ${kept.note}`;
  }
  return draft ?? verdict;
}

/**
 * Stop / SubagentStop: `hookSpecificOutput.additionalContext` keeps the agent working, as Claude Code does: the
 * verdict becomes a `block` (a continuation, counted by the engine's cap like any block) and the text joins the
 * reason, after a reason the hook gave with `decision: "block"` (or exit 2), separated by a newline. The text moves
 * into `reason` (the continuation feedback) and is not repeated in additionalContext.
 */
function continuationFromContext(event: EventName, verdict: HookVerdict): HookVerdict {
  if (!STOP_EVENTS.has(event) || verdict.additionalContext === undefined || verdict.additionalContext === '') return verdict;
  const { additionalContext, ...rest } = verdict;
  const reason = rest.decision === 'block' && rest.reason !== undefined && rest.reason !== '' ? `${rest.reason}\n${additionalContext}` : additionalContext;
  return { ...rest, decision: 'block', reason };
}

const STOP_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['Stop', 'SubagentStop']);

function stderrSuffix(outcome: ProcessOutcome): string {
  const line = outcome.stderr.text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : `: ${line.trim()}`;
}
