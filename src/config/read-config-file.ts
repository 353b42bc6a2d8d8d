// Reads a user-supplied file without ever blocking or reading without bound: regular files only (a symlink to
// one is fine), at most a size cap, checked on the open descriptor. Knows no format; never throws for user content.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** The largest configuration file hookd reads; a real settings or hooks file is a few KiB. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

export type FileReadResult =
  | { readonly status: 'ok'; readonly bytes: Buffer }
  /** The path (or a directory on the way to it) does not exist. */
  | { readonly status: 'missing' }
  /**
   * `reason` completes "<file> ..." ("is a FIFO, not a regular file", "is 3.0 GiB, over the 4 MiB limit");
   * `code` is `not-regular-file`, `file-too-large` or `unreadable` (with the system error code in `reason`).
   */
  | { readonly status: 'rejected'; readonly code: FileRejection; readonly reason: string };

export type FileRejection = 'not-regular-file' | 'file-too-large' | 'unreadable';

export type ReadLimits = { readonly maxBytes?: number };

/**
 * O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer; O_NOCTTY keeps a terminal from
 * becoming ours. Neither exists on Windows (where 0 leaves the flags unchanged).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The bytes of `file`, or why not. The path is stat'ed first so that a device or FIFO is not even opened (opening
 * some devices has effects); the descriptor is then fstat'ed, which is the check that counts (the path may have
 * been swapped in between), and at most `maxBytes + 1` bytes are read from it, so a file that grows while being
 * read (or a /proc file that reports size 0) is still bounded.
 */
export function readConfigFile(file: string, limits: ReadLimits = {}): FileReadResult {
  const maxBytes = limits.maxBytes ?? MAX_CONFIG_FILE_BYTES;
  let before: Stats;
  try {
    before = statSync(file);
  } catch (error) {
    return failure(error);
  }
  const early = checkStats(before, maxBytes);
  if (early !== undefined) return early;

  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (error) {
    return failure(error);
  }
  try {
    const stats = fstatSync(fd);
    const rejected = checkStats(stats, maxBytes);
    if (rejected !== undefined) return rejected;
    let buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) return tooLarge(`grew past the ${formatBytes(maxBytes)} limit while being read`);
        // Longer than fstat said (it grew, or it is a /proc-like file reporting 0): read on, up to the cap + 1.
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) return { status: 'ok', bytes: buffer.subarray(0, length) };
      length += read;
    }
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(fd);
  }
}

function checkStats(stats: Stats, maxBytes: number): FileReadResult | undefined {
  if (!stats.isFile()) return { status: 'rejected', code: 'not-regular-file', reason: `is ${fileKind(stats)}, not a regular file` };
  if (stats.size > maxBytes) return tooLarge(`is ${formatBytes(stats.size)}, over the ${formatBytes(maxBytes)} limit`);
  return undefined;
}

function tooLarge(reason: string): FileReadResult {
  return { status: 'rejected', code: 'file-too-large', reason };
}

function failure(error: unknown): FileReadResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'missing' };
  // EISDIR: Windows refuses to open a directory (POSIX opens it and fstat tells).
  if (code === 'EISDIR') return { status: 'rejected', code: 'not-regular-file', reason: 'is a directory, not a regular file' };
  const why = error instanceof Error ? error.message : String(error);
  return { status: 'rejected', code: 'unreadable', reason: `cannot be read: ${why}` };
}

/** "a directory", "a FIFO", "a character device", ... */
export function fileKind(stats: Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

/** 512 B, 4 MiB, 3.0 GiB: binary units, one decimal above KiB unless whole. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
