// What hookd says about the failed runs of a dispatch nobody waits for (a fire-and-forget event): one warning
// line for the log and one hooks/backgroundRun notification each. Pure shaping; sends and logs nothing itself.
import type { EventDispatch } from '../engine/engine.js';
import { STDERR_EXCERPT_CHARS, type BackgroundRunParams, type RunSummary } from '../protocol/index.js';

const FAILED_STATUSES: ReadonlySet<RunSummary['status']> = new Set(['error', 'timeout']);

/** One line: every run of whitespace or control characters becomes one space; at most `maxChars` characters, then "…". */
export function singleLineExcerpt(text: string, maxChars: number = STDERR_EXCERPT_CHARS): string {
  // Cut before collapsing too (a code point is at most 2 UTF-16 units), so the work is bounded by maxChars.
  const line = text
    .slice(0, maxChars * 4)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  const chars = Array.from(line);
  return chars.length > maxChars || text.length > maxChars * 4 ? `${chars.slice(0, maxChars).join('')}…` : line;
}

/** The failed runs (status error or timeout) of a background dispatch, in configured order. */
export function backgroundFailures(event: string, sessionId: string, dispatch: EventDispatch): BackgroundRunParams[] {
  return dispatch.result.runs.flatMap((run, index) =>
    FAILED_STATUSES.has(run.status)
      ? [
          {
            event,
            sessionId,
            hookId: run.hookId,
            source: run.source,
            handlerType: run.handlerType,
            status: run.status,
            failureClass: run.failureClass,
            exitCode: run.exitCode,
            signal: run.signal,
            ...(run.message !== undefined ? { message: singleLineExcerpt(run.message, 2 * STDERR_EXCERPT_CHARS) } : {}),
            stderrExcerpt: singleLineExcerpt(dispatch.runStderr[index] ?? ''),
          },
        ]
      : [],
  );
}

/** `Notification (background): hook user:Notification[0].hooks[0] failed: nonzero_exit (exit code 3, signal none): …; stderr: "…"` */
export function backgroundFailureLine(report: BackgroundRunParams): string {
  const why = report.message !== undefined ? `: ${report.message}` : '';
  return (
    `${report.event} (background): hook ${report.hookId} failed: ${report.failureClass ?? report.status} ` +
    `(status ${report.status}, exit code ${report.exitCode ?? 'none'}, signal ${report.signal ?? 'none'})${why}; ` +
    `stderr: ${JSON.stringify(report.stderrExcerpt)}`
  );
}
