// Dialect.eventNotFired: which events each session fired (EventHistory.seenInSession), and the answer to an event the
// dialect does not fire here (no runs, decision "none", continue true, notFired and a note). Bookkeeping only; bounded.
import type { EventName, EventResult } from '../protocol/index.js';
import type { EventHistory, ToolKinds } from './dialect.js';

/** Sessions remembered at most; past it the one least recently fired in is forgotten. */
export const MAX_REMEMBERED_SESSIONS = 10_000;

export class FiredEvents {
  readonly #bySession = new Map<string, Set<EventName>>();

  constructor(private readonly limit = MAX_REMEMBERED_SESSIONS) {}

  /** A dispatch of `event` fired in the session (it counts from its start, so a concurrent second one sees it). */
  markFired(sessionId: string, event: EventName): void {
    const events = this.#bySession.get(sessionId) ?? new Set<EventName>();
    this.#bySession.delete(sessionId);
    events.add(event);
    this.#bySession.set(sessionId, events);
    while (this.#bySession.size > this.limit) this.#bySession.delete(this.#bySession.keys().next().value as string);
  }

  history(sessionId: string, tools: ToolKinds): EventHistory {
    return { seenInSession: (event) => this.#bySession.get(sessionId)?.has(event) === true, tools };
  }

  get size(): number {
    return this.#bySession.size;
  }
}

/** The answer to an event that does not fire: nothing ran, nothing is decided. */
export function notFiredResult(event: EventName, why: string): EventResult {
  return { event, decision: 'none', continue: true, notFired: why, notes: [`${event} does not fire here: ${why}; no hook ran`], runs: [] };
}
