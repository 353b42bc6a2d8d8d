// Finds the hook a management request names (hooks/setEnabled, hooks/test): by the name the user gave it first,
// then by id, among loaded hooks and entries that failed to load. Lookup only; never changes anything.
import type { HookSpec, InvalidHookEntry } from './dialect.js';
import { invalidEntryId } from './hook-status.js';

export type HookLookup =
  | { readonly kind: 'hook'; readonly hook: HookSpec }
  | { readonly kind: 'invalid'; readonly entry: InvalidHookEntry }
  | { readonly kind: 'none'; readonly known: readonly string[] };

/** How many names an answer about an unknown name lists. */
const KNOWN_SHOWN = 20;

export function findHookNamed(name: string, hooks: readonly HookSpec[], invalid: readonly InvalidHookEntry[]): HookLookup {
  const byName = hooks.find((hook) => hook.name === name);
  if (byName !== undefined) return { kind: 'hook', hook: byName };
  const byId = hooks.find((hook) => hook.id === name);
  if (byId !== undefined) return { kind: 'hook', hook: byId };
  const entry = invalid.find((candidate) => candidate.name === name || invalidEntryId(candidate) === name);
  if (entry !== undefined) return { kind: 'invalid', entry };
  const known = [...new Set([...hooks.map((hook) => hook.name ?? hook.id), ...invalid.map((candidate) => candidate.name ?? invalidEntryId(candidate))])];
  return { kind: 'none', known: known.slice(0, KNOWN_SHOWN) };
}
