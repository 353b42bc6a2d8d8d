// Native event names as methods (EVENT_ALIASES: hooks/BeforeTool runs PreToolUse): which ones a dialect serves, and
// the -32601 text for the ones it does not. Pure; no dispatching here.
import type { Dialect } from '../engine/dialect.js';
import { EVENT_ALIASES, type EventAlias, type EventName } from '../protocol/index.js';

/** The aliases this dialect serves, alias → canonical event, in EVENT_ALIASES order; undefined when it serves none. */
export function servedAliases(dialect: Dialect): Record<string, EventName> | undefined {
  const served = (Object.keys(EVENT_ALIASES) as EventAlias[]).filter((alias) => dialect.eventAliases?.includes(alias) === true);
  return served.length > 0 ? Object.fromEntries(served.map((alias) => [alias, EVENT_ALIASES[alias]])) : undefined;
}

/** Why `hooks/<alias>` is not a method of this dialect, naming the canonical method to send; undefined: it serves it. */
export function aliasNotServed(dialect: Dialect, alias: EventAlias): string | undefined {
  if (dialect.eventAliases?.includes(alias) === true) return undefined;
  const event = EVENT_ALIASES[alias];
  return `method not found: the ${dialect.name} dialect has no ${alias} event (Gemini CLI's name for ${event}): send hooks/${event}`;
}
