// The hot-reload watcher when a FIFO, a device or a huge file is swapped in for a watched config file: it hashes
// through the bounded reader, so it never blocks on the FIFO or reads the device, reports the swap as a change, and
// still reports the next edit. Every wait polls until a deadline.
import { existsSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { hashSources, watchSources, type SourceChange, type SourceWatcher } from '../../src/config/source-watcher.js';
import { waitUntil } from '../helpers/processes.js';
import { endSentinelWriters, fifoWithSentinelWriter, sparseFile } from '../helpers/special-files.js';

/** Far beyond debounce + fs event latency on a loaded machine; only a failing test waits this long. */
const DEADLINE_MS = 10_000;
const posix = process.platform !== 'win32';

let scratch = '';
let file = '';
const open: SourceWatcher[] = [];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hookd-watch-special-'));
  file = join(scratch, 'hooks.json');
  await writeFile(file, '');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((watcher) => watcher.close()));
  await endSentinelWriters();
  await rm(scratch, { recursive: true, force: true });
});

describe('hashSources on what is not a regular file', () => {
  it.runIf(posix)('a FIFO hashes without blocking, and not like an empty file (which a blocking read would see)', () => {
    const empty = hashSources([file]);
    unlinkSync(file);
    fifoWithSentinelWriter(file);
    expect(hashSources([file])).not.toBe(empty);
  });

  it.runIf(existsSync('/dev/zero'))('a symlink to /dev/zero is never read', () => {
    const empty = hashSources([file]);
    unlinkSync(file);
    symlinkSync('/dev/zero', file);
    expect(hashSources([file])).not.toBe(empty);
  });

  it('a sparse 3 GiB file is not read, and tells sizes apart by their description', () => {
    sparseFile(file, 3 * 1024 ** 3);
    const big = hashSources([file]);
    sparseFile(file, 5 * 1024 ** 3);
    expect(hashSources([file])).not.toBe(big);
  });
});

describe('watchSources with a FIFO swapped in', () => {
  it.runIf(posix)('reports the FIFO as a change, then reports the regular file that replaces it', async () => {
    const calls: SourceChange[] = [];
    const log: string[] = [];
    const watcher = watchSources({ files: [file], logger: createLogger('debug', (line) => log.push(line)), onChange: (change) => void calls.push(change) });
    open.push(watcher);
    await watcher.ready;

    // The watched file was empty: a blocking read of the FIFO would also see 0 bytes, and report no change.
    unlinkSync(file);
    fifoWithSentinelWriter(file);
    const sawFifo = await waitUntil(() => calls.length >= 1, DEADLINE_MS);
    expect(sawFifo, `a change for the FIFO within ${DEADLINE_MS} ms\n${log.join('')}`).toBe(true);
    expect(calls[0]).toEqual({ hash: hashSources([file]), changedFiles: [file] });

    // The watcher is not wedged: an atomic save of a regular file over the FIFO is the next change.
    const temporary = join(scratch, 'hooks.json.tmp');
    writeFileSync(temporary, '{"v":1}');
    renameSync(temporary, file);
    const sawFile = await waitUntil(() => calls.length >= 2, DEADLINE_MS);
    expect(sawFile, `a change for the regular file within ${DEADLINE_MS} ms\n${log.join('')}`).toBe(true);
    expect(calls[1]).toEqual({ hash: hashSources([file]), changedFiles: [file] });
  });
});

describe('watchSources after a delete and an immediate re-create', () => {
  it('still reports the edits that follow (chokidar itself stops reporting that file)', async () => {
    const calls: SourceChange[] = [];
    const log: string[] = [];
    const watcher = watchSources({ files: [file], logger: createLogger('debug', (line) => log.push(line)), onChange: (change) => void calls.push(change) });
    open.push(watcher);
    await watcher.ready;
    unlinkSync(file);
    writeFileSync(file, '{"v":1}');
    expect(await waitUntil(() => calls.length >= 1, DEADLINE_MS), log.join('')).toBe(true);
    for (const version of [2, 3]) {
      const temporary = join(scratch, `hooks.json.tmp${version}`);
      writeFileSync(temporary, `{"v":${version}}`);
      renameSync(temporary, file);
      expect(await waitUntil(() => calls.length >= version, DEADLINE_MS), `change number ${version}\n${log.join('')}`).toBe(true);
      expect(calls[version - 1]).toEqual({ hash: hashSources([file]), changedFiles: [file] });
    }
  });
});
