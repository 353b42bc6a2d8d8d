// Compiles a pbi matcher (seed 003 "Matchers", facts §6) into a predicate: match-all, exact word alternatives, or an
// unanchored regular expression with bounded cost (src/matching). Knows no files or events; the caller reports errors.
import { compileJsRegex } from '../../matching/js-regex-matcher.js';
import type { MatchFn } from '../../matching/bounded-matcher.js';
import { pythonStrip } from './python-int.js';

export type { MatchFn };
export type CompiledPbiMatcher =
  | { readonly ok: true; readonly matches: MatchFn; readonly notice?: string }
  | { readonly ok: false; readonly code: 'invalid-regex' | 'matcher-too-long'; readonly error: string };

/** One or more non-empty words of `[A-Za-z0-9_.:/-]` joined by single `|` (a single word too): exact alternatives. */
export const EXACT_ALTERNATIVES = /^[A-Za-z0-9_.:/-]+(?:\|[A-Za-z0-9_.:/-]+)*$/;

const matchAll: MatchFn = () => true;

/**
 * On the stripped matcher text (a non-string matcher counts as absent, as pbi-agent):
 * - omitted, `""` or `*`: everything;
 * - EXACT_ALTERNATIVES: exact, case-sensitive membership (`shell` matches only `shell`; `.` is literal);
 * - otherwise an unanchored search (`(shell|apply_patch)` matches `myshell`; `a||b` matches everything). pbi-agent uses
 *   Python's `re`; hookd compiles JavaScript syntax (the claude dialect's compiler: linear time via re2js, JS-only
 *   features in a bounded worker) after translating Python's named groups `(?P<n>…)` / `(?P=n)`. An invalid
 *   expression is an error the caller reports; the hook then never matches.
 * An undefined target (the event has no matcher input) always matches.
 */
export function compilePbiMatcher(matcher: unknown, label = 'pbi matcher'): CompiledPbiMatcher {
  const text = strippedMatcher(matcher);
  if (text === '' || text === '*') return { ok: true, matches: matchAll };
  if (EXACT_ALTERNATIVES.test(text)) {
    const names = new Set(text.split('|'));
    return { ok: true, matches: (target) => target === undefined || names.has(target) };
  }
  const compiled = compileJsRegex(fromPythonSyntax(text), label, 'annex-b');
  if (!compiled.ok) return compiled;
  const { matches } = compiled;
  return { ...compiled, matches: (target) => target === undefined || matches(target) };
}

/** The matcher text the key and the hash use: stripped (Python str.strip whitespace), "" when absent or not a string. */
export function strippedMatcher(matcher: unknown): string {
  return typeof matcher === 'string' ? pythonStrip(matcher) : '';
}

/** Python-only spellings of named groups, in JavaScript's syntax. */
function fromPythonSyntax(pattern: string): string {
  return pattern.replace(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?<$1>').replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>');
}
