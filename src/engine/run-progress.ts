// One hook run's hooks/progress: `started`, `running` every intervalMs (when asked for), `finished` with the run's
// status. Owns the run's progress timer and clears it when the run ends or its signal aborts, so nothing is sent
// for a run after it settled. Sends only through the onProgress callback; decides nothing about the run.
import type { ProgressParams, ServerOptions } from '../protocol/index.js';
import type { ProcessOutcome } from '../runner/types.js';
import type { HookSpec, HookVerdict } from './dialect.js';

/** The initialize option `progress`; absent: progress as protocol 0.1 sent it (statusMessage hooks, no timing). */
export type ProgressOptions = NonNullable<ServerOptions['progress']>;

export type RunProgressTarget = {
  readonly hook: HookSpec;
  readonly sessionId: string;
  readonly event: string;
  readonly requestId?: string | number;
  readonly signal: AbortSignal;
  readonly onProgress?: (progress: ProgressParams) => void;
  readonly options?: ProgressOptions;
  /** The request waits for this run (not an async handler, not a fire-and-forget event): `hooks: all` and `running` apply. */
  readonly awaited: boolean;
};

export type RunProgress = {
  /** Clears the `running` timer; call as soon as the run settled (before anything else is awaited). */
  stop(): void;
  /** Sends `finished` (with the status when detailed) and stops. */
  finished(outcome: ProcessOutcome, verdict: HookVerdict): void;
};

const SILENT: RunProgress = { stop: () => undefined, finished: () => undefined };

/** Whether the run reports progress at all: a statusMessage, or `hooks: all` for a run its request waits for. */
function reports(target: RunProgressTarget): boolean {
  if (target.onProgress === undefined) return false;
  return target.hook.handler.statusMessage !== undefined || (target.awaited && target.options?.hooks === 'all');
}

/** Sends `started` now and returns the run's handle (a silent one when the run reports nothing). */
export function startRunProgress(target: RunProgressTarget): RunProgress {
  if (!reports(target)) return SILENT;
  const { hook, options, signal } = target;
  const send = target.onProgress!;
  const startedAt = performance.now();
  const detailed = options !== undefined;
  const base = (phase: ProgressParams['phase']): ProgressParams => ({
    ...(target.requestId !== undefined ? { requestId: target.requestId } : {}),
    sessionId: target.sessionId,
    event: target.event,
    hookId: hook.id,
    phase,
    ...(hook.handler.statusMessage !== undefined ? { statusMessage: hook.handler.statusMessage } : {}),
    ...(detailed ? { elapsedMs: phase === 'started' ? 0 : Math.max(0, Math.round(performance.now() - startedAt)) } : {}),
  });

  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    signal.removeEventListener('abort', stop);
  };
  send(base('started'));
  const intervalMs = options?.intervalMs;
  if (target.awaited && intervalMs !== undefined && !signal.aborted) {
    timer = setInterval(() => {
      if (signal.aborted) return stop();
      send(base('running'));
    }, intervalMs);
    timer.unref?.();
    signal.addEventListener('abort', stop, { once: true });
  }
  let done = false;
  return {
    stop,
    finished(outcome, verdict) {
      stop();
      if (done) return;
      done = true;
      send(detailed ? { ...base('finished'), status: verdict.status, failureClass: verdict.failureClass, exitCode: outcome.exitCode } : base('finished'));
    },
  };
}
