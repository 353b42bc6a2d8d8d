// One runner's registry of the runs it has open through the supervisor: the kill-grace cap once hookd is exiting
// (told to kills already waiting), and killAllNow (SIGKILL of every hook's group from Node, SIGNAL 9 for each run,
// and SIGTERM to the supervisor when no other runner has a run on it). It never spawns and never waits.
import { signalPid } from '../kill-tree.js';
import { encodeSignal } from './frames.js';
import type { SupervisorChannel } from './channel.js';

/** What the registry needs of an open run. */
export interface LiveRun {
  readonly runId: number;
  /** The hook's pid (= its process group) once SPAWNED arrived. */
  hookPid(): number | undefined;
  /** The grace cap changed: a kill waiting for SIGTERM to work re-reads it. */
  onGraceCap(): void;
}

export class LiveRuns {
  readonly #runs = new Set<LiveRun>();
  #graceCapMs = Number.POSITIVE_INFINITY;

  add(run: LiveRun): void {
    this.#runs.add(run);
  }

  delete(run: LiveRun): void {
    this.#runs.delete(run);
  }

  graceCapMs(): number {
    return this.#graceCapMs;
  }

  capKillGrace(maxGraceMs: number): void {
    const cap = Math.min(this.#graceCapMs, Math.max(0, maxGraceMs));
    if (cap === this.#graceCapMs) return;
    this.#graceCapMs = cap;
    for (const run of [...this.#runs]) run.onGraceCap();
  }

  /** SIGKILL, synchronously, to every open run's tree; later kills skip their grace. Returns how many runs. */
  killAllNow(channel: SupervisorChannel): number {
    this.capKillGrace(0);
    const runs = [...this.#runs];
    if (runs.length === 0) return 0;
    const runIds = new Set<number>();
    for (const run of runs) {
      runIds.add(run.runId);
      const pid = run.hookPid();
      if (pid !== undefined) signalPid(-pid, 'SIGKILL');
      channel.send(encodeSignal(run.runId, 9));
    }
    // The supervisor kills every tree on SIGTERM (descendants outside the group included) and exits; only when
    // no other runner of this process has a run on it.
    if (channel.onlyRuns(runIds)) channel.terminate();
    return runs.length;
  }
}
