// Compiles a Claude Code matcher string into a predicate: match-all, exact name list, or unanchored JS regex.
// Knows nothing about events or files; the caller turns a compile error into a Diagnostic.

export type MatchFn = (target: string | undefined) => boolean;
export type CompiledMatcher = { readonly ok: true; readonly matches: MatchFn } | { readonly ok: false; readonly error: string };

/** Only letters, digits, `_`, `-`, space, `,` and `|`: an exact name or a list of exact names. */
const EXACT_SET = /^[A-Za-z0-9_\- ,|]+$/;

const matchAll: MatchFn = () => true;

/**
 * - `"*"`, `""` or omitted: matches everything.
 * - made only of the exact-set characters: exact names split on `|` or `,`, whitespace trimmed.
 * - anything else: `new RegExp(matcher, 'u').test(target)`, unanchored (`Edit.*` matches `NotebookEdit`).
 * An undefined target (an event without a match field) always matches.
 */
export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matches: matchAll };
  if (EXACT_SET.test(matcher)) {
    const names = new Set(
      matcher
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    return { ok: true, matches: (target) => target === undefined || names.has(target) };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher, 'u');
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, matches: (target) => target === undefined || regex.test(target) };
}

/** Matchers that mean "everything" compare equal: omitted, `""` and `"*"` all become `"*"`. */
export function normalizeMatcher(matcher: string | undefined): string {
  return matcher === undefined || matcher === '' ? '*' : matcher;
}
