// Dialect.continuationCap: counts consecutive "keep working" blocks per run (or per session) against the dialect's
// limit, remembers which runs had a block honoured (so hooks see stopHookActive), and turns a block past the limit
// into an unresolved finish. Bookkeeping on results and params only; it never runs a hook. Bounded.
import type { EventName, EventParams, EventResult } from '../protocol/index.js';
import type { Dialect } from './dialect.js';

export type DialectCap = NonNullable<Dialect['continuationCap']>;

/** Runs (or sessions) whose count is kept at most; past it the oldest is forgotten. */
export const MAX_COUNTED_CONTINUATIONS = 4096;

type Count = { consecutive: number; honouredOnce: boolean };

export class DialectContinuations {
  readonly #counts = new Map<string, Count>();

  constructor(
    readonly cap: DialectCap,
    private readonly maxKeys = MAX_COUNTED_CONTINUATIONS,
  ) {}

  /** One count per run (params.runId; an event without one counts for its session) or per session, event and subagent. */
  #key(event: EventName, params: EventParams): string {
    const scope = this.cap.per === 'run' && params.runId !== undefined ? `run\u0000${params.runId}` : 'session';
    return `${params.session.id}\u0000${scope}\u0000${event}\u0000${params.agentId ?? ''}`;
  }

  /** Per run: the params with stopHookActive true once a block of this run was honoured (the client's true stays true). */
  withStopHookActive(event: EventName, params: EventParams): EventParams {
    if (this.cap.per !== 'run' || params.stopHookActive === true) return params;
    return this.#counts.get(this.#key(event, params))?.honouredOnce === true ? { ...params, stopHookActive: true } : params;
  }

  /**
   * Records one answered continuation event. A block is honoured while the consecutive blocks are at most the limit;
   * once past it every further block of the same run (or session) is not, until an answer that does not block.
   */
  record(event: EventName, params: EventParams, blocked: boolean): { readonly honour: boolean; readonly count: number } {
    const key = this.#key(event, params);
    const count = this.#counts.get(key) ?? { consecutive: 0, honouredOnce: false };
    this.#counts.delete(key);
    count.consecutive = blocked ? count.consecutive + 1 : 0;
    const honour = !blocked || count.consecutive <= this.cap.limit;
    if (blocked && honour) count.honouredOnce = true;
    // Re-inserted, so the map's order is the order of last use and the oldest is the least recently used.
    if (count.consecutive > 0 || count.honouredOnce) this.#counts.set(key, count);
    while (this.#counts.size > this.maxKeys) this.#counts.delete(this.#counts.keys().next().value as string);
    return { honour, count: count.consecutive };
  }

  /** Per session: a new user prompt starts the count afresh. Per run a new run is a new count (prompts do not reset it). */
  resetSession(sessionId: string): void {
    if (this.cap.per !== 'session') return;
    const prefix = `${sessionId}\u0000session\u0000`;
    for (const key of [...this.#counts.keys()]) if (key.startsWith(prefix)) this.#counts.delete(key);
  }

  get size(): number {
    return this.#counts.size;
  }
}

/** A block past the cap: not honoured (decision "none", continue true), its reason also as `unresolved`, a note. */
export function leaveUnresolved(result: EventResult, event: EventName, count: number, cap: DialectCap): void {
  const reason = result.reason ?? '';
  const where = cap.per === 'run' ? 'in this run' : 'in this session';
  result.notes.push(
    `${event} hooks blocked ${count} consecutive times ${where}, past the cap of ${cap.limit}: the block is not honoured, the run finishes with its reason unresolved` +
      (reason !== '' ? ` (${reason})` : ''),
  );
  result.decision = 'none';
  result.continue = true;
  result.unresolved = reason;
}
