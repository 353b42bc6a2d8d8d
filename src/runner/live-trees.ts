// The runner's registry of hook trees that are alive: it watches their descendants (a shared /proc scan on a
// backing-off schedule), caps the kill grace once hookd is exiting, and SIGKILLs every tree at once on the way out.
// It never spawns and never waits; the per-run kill with its grace is kill-tree.ts's job.
import { performance } from 'node:perf_hooks';
import { findProcessesOfRuns, hasProcFs, readProcessTable } from './proc-scan.js';
import { scanTarget, signalPid, type RunTree } from './kill-tree.js';
import { SeenDescendants } from './seen-descendants.js';

/** First descendant scan after a spawn, doubling up to the slowest pace while any tree is alive. */
const FIRST_SCAN_MS = 25;
const SLOWEST_SCAN_MS = 1_000;
/** killAllNow sweeps twice: a process that forked between the first scan and its SIGKILL has a tagged child. */
const KILL_NOW_SWEEPS = 2;

export type LiveTree = { readonly tree: RunTree; readonly seen: SeenDescendants };

export class LiveTrees {
  readonly #trees = new Set<LiveTree>();
  #graceCapMs = Number.POSITIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  #timerDueAt = 0;
  #scanDelayMs = FIRST_SCAN_MS;

  add(tree: RunTree): LiveTree {
    const live: LiveTree = { tree, seen: new SeenDescendants(tree) };
    this.#trees.add(live);
    // A new tree restarts the fast pace (escapes happen early in a hook's life), without postponing a scan
    // already due sooner: spawns in quick succession must not starve the watch.
    this.#scanDelayMs = FIRST_SCAN_MS;
    if (this.#timer === undefined || this.#timerDueAt > performance.now() + FIRST_SCAN_MS) this.#schedule();
    return live;
  }

  delete(live: LiveTree): void {
    this.#trees.delete(live);
    if (this.#trees.size === 0 && this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  /** Records what each given tree (default: every live tree) has as descendants right now. */
  observe(trees: Iterable<LiveTree> = this.#trees): void {
    if (!hasProcFs()) return;
    const list = [...trees];
    if (list.length === 0) return;
    const table = readProcessTable();
    for (const live of list) live.seen.record(table);
  }

  /** The longest SIGTERM grace any kill may take now (infinite until capKillGrace). */
  graceCapMs(): number {
    return this.#graceCapMs;
  }

  /** From now on no kill waits longer than `maxGraceMs` for SIGTERM to work, including kills already waiting. */
  capKillGrace(maxGraceMs: number): void {
    this.#graceCapMs = Math.min(this.#graceCapMs, Math.max(0, maxGraceMs));
  }

  /**
   * SIGKILL, synchronously, to every live tree's process group and every process carrying its tag; later kills
   * skip their grace. For the last moment before process.exit. Returns how many trees were signalled.
   */
  killAllNow(): number {
    this.capKillGrace(0);
    const trees = [...this.#trees].map((live) => live.tree);
    for (let sweep = 0; sweep < KILL_NOW_SWEEPS; sweep += 1) {
      for (const tree of trees) signalPid(-tree.pid, 'SIGKILL');
      if (!hasProcFs()) break;
      // One pass over /proc for every tree: this runs right before exit, possibly with many runs in flight.
      for (const found of findProcessesOfRuns(trees.map(scanTarget))) signalPid(found.pid, 'SIGKILL');
    }
    return trees.length;
  }

  #schedule(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (!hasProcFs()) return;
    this.#timerDueAt = performance.now() + this.#scanDelayMs;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.observe();
      this.#scanDelayMs = Math.min(this.#scanDelayMs * 2, SLOWEST_SCAN_MS);
      if (this.#trees.size > 0) this.#schedule();
    }, this.#scanDelayMs);
    // Watching must never keep hookd alive by itself.
    this.#timer.unref();
  }
}
