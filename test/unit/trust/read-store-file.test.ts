// Reading the trust store never blocks and never reads without bound: a missing file is empty, anything but a
// regular file (directory, device through a symlink) and anything over the cap is refused with the reason.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStoreFile, TRUST_STORE_MAX_BYTES } from '../../../src/trust/read-store-file.js';

let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hookd-trust-read-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readStoreFile', () => {
  it('a missing file is "missing"; a regular file is its text', () => {
    expect(readStoreFile(join(dir, 'absent.json'))).toEqual({ kind: 'missing' });
    writeFileSync(join(dir, 'store.json'), '{"version":1}');
    expect(readStoreFile(join(dir, 'store.json'))).toEqual({ kind: 'text', text: '{"version":1}' });
    writeFileSync(join(dir, 'empty.json'), '');
    expect(readStoreFile(join(dir, 'empty.json'))).toEqual({ kind: 'text', text: '' });
    const unicode = `{"k":"${'é'.repeat(5000)}"}`;
    writeFileSync(join(dir, 'unicode.json'), unicode);
    expect(readStoreFile(join(dir, 'unicode.json'))).toEqual({ kind: 'text', text: unicode });
  });

  it('a directory is refused', () => {
    mkdirSync(join(dir, 'store.json'));
    expect(readStoreFile(join(dir, 'store.json'))).toEqual({ kind: 'refused', reason: 'is a directory, not a regular file' });
  });

  it('/dev/zero through a symlink is refused without reading from it', () => {
    symlinkSync('/dev/zero', join(dir, 'store.json'));
    expect(readStoreFile(join(dir, 'store.json'))).toEqual({ kind: 'refused', reason: 'is a character device, not a regular file' });
  });

  it('a file over the cap is refused by its size (a sparse 4 MiB + 1 file is not read)', () => {
    const path = join(dir, 'store.json');
    writeFileSync(path, '');
    truncateSync(path, TRUST_STORE_MAX_BYTES + 1);
    const read = readStoreFile(path);
    expect(read.kind).toBe('refused');
    expect(read.kind === 'refused' && read.reason).toContain(`${TRUST_STORE_MAX_BYTES + 1} bytes`);
    writeFileSync(path, 'x'.repeat(11));
    expect(readStoreFile(path, 10)).toMatchObject({ kind: 'refused' });
    expect(readStoreFile(path, 11)).toEqual({ kind: 'text', text: 'x'.repeat(11) });
  });
});
