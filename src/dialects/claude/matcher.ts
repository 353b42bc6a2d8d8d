// Compiles a Claude Code matcher string into a predicate: match-all, exact name list, or unanchored JS regex whose
// cost is bounded (src/matching). Knows nothing about events or files; the caller turns errors and notices into Diagnostics.
import { compileJsRegex } from '../../matching/js-regex-matcher.js';
import type { MatchFn } from '../../matching/bounded-matcher.js';

export type { MatchFn };
export type CompiledMatcher =
  | { readonly ok: true; readonly matches: MatchFn; readonly notice?: string }
  | { readonly ok: false; readonly code: 'invalid-regex' | 'matcher-too-long'; readonly error: string };

/** Only letters, digits, `_`, `-`, space, `,` and `|`: an exact name or a list of exact names. */
const EXACT_SET = /^[A-Za-z0-9_\- ,|]+$/;
/** FileChanged and StopFailure: only letters, digits, `_` and `|` are exact names (a `-`, space or `,` means regex). */
export const NARROW_EXACT_SET = /^[A-Za-z0-9_|]+$/;

const matchAll: MatchFn = () => true;

/**
 * - `"*"`, `""` or omitted: matches everything.
 * - made only of the exact-set characters: exact names split on `|` or `,`, whitespace trimmed.
 * - anything else: what `new RegExp(matcher).test(target)` answers (no `u` flag, as Claude Code compiles it, so Annex-B
 *   patterns such as `\-` or `a{` are valid), unanchored (`Edit.*` matches `NotebookEdit`), computed in linear time
 *   when re2js can express the pattern and the target has no surrogate code units, else by JavaScript's engine
 *   under a deadline (see src/matching/bounded-matcher.ts); regexes over 4096 characters are refused.
 * `exactSet` narrows the exact-name path (NARROW_EXACT_SET for FileChanged and StopFailure).
 * An undefined target (an event without a match field) always matches. `label` names where the matcher is
 * configured in warnings written while matching.
 */
export function compileMatcher(matcher: string | undefined, label = 'claude matcher', exactSet: RegExp = EXACT_SET): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matches: matchAll };
  if (exactSet.test(matcher)) {
    const names = new Set(
      matcher
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    return { ok: true, matches: (target) => target === undefined || names.has(target) };
  }
  return compileJsRegex(matcher, label, 'annex-b');
}

/** Matchers that mean "everything" compare equal: omitted, `""` and `"*"` all become `"*"`. */
export function normalizeMatcher(matcher: string | undefined): string {
  return matcher === undefined || matcher === '' ? '*' : matcher;
}
