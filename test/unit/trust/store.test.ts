// The persisted trust store: a round trip through the file, atomic writes under the lock, concurrent writers that
// lose nothing, and a corrupt, invalid, non-regular or oversized file that trusts nothing and is never overwritten.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lock } from 'proper-lockfile';
import { lockPathFor } from '../../../src/trust/store-lock.js';
import { defaultTrustStorePath, TrustStore } from '../../../src/trust/store.js';

let dir = '';
let path = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hookd-trust-'));
  path = join(dir, 'nested', 'trust.json');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2026-01-02T03:04:05.000Z');

describe('TrustStore', () => {
  it('a missing file is an empty store without a problem', () => {
    const store = new TrustStore(path);
    expect(store.problem).toBeUndefined();
    expect(store.trustedKeys()).toEqual([]);
    expect(store.isTrusted('workspace:/p')).toBe(false);
  });

  it('what one instance trusts, a new instance on the same file reads back', async () => {
    await new TrustStore(path).set('workspace:/p', true, NOW);
    const reread = new TrustStore(path);
    expect(reread.problem).toBeUndefined();
    expect(reread.isTrusted('workspace:/p')).toBe(true);
    expect(reread.isTrusted('workspace:/other')).toBe(false);
    expect(reread.trustedKeys()).toEqual(['workspace:/p']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, trusted: { 'workspace:/p': { trustedAt: NOW.toISOString() } } });
  });

  it('untrust removes the key, in memory and in the file', async () => {
    const store = new TrustStore(path);
    await store.set('workspace:/a', true, NOW);
    await store.set('workspace:/b', true, NOW);
    await store.set('workspace:/a', false);
    expect(store.isTrusted('workspace:/a')).toBe(false);
    expect(new TrustStore(path).trustedKeys()).toEqual(['workspace:/b']);
  });

  it('writes atomically: no temporary file or lock is left beside the store, and the file is private', async () => {
    const store = new TrustStore(path);
    await store.set('workspace:/a', true, NOW);
    await store.set('workspace:/b', true, NOW);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['trust.json']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('keys another hookd process wrote after this store was opened survive this store’s write', async () => {
    // One sidecar per agent session: two of them share ~/.hookd/trust.json.
    const early = new TrustStore(path);
    const other = new TrustStore(path);
    await other.set('workspace:/other-session', true, NOW);
    await early.set('workspace:/this-session', true, NOW);
    expect(new TrustStore(path).trustedKeys().sort()).toEqual(['workspace:/other-session', 'workspace:/this-session']);
  });

  it('a file that is not JSON: problem set, nothing trusted, and set() rejects instead of overwriting it', async () => {
    mkdirSync(join(dir, 'nested'));
    const corrupt = '{"version": 1, "trusted": {"workspace:/p": ';
    writeFileSync(path, corrupt);
    const store = new TrustStore(path);
    expect(store.problem).toContain(path);
    expect(store.problem).toMatch(/not valid JSON/);
    expect(store.isTrusted('workspace:/p')).toBe(false);
    expect(store.trustedKeys()).toEqual([]);
    await expect(store.set('workspace:/q', true)).rejects.toThrow(/not valid JSON/);
    await expect(store.set('workspace:/p', false)).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe(corrupt);
  });

  it('valid JSON of the wrong shape is a problem too (nothing trusted from it, never overwritten)', async () => {
    mkdirSync(join(dir, 'nested'));
    const wrong = JSON.stringify({ version: 2, trusted: { 'workspace:/p': { trustedAt: 'x' } } });
    writeFileSync(path, wrong);
    const store = new TrustStore(path);
    expect(store.problem).toMatch(/invalid/);
    expect(store.isTrusted('workspace:/p')).toBe(false);
    await expect(store.set('workspace:/q', true)).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe(wrong);
  });

  it('a file corrupted after the store was opened is not overwritten either', async () => {
    const store = new TrustStore(path);
    await store.set('workspace:/p', true, NOW);
    writeFileSync(path, 'garbage');
    await expect(store.set('workspace:/q', true)).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(path, 'utf8')).toBe('garbage');
  });

  it('many set() calls at once on one store, and on two stores of the same file, all end up in the file', async () => {
    const first = new TrustStore(path);
    const second = new TrustStore(path);
    const keys = (prefix: string) => Array.from({ length: 150 }, (_, index) => `workspace:/${prefix}/${index}`);
    await Promise.all([...keys('a').map((key) => first.set(key, true, NOW)), ...keys('b').map((key) => second.set(key, true, NOW))]);
    const onDisk = Object.keys(JSON.parse(readFileSync(path, 'utf8')).trusted).sort();
    expect(onDisk).toEqual([...keys('a'), ...keys('b')].sort());
    expect(new TrustStore(path).trustedKeys()).toHaveLength(300);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['trust.json']);
  });

  it('calls on one key in the same write keep their order: the last one wins', async () => {
    const store = new TrustStore(path);
    await Promise.all([store.set('workspace:/k', true, NOW), store.set('workspace:/k', false), store.set('workspace:/j', false), store.set('workspace:/j', true, NOW)]);
    expect(new TrustStore(path).trustedKeys()).toEqual(['workspace:/j']);
    expect(store.trustedKeys()).toEqual(['workspace:/j']);
  });

  it('set() while another process holds the lock past the bound rejects naming the lock file, and writes nothing', async () => {
    const store = new TrustStore(path, { lockWaitMs: 200 });
    await store.set('workspace:/before', true, NOW);
    const before = readFileSync(path, 'utf8');
    const release = await lock(path, { lockfilePath: lockPathFor(path), realpath: false });
    try {
      await expect(store.set('workspace:/blocked', true)).rejects.toThrow(lockPathFor(path));
    } finally {
      await release();
    }
    expect(readFileSync(path, 'utf8')).toBe(before);
    await store.set('workspace:/after', true, NOW);
    expect(new TrustStore(path).trustedKeys().sort()).toEqual(['workspace:/after', 'workspace:/before']);
  });

  it('a store path that is not a regular file (a directory, /dev/zero through a symlink) is a problem and never replaced', async () => {
    mkdirSync(path, { recursive: true });
    const directory = new TrustStore(path);
    expect(directory.problem).toContain(path);
    expect(directory.problem).toMatch(/is a directory, not a regular file/);
    await expect(directory.set('workspace:/q', true)).rejects.toThrow(/not a regular file/);
    expect(lstatSync(path).isDirectory()).toBe(true);
    rmSync(path, { recursive: true });

    symlinkSync('/dev/zero', path);
    const device = new TrustStore(path);
    expect(device.problem).toMatch(/is a character device, not a regular file/);
    expect(device.trustedKeys()).toEqual([]);
    await expect(device.set('workspace:/q', true)).rejects.toThrow();
    expect(readlinkSync(path)).toBe('/dev/zero');
  });

  it('a store file over 4 MiB is a problem, not read and never overwritten', async () => {
    mkdirSync(join(dir, 'nested'));
    writeFileSync(path, '');
    truncateSync(path, 4 * 1024 * 1024 + 1);
    const store = new TrustStore(path);
    expect(store.problem).toMatch(/is 4\.0 MiB, over the 4 MiB limit/);
    await expect(store.set('workspace:/q', true)).rejects.toThrow(/over the 4 MiB limit/);
    expect(statSync(path).size).toBe(4 * 1024 * 1024 + 1);
  });

  it('keys that are Object.prototype names ("__proto__", "constructor") are stored and read back like any other', async () => {
    const store = new TrustStore(path);
    await store.set('__proto__', true, NOW);
    await store.set('constructor', true, NOW);
    const reread = new TrustStore(path);
    expect(reread.trustedKeys().sort()).toEqual(['__proto__', 'constructor']);
    expect(reread.isTrusted('__proto__')).toBe(true);
    expect(reread.isTrusted('toString')).toBe(false);
    await reread.set('__proto__', false);
    expect(new TrustStore(path).trustedKeys()).toEqual(['constructor']);
    writeFileSync(path, '{"version": 1, "trusted": {"__proto__": 5}}');
    expect(new TrustStore(path).problem).toMatch(/invalid/);
  });

  it('the default path is under ~/.hookd', () => {
    expect(defaultTrustStorePath('/home/u')).toBe('/home/u/.hookd/trust.json');
  });
});
