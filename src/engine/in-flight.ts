// Tracks every dispatch in flight so that one request, one session or everything can be aborted.
// Owns AbortControllers only; it never kills processes itself (the runner does, when a signal aborts).
import { setMaxListeners } from 'node:events';

/** Runs whose listeners (the runner's, a revocation's, progress', a few each) stay under Node's default of 10 per signal. */
const FEW_RUNS = 2;

type Entry = { readonly sessionId: string; readonly signal: AbortSignal; readonly abort: () => void; readonly done: Promise<unknown> };

export class InFlightRegistry {
  readonly #entries = new Set<Entry>();

  /**
   * Runs `work` with a signal that aborts when `outer` does or when the session or everything is cancelled. With
   * `abortOuter` (the caller lends the function that aborts `outer`, e.g. its request's controller) `outer` itself is
   * that signal: no controller of its own and no listener per dispatch.
   */
  track<T>(sessionId: string, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>, abortOuter?: () => void, runs = Number.POSITIVE_INFINITY): Promise<T> {
    // Every hook of the dispatch listens to this one signal: dozens are normal, not a leak (no MaxListeners warning).
    // With few runs the default limit is never reached, and the call is not free: it is made only when needed.
    const manyListeners = runs > FEW_RUNS;
    if (outer !== undefined && abortOuter !== undefined) {
      if (manyListeners) setMaxListeners(0, outer);
      return this.#run(sessionId, outer, abortOuter, work, () => {});
    }
    const controller = new AbortController();
    if (manyListeners) setMaxListeners(0, controller.signal);
    const abort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', abort, { once: true });
    return this.#run(sessionId, controller.signal, abort, work, () => outer?.removeEventListener('abort', abort));
  }

  #run<T>(sessionId: string, signal: AbortSignal, abort: () => void, work: (signal: AbortSignal) => Promise<T>, detach: () => void): Promise<T> {
    const settle = (): void => {
      detach();
      this.#entries.delete(entry);
    };
    // then(, ) rather than finally: one promise per dispatch instead of three.
    const done = work(signal).then(
      (value) => {
        settle();
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    const entry: Entry = { sessionId, signal, abort, done };
    this.#entries.add(entry);
    return done;
  }

  /** Aborts every dispatch of a session; returns how many were aborted. */
  cancelSession(sessionId: string): number {
    let count = 0;
    for (const entry of this.#entries) {
      if (entry.sessionId === sessionId && !entry.signal.aborted) {
        entry.abort();
        count += 1;
      }
    }
    return count;
  }

  /** Aborts everything and resolves when every dispatch has settled (its trees are dead by then). */
  async abortAll(): Promise<void> {
    const pending = [...this.#entries];
    for (const entry of pending) if (!entry.signal.aborted) entry.abort();
    await Promise.all(pending.map((entry) => entry.done.catch(() => undefined)));
  }

  get size(): number {
    return this.#entries.size;
  }
}
