// Reads the trust store's text without ever blocking or reading without bound: opened O_NONBLOCK (a FIFO
// does not wait for a writer), regular files only (checked on the open descriptor), at most a size cap.
// Says what it found; parsing and deciding what a refusal means are the store's.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export const TRUST_STORE_MAX_BYTES = 4 * 1024 * 1024;

export type StoreFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'refused'; readonly reason: string };

function describeType(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** ENOENT is `missing`; other open/read errors throw (the caller words them). */
export function readStoreFile(path: string, maxBytes: number = TRUST_STORE_MAX_BYTES): StoreFileRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { kind: 'refused', reason: `is ${describeType(stats)}, not a regular file` };
    if (stats.size > maxBytes) return { kind: 'refused', reason: `is ${stats.size} bytes, more than the ${maxBytes}-byte cap` };
    // Sized by fstat; the file may still grow while read, so grow the buffer up to one byte past the cap, never more.
    let buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) return { kind: 'refused', reason: `grew past the ${maxBytes}-byte cap while being read` };
        const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return { kind: 'text', text: buffer.toString('utf8', 0, length) };
  } finally {
    closeSync(fd);
  }
}
