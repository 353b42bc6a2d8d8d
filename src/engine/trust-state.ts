// Trust of configured hooks: which keys are trusted and for which content hash, and what that makes of a key in a
// given snapshot (trusted / untrusted / modified; for hooks that ask approval: awaiting_approval / denied), and
// approvals for one configuration load. In memory only; the store is the server's, the hash the dialect's.
import { createHash } from 'node:crypto';
import type { HookSpec } from './dialect.js';
import type { RegistrySnapshot } from './registry.js';

/**
 * awaiting_approval / denied are the states of keys whose hooks ask approval themselves (HookSpec.approval): they
 * are never `untrusted` or `modified` (a key trusted for other content awaits approval again).
 */
export type TrustState = 'trusted' | 'untrusted' | 'modified' | 'awaiting_approval' | 'denied';

/** The trust a hook needs, as the registry asks for it. */
export type TrustView = { readonly stateOf: (hook: HookSpec) => TrustState };

export class TrustBook {
  /** Trusted keys → the content hash trusted (null: trusted without one, e.g. a store entry older than hashes). */
  readonly #trusted = new Map<string, string | null>();
  readonly #hashes = new WeakMap<RegistrySnapshot, Map<string, string | undefined>>();
  /** Keys denied for this process → the hash denied (null: denied without one). */
  readonly #denied = new Map<string, string | null>();
  /** Approvals for one configuration load (answer "once"): key → hash, per snapshot; a new load starts empty. */
  readonly #forLoad = new WeakMap<RegistrySnapshot, Map<string, string | null>>();
  /** Per snapshot: the keys whose hooks ask approval (HookSpec.approval). */
  readonly #asking = new WeakMap<RegistrySnapshot, Set<string>>();

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

  /**
   * Not trusted: untrusted. Trusted for the hash the key has now (or the dialect hashes nothing): trusted. Else
   * modified. A key whose hooks ask approval: trusted (for the process, or approved for this load, for the hash it
   * has now), else denied (for that hash), else awaiting_approval.
   */
  state(snapshot: RegistrySnapshot, key: string): TrustState {
    const current = this.currentHash(snapshot, key);
    const covers = (hash: string | null | undefined) => current === undefined || hash === current;
    if (!this.asksApproval(snapshot, key)) {
      if (!this.#trusted.has(key)) return 'untrusted';
      return covers(this.#trusted.get(key)) ? 'trusted' : 'modified';
    }
    if (this.#trusted.has(key) && covers(this.#trusted.get(key))) return 'trusted';
    const forLoad = this.#forLoad.get(snapshot);
    if (forLoad?.has(key) === true && covers(forLoad.get(key))) return 'trusted';
    if (this.#denied.has(key) && covers(this.#denied.get(key))) return 'denied';
    return 'awaiting_approval';
  }

  /** Some hook of `key` in `snapshot` asks approval itself (HookSpec.approval). */
  asksApproval(snapshot: RegistrySnapshot, key: string): boolean {
    let keys = this.#asking.get(snapshot);
    if (keys === undefined) {
      keys = new Set(snapshot.hooks.flatMap((hook) => (hook.approval !== undefined && hook.trustKey !== undefined ? [hook.trustKey] : [])));
      this.#asking.set(snapshot, keys);
    }
    return keys.has(key);
  }

  /** Approves `key` for `hash` in this configuration load only (answer "once"): the next load asks again. */
  approveForLoad(snapshot: RegistrySnapshot, key: string, hash: string | null): void {
    const forLoad = this.#forLoad.get(snapshot) ?? new Map<string, string | null>();
    forLoad.set(key, hash);
    this.#forLoad.set(snapshot, forLoad);
    this.#denied.delete(key);
  }

  /** Denies `key` for `hash` for the rest of this process (answer "deny"); a trust of the key for that hash ends. */
  deny(snapshot: RegistrySnapshot, key: string, hash: string | null): void {
    this.#denied.set(key, hash);
    if (this.#trusted.has(key) && this.#trusted.get(key) === hash) this.#trusted.delete(key);
    this.#forLoad.get(snapshot)?.delete(key);
  }

  /** The hash `key` was denied for in this process; undefined when not denied. */
  deniedHash(key: string): string | null | undefined {
    return this.#denied.get(key);
  }

  /** Forgets the approval of `key` for this load (a distrust). */
  forgetForLoad(snapshot: RegistrySnapshot, key: string): void {
    this.#forLoad.get(snapshot)?.delete(key);
  }

  /** The hash recorded with the trust of `key`; null when trusted without one; undefined when not trusted. */
  trustedHash(key: string): string | null | undefined {
    return this.#trusted.get(key);
  }

  isTrusted(key: string): boolean {
    return this.#trusted.has(key);
  }

  /** Trusts `key` for `trustedHash` for this process; a denial of the key ends. */
  set(key: string, trustedHash: string | null): void {
    this.#trusted.set(key, trustedHash);
    this.#denied.delete(key);
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
