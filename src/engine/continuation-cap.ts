// Caps consecutive "keep working" blocks (Stop, SubagentStop) per session, so a hook that always
// blocks cannot loop an agent forever. Pure bookkeeping; it does not know what a Stop hook printed.

export const DEFAULT_STOP_BLOCK_CAP = 8;

export type CapVerdict = { readonly honour: boolean; readonly count: number };

export class ContinuationCap {
  readonly #counts = new Map<string, number>();

  /** cap 0 disables the cap. */
  constructor(private readonly cap: number = DEFAULT_STOP_BLOCK_CAP) {}

  /** Records one continuation event; returns whether its block may stand. */
  record(key: string, blocked: boolean): CapVerdict {
    if (!blocked) {
      this.#counts.delete(key);
      return { honour: true, count: 0 };
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    if (this.cap > 0 && count > this.cap) {
      this.#counts.delete(key);
      return { honour: false, count };
    }
    this.#counts.set(key, count);
    return { honour: true, count };
  }

  /** A new user turn starts the count afresh. */
  resetSession(sessionId: string): void {
    for (const key of this.#counts.keys()) if (key.startsWith(`${sessionId}\u0000`)) this.#counts.delete(key);
  }

  get limit(): number {
    return this.cap;
  }
}

export function continuationKey(sessionId: string, event: string, agentId: string | undefined): string {
  return `${sessionId}\u0000${event}\u0000${agentId ?? ''}`;
}
