// Compiles a WAMP matcher (seed 002 "Matchers") into a predicate over WAMP tool names: every tool, a list of exact names,
// or an unanchored JavaScript regex with bounded cost (src/matching). Knows no files or events; never translates names.
import { compileJsRegex } from '../../matching/js-regex-matcher.js';
import type { MatchFn } from '../../matching/bounded-matcher.js';

export type { MatchFn };
export type CompiledWampMatcher =
  | { readonly ok: true; readonly matches: MatchFn; readonly notice?: string }
  | { readonly ok: false; readonly code: 'invalid-regex' | 'matcher-too-long'; readonly error: string };

/** Only letters, digits, `_`, `-` and `|`: an exact tool name, or a `|` list of exact names. */
export const PLAIN_NAMES = /^[A-Za-z0-9_\-|]+$/;

const matchAll: MatchFn = () => true;

/**
 * - omitted, `""` or `"*"`: every tool.
 * - only PLAIN_NAMES characters (`shell|write`): exactly those names (case-sensitive; empty alternatives ignored).
 * - anything else: what `new RegExp(matcher).test(toolName)` answers — JavaScript syntax without flags, as Claude Code
 *   compiles its matchers, unanchored (`mcp__github__.*` matches every tool of that server). It runs in linear time
 *   (re2js) when the pattern translates; JavaScript-only features (lookaround, backreferences) run on JavaScript's
 *   engine in a worker under a deadline, and a test past it counts as no match (src/matching/bounded-matcher.ts).
 * Tool names are never translated: `Bash` does not match `shell`. An undefined target (no tool) always matches.
 */
export function compileWampMatcher(matcher: string | undefined, label = 'wamp matcher'): CompiledWampMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matches: matchAll };
  if (PLAIN_NAMES.test(matcher)) {
    const names = new Set(matcher.split('|').filter((name) => name !== ''));
    return { ok: true, matches: (target) => target === undefined || names.has(target) };
  }
  return compileJsRegex(matcher, label, 'annex-b');
}

/** True when the matcher selects every tool (omitted, `""`, `"*"`). */
export function matchesEveryTool(matcher: string | undefined): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}
