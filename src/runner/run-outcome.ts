// What both spawn paths share about a run's end: the settle bound for buffered output, the timer ceiling, and the
// outcome of a run that never started. Values and one constructor; it never spawns or waits.
import { performance } from 'node:perf_hooks';
import { emptyOutput } from './capture.js';
import type { ProcessOutcome } from './types.js';

/** After the tree is dead, how long buffered pipe data may take to arrive before the pipes are destroyed. */
export const PIPE_SETTLE_MS = 50;
/** setTimeout overflows above this and fires at once; longer timeouts mean "no timeout". */
export const MAX_TIMER_MS = 2_147_483_647;

export function hasTimeout(timeoutMs: number): boolean {
  return timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS;
}

export function notStarted(startedAt: number, reason: { cancelled: true } | { spawnError: string }): ProcessOutcome {
  return {
    started: false,
    ...('spawnError' in reason ? { spawnError: reason.spawnError } : {}),
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: 'cancelled' in reason,
    durationMs: performance.now() - startedAt,
    stdout: emptyOutput(),
    stderr: emptyOutput(),
  };
}
