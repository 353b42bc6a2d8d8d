// Hot-reload trigger for configuration files: watches their directories (chokidar), debounces bursts and reports
// a change only when the content hash differs. Knows no dialect or hook vocabulary; must not parse what it watches.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from '../logger.js';
import { readConfigFile } from './read-config-file.js';

/**
 * Quiet period after the last event. It must exceed chokidar's 50 ms per-file `change` throttle, which drops (and
 * never replays) a second write inside that window: hashing 150 ms after the last event reported still sees it.
 */
export const DEFAULT_SOURCE_DEBOUNCE_MS = 150;

export type SourceChange = {
  /** hashSources() of the watched files now; the baseline for the next report. */
  readonly hash: string;
  /** Watched files whose content (or existence) differs from the last report, in watched order. */
  readonly changedFiles: readonly string[];
};

export type SourceWatcherOptions = {
  /** Absolute paths of config files that were read OR looked for (they may not exist yet). */
  readonly files: readonly string[];
  /** Quiet period after the last fs event before reacting; default 150. */
  readonly debounceMs?: number;
  /** Called after a debounced burst when the content hash of the watched files differs from the last one
   *  reported (or the initial one). Errors thrown/rejected by it are logged, never crash. Calls never overlap:
   *  a change arriving while onChange runs schedules exactly one more check (and call, if the hash differs) afterwards. */
  readonly onChange: (change: SourceChange) => void | Promise<void>;
  readonly logger: Logger;
};

export type SourceWatcher = {
  /** Resolves (never rejects) when the watcher is ready (initial scan done): tests await this before editing files. */
  readonly ready: Promise<void>;
  /** Replace the watched set (e.g. a reload discovered new files); keeps the current hash baseline for files still
   *  watched, and takes the current content as the baseline of files new to the set. The promise (never rejected)
   *  resolves once the new set is being watched; a change made between reading a new file and calling this is not seen
   *  until the next change. */
  setFiles(files: readonly string[]): Promise<void>;
  /** No onChange starts after this is called; one already running is not awaited. */
  close(): Promise<void>;
};

/** What one chokidar instance watches: each file's nearest existing ancestor directory, deep enough to reach it. */
type WatchPlan = { readonly roots: readonly string[]; readonly depth: number; readonly key: string };
/**
 * chokidar never watches a deleted root again, so a generation is replaced when a root is lost: `lost` is set by an
 * unlinkDir of the root or, when chokidar emits none (the root held no watched file, or it closed the root's watcher
 * first), by the root's own raw event; `identities` (device, inode, birth time when watching began) catch the rest.
 */
type Generation = {
  readonly watcher: FSWatcher;
  readonly plan: WatchPlan;
  readonly identities: ReadonlyMap<string, string>;
  lost: boolean;
};

export function watchSources(options: SourceWatcherOptions): SourceWatcher {
  const { logger } = options;
  const debounceMs = options.debounceMs ?? DEFAULT_SOURCE_DEBOUNCE_MS;

  let files = normalize(options.files);
  /** Per-file digest as last reported (or found at start / when the file joined the set). */
  let baseline = new Map(files.map((file) => [file, fileDigest(file)] as const));
  let lastHash = combine(baseline);
  let allowed = allowedPaths(files);

  let current: Generation | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let rewatching: Promise<void> = Promise.resolve();

  function trigger(): void {
    if (closed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
    timer.unref();
  }

  function fire(): void {
    timer = undefined;
    if (closed) return;
    if (running) {
      logger.debug('source watcher: a reload is running; checking again after it');
      again = true;
      return;
    }
    void cycle();
  }

  async function cycle(): Promise<void> {
    running = true;
    try {
      do {
        again = false;
        await rewatch();
        await check();
      } while (again && !closed);
    } catch (error) {
      logger.error(`source watcher: ${describe(error)}`);
    } finally {
      running = false;
    }
  }

  async function check(): Promise<void> {
    if (closed) return;
    const digests = new Map(files.map((file) => [file, fileDigest(file)] as const));
    const hash = combine(digests);
    if (hash === lastHash) {
      logger.debug('source watcher: content unchanged, no reload');
      return;
    }
    const changedFiles = files.filter((file) => digests.get(file) !== baseline.get(file));
    baseline = digests;
    lastHash = hash;
    logger.debug(`source watcher: changed: ${changedFiles.join(', ')}`);
    try {
      await options.onChange({ hash, changedFiles });
    } catch (error) {
      logger.error(`source watcher: onChange failed: ${describe(error)}`);
    }
  }

  /** Replaces the chokidar instance when the plan changed or a root was deleted or replaced; serialized, never rejects. */
  function rewatch(): Promise<void> {
    rewatching = rewatching.then(async () => {
      if (closed) return;
      const plan = planWatch(files);
      if (current !== undefined && !current.lost && current.plan.key === plan.key && sameIdentities(current.identities)) return;
      if (plan.roots.length === 0) {
        // Nothing to watch (chokidar would never be ready for an empty list).
        const previous = current;
        current = undefined;
        await previous?.watcher.close();
        return;
      }
      const next = start(plan);
      await new Promise<void>((done) => next.watcher.once('ready', done));
      const previous = current;
      current = next;
      logger.debug(`source watcher: watching ${plan.roots.join(', ')} (depth ${plan.depth})`);
      if (previous !== undefined) await previous.watcher.close();
      if (closed) await next.watcher.close();
    }).catch((error: unknown) => logger.error(`source watcher: could not watch: ${describe(error)}`));
    return rewatching;
  }

  function start(plan: WatchPlan): Generation {
    const watcher = watch([...plan.roots], {
      ignoreInitial: true,
      // Measured (Linux, chokidar 5): with the directory watched and filtered, in-place, tmp+rename and vim-style saves
      // and delete/recreate all reach us without these; `atomic` only merges unlink+add (which the debounce and the
      // hash already do) at the price of delaying a real unlink 100 ms; `awaitWriteFinish` adds its threshold to every
      // event and polls, while the debounce already waits for the burst to end.
      atomic: false,
      awaitWriteFinish: false,
      depth: plan.depth,
      // A watcher must never be what keeps the sidecar alive after its client has gone.
      persistent: false,
      ignored: (path: string) => !allowed.has(path),
    });
    const generation: Generation = { watcher, plan, identities: new Map(plan.roots.map((root) => [root, identity(root)] as const)), lost: false };
    watcher.on('all', (event, path) => {
      try {
        if (closed) return;
        const key = toKey(path);
        if (baseline.has(key)) {
          logger.debug(`source watcher: ${event} ${path}`);
          trigger();
        } else if ((event === 'addDir' || event === 'unlinkDir') && allowed.has(key)) {
          // A directory on the way to a watched file: the file may have come or gone with it.
          logger.debug(`source watcher: ${event} ${path}`);
          if (event === 'unlinkDir' && plan.roots.includes(key)) generation.lost = true;
          trigger();
        } else {
          logger.debug(`source watcher: ${event} ${path} (not watched, ignored)`);
        }
      } catch (error) {
        logger.error(`source watcher: handling ${event} ${path}: ${describe(error)}`);
      }
    });
    watcher.on('raw', (event, name, details) => {
      const watched = (details as { readonly watchedPath?: unknown } | undefined)?.watchedPath;
      if (closed || typeof watched !== 'string' || typeof name !== 'string') return;
      // Measured (chokidar 5, persistent: false, Linux): after a watched file is deleted and at once re-created (or a
      // FIFO is made in its place), chokidar emits nothing for it ever again, while the directory's own watcher still
      // names it. A raw event naming a watched file in a watched directory is therefore a trigger too (the debounce
      // and the hash make a duplicate of a chokidar event cost nothing).
      if (baseline.has(toKey(join(watched, name)))) {
        logger.debug(`source watcher: raw ${event} ${join(watched, name)}`);
        trigger();
        return;
      }
      // A root deleted or moved shows only as a raw event of its own watcher naming the root itself (a child of the
      // same name also matches: that costs one needless re-watch).
      if (name !== basename(watched) || !plan.roots.includes(toKey(watched))) return;
      logger.debug(`source watcher: ${event} of watched directory ${watched}`);
      generation.lost = true;
      trigger();
    });
    watcher.on('error', (error) => {
      logger.warn(`source watcher: ${describe(error)}; configuration changes may be missed`);
    });
    return generation;
  }

  const ready = rewatch().then(() => {
    // A change made between the baseline above and the end of the initial scan had no event to report it.
    trigger();
  });

  return {
    ready,
    setFiles(next: readonly string[]): Promise<void> {
      if (closed) return Promise.resolve();
      files = normalize(next);
      baseline = new Map(files.map((file) => [file, baseline.get(file) ?? fileDigest(file)] as const));
      lastHash = combine(baseline);
      allowed = allowedPaths(files);
      // Anything that changed while the new directories were not yet watched is found by this check.
      return rewatch().then(trigger);
    },
    async close(): Promise<void> {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await rewatching;
      await current?.watcher.close();
    },
  };
}

/** sha256 over (path, exists, bytes) of each file in sorted path order: the no-op-reload check. Exported for tests and for the engine. */
export function hashSources(files: readonly string[]): string {
  const list = normalize(files);
  return combine(new Map(list.map((file) => [file, fileDigest(file)] as const)));
}

/**
 * The bytes' sha256, or why there are none ('missing', 'rejected:<code>:<reason>'). Read as the loaders read
 * (readConfigFile): a FIFO, device or directory swapped in is never opened for reading, a huge file never read.
 */
function fileDigest(file: string): string {
  const read = readConfigFile(file);
  if (read.status === 'missing') return 'missing';
  if (read.status === 'rejected') return `rejected:${read.code}:${read.reason}`;
  return `sha256:${createHash('sha256').update(read.bytes).digest('hex')}`;
}

/** A path cannot hold NUL and a digest holds no newline, so the encoding is unambiguous. */
function combine(digests: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const file of [...digests.keys()].sort()) hash.update(`${file}\0${digests.get(file) ?? ''}\n`);
  return hash.digest('hex');
}

function normalize(files: readonly string[]): string[] {
  return [...new Set(files.map((file) => toKey(resolve(file))))];
}

/** chokidar hands an `ignored` function '/'-separated paths, also on Windows; event paths are native there. */
function toKey(path: string): string {
  return sep === '\\' ? path.replaceAll('\\', '/') : path;
}

/** The watched files and every directory above them: whatever else is in a watched directory is ignored. */
function allowedPaths(files: readonly string[]): Set<string> {
  const allowed = new Set<string>();
  for (const file of files) {
    allowed.add(file);
    for (let dir = dirname(file); !allowed.has(dir); dir = dirname(dir)) {
      allowed.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  return allowed;
}

function planWatch(files: readonly string[]): WatchPlan {
  const found = new Set(files.map((file) => nearestDirectory(dirname(file))));
  // A root inside another root is reached from the outer one (its chain of directories is allowed).
  const roots = [...found].filter((root) => ![...found].some((other) => other !== root && isInside(root, other))).sort();
  let depth = 0;
  for (const file of files) {
    const root = roots.find((candidate) => candidate === dirname(file) || isInside(dirname(file), candidate));
    if (root === undefined) continue;
    const below = relative(root, dirname(file));
    if (below !== '') depth = Math.max(depth, below.split(/[\\/]/).length);
  }
  return { roots, depth, key: `${depth}:${roots.join('\0')}` };
}

function sameIdentities(identities: ReadonlyMap<string, string>): boolean {
  for (const [root, known] of identities) if (identity(root) !== known) return false;
  return true;
}

function identity(dir: string): string {
  try {
    const stats = statSync(dir);
    // ext4 hands a deleted directory's inode to the next one created; the birth time tells them apart.
    return `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;
  } catch {
    return 'missing';
  }
}

function nearestDirectory(dir: string): string {
  for (let candidate = dir; ; candidate = dirname(candidate)) {
    try {
      if (statSync(candidate).isDirectory()) return candidate;
    } catch {
      // missing or unreadable: look one level up
    }
    if (dirname(candidate) === candidate) return candidate;
  }
}

function isInside(path: string, dir: string): boolean {
  const below = relative(dir, path);
  return below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
