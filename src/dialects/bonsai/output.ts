// Reads one bonsai run (shell exit code and stdout, http status and body, llm_prompt judge reply) into a verdict by
// the seed's decision semantics and the hook's blocking / on_failure policy. One run only; merge.ts combines runs.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { FailureClass, RunStatus } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { wireFilePath } from './envelope.js';
import { bonsaiDataOrUndefined, canVeto, isPreEvent } from './hook-data.js';
import { parseActionResponse, parseJudgeReply, type ActionResponse } from './response.js';
import { wrapUntrusted } from './untrusted-data.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What interpret needs to know about a hook: its name, whether it may veto, and whether a failure blocks. */
export type RunPolicy = {
  readonly name: string;
  /** A blocking hook on a pre event (PreToolUse, PreFileWrite, PreBash): it may block (and on PreToolUse rewrite). */
  readonly veto: boolean;
  /** veto and on_failure = "block": a failed run blocks the action (fail-closed). */
  readonly failClosed: boolean;
  readonly onFailure: 'warn' | 'block';
};

/** Programmatic hooks (no bonsai data) are read as non-blocking hooks that warn on failure. */
export function runPolicy(context: EventContext, hook: HookSpec): RunPolicy {
  const data = bonsaiDataOrUndefined(hook);
  const veto = canVeto(data) && isPreEvent(context.event);
  const onFailure = data?.onFailure ?? 'warn';
  return { name: data?.name ?? hook.name ?? hook.id, veto, failClosed: veto && onFailure === 'block', onFailure };
}

function ok(): Mutable<HookVerdict> {
  return { status: 'ok', failureClass: null, decision: 'none' };
}

/** Why a failure lets the action proceed, in the hook's own terms. */
function failOpenWhy(policy: RunPolicy): string {
  if (policy.onFailure === 'block') return 'on_failure = "block" is effective only on a blocking pre-event, so the action proceeds';
  return 'on_failure = "warn": the action proceeds';
}

/**
 * A failed run, handled by on_failure: on a blocking pre-event with on_failure = "block" it blocks (a fail-closed
 * veto, the reason naming the hook); otherwise it warns (the run's message, and a line for the user) and the action
 * proceeds. A failed run never disables the hook: it fires again at its next match.
 */
export function failed(policy: RunPolicy, failureClass: FailureClass, detail: string, status: RunStatus = 'error'): HookVerdict {
  if (policy.failClosed) {
    const reason = `bonsai hook "${policy.name}" failed (${failureClass}): ${detail}; it fails closed (blocking, on_failure = "block")`;
    return { status, failureClass, decision: 'block', reason, message: `${detail} (on_failure = "block": fail-closed, the action is blocked)` };
  }
  return {
    status,
    failureClass,
    decision: 'none',
    message: `${detail} (${failOpenWhy(policy)})`,
    systemMessage: `bonsai hook "${policy.name}" failed (${failureClass}); the action proceeds`,
  };
}

/** A hook that may not run (awaiting approval, denied, untrusted), refused before starting. */
function refused(policy: RunPolicy, state: string): HookVerdict {
  if (policy.failClosed) {
    const reason = `bonsai hook "${policy.name}" did not run (${state}); it fails closed (blocking, on_failure = "block"), so the action is blocked until it is approved`;
    return { status: 'error', failureClass: 'untrusted', decision: 'block', reason, message: `did not run: ${state} (fail-closed, the action is blocked)` };
  }
  return failed(policy, 'untrusted', `did not run: ${state}`);
}

/** A block or modify from a hook that cannot veto: continue, with a warning saying why it was not honoured. */
function downgraded(verdict: Mutable<HookVerdict>, policy: RunPolicy, asked: string, why: string): HookVerdict {
  verdict.message = `${asked} ignored: ${why}; continuing`;
  verdict.systemMessage = `bonsai hook "${policy.name}" asked to ${asked} but ${why}; continuing`;
  return verdict;
}

function cannotVetoWhy(context: EventContext): string {
  return isPreEvent(context.event) ? 'it is not blocking (only a blocking hook may veto)' : `${context.event} is not a pre event (only pre events can be vetoed)`;
}

/** The verdict for a validated shell or http answer. */
function fromResponse(context: EventContext, policy: RunPolicy, response: ActionResponse): HookVerdict {
  const verdict = ok();
  if (response.context !== undefined && response.context !== '') {
    const file = wireFilePath(context);
    verdict.additionalContext = wrapUntrusted(response.context, { source: `bonsai hook ${policy.name}`, event: context.event, ...(file !== undefined ? { file } : {}) });
  }
  if (response.decision === 'block') {
    if (!policy.veto) return downgraded(verdict, policy, 'block', cannotVetoWhy(context));
    verdict.decision = 'block';
    verdict.reason = response.reason !== undefined && response.reason.trim() !== '' ? response.reason : `blocked by bonsai hook "${policy.name}"`;
    return verdict;
  }
  if (response.decision === 'modify') {
    if (!policy.veto) return downgraded(verdict, policy, 'modify the tool arguments', cannotVetoWhy(context));
    if (context.event !== 'PreToolUse') return downgraded(verdict, policy, 'modify the tool arguments', `modify is honoured only on PreToolUse, not ${context.event}`);
    verdict.updatedInput = response.toolArgs ?? {};
  }
  return verdict;
}

/** Non-empty, untruncated stdout or body: the JSON answer; anything malformed is a failed run. */
function fromOutputText(context: EventContext, policy: RunPolicy, outcome: ProcessOutcome, what: string): HookVerdict {
  if (outcome.stdout.truncated) {
    return failed(
      policy,
      'output_truncated',
      `${what} passed the ${outcome.stdout.bytes}-byte cap (${outcome.stdout.totalBytes} bytes): an oversized response fails rather than being parsed partially`,
    );
  }
  const text = outcome.stdout.text.trim();
  if (text === '') return ok();
  const response = parseActionResponse(text, what);
  if (typeof response === 'string') return failed(policy, 'invalid_output', response);
  return fromResponse(context, policy, response);
}

function firstStderrLine(outcome: ProcessOutcome): string {
  const line = outcome.stderr.text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : `: ${line.trim()}`;
}

/** Exit 2: a block with stderr as the reason, honoured only on a blocking pre-event (else continue with a warning). */
function exitTwo(context: EventContext, policy: RunPolicy, outcome: ProcessOutcome): HookVerdict {
  const verdict = ok();
  if (!policy.veto) return downgraded(verdict, policy, 'block (exit 2)', cannotVetoWhy(context));
  const stderr = outcome.stderr.text.trim();
  verdict.decision = 'block';
  verdict.reason = stderr !== '' ? stderr : `blocked by bonsai hook "${policy.name}" (exit 2 without a reason on stderr)`;
  return verdict;
}

/** An llm_prompt run: the client's text answer must be the strict JSON verdict. */
function fromJudge(context: EventContext, policy: RunPolicy, outcome: ProcessOutcome): HookVerdict {
  const delegated = outcome.delegated;
  if (delegated?.kind === 'invalid_answer') return failed(policy, 'invalid_output', `the client's answer was not valid: ${delegated.message}`);
  if (delegated?.kind === 'judgement') return failed(policy, 'invalid_output', 'the client answered a verdict ({ok}) instead of the model\'s text (reply "text")');
  if (outcome.stdout.truncated) {
    return failed(policy, 'output_truncated', `the model's reply passed the ${outcome.stdout.bytes}-byte cap (${outcome.stdout.totalBytes} bytes); not parsed`);
  }
  const reply = parseJudgeReply(outcome.stdout.text);
  if (typeof reply === 'string') return failed(policy, 'invalid_output', reply);
  if (reply.decision === 'allow') return ok();
  const verdict = ok();
  if (!policy.veto) return downgraded(verdict, policy, 'block', cannotVetoWhy(context));
  verdict.decision = 'block';
  verdict.reason = reply.reason !== undefined && reply.reason.trim() !== '' ? reply.reason : `blocked by bonsai hook "${policy.name}" (the model gave no reason)`;
  return verdict;
}

/**
 * In order: cancelled; refused before starting (awaiting approval / denied, network denied, unsupported); could not
 * start; timed out; http (2xx → the body's answer, else a failure); llm_prompt (the judge's strict JSON); killed by
 * a signal; exit 2 (block); another non-zero exit (failure); exit 0 → the stdout answer (empty: continue).
 */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const policy = runPolicy(context, hook);
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) {
    if (outcome.preflight.kind === 'untrusted') return refused(policy, outcome.preflight.message);
    return failed(policy, outcome.preflight.kind, outcome.preflight.message);
  }
  if (!outcome.started) return failed(policy, 'spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) {
    const what = hook.handler.type === 'command' ? '; its process group was killed' : '';
    return failed(policy, 'timeout', `timed out after ${hook.handler.timeoutMs / 1000} s${what}`, 'timeout');
  }
  if (outcome.http !== undefined) {
    const { status, error } = outcome.http;
    if (status === null) return failed(policy, 'http_error', `the HTTP request failed: ${error ?? 'no response'}`);
    if (status < 200 || status > 299) return failed(policy, 'http_error', `HTTP ${status} (only 2xx continues)`);
    return fromOutputText(context, policy, outcome, 'the response body');
  }
  if (hook.handler.type === 'prompt' || hook.handler.type === 'agent') return fromJudge(context, policy, outcome);
  if (outcome.exitCode === null) return failed(policy, 'signal', `killed by signal ${outcome.signal ?? 'unknown'}${firstStderrLine(outcome)}`);
  if (outcome.exitCode === 2) return exitTwo(context, policy, outcome);
  if (outcome.exitCode !== 0) return failed(policy, 'nonzero_exit', `exit code ${outcome.exitCode}${firstStderrLine(outcome)}`);
  return fromOutputText(context, policy, outcome, 'stdout');
}
