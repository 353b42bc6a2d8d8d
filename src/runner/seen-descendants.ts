// Remembers the descendants of one run that hookd has seen (by parent links in /proc), so that one which
// escaped both the process group and the run tag can at least be named when the run ends. It only reads /proc.
import { carriesRunTag, isDeadState, readProcStat, type ProcStat } from './proc-scan.js';
import type { RunTree } from './kill-tree.js';

/** A process identity that survives PID reuse: the PID and its start time (clock ticks after boot). */
type SeenProcess = { readonly pid: number; readonly startTime: number };

export class SeenDescendants {
  readonly #tree: RunTree;
  /** Keyed by `pid:startTime`, so a reused PID is a different entry. */
  readonly #seen = new Map<string, SeenProcess>();

  constructor(tree: RunTree) {
    this.#tree = tree;
  }

  /**
   * Adds every process of `table` whose parent chain reaches the direct child or a descendant seen before
   * (while that one is still the same process). A child is never older than its parent, which rules out a
   * reused PID in the chain.
   */
  record(table: readonly ProcStat[]): void {
    const byParent = new Map<number, ProcStat[]>();
    const byPid = new Map<number, ProcStat>();
    for (const stat of table) {
      byPid.set(stat.pid, stat);
      const siblings = byParent.get(stat.ppid);
      if (siblings === undefined) byParent.set(stat.ppid, [stat]);
      else siblings.push(stat);
    }
    const roots: ProcStat[] = [];
    const root = byPid.get(this.#tree.pid);
    if (root !== undefined && (this.#tree.startTime === undefined || root.startTime === this.#tree.startTime)) roots.push(root);
    for (const seen of this.#seen.values()) {
      const now = byPid.get(seen.pid);
      if (now !== undefined && now.startTime === seen.startTime) roots.push(now);
    }
    const queue = [...roots];
    for (let parent = queue.pop(); parent !== undefined; parent = queue.pop()) {
      for (const child of byParent.get(parent.pid) ?? []) {
        const key = `${child.pid}:${child.startTime}`;
        if (child.startTime < parent.startTime || this.#seen.has(key)) continue;
        this.#seen.set(key, { pid: child.pid, startTime: child.startTime });
        queue.push(child);
      }
    }
  }

  /**
   * Seen descendants still alive that hookd's kill cannot reach: outside the run's process group and without
   * its tag in their environment (setsid plus a cleared environment, or another user's process).
   */
  untrackedSurvivors(): number[] {
    const survivors: number[] = [];
    for (const seen of this.#seen.values()) {
      const stat = readProcStat(seen.pid);
      if (stat === undefined || stat.startTime !== seen.startTime || isDeadState(stat.state)) continue;
      if (stat.pgid === this.#tree.pid || carriesRunTag(seen.pid, this.#tree.tag)) continue;
      survivors.push(seen.pid);
    }
    return survivors.sort((a, b) => a - b);
  }
}
