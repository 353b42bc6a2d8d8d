// A bound on how many tasks of one kind run at once; the rest wait in order. Knows nothing of what the tasks do.

export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

/** At most `max` tasks run at once (max ≥ 1); a task that throws still frees its slot. */
export function concurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
