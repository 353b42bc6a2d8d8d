// The bounded config-file reader: regular files (and symlinks to them) are read, everything else — FIFOs,
// devices, directories, files over the size cap — is refused at once with words saying what the path is.
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes, MAX_CONFIG_FILE_BYTES, readConfigFile } from '../../../src/config/read-config-file.js';
import { readJsonFile } from '../../../src/config/json-locate.js';
import { endSentinelWriters, fifoWithSentinelWriter, mkfifo } from '../../helpers/special-files.js';
import { scratchDir } from '../../helpers/scratch.js';

const posix = process.platform !== 'win32';
let dir: string;

beforeEach(() => {
  dir = scratchDir('hookd-read-config-');
});

afterEach(async () => {
  await endSentinelWriters();
});

describe('readConfigFile', () => {
  it('reads a regular file, and one reached through a symlink', () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{"hooks": {}}');
    symlinkSync(file, join(dir, 'link.json'));
    for (const path of [file, join(dir, 'link.json')]) {
      const read = readConfigFile(path);
      expect(read.status).toBe('ok');
      if (read.status === 'ok') expect(read.bytes.toString('utf8')).toBe('{"hooks": {}}');
    }
  });

  it('a missing file, a missing directory on the way and a dangling symlink are missing, not errors', () => {
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.json'));
    expect(readConfigFile(join(dir, 'nope.json'))).toEqual({ status: 'missing' });
    expect(readConfigFile(join(dir, 'nope', 'deeper.json'))).toEqual({ status: 'missing' });
    expect(readConfigFile(join(dir, 'dangling.json'))).toEqual({ status: 'missing' });
  });

  it('a directory where the file should be is refused as a directory', () => {
    mkdirSync(join(dir, 'settings.json'));
    expect(readConfigFile(join(dir, 'settings.json'))).toEqual({ status: 'rejected', code: 'not-regular-file', reason: 'is a directory, not a regular file' });
  });

  it.runIf(posix)('a FIFO is refused without waiting for a writer (open is non-blocking, the descriptor is fstat-ed)', () => {
    const fifo = join(dir, 'settings.json');
    fifoWithSentinelWriter(fifo);
    expect(readConfigFile(fifo)).toEqual({ status: 'rejected', code: 'not-regular-file', reason: 'is a FIFO, not a regular file' });
    // Also through a symlink, and with no writer at all.
    const lonely = join(dir, 'lonely.fifo');
    mkfifo(lonely);
    symlinkSync(lonely, join(dir, 'link.json'));
    expect(readConfigFile(join(dir, 'link.json'))).toMatchObject({ status: 'rejected', reason: 'is a FIFO, not a regular file' });
  });

  it.runIf(existsSync('/dev/zero'))('a symlink to /dev/zero is refused as a character device (never read)', () => {
    symlinkSync('/dev/zero', join(dir, 'settings.json'));
    expect(readConfigFile(join(dir, 'settings.json'))).toEqual({ status: 'rejected', code: 'not-regular-file', reason: 'is a character device, not a regular file' });
  });

  it('a sparse 3 GiB file is refused by its size, without reading it', () => {
    const file = join(dir, 'settings.json');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 3 * 1024 ** 3);
    closeSync(fd);
    expect(statSync(file).size).toBe(3 * 1024 ** 3);
    expect(readConfigFile(file)).toEqual({ status: 'rejected', code: 'file-too-large', reason: 'is 3 GiB, over the 4 MiB limit' });
  });

  it('the cap is inclusive: 4 MiB is read, 4 MiB + 1 byte is refused', () => {
    const file = join(dir, 'settings.json');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, MAX_CONFIG_FILE_BYTES);
    closeSync(fd);
    const read = readConfigFile(file);
    expect(read.status).toBe('ok');
    if (read.status === 'ok') expect(read.bytes.length).toBe(MAX_CONFIG_FILE_BYTES);
    const over = openSync(file, 'r+');
    ftruncateSync(over, MAX_CONFIG_FILE_BYTES + 1);
    closeSync(over);
    expect(readConfigFile(file)).toMatchObject({ status: 'rejected', code: 'file-too-large', reason: 'is 4.0 MiB, over the 4 MiB limit' });
  });

  it.runIf(existsSync('/proc/self/status'))('a file whose size says 0 (procfs) is still read to its end, and still bounded by the cap', () => {
    expect(statSync('/proc/self/status').size).toBe(0);
    const read = readConfigFile('/proc/self/status');
    expect(read.status).toBe('ok');
    if (read.status === 'ok') expect(read.bytes.toString('utf8')).toMatch(/^Name:/);
    expect(readConfigFile('/proc/self/status', { maxBytes: 16 })).toMatchObject({ status: 'rejected', code: 'file-too-large' });
  });

  it('sizes are written in binary units', () => {
    expect([0, 512, 1024, 1536, 4 * 1024 ** 2, 4 * 1024 ** 2 + 1, 3.2 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '512 B', '1 KiB', '1.5 KiB', '4 MiB', '4.0 MiB', '3.2 GiB']);
  });
});

describe('readJsonFile on what is not a regular file', () => {
  it.runIf(posix)('a FIFO is an error diagnostic naming the file and what it is', () => {
    const fifo = join(dir, 'settings.json');
    fifoWithSentinelWriter(fifo);
    const result = readJsonFile(fifo);
    expect(result.status).toBe('error');
    if (result.status !== 'error') return;
    expect(result.diagnostic).toMatchObject({ severity: 'error', file: fifo, code: 'not-regular-file' });
    expect(result.diagnostic.message).toBe(`cannot read configuration file ${fifo}: it is a FIFO, not a regular file; file skipped`);
  });

  it('a file over the cap is an error diagnostic giving its size and the limit', () => {
    const file = join(dir, 'settings.json');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 3 * 1024 ** 3);
    closeSync(fd);
    const result = readJsonFile(file);
    expect(result).toMatchObject({ status: 'error', diagnostic: { severity: 'error', file, code: 'file-too-large' } });
    if (result.status === 'error') expect(result.diagnostic.message).toContain('is 3 GiB, over the 4 MiB limit');
  });
});
