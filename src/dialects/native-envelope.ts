// What every dialect's reading of an agent's own stdin envelope shares (Dialect.paramsFromEnvelope): which event it
// names, and errors naming an unknown field with the closest known one. Wording and lookups only; no dialect's fields.
import { isEventName, type EventName } from '../protocol/index.js';

/** The event of an envelope: its `hook_event_name` and the one named on the command line must agree; one is enough. */
export function envelopeEvent(
  named: unknown,
  given: EventName | undefined,
  dialect: { readonly name: string; readonly events: readonly EventName[] },
): { readonly event: EventName } | { readonly error: string } {
  if (named === undefined) {
    if (given !== undefined) return { event: given };
    return { error: 'hook_event_name is missing: name the event on the command line (hookd test <Event>) or in the envelope' };
  }
  if (typeof named !== 'string') return { error: `hook_event_name must be a string (got ${typeof named})` };
  if (!isEventName(named) || !dialect.events.includes(named)) {
    return { error: `hook_event_name: the ${dialect.name} dialect has no event "${named}" (known: ${dialect.events.join(', ')})` };
  }
  if (given !== undefined && given !== named) return { error: `the envelope's hook_event_name is "${named}" but the command line names ${given}` };
  return { event: named };
}

/** `unknown field "tool_inptu" in a claude PreToolUse envelope (did you mean "tool_input"?)`. */
export function unknownField(field: string, where: string, known: Iterable<string>): string {
  const suggestion = closest(field, known);
  return `unknown field "${field}" in ${where}${suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : ''}`;
}

/** The known name within a small edit distance of `word` (a typo), if any. */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  for (const name of known) {
    if (Math.abs(name.length - word.length) > limit || name.length > 64 || word.length > 64) continue;
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance (both strings are short field names). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** `tool_use_id` → `toolUseId`. */
export function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Sets `value` at a dotted params path (`session.id`, `extra.background_tasks`), creating objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let object = target;
  for (const key of keys.slice(0, -1)) {
    const next = object[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) object[key] = {};
    object = object[key] as Record<string, unknown>;
  }
  object[keys.at(-1)!] = value;
}
