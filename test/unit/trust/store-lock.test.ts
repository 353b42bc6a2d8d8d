// The trust store's writer lock: critical sections never overlap, the lock directory is created as needed and
// removed after, a lock left by a dead process (old mtime) is taken over, and a live one is waited for only
// within the bound, then refused with an error naming the lock.
import { existsSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { beforeEach, describe, expect, it } from 'vitest';
import { lockPathFor, TRUST_LOCK_STALE_MS, TrustLockError, withTrustStoreLock } from '../../../src/trust/store-lock.js';
import { scratchDir } from '../../helpers/scratch.js';

let dir = '';
let path = '';

beforeEach(() => {
  dir = scratchDir('hookd-trust-lock-');
  path = join(dir, 'nested', 'trust.json');
});

describe('withTrustStoreLock', () => {
  it('creates the store directory, holds <store>.lock during the critical section and removes it after', async () => {
    const result = await withTrustStoreLock(path, async (held) => {
      expect(held.lockPath).toBe(`${path}.lock`);
      expect(existsSync(held.lockPath)).toBe(true);
      held.assertHeld();
      return 42;
    });
    expect(result).toBe(42);
    expect(existsSync(lockPathFor(path))).toBe(false);
  });

  it('critical sections on one store never overlap, and each runs once', async () => {
    let active = 0;
    let most = 0;
    let ran = 0;
    await Promise.all(
      Array.from({ length: 30 }, () =>
        withTrustStoreLock(path, async () => {
          active += 1;
          most = Math.max(most, active);
          await new Promise((resolve) => setImmediate(resolve));
          ran += 1;
          active -= 1;
        }),
      ),
    );
    expect(ran).toBe(30);
    expect(most).toBe(1);
  });

  it('a failing critical section releases the lock for the next writer', async () => {
    await expect(withTrustStoreLock(path, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(lockPathFor(path))).toBe(false);
    await expect(withTrustStoreLock(path, async () => 'next')).resolves.toBe('next');
  });

  it('a lock directory left by a dead process (mtime older than the stale time) is taken over', async () => {
    mkdirSync(lockPathFor(path), { recursive: true });
    const old = new Date(Date.now() - TRUST_LOCK_STALE_MS - 60_000);
    utimesSync(lockPathFor(path), old, old);
    await expect(withTrustStoreLock(path, async () => 'taken over', { waitMs: 200 })).resolves.toBe('taken over');
    expect(existsSync(lockPathFor(path))).toBe(false);
  });

  it('a live lock held past the bound is refused with TrustLockError naming the lock; the section never runs', async () => {
    mkdirSync(join(dir, 'nested'));
    const release = await lock(path, { lockfilePath: lockPathFor(path), realpath: false });
    let ran = false;
    try {
      const attempt = withTrustStoreLock(
        path,
        async () => {
          ran = true;
        },
        { waitMs: 200 },
      );
      await expect(attempt).rejects.toBeInstanceOf(TrustLockError);
      await expect(attempt).rejects.toThrow(lockPathFor(path));
      expect(ran).toBe(false);
    } finally {
      await release();
    }
    await expect(withTrustStoreLock(path, async () => 'free again', { waitMs: 200 })).resolves.toBe('free again');
  });
});
