// One Node timer for the timeouts of every run of this process, instead of a setTimeout and a clearTimeout per run:
// a run's deadline is an entry in a set, and the one timer is armed for the earliest deadline. A run that ends before
// its deadline leaves the set and touches no timer; the timer, when it fires, ends the runs that are due and re-arms
// for the next. Measured side by side (docs/supervisor.md): 5–8 µs less per one-hook event, as Node's timer list for
// the 60 s duration was created and destroyed by every sequential run. It only keeps time; it never kills anything.
import { hasTimeout } from './run-outcome.js';

/** A run's place in the deadline set: cancel() when the run no longer needs its timeout. */
export interface Deadline {
  cancel(): void;
}

/** A deadline is waiting exactly while its entry is in the set. */
type Entry = { readonly at: number; readonly onDue: () => void };

const NO_DEADLINE: Deadline = { cancel: () => {} };

export class RunDeadlines {
  readonly #entries = new Set<Entry>();
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (performance.now() time), or Infinity when none is armed. */
  #armedAt = Number.POSITIVE_INFINITY;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Calls `onDue` once `timeoutMs` from now unless cancelled first; no deadline when hasTimeout says none. */
  add(timeoutMs: number, onDue: () => void): Deadline {
    if (!hasTimeout(timeoutMs)) return NO_DEADLINE;
    const entry: Entry = { at: this.#now() + timeoutMs, onDue };
    this.#entries.add(entry);
    if (entry.at < this.#armedAt) this.#arm(entry.at);
    return { cancel: () => this.#entries.delete(entry) };
  }

  /** Deadlines waiting (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - this.#now()));
    // Waiting for a deadline never keeps hookd alive: the run it belongs to does, while it runs.
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#armedAt = Number.POSITIVE_INFINITY;
    const now = this.#now();
    const due: Entry[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#entries) {
      if (entry.at <= now) due.push(entry);
      else if (entry.at < next) next = entry.at;
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    // A callback may cancel another due run (it leaves the set, so it is not called) or add runs (timed as usual).
    for (const entry of due) if (this.#entries.delete(entry)) entry.onDue();
  }
}

/** The deadlines of every supervised run of this process. */
export const runDeadlines = new RunDeadlines();
