// The configuration snapshot of each open run: taken when the run begins (runs/begin or its first event) and
// used by every event of that run. Bounded: past the limit the oldest open run is forgotten.
import type { RegistrySnapshot } from './registry.js';

export const MAX_OPEN_RUNS = 1024;

export class RunSnapshots {
  readonly #runs = new Map<string, RegistrySnapshot>();

  constructor(private readonly limit = MAX_OPEN_RUNS) {}

  /** The run's snapshot; a run seen for the first time begins now with `current`. */
  snapshotFor(runId: string, current: RegistrySnapshot): { readonly snapshot: RegistrySnapshot; readonly began: boolean } {
    const existing = this.#runs.get(runId);
    if (existing !== undefined) return { snapshot: existing, began: false };
    this.#runs.set(runId, current);
    while (this.#runs.size > this.limit) {
      const oldest = this.#runs.keys().next().value as string;
      this.#runs.delete(oldest);
    }
    return { snapshot: current, began: true };
  }

  /** The snapshot of an open run, without opening one. */
  peek(runId: string): RegistrySnapshot | undefined {
    return this.#runs.get(runId);
  }

  end(runId: string): boolean {
    return this.#runs.delete(runId);
  }

  get size(): number {
    return this.#runs.size;
  }
}
