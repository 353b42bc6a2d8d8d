// Codex's matcher (hook-systems §3.3, codex-rs hooks/src/events/common.rs): ""/"*"/omitted = all; only [A-Za-z0-9_|]
// → split on | and compared exactly; else a Rust regex tested unanchored; tool aliases (apply_patch ≈ Edit, Write;
// spawn_agent ≈ Agent). Pure; knows no files; the caller reports errors.
import { compileMatcher as compileRustRegex, type MatchFn } from '../bamboo/matcher.js';

export type { MatchFn };
export type CodexMatcher =
  | { readonly ok: true; readonly matches: MatchFn }
  | { readonly ok: false; readonly code: 'invalid-regex' | 'unsupported-regex' | 'matcher-too-long'; readonly error: string };

/** Codex's exact form: every character ASCII alphanumeric, `_` or `|` (so `Edit|Write`, `mcp__memory`). */
export const CODEX_EXACT_MATCHER = /^[A-Za-z0-9_|]+$/;

/**
 * The names a tool is also matched as (Codex's HookToolName matcher_aliases): `apply_patch` as `Write` and `Edit`,
 * `spawn_agent` as `Agent`. The tool name itself is tested first; one hit selects the handler (at most once).
 */
export const CODEX_TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  apply_patch: ['Write', 'Edit'],
  spawn_agent: ['Agent'],
};

const matchAll: MatchFn = () => true;

export function isMatchAllMatcher(matcher: string | undefined): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}

/**
 * `matcher` as written (not trimmed, as Codex): match-all, exact alternatives (`Bash` does not match `BashOutput`; an
 * empty alternative in `a||b` matches nothing) or a Rust regex searched anywhere in the name (`^Ba.h$`; `Bash` inside
 * a regex matches `MyBashTool`), through hookd's Rust-regex translator and re2js (linear time, bounded). A pattern
 * Rust refuses, or one hookd cannot run with Rust's exact meaning, is an error: the caller skips the whole group, as
 * Codex does with an invalid regex. An undefined target (the event has no match field) matches, hookd's convention.
 */
export function compileCodexMatcher(matcher: string | undefined, label = 'codex matcher'): CodexMatcher {
  if (isMatchAllMatcher(matcher)) return { ok: true, matches: matchAll };
  const text = matcher as string;
  if (CODEX_EXACT_MATCHER.test(text)) {
    const names = new Set(text.split('|'));
    return { ok: true, matches: withAliases((name) => names.has(name)) };
  }
  const compiled = compileRustRegex(text, label);
  if (!compiled.ok) {
    const code = compiled.kind === 'invalid' ? 'invalid-regex' : compiled.kind === 'too-long' ? 'matcher-too-long' : 'unsupported-regex';
    return { ok: false, code, error: compiled.error };
  }
  const { matches } = compiled;
  return { ok: true, matches: withAliases((name) => matches(name)) };
}

/** The tool name, then its aliases: true at the first that matches. */
function withAliases(test: (name: string) => boolean): MatchFn {
  return (target) => {
    if (target === undefined) return true;
    if (test(target)) return true;
    const aliases = Object.hasOwn(CODEX_TOOL_ALIASES, target) ? CODEX_TOOL_ALIASES[target] : undefined;
    return aliases !== undefined && aliases.some(test);
  };
}
