// One revocation signal per trust key: revoking trust aborts it (so every run of a hook with that key, foreground or
// async, is killed by the runner) and replaces it for runs that start later. Tracks those runs so a revoke can wait
// until they settled. Owns AbortControllers only; it never kills processes itself and knows no trust state.
import { setMaxListeners } from 'node:events';
import type { ProcessOutcome } from '../runner/types.js';
import type { HookVerdict } from './dialect.js';

/** The run summary message of a run killed because trust in its key was revoked while it ran. */
export function revokedWhileRunning(key: string): string {
  return `stopped: trust in "${key}" was revoked while it ran`;
}

/** The run summary message of a run whose key was revoked after its dispatch picked it, before it started. */
export function revokedBeforeStart(key: string): string {
  return `not started: trust in "${key}" was revoked before it ran`;
}

export class TrustRevocations {
  readonly #controllers = new Map<string, AbortController>();
  readonly #running = new Map<string, Set<Promise<unknown>>>();

  /** Aborts at the next revoke of `key`. A dispatch takes it when it picks the key's hooks, so a later revoke reaches them. */
  signal(key: string): AbortSignal {
    let controller = this.#controllers.get(key);
    if (controller === undefined) {
      controller = new AbortController();
      // Every running hook of the key listens to it: many at once are normal, not a leak.
      setMaxListeners(0, controller.signal);
      this.#controllers.set(key, controller);
    }
    return controller.signal;
  }

  /** Follows one run of a hook with `key` until it settles (revoke waits for it); returns `run` itself. */
  track<T>(key: string, run: Promise<T>): Promise<T> {
    let running = this.#running.get(key);
    if (running === undefined) {
      running = new Set();
      this.#running.set(key, running);
    }
    const entry = run.then(
      () => undefined,
      () => undefined,
    );
    running.add(entry);
    void entry.then(() => {
      running.delete(entry);
      if (running.size === 0 && this.#running.get(key) === running) this.#running.delete(key);
    });
    return run;
  }

  /**
   * Aborts the key's signal (the runs holding it are killed) and replaces it with a fresh one; resolves with how many
   * runs were still running once every one of them has settled (its process tree dead).
   */
  async revoke(key: string): Promise<number> {
    const controller = this.#controllers.get(key);
    this.#controllers.delete(key);
    const running = [...(this.#running.get(key) ?? [])];
    controller?.abort();
    await Promise.all(running);
    return running.length;
  }

  /** Runs of hooks with a trust key still running (for tests and diagnostics). */
  get runningCount(): number {
    let count = 0;
    for (const running of this.#running.values()) count += running.size;
    return count;
  }
}

/** The revocation signal a dispatch holds for one hook with a trust key, and how to follow its run for the revoke. */
export type RevocationWatch = { readonly key: string; readonly signal: AbortSignal; track<T>(run: Promise<T>): Promise<T> };

const NO_WATCH = (): RevocationWatch | undefined => undefined;

/**
 * The revocation signals of `hooks`, taken now (when a dispatch picks them): one per trust key. Hooks without a key
 * (and every hook when `revocations` is undefined) get none.
 */
export function watchRevocations(revocations: TrustRevocations | undefined, hooks: readonly { readonly trustKey?: string }[]): (hook: { readonly trustKey?: string }) => RevocationWatch | undefined {
  if (revocations === undefined || !hooks.some((hook) => hook.trustKey !== undefined)) return NO_WATCH;
  const watches = new Map<string, RevocationWatch>();
  for (const { trustKey } of hooks) if (trustKey !== undefined && !watches.has(trustKey)) watches.set(trustKey, { key: trustKey, signal: revocations.signal(trustKey), track: (run) => revocations.track(trustKey, run) });
  return (hook) => (hook.trustKey === undefined ? undefined : watches.get(hook.trustKey));
}

/** True when `outcome` was cancelled by the revocation (its key revoked), not by the request, session or shutdown. */
export function stoppedByRevocation(outcome: { readonly cancelled: boolean }, watch: RevocationWatch | undefined, requestSignal: AbortSignal): watch is RevocationWatch {
  return watch !== undefined && outcome.cancelled && watch.signal.aborted && !requestSignal.aborted;
}

/**
 * A run the revocation stopped, as the dialect reads it: not a cancel (the event is answered) but a run refused for
 * want of trust (preflight "untrusted"), which every dialect reads like any other failed run.
 */
export function revokedOutcome(outcome: ProcessOutcome, message: string): ProcessOutcome {
  return { ...outcome, cancelled: false, preflight: { kind: 'untrusted', message } };
}

/** The dialect's reading of a revoked run, reported the same way in every dialect: status error, failure class untrusted. */
export function revokedVerdict(verdict: HookVerdict, message: string): HookVerdict {
  return { ...verdict, status: 'error', failureClass: 'untrusted', message };
}

/**
 * The signal one run of a hook is launched with: aborts when its own signal (request, session, shutdown) does or when
 * its key is revoked. `release` detaches it from both once the run settled: the revocation signal lives as long as
 * the trust, so a combination that stays attached to it (AbortSignal.any on Node 20) would keep every run alive.
 */
export function launchSignal(own: AbortSignal, watch: RevocationWatch | undefined): { readonly signal: AbortSignal; release(): void } {
  if (watch === undefined) return { signal: own, release: () => undefined };
  const controller = new AbortController();
  const abort = () => controller.abort();
  const release = () => {
    own.removeEventListener('abort', abort);
    watch.signal.removeEventListener('abort', abort);
  };
  if (own.aborted || watch.signal.aborted) controller.abort();
  else {
    own.addEventListener('abort', abort, { once: true });
    watch.signal.addEventListener('abort', abort, { once: true });
  }
  return { signal: controller.signal, release };
}
