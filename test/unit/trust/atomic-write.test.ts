// Atomic replacement of a file: the new content appears whole or not at all, through a rename of a uniquely named
// temp file beside the target, which is private (0600) and never left behind, even when the write is abandoned.
import { chmodSync, openSync, readdirSync, readFileSync, readSync, closeSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { temporaryPathFor, writeFileAtomic } from '../../../src/trust/atomic-write.js';
import { scratchDir } from '../../helpers/scratch.js';

let dir = '';
let path = '';

beforeEach(() => {
  dir = scratchDir('hookd-atomic-');
  path = join(dir, 'store.json');
});

describe('writeFileAtomic', () => {
  it('creates the file with the content, private, and leaves nothing else in the directory', async () => {
    await writeFileAtomic(path, '{"a":1}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['store.json']);
  });

  it('replaces by rename, not in place: a reader that opened the old file still reads the old content whole', async () => {
    writeFileSync(path, 'old content\n');
    chmodSync(path, 0o644);
    const before = statSync(path).ino;
    const reader = openSync(path, 'r');
    try {
      await writeFileAtomic(path, 'new content, longer than the old one\n');
      const buffer = Buffer.alloc(100);
      const read = readSync(reader, buffer, 0, buffer.length, 0);
      expect(buffer.toString('utf8', 0, read)).toBe('old content\n');
    } finally {
      closeSync(reader);
    }
    expect(statSync(path).ino).not.toBe(before);
    expect(readFileSync(path, 'utf8')).toBe('new content, longer than the old one\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('a write abandoned before the rename (beforeRename throws) leaves the target untouched and no temp file', async () => {
    writeFileSync(path, 'kept\n');
    await expect(
      writeFileAtomic(path, 'never seen\n', {
        beforeRename: () => {
          throw new Error('lock lost');
        },
      }),
    ).rejects.toThrow('lock lost');
    expect(readFileSync(path, 'utf8')).toBe('kept\n');
    expect(readdirSync(dir)).toEqual(['store.json']);
  });

  it('concurrent writers of one path each use their own temp file: the result is one of them, whole', async () => {
    const contents = Array.from({ length: 20 }, (_, index) => `${JSON.stringify({ writer: index, padding: 'x'.repeat(1000 * index) })}\n`);
    await Promise.all(contents.map((content) => writeFileAtomic(path, content)));
    expect(contents).toContain(readFileSync(path, 'utf8'));
    expect(readdirSync(dir)).toEqual(['store.json']);
  });

  it('a directory that does not exist is an error, not a partial file', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'store.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('temp files sit beside the target (same filesystem, so rename is atomic) under a fresh name each time', () => {
    const names = new Set(Array.from({ length: 100 }, () => temporaryPathFor(path)));
    expect(names.size).toBe(100);
    for (const name of names) expect(dirname(name)).toBe(dir);
  });
});
