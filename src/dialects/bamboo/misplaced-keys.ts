// Top-level keys of a hooks.json that look like hook configuration outside `lifecycle_hooks` (the seed's snippet
// pasted without its wrapper, a misspelt wrapper): what to say about them. Words only; must not parse handlers.
import { BAMBOO_EVENTS } from './event-rules.js';
import { isObject } from './json-value.js';

export type MisplacedKeys = {
  /** The offending top-level keys, in file order. */
  readonly keys: readonly string[];
  readonly message: string;
};

const squash = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');
const EVENT_SPELLINGS = new Set(BAMBOO_EVENTS.map(squash));
const looksLikeEvent = (key: string) => key === 'enabled' || EVENT_SPELLINGS.has(squash(key));
/** `lifecycleHooks`, `Lifecycle-Hooks`, ...: the wrapper misspelt (the exact spelling is the section itself). */
const looksLikeWrapper = (key: string, value: unknown) =>
  (squash(key) === 'lifecyclehooks' && key !== 'lifecycle_hooks') || (key === 'hooks' && isObject(value) && Object.keys(value).some(looksLikeEvent));

/** At most 5 names: a file of 100,000 stray keys must not make a 1 MB message. */
const quoteList = (keys: readonly string[]) => {
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key));
  return keys.length > shown.length ? `${shown.join(', ')} and ${keys.length - shown.length} more` : shown.join(', ');
};

/**
 * Bamboo reads only `lifecycle_hooks`; other top-level keys are other settings and are ignored, so hook entries
 * written beside it load nothing. Undefined when no top-level key looks like one (event names in any case,
 * `enabled`, a misspelt wrapper or Claude's `hooks` object holding events).
 */
export function misplacedKeys(file: string, document: unknown, hasSection: boolean): MisplacedKeys | undefined {
  if (!isObject(document)) return undefined;
  const keys: string[] = [];
  const wrappers: string[] = [];
  for (const [key, value] of Object.entries(document)) {
    if (looksLikeWrapper(key, value)) wrappers.push(key);
    if (looksLikeWrapper(key, value) || looksLikeEvent(key)) keys.push(key);
  }
  if (keys.length === 0) return undefined;
  const notRead = `its ${quoteList(keys)} key(s) are not read`;
  if (hasSection) return { keys, message: `${file}: ${notRead}: they are outside the lifecycle_hooks object; move them into it` };
  const fix = wrappers.length > 0 ? `rename ${quoteList(wrappers)} to "lifecycle_hooks"` : 'wrap them in {"lifecycle_hooks": {...}}';
  return { keys, message: `${file} has no lifecycle_hooks object: ${notRead} and none of its hooks load; ${fix}` };
}
