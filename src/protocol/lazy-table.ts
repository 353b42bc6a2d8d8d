// Values built on first read, each once: for the protocol's schema tables, of which a session reads a few entries.
// Building every zod schema of every event and method at start was ~a tenth of a sidecar start's own CPU (2-core
// machine); built on demand, a start pays for the methods it serves. Owns deferral only; knows no schema.

/** What a table of builders reads as: each key holds what its builder returns. */
export type Built<T extends Record<string, () => unknown>> = { readonly [K in keyof T]: ReturnType<T[K]> };

/**
 * Defines `key` on `target` as an enumerable getter that calls `build` on the first read and then holds its value
 * (on the object read, so a copy of the descriptor builds for the copy). Returns `target`.
 */
export function defineLazy<O extends object>(target: O, key: string, build: () => unknown): O {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const value = build();
      Object.defineProperty(this, key, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
  return target;
}

/** An object whose every key holds its builder's value, built on the first read of that key. */
export function lazyTable<T extends Record<string, () => unknown>>(builders: T): Built<T> {
  const table = {};
  for (const key of Object.keys(builders)) defineLazy(table, key, builders[key]!);
  return table as Built<T>;
}

/** `build`'s value, built on the first call. */
export function once<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
