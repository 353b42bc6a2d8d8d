// Tracks every dispatch in flight so that one request, one session or everything can be aborted.
// Owns AbortControllers only; it never kills processes itself (the runner does, when a signal aborts).
import { setMaxListeners } from 'node:events';

type Entry = { readonly sessionId: string; readonly controller: AbortController; readonly done: Promise<unknown> };

export class InFlightRegistry {
  readonly #entries = new Set<Entry>();

  /** Runs `work` with a signal that aborts when `outer` does or when the session or everything is cancelled. */
  track<T>(sessionId: string, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    // Every hook of the dispatch listens to this one signal: dozens are normal, not a leak (no MaxListeners warning).
    setMaxListeners(0, controller.signal);
    const abort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', abort, { once: true });
    const done = work(controller.signal).finally(() => {
      outer?.removeEventListener('abort', abort);
      this.#entries.delete(entry);
    });
    const entry: Entry = { sessionId, controller, done: done.catch(() => undefined) };
    this.#entries.add(entry);
    return done;
  }

  /** Aborts every dispatch of a session; returns how many were aborted. */
  cancelSession(sessionId: string): number {
    let count = 0;
    for (const entry of this.#entries) {
      if (entry.sessionId === sessionId && !entry.controller.signal.aborted) {
        entry.controller.abort();
        count += 1;
      }
    }
    return count;
  }

  /** Aborts everything and resolves when every dispatch has settled (its trees are dead by then). */
  async abortAll(): Promise<void> {
    const pending = [...this.#entries];
    for (const entry of pending) entry.controller.abort();
    await Promise.all(pending.map((entry) => entry.done));
  }

  get size(): number {
    return this.#entries.size;
  }
}
