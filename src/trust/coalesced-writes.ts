// Batching of review-store writes: calls made while a write is under way go into the next write together, in call
// order, each under the trust store lock (one writer across processes, back to back). Owns the queue only; what a
// batch writes, and how, is the caller's.
import { withTrustStoreLock } from './store-lock.js';

/** Writes one batch under the lock; answers one outcome per change (undefined: applied), or nothing: all applied. */
export type BatchWrite<C> = (changes: readonly C[], assertHeld: () => void) => Promise<ReadonlyArray<Error | undefined> | void>;

type Queued<C> = { readonly change: C; readonly resolve: () => void; readonly reject: (error: Error) => void };

/** A function that queues one change and settles once the batch holding it is written (or failed). */
export function coalescedWrites<C>(lockPath: string, write: BatchWrite<C>): (change: C) => Promise<void> {
  let pending: Queued<C>[] = [];
  let flushing = false;

  const flush = async (): Promise<void> => {
    flushing = true;
    for (let backToBack = false; pending.length > 0; backToBack = true) {
      const batch = pending;
      pending = [];
      try {
        const outcomes = await withTrustStoreLock(
          lockPath,
          (held) =>
            write(
              batch.map((queued) => queued.change),
              held.assertHeld,
            ),
          { backToBack },
        );
        batch.forEach((queued, index) => {
          const error = outcomes?.[index];
          if (error === undefined) queued.resolve();
          else queued.reject(error);
        });
      } catch (error) {
        for (const queued of batch) queued.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    flushing = false;
  };

  return (change) =>
    new Promise((resolve, reject) => {
      pending.push({ change, resolve, reject });
      if (!flushing) void flush();
    });
}
