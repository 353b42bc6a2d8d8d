// The persisted trust store: which keys (e.g. "workspace:/abs/path") the user trusted and for which content hash
// (`{trustedAt, trustedHash}`), in one JSON file shared by every hookd of the user, changed under a cross-process lock and replaced atomically. Storage only; deciding what
// needs trust is the dialect's job, gating is the engine's.
import { join } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '../protocol/issue-text.js';
import { writeFileAtomic } from './atomic-write.js';
import { readConfigFile } from '../config/read-config-file.js';
import { TRUST_LOCK_WAIT_MS, withTrustStoreLock } from './store-lock.js';

const TrustEntrySchema = z.looseObject({ trustedAt: z.string() });
const TrustFileSchema = z.object({
  version: z.literal(1),
  trusted: z.record(z.string(), TrustEntrySchema),
});
type TrustFile = z.infer<typeof TrustFileSchema>;

type Change = { readonly trusted: boolean; readonly at: string; readonly hash?: string };
type Waiter = { readonly resolve: () => void; readonly reject: (error: Error) => void };

const UNUSABLE = 'nothing is trusted from it and it will not be overwritten';

export function defaultTrustStorePath(home: string): string {
  return join(home, '.hookd', 'trust.json');
}

export type TrustStoreOptions = {
  /** How long a write waits for another process's lock (default 5 s). */
  readonly lockWaitMs?: number;
};

export class TrustStore {
  #data: TrustFile = { version: 1, trusted: {} };
  /** Set when the file exists but cannot be used; the store then refuses to overwrite it. */
  readonly problem: string | undefined;
  readonly #lockWaitMs: number;
  /** Changes not yet written, in call order, and the set() calls waiting for them. */
  #pending = new Map<string, Change>();
  #waiting: Waiter[] = [];
  #flushing = false;

  constructor(
    readonly path: string,
    options: TrustStoreOptions = {},
  ) {
    this.#lockWaitMs = options.lockWaitMs ?? TRUST_LOCK_WAIT_MS;
    const loaded = this.#load();
    this.problem = 'problem' in loaded ? loaded.problem : undefined;
    if ('data' in loaded) this.#data = loaded.data;
  }

  /** The file as it is now (no lock: it is only ever replaced by rename, so it is never seen half-written). */
  #load(): { readonly data: TrustFile } | { readonly problem: string } {
    // The same bounded reader as configuration files: regular files only, at most 4 MiB, never blocking.
    const read = readConfigFile(this.path);
    if (read.status === 'missing') return { data: { version: 1, trusted: {} } };
    if (read.status === 'rejected') return { problem: `the trust store ${this.path} ${read.reason}; ${UNUSABLE}` };
    let raw: unknown;
    try {
      raw = JSON.parse(read.bytes.toString('utf8'));
    } catch (error) {
      return { problem: `the trust store ${this.path} is not valid JSON (${(error as Error).message}); ${UNUSABLE}` };
    }
    const parsed = TrustFileSchema.safeParse(raw);
    if (!parsed.success) return { problem: `the trust store ${this.path} is invalid: ${describeIssues(parsed.error.issues)}; ${UNUSABLE}` };
    // zod's record skips a "__proto__" key (its output assigns keys): validate that entry here and copy every entry
    // by definition, so such a key is kept as a key.
    const rawTrusted = (raw as { trusted: Record<string, unknown> }).trusted;
    if (Object.hasOwn(rawTrusted, '__proto__')) {
      const entry = TrustEntrySchema.safeParse(rawTrusted['__proto__']);
      if (!entry.success) {
        const issues = entry.error.issues.map((issue) => ({ ...issue, path: ['trusted', '__proto__', ...issue.path] }));
        return { problem: `the trust store ${this.path} is invalid: ${describeIssues(issues)}; ${UNUSABLE}` };
      }
    }
    return { data: { ...parsed.data, trusted: Object.fromEntries(Object.entries(rawTrusted)) as TrustFile['trusted'] } };
  }

  isTrusted(key: string): boolean {
    return Object.hasOwn(this.#data.trusted, key);
  }

  trustedKeys(): string[] {
    return Object.keys(this.#data.trusted);
  }

  /** Every trusted key with the content hash recorded with it (null: none, or not a string: trusts no content). */
  trustedEntries(): Array<{ readonly key: string; readonly trustedHash: string | null }> {
    return Object.entries(this.#data.trusted).map(([key, entry]) => ({ key, trustedHash: typeof entry.trustedHash === 'string' ? entry.trustedHash : null }));
  }

  /**
   * Records the change in the file: under the lock, re-reads it (other hookd processes write it too), applies
   * the change and replaces the file atomically. Calls made while a write is under way go into the next write
   * together. Rejects when the file cannot be used or written, or the lock cannot be taken in time. `contentHash`
   * is recorded with a trust as `trustedHash` (what was reviewed).
   */
  set(key: string, trusted: boolean, options: Date | { readonly contentHash?: string | undefined; readonly now?: Date } = {}): Promise<void> {
    if (this.problem !== undefined) return Promise.reject(new Error(this.problem));
    const { contentHash, now = new Date() } = options instanceof Date ? { now: options, contentHash: undefined } : options;
    return new Promise((resolve, reject) => {
      this.#pending.delete(key);
      this.#pending.set(key, { trusted, at: now.toISOString(), ...(contentHash !== undefined ? { hash: contentHash } : {}) });
      this.#waiting.push({ resolve, reject });
      if (!this.#flushing) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#flushing = true;
    // Changes that arrived during a write are written next, back to back.
    for (let backToBack = false; this.#pending.size > 0; backToBack = true) {
      const changes = this.#pending;
      const waiting = this.#waiting;
      this.#pending = new Map();
      this.#waiting = [];
      try {
        await withTrustStoreLock(this.path, (held) => this.#write(changes, held.assertHeld), { waitMs: this.#lockWaitMs, backToBack });
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        for (const waiter of waiting) waiter.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.#flushing = false;
  }

  async #write(changes: ReadonlyMap<string, Change>, assertHeld: () => void): Promise<void> {
    const loaded = this.#load();
    if ('problem' in loaded) throw new Error(loaded.problem);
    const next = loaded.data;
    for (const [key, change] of changes) {
      // defineProperty: a key such as "__proto__" is recorded as a key, not taken as the object's prototype.
      const entry = { trustedAt: change.at, ...(change.hash !== undefined ? { trustedHash: change.hash } : {}) };
      if (change.trusted) Object.defineProperty(next.trusted, key, { value: entry, enumerable: true, writable: true, configurable: true });
      else delete next.trusted[key];
    }
    await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, beforeRename: assertHeld });
    this.#data = next;
  }
}
