// Trust of configured hooks: which keys are trusted and for which content hash, and what that makes of a key in a
// given snapshot (trusted / untrusted / modified). In memory only; the store is the server's, the hash the dialect's.
import { createHash } from 'node:crypto';
import type { HookSpec } from './dialect.js';
import type { RegistrySnapshot } from './registry.js';

export type TrustState = 'trusted' | 'untrusted' | 'modified';

/** The trust a hook needs, as the registry asks for it. */
export type TrustView = { readonly stateOf: (hook: HookSpec) => TrustState };

export class TrustBook {
  /** Trusted keys → the content hash trusted (null: trusted without one, e.g. a store entry older than hashes). */
  readonly #trusted = new Map<string, string | null>();
  readonly #hashes = new WeakMap<RegistrySnapshot, Map<string, string | undefined>>();

  /**
   * The content hash of `key` in `snapshot`: the hash its hooks carry (the dialect hashes what the key covers); several
   * files under one key give one hash of theirs in order. Undefined when the dialect gives none (nothing to compare).
   */
  currentHash(snapshot: RegistrySnapshot, key: string): string | undefined {
    let perKey = this.#hashes.get(snapshot);
    if (perKey === undefined) {
      perKey = hashesByKey(snapshot.hooks);
      this.#hashes.set(snapshot, perKey);
    }
    return perKey.get(key);
  }

  /** Not trusted: untrusted. Trusted for the hash the key has now (or the dialect hashes nothing): trusted. Else modified. */
  state(snapshot: RegistrySnapshot, key: string): TrustState {
    if (!this.#trusted.has(key)) return 'untrusted';
    const current = this.currentHash(snapshot, key);
    return current === undefined || this.#trusted.get(key) === current ? 'trusted' : 'modified';
  }

  /** The hash recorded with the trust of `key`; null when trusted without one; undefined when not trusted. */
  trustedHash(key: string): string | null | undefined {
    return this.#trusted.get(key);
  }

  isTrusted(key: string): boolean {
    return this.#trusted.has(key);
  }

  set(key: string, trustedHash: string | null): void {
    this.#trusted.set(key, trustedHash);
  }

  delete(key: string): void {
    this.#trusted.delete(key);
  }

  view(snapshot: RegistrySnapshot): TrustView {
    return { stateOf: (hook) => (hook.trustKey === undefined ? 'trusted' : this.state(snapshot, hook.trustKey)) };
  }
}

function hashesByKey(hooks: readonly HookSpec[]): Map<string, string | undefined> {
  const seen = new Map<string, Set<string>>();
  for (const hook of hooks) {
    if (hook.trustKey === undefined) continue;
    const hashes = seen.get(hook.trustKey) ?? new Set<string>();
    if (hook.trustHash !== undefined) hashes.add(hook.trustHash);
    seen.set(hook.trustKey, hashes);
  }
  const out = new Map<string, string | undefined>();
  for (const [key, hashes] of seen) {
    const list = [...hashes];
    out.set(key, list.length <= 1 ? list[0] : `sha256:${createHash('sha256').update(list.join('\n')).digest('hex')}`);
  }
  return out;
}
