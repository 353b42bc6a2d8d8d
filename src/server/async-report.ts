// What hookd says when an async handler settles: a hooks/asyncRewake for an asyncRewake exit 2, and a
// hooks/backgroundRun (plus a warning line) for a failed run, as for fire-and-forget events. Pure shaping.
import type { AsyncSettled } from '../engine/async-runs.js';
import { STDERR_EXCERPT_CHARS, type AsyncRewakeParams, type BackgroundRunParams } from '../protocol/index.js';
import { singleLineExcerpt } from './background-report.js';

export function asyncRewakeParams(settled: AsyncSettled): AsyncRewakeParams | undefined {
  if (settled.rewake === undefined) return undefined;
  return { sessionId: settled.sessionId, event: settled.event, hookId: settled.hook.id, source: settled.hook.source, exitCode: 2, message: settled.rewake };
}

/** A failed async run (status error or timeout) as a hooks/backgroundRun report; undefined otherwise. */
export function asyncFailure(settled: AsyncSettled): BackgroundRunParams | undefined {
  const { verdict, outcome, hook } = settled;
  if (verdict.status !== 'error' && verdict.status !== 'timeout') return undefined;
  return {
    event: settled.event,
    sessionId: settled.sessionId,
    hookId: hook.id,
    source: hook.source,
    handlerType: hook.handler.type,
    status: verdict.status,
    failureClass: verdict.failureClass,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    ...(verdict.message !== undefined ? { message: singleLineExcerpt(verdict.message, 2 * STDERR_EXCERPT_CHARS) } : {}),
    stderrExcerpt: singleLineExcerpt(outcome.stderr.text),
  };
}
