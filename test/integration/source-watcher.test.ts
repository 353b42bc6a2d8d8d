// The config source watcher against real files in temp directories, edited the ways editors and people do.
// "Exactly one call" is proved by a sentinel: a later edit of another watched file whose call must come next and
// report only the sentinel with the hash of the final state; every wait polls until a deadline. An edit that is one
// save in an editor runs synchronously here: an editor is not paused by our event loop, an awaited step would be.
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { DEFAULT_SOURCE_DEBOUNCE_MS, hashSources, watchSources, type SourceChange, type SourceWatcher } from '../../src/config/source-watcher.js';
import { waitUntil } from '../helpers/processes.js';

/** Far beyond debounce + fs event latency on a loaded machine; only a failing test waits this long. */
const DEADLINE_MS = 10_000;
/** Pause between the writes of a burst: how the burst is made, never how a result is awaited. */
const BURST_GAP_MS = 20;
const BURST_DEBOUNCE_MS = 1_000;

type Recorder = {
  readonly calls: SourceChange[];
  readonly log: string[];
  readonly watcher: SourceWatcher;
  /** Files the recorder watches (setFiles is reflected by the caller). */
  files: string[];
};

let scratch = '';
let file = '';
let sentinel = '';
let sentinelVersion = 0;
const open: SourceWatcher[] = [];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hookd-watch-'));
  file = join(scratch, 'hooks.json');
  sentinel = join(scratch, 'sentinel.json');
  sentinelVersion = 0;
  await writeFile(file, '{"v":0}');
  await writeFile(sentinel, '{"sentinel":0}');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((watcher) => watcher.close()));
  await rm(scratch, { recursive: true, force: true });
});

function record(files: string[], onChange?: (change: SourceChange) => void | Promise<void>, debounceMs?: number): Recorder {
  const calls: SourceChange[] = [];
  const log: string[] = [];
  const watcher = watchSources({
    files,
    ...(debounceMs === undefined ? {} : { debounceMs }),
    logger: createLogger('debug', (line) => log.push(line)),
    onChange: (change) => {
      calls.push(change);
      return onChange?.(change);
    },
  });
  open.push(watcher);
  return { calls, log, watcher, files };
}

async function started(files: string[] = [file, sentinel], onChange?: (change: SourceChange) => void | Promise<void>): Promise<Recorder> {
  const recorder = record(files, onChange);
  await recorder.watcher.ready;
  return recorder;
}

async function callCount(recorder: Recorder, count: number): Promise<void> {
  const reached = await waitUntil(() => recorder.calls.length >= count, DEADLINE_MS);
  expect(reached, `onChange called ${recorder.calls.length} times, waited for ${count}\n${recorder.log.join('')}`).toBe(true);
}

/**
 * Proves that exactly `expected` calls came before: edits the sentinel (in the same directory as the other files, so
 * its events queue behind theirs) and requires the next call to be the sentinel's alone, with the final hash. A late
 * call for an earlier edit would come first or be folded into it; none can come after, since the hash is final.
 */
async function expectCallsSoFar(recorder: Recorder, expected: number): Promise<void> {
  expect(recorder.calls.length).toBe(expected);
  sentinelVersion += 1;
  await writeFile(sentinel, `{"sentinel":${sentinelVersion}}`);
  await callCount(recorder, expected + 1);
  expect(recorder.calls.slice(expected)).toEqual([{ hash: hashSources(recorder.files), changedFiles: [sentinel] }]);
}

/** Waits until the watcher has seen an event for `path` and then finished a check that found nothing to report. */
async function unchangedCheckAfterEventFor(recorder: Recorder, path: string, from: number): Promise<void> {
  const seen = await waitUntil(() => {
    const lines = recorder.log.slice(from);
    const event = lines.findIndex((line) => line.includes(` ${path}`) && !line.includes('not watched'));
    return event >= 0 && lines.slice(event).some((line) => line.includes('content unchanged'));
  }, DEADLINE_MS);
  expect(seen, recorder.log.slice(from).join('')).toBe(true);
}

describe('hashSources', () => {
  it('is the same for the same files in any order and repeated', async () => {
    expect(hashSources([sentinel, file, file])).toBe(hashSources([file, sentinel]));
  });

  it('changes with content, and tells a missing file from an empty one', async () => {
    const missing = join(scratch, 'absent.json');
    const before = hashSources([file, missing]);
    await writeFile(missing, '');
    const empty = hashSources([file, missing]);
    expect(empty).not.toBe(before);
    await writeFile(file, '{"v":1}');
    expect(hashSources([file, missing])).not.toBe(empty);
    await unlink(missing);
    await writeFile(file, '{"v":0}');
    expect(hashSources([file, missing])).toBe(before);
  });

  it('tells which file holds the bytes (same bytes moved between files)', async () => {
    const other = join(scratch, 'other.json');
    await writeFile(other, 'x');
    const one = hashSources([file, other]);
    await writeFile(file, 'x');
    await writeFile(other, '{"v":0}');
    expect(hashSources([file, other])).not.toBe(one);
  });
});

describe('watchSources', () => {
  it('uses a debounce above chokidar\'s 50 ms change throttle, which drops a second write without replaying it', () => {
    expect(DEFAULT_SOURCE_DEBOUNCE_MS).toBeGreaterThan(50);
  });

  it('is ready and closes with no files, and watches the files a later setFiles gives', async () => {
    const recorder = await started([]);
    recorder.files = [file, sentinel];
    await recorder.watcher.setFiles(recorder.files);
    await writeFile(file, '{"v":1}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources(recorder.files), changedFiles: [file] });
    await recorder.watcher.setFiles([]);
    await recorder.watcher.close();
  });

  it('reports nothing for files left unchanged after start', async () => {
    const recorder = await started();
    await expectCallsSoFar(recorder, 0);
  });

  it('reports an in-place write once, with the file and the new hash', async () => {
    const recorder = await started();
    await writeFile(file, '{"v":1}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await expectCallsSoFar(recorder, 1);
  });

  it('reports an atomic save (write a temp file, rename it over) once, with the file', async () => {
    const recorder = await started();
    writeFileSync(`${file}.tmp`, '{"v":"atomic"}');
    renameSync(`${file}.tmp`, file);
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await expectCallsSoFar(recorder, 1);
  });

  it('reports a vim-style save (rename to ~, write anew, delete the backup) once', async () => {
    const recorder = await started();
    renameSync(file, `${file}~`);
    writeFileSync(file, '{"v":"vim"}');
    unlinkSync(`${file}~`);
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await expectCallsSoFar(recorder, 1);
  });

  it('reports a burst of 5 quick writes, seen as several events, once with the last content', async () => {
    // Writes 20 ms apart outlast chokidar's 50 ms change throttle, so the burst reaches the watcher as several events.
    // The debounce is long here so that no stall of this loaded test process can split the burst in two.
    const recorder = record([file, sentinel], undefined, BURST_DEBOUNCE_MS);
    await recorder.watcher.ready;
    const from = recorder.log.length;
    for (let version = 1; version <= 5; version++) {
      await writeFile(file, `{"v":${version}}`);
      await sleep(BURST_GAP_MS);
    }
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    const events = recorder.log.slice(from).filter((line) => line.includes(`change ${file}`));
    expect(events.length, recorder.log.join('')).toBeGreaterThan(1);
    await expectCallsSoFar(recorder, 1);
  });

  it.each([
    ['writing identical content', () => writeFile(file, '{"v":0}')],
    ['a touch (new mtime, same bytes)', () => utimes(file, new Date(), new Date())],
  ])('does not report %s; the next real change is the next call', async (_name, edit) => {
    const recorder = await started();
    const from = recorder.log.length;
    await edit();
    await unchangedCheckAfterEventFor(recorder, file, from);
    expect(recorder.calls).toEqual([]);
    await writeFile(file, '{"v":"real"}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
  });

  it('ignores a temp file in the watched directory that is never renamed over a watched file', async () => {
    const recorder = await started();
    const from = recorder.log.length;
    const temp = `${file}.tmp`;
    await writeFile(temp, '{"v":"draft"}');
    await writeFile(temp, '{"v":"draft 2"}');
    await unlink(temp);
    await expectCallsSoFar(recorder, 0);
    expect(recorder.log.slice(from).filter((line) => line.includes(temp))).toEqual([]);
  });

  it('reports a deletion, then the re-creation', async () => {
    const recorder = await started();
    await unlink(file);
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await writeFile(file, '{"v":"again"}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await expectCallsSoFar(recorder, 2);
  });

  it('reports a file that did not exist at start when it is created, and its later edits', async () => {
    await unlink(file);
    const recorder = await started();
    await writeFile(file, '{"v":"new"}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    await writeFile(file, '{"v":"newer"}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
  });

  // These two watch one file alone: with a sentinel beside them, its directory would be the watched root instead.
  it('reports a file whose directory did not exist at start (watching the nearest existing ancestor)', async () => {
    const nested = join(scratch, 'project', '.hooks', 'hooks.json');
    const recorder = await started([nested]);
    await mkdir(join(scratch, 'project', '.hooks'), { recursive: true });
    await writeFile(nested, '{"v":"nested"}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([nested]), changedFiles: [nested] });
    await writeFile(nested, '{"v":"nested 2"}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([nested]), changedFiles: [nested] });
  });

  it('keeps reporting after the watched directory is deleted and created again', async () => {
    const dir = join(scratch, 'conf');
    const inner = join(dir, 'hooks.json');
    await mkdir(dir);
    await writeFile(inner, '{"v":0}');
    const recorder = await started([inner]);
    await rm(dir, { recursive: true });
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([inner]), changedFiles: [inner] });
    await mkdir(dir);
    await writeFile(inner, '{"v":"back"}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([inner]), changedFiles: [inner] });
    await writeFile(inner, '{"v":"edited"}');
    await callCount(recorder, 3);
    expect(recorder.calls[2]).toEqual({ hash: hashSources([inner]), changedFiles: [inner] });
  });

  it('keeps reporting after the watched directory is replaced within one debounce (deleted and at once recreated)', async () => {
    const dir = join(scratch, 'conf');
    const inner = join(dir, 'hooks.json');
    await mkdir(dir);
    await writeFile(inner, '{"v":0}');
    const recorder = await started([inner]);
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(inner, '{"v":"replaced"}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([inner]), changedFiles: [inner] });
    await writeFile(inner, '{"v":"edited"}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([inner]), changedFiles: [inner] });
  });

  it('keeps watching when the existing ancestor it watches is deleted while holding no watched file', async () => {
    const ancestor = join(scratch, 'project');
    const nested = join(ancestor, '.hooks', 'hooks.json');
    await mkdir(ancestor);
    const recorder = await started([nested]);
    // Let the check that follows the initial scan pass first: only the deletion may now cause a re-watch.
    const checked = await waitUntil(() => recorder.log.some((line) => line.includes('content unchanged')), DEADLINE_MS);
    expect(checked, recorder.log.join('')).toBe(true);
    const from = recorder.log.length;
    await rm(ancestor, { recursive: true });
    const rewatched = await waitUntil(() => recorder.log.slice(from).some((line) => line.includes(`watching ${scratch} `)), DEADLINE_MS);
    expect(rewatched, recorder.log.join('')).toBe(true);
    await mkdir(join(ancestor, '.hooks'), { recursive: true });
    await writeFile(nested, '{"v":"nested"}');
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources([nested]), changedFiles: [nested] });
  });

  it('setFiles watches a file in another directory (its current content is the baseline) and drops removed files', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'hookd-watch-other-'));
    try {
      const other = join(otherDir, 'settings.json');
      await writeFile(other, '{"other":0}');
      const recorder = await started([file, sentinel]);
      recorder.files = [other, sentinel];
      await recorder.watcher.setFiles(recorder.files);
      await writeFile(other, '{"other":1}');
      await callCount(recorder, 1);
      expect(recorder.calls[0]).toEqual({ hash: hashSources([other, sentinel]), changedFiles: [other] });
      // `file` is no longer watched: its edit is not reported, so the sentinel's call comes next, alone.
      await writeFile(file, '{"v":"unwatched"}');
      await expectCallsSoFar(recorder, 1);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('setFiles keeps the baseline of files still watched: a change not yet reported is still reported', async () => {
    const added = join(scratch, 'added.json');
    const recorder = await started([file, sentinel]);
    await writeFile(file, '{"v":"pending"}');
    // No timer can run between the write resolving and this call: the set changes before the burst is checked.
    await recorder.watcher.setFiles([file, sentinel, added]);
    recorder.files = [file, sentinel, added];
    await callCount(recorder, 1);
    expect(recorder.calls[0]).toEqual({ hash: hashSources(recorder.files), changedFiles: [file] });
    await writeFile(added, '{"added":1}');
    await callCount(recorder, 2);
    expect(recorder.calls[1]).toEqual({ hash: hashSources(recorder.files), changedFiles: [added] });
  });

  it('close() stops further calls, also one whose debounce is pending (a slower second watcher witnesses the edits)', async () => {
    const recorder = await started();
    const witness = record([file], undefined, DEFAULT_SOURCE_DEBOUNCE_MS * 3);
    await witness.watcher.ready;
    const from = recorder.log.length;
    await writeFile(file, '{"v":"pending at close"}');
    const seen = await waitUntil(() => recorder.log.slice(from).some((line) => line.includes(`change ${file}`)), DEADLINE_MS);
    expect(seen, recorder.log.join('')).toBe(true);
    await recorder.watcher.close();
    await callCount(witness, 1);
    await writeFile(file, '{"v":"after close"}');
    // Both watch the same directory; the closed one, had it still listened, would have checked two debounces earlier.
    await callCount(witness, 2);
    expect(recorder.calls).toEqual([]);
  });

  it('close() during a slow onChange drops the check deferred behind it', async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const recorder = await started([file, sentinel], () => blocked);
    const witness = record([file], undefined, DEFAULT_SOURCE_DEBOUNCE_MS * 3);
    await witness.watcher.ready;
    await writeFile(file, '{"v":1}');
    await callCount(recorder, 1);
    const from = recorder.log.length;
    await writeFile(file, '{"v":2}');
    const deferred = await waitUntil(() => recorder.log.slice(from).some((line) => line.includes('checking again after it')), DEADLINE_MS);
    expect(deferred, recorder.log.join('')).toBe(true);
    await recorder.watcher.close();
    release();
    // The deferred check would run as soon as the first call returns; the witness reports v2 only after that.
    const witnessed = await waitUntil(() => witness.calls.some((call) => call.hash === hashSources([file])), DEADLINE_MS);
    expect(witnessed, witness.log.join('')).toBe(true);
    expect(recorder.calls).toHaveLength(1);
  });

  it('logs an onChange that throws or rejects and goes on reporting', async () => {
    let failures = 0;
    const recorder = await started([file, sentinel], () => {
      failures += 1;
      if (failures === 1) throw new Error('boom (sync)');
      if (failures === 2) return Promise.reject(new Error('boom (async)'));
      return undefined;
    });
    await writeFile(file, '{"v":1}');
    await callCount(recorder, 1);
    await writeFile(file, '{"v":2}');
    await callCount(recorder, 2);
    await writeFile(file, '{"v":3}');
    await callCount(recorder, 3);
    expect(recorder.calls[2]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    const errors = recorder.log.filter((line) => line.startsWith('[hookd error]'));
    expect(errors).toEqual([expect.stringContaining('boom (sync)'), expect.stringContaining('boom (async)')]);
  });

  it('never overlaps calls: a change during a slow onChange gives exactly one more call, with the later content', async () => {
    let active = 0;
    let maxActive = 0;
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const recorder = await started([file, sentinel], async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await blocked;
      active -= 1;
    });
    await writeFile(file, '{"v":1}');
    await callCount(recorder, 1);
    const firstHash = hashSources([file, sentinel]);
    const from = recorder.log.length;
    writeFileSync(file, '{"v":2}');
    writeFileSync(file, '{"v":3}');
    // The debounce has run out while the first call is still running: the check is deferred, not started.
    const deferred = await waitUntil(() => recorder.log.slice(from).some((line) => line.includes('checking again after it')), DEADLINE_MS);
    expect(deferred, recorder.log.join('')).toBe(true);
    expect(recorder.calls).toHaveLength(1);
    release();
    await callCount(recorder, 2);
    expect(recorder.calls[0]?.hash).toBe(firstHash);
    expect(recorder.calls[1]).toEqual({ hash: hashSources([file, sentinel]), changedFiles: [file] });
    expect(maxActive).toBe(1);
    await expectCallsSoFar(recorder, 2);
  });
});
