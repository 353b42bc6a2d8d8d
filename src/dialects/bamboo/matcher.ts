// Compiles a Bamboo matcher (a Rust `regex` over the tool name) with re2js: linear time, unanchored search, its cost
// bounded by src/matching (patterns over 4096 characters refused; huge names tested in the worker under a deadline).
// Knows no events or files; rejects Rust-incompatible syntax with a message the caller turns into a diagnostic.
import { RE2JS } from 're2js';
import { boundedMatchFn, patternLengthProblem, type MatchFn } from '../../matching/bounded-matcher.js';

export type { MatchFn };
export type CompiledMatcher = { readonly ok: true; readonly matches: MatchFn } | { readonly ok: false; readonly error: string };

const matchAll: MatchFn = () => true;

/**
 * Omitted: matches every tool. Otherwise the pattern is searched anywhere in the tool name (Rust's
 * `Regex::is_match`: `Bash` matches `MyBashTool`; anchor with `^...$`). An undefined target (no tool name)
 * matches. Syntax Rust's `regex` rejects is an error here too: look-around, backreferences; and Rust syntax
 * RE2 would read differently (nested classes and class set operations `&&`, `--`, `~~`) is refused rather
 * than silently matched another way. `label` names where the matcher is configured in warnings written while matching.
 */
export function compileMatcher(matcher: string | undefined, label = 'bamboo matcher'): CompiledMatcher {
  if (matcher === undefined) return { ok: true, matches: matchAll };
  const tooLong = patternLengthProblem(matcher);
  if (tooLong !== undefined) return { ok: false, error: tooLong };
  const unsupported = unsupportedSyntax(matcher);
  if (unsupported !== undefined) return { ok: false, error: unsupported };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(matcher);
  } catch (error) {
    return { ok: false, error: (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '') };
  }
  return { ok: true, matches: boundedMatchFn({ pattern: matcher, label, engine: 're2', workerSource: matcher, linear: regex }) };
}

/** A description of the first construct Rust's `regex` does not have (or RE2 reads differently); undefined if none. */
function unsupportedSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const next = pattern[i + 1];
    if (c === '\\') {
      if (!inClass && next !== undefined && next >= '1' && next <= '9') return `backreferences are not supported: \`\\${next}\``;
      i++;
      continue;
    }
    if (!inClass) {
      if (c === '(' && next === '?') {
        const head = pattern.slice(i, i + 4);
        if (head.startsWith('(?=') || head.startsWith('(?!') || head === '(?<=' || head === '(?<!') {
          return `look-around assertions are not supported: \`${head.startsWith('(?<') ? head : head.slice(0, 3)}\``;
        }
      }
      if (c === '[') {
        inClass = true;
        if (pattern[i + 1] === '^') i++;
        if (pattern[i + 1] === ']') i++; // a leading `]` is a literal
      }
      continue;
    }
    if (c === '[') {
      if (next === ':') {
        const end = pattern.indexOf(':]', i + 2);
        if (end !== -1) {
          i = end + 1;
          continue;
        }
      }
      return 'nested character classes are not supported';
    }
    if (c === ']') inClass = false;
    else if ((c === '&' || c === '-' || c === '~') && next === c) return `character class set operations are not supported: \`${c}${c}\``;
  }
  return undefined;
}
