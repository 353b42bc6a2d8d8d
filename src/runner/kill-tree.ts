// Kills one run's whole process tree: SIGTERM to its process group and to every process carrying its tag,
// a grace while polling /proc, then SIGKILL to both. It owns signalling and the liveness wait; it never throws,
// and spawns nothing itself (only tree-kill's `ps` walk, where /proc is absent).
import { accessSync, constants as fsConstants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import treeKill from 'tree-kill';
import type { Logger } from '../logger.js';
import { findRunProcesses, hasProcFs } from './proc-scan.js';

/** One run's tree: the direct child (also its process group id, as it is spawned detached) and its tag. */
export type RunTree = {
  readonly pid: number;
  readonly tag: string;
  /** The direct child's start time (clock ticks after boot), when known: descendants cannot be older. */
  readonly startTime?: number;
  /** True once the direct child's 'exit' event has fired. */
  readonly childExited: () => boolean;
};

export type KillReport = {
  /** True when something was still alive when the grace ran out, so SIGKILL did the work. */
  readonly graceExpired: boolean;
  readonly killMs: number;
  /** Processes still alive after SIGKILL and the settle deadline (should be empty; logged when not). */
  readonly survivors: readonly number[];
};

export const scanTarget = (tree: RunTree) => ({ pgid: tree.pid, tag: tree.tag, ...(tree.startTime !== undefined ? { notBefore: tree.startTime } : {}) });

export const KILL_POLL_MS = 5;
/** After SIGKILL, how long to wait for the kernel to finish the tree before giving up (and logging). */
export const KILL_SETTLE_DEADLINE_MS = 2_000;
/** Bound on the tree-kill `ps` walk used where /proc is absent. */
const TREE_WALK_DEADLINE_MS = 1_000;

type KillSignal = 'SIGTERM' | 'SIGKILL';

/** Live processes of the tree (excluding the direct child's own exit state, see RunTree.childExited). */
export function liveTreeMembers(tree: RunTree): number[] {
  if (hasProcFs()) return findRunProcesses(scanTarget(tree)).map((found) => found.pid);
  // Without /proc: the group either has members or not (this counts zombies; launchd reaps them quickly).
  return groupExists(tree.pid) ? [tree.pid] : [];
}

export type KillOptions = {
  readonly graceMs: number;
  readonly logger: Logger;
  /** Read on every poll: a cap that can shrink while the grace runs (hookd exiting cuts every grace short). */
  readonly graceCapMs?: () => number;
};

/**
 * TERM, wait up to `graceMs` (or the current cap, if lower) for the tree to die, then KILL unconditionally and
 * wait (bounded) until it has; `graceMs` 0: no TERM at all, KILL at once. Resolves once the direct child has exited
 * and no live member of the group or tag remains.
 */
export async function killRunTree(tree: RunTree, options: KillOptions): Promise<KillReport> {
  const { logger } = options;
  const graceCapMs = options.graceCapMs ?? (() => Number.POSITIVE_INFINITY);
  const graceMs = Number.isFinite(options.graceMs) ? Math.max(0, options.graceMs) : 0;
  const startedAt = performance.now();

  // No grace at all (codex: Codex CLI kills a timed-out hook without a trappable signal, observed 06): SIGKILL only.
  let graceExpired = graceMs === 0;
  if (!graceExpired) await signalTree(tree, 'SIGTERM', { walk: true, logger });
  while (!graceExpired) {
    if (tree.childExited() && liveTreeMembers(tree).length === 0) break;
    if (performance.now() - startedAt >= Math.min(graceMs, graceCapMs())) {
      graceExpired = true;
      break;
    }
    await sleep(KILL_POLL_MS);
  }

  // Idempotent and unconditional: whatever is left (or appears) now dies.
  await signalTree(tree, 'SIGKILL', { walk: graceExpired, logger });
  const deadline = performance.now() + KILL_SETTLE_DEADLINE_MS;
  let survivors: number[] = [];
  for (;;) {
    survivors = liveTreeMembers(tree);
    if (tree.childExited() && survivors.length === 0) break;
    if (performance.now() >= deadline) {
      logger.warn(`run ${tree.pid}: processes still alive ${KILL_SETTLE_DEADLINE_MS} ms after SIGKILL: ${survivors.join(', ') || '(direct child not reaped)'}`);
      break;
    }
    // A member may have forked between a scan and its signal: signal what is left again until nothing is.
    signalPid(-tree.pid, 'SIGKILL');
    for (const pid of survivors) signalPid(pid, 'SIGKILL');
    await sleep(KILL_POLL_MS);
  }
  return { graceExpired, killMs: performance.now() - startedAt, survivors };
}

/** One round of `signal` to the group and, on Linux, to tagged processes outside the group. */
export async function signalTree(tree: RunTree, signal: KillSignal, options: { readonly walk: boolean; readonly logger: Logger }): Promise<void> {
  if (!hasProcFs() && options.walk) await walkAndSignal(tree.pid, signal, options.logger);
  signalPid(-tree.pid, signal);
  if (!hasProcFs()) return;
  for (const found of findRunProcesses(scanTarget(tree))) {
    // Group members just got the group signal; a second TERM could re-run a graceful trap handler.
    if (found.pgid !== tree.pid || signal === 'SIGKILL') signalPid(found.pid, signal);
  }
}

/** process.kill that ignores ESRCH/EPERM and refuses targets that would hit hookd itself or everything. */
export function signalPid(target: number, signal: KillSignal): void {
  const magnitude = Math.abs(target);
  if (!Number.isInteger(target) || magnitude <= 1 || magnitude === process.pid) return;
  try {
    process.kill(target, signal);
  } catch {
    // ESRCH: already gone. EPERM: not ours. Neither is a failure of the kill.
  }
}

function groupExists(pgid: number): boolean {
  if (process.platform === 'win32') return pidExists(pgid);
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where /proc is absent (macOS, Windows): tree-kill walks the parent links with `ps`/`pgrep` (or runs taskkill).
 * tree-kill emits an uncaught 'error' (crashing hookd) when its helper is missing, so check for it first;
 * the walk is bounded in time because its callback may never be called.
 */
async function walkAndSignal(pid: number, signal: KillSignal, logger: Logger): Promise<void> {
  const helper = process.platform === 'darwin' ? 'pgrep' : process.platform === 'win32' ? undefined : 'ps';
  if (helper !== undefined && !isOnPath(helper)) {
    logger.debug(`run ${pid}: '${helper}' not found, killing by process group only`);
    return;
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, TREE_WALK_DEADLINE_MS);
    try {
      treeKill(pid, signal, (error) => {
        if (error) logger.debug(`run ${pid}: tree-kill: ${error.message}`);
        clearTimeout(timer);
        resolve();
      });
    } catch (error) {
      logger.debug(`run ${pid}: tree-kill: ${(error as Error).message}`);
      clearTimeout(timer);
      resolve();
    }
  });
}

function isOnPath(command: string): boolean {
  for (const directory of (process.env['PATH'] ?? '').split(delimiter)) {
    if (directory === '') continue;
    try {
      accessSync(join(directory, command), fsConstants.X_OK);
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}
