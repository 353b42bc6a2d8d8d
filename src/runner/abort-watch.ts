// Runs watching a request's AbortSignal: one 'abort' listener per signal, however many runs watch it, so a run
// starts and stops watching with a Set operation instead of adding and removing an EventTarget listener (Node's
// removeEventListener was one of the largest single costs on a hook event's path). It owns the registry only: it
// never aborts anything and never decides what a run does when its signal aborts.

const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `onAbort` once when `signal` aborts, unless unwatchAbort came first (an aborted signal never calls it, as with addEventListener). */
export function watchAbort(signal: AbortSignal, onAbort: () => void): void {
  if (signal.aborted) return;
  let watching = watchers.get(signal);
  if (watching === undefined) {
    const created = new Set<() => void>();
    watching = created;
    watchers.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        // Live iteration: a watcher that another one stops meanwhile is skipped (none can be added: aborted). One
        // that throws does not keep the others from being called (as separate listeners would not).
        let failure: { readonly error: unknown } | undefined;
        for (const callback of created) {
          try {
            callback();
          } catch (error) {
            failure ??= { error };
          }
        }
        watchers.delete(signal);
        created.clear();
        if (failure !== undefined) throw failure.error;
      },
      { once: true },
    );
  }
  watching.add(onAbort);
}

/** `onAbort` is no longer called for `signal` (nothing happens when it was not watching). */
export function unwatchAbort(signal: AbortSignal, onAbort: () => void): void {
  watchers.get(signal)?.delete(onAbort);
}
