// The trust store's cross-process writer lock: a `<store>.lock` directory taken with proper-lockfile (mkdir is
// atomic; a lock whose mtime is older than the stale time was left by a dead process and is taken over), waited
// for within a bound and never forever. Writers of one process queue here first; only processes contend, and a
// process that keeps writing leaves a gap between its holds so the others get their turn.
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
// Imported at start on purpose, not on first use: loading proper-lockfile registers signal-exit (v3) handlers, and
// registered after hookd's own once-SIGTERM handler they re-raise the signal once that handler is gone, so hookd
// would die of the SIGTERM it was handling (seen as `hookd ui` exiting by signal instead of 0).
import { lock } from 'proper-lockfile';

/** How long a writer waits for another process's lock before giving up. */
export const TRUST_LOCK_WAIT_MS = 5000;
/** A holder refreshes the lock's mtime every half of this; a lock not refreshed for this long is stale. */
export const TRUST_LOCK_STALE_MS = 10_000;
/** A waiting process tries the lock again at least this often. */
const LOCK_POLL_MAX_MS = 10;
/**
 * A back-to-back writer (work queued while it held the lock) waits this long after its release before taking the
 * lock again: longer than a waiter's poll interval, so a steady stream of writes cannot starve another process.
 */
const RETAKE_GAP_MS = 25;

export function lockPathFor(storePath: string): string {
  return `${resolve(storePath)}.lock`;
}

/** The lock could not be taken, or was lost (taken over as stale) before the write finished. */
export class TrustLockError extends Error {}

/** Given to the critical section: throws once the lock is no longer ours, so nothing is written without it. */
export type HeldLock = { readonly lockPath: string; readonly assertHeld: () => void };

const queues = new Map<string, Promise<void>>();
/** When this process last released each store's lock (performance.now()). */
const releasedAt = new Map<string, number>();

export type TrustLockOptions = {
  /** How long to wait for another process's lock (default TRUST_LOCK_WAIT_MS). */
  readonly waitMs?: number;
  /** The caller's work piled up while it last held the lock: leave other processes a gap first. */
  readonly backToBack?: boolean;
};

/** Runs `critical` holding the store's lock; rejects with TrustLockError naming the lock when it cannot. */
export function withTrustStoreLock<T>(storePath: string, critical: (held: HeldLock) => Promise<T>, options: TrustLockOptions = {}): Promise<T> {
  const path = resolve(storePath);
  const previous = queues.get(path);
  const waitMs = options.waitMs ?? TRUST_LOCK_WAIT_MS;
  // Queued behind another writer of this process: back to back as well.
  const backToBack = options.backToBack === true || previous !== undefined;
  const run = (previous ?? Promise.resolve()).then(() => lockAndRun(path, critical, waitMs, backToBack));
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return run;
}

async function lockAndRun<T>(path: string, critical: (held: HeldLock) => Promise<T>, waitMs: number, backToBack: boolean): Promise<T> {
  const lockPath = lockPathFor(path);
  const sinceRelease = performance.now() - (releasedAt.get(path) ?? -Infinity);
  if (backToBack && sinceRelease < RETAKE_GAP_MS) await delay(RETAKE_GAP_MS - sinceRelease);
  let lost: Error | undefined;
  let release: () => Promise<void>;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    release = await lock(path, {
      lockfilePath: lockPath,
      // The store need not exist yet; the lock is on its path.
      realpath: false,
      stale: TRUST_LOCK_STALE_MS,
      retries: { retries: Math.ceil(waitMs / 5) + 1, minTimeout: 5, maxTimeout: LOCK_POLL_MAX_MS, factor: 1.3, randomize: true, maxRetryTime: waitMs },
      // The default throws from a timer (an uncaught exception); losing the lock only fails this write.
      onCompromised: (error) => {
        lost = error;
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED')
      throw new TrustLockError(
        `the trust store is locked by another process (${lockPath} held for more than ${waitMs} ms); try again, or remove ${lockPath} if no hookd is writing it`,
      );
    throw new TrustLockError(`cannot lock the trust store (${lockPath}): ${(error as Error).message}`);
  }
  const held: HeldLock = {
    lockPath,
    assertHeld: () => {
      if (lost !== undefined) throw new TrustLockError(`lost the trust store lock ${lockPath} before writing (${lost.message}); nothing was written`);
    },
  };
  try {
    return await critical(held);
  } finally {
    // Rejects only when the lock was already lost (then it is not ours to remove).
    await release().catch(() => {});
    releasedAt.set(path, performance.now());
  }
}
