// Compiles a Bamboo matcher (a Rust `regex` over the tool name): translated to RE2 syntax with Rust's exact meaning
// (rust-regex-translate.ts), run by re2js in linear time, its cost bounded by src/matching (patterns over 4096
// characters refused; huge names tested in the worker under a deadline). Knows no events or files.
import { RE2JS } from 're2js';
import { boundedMatchFn, patternLengthProblem, type MatchFn } from '../../matching/bounded-matcher.js';
import { translateRustRegex } from './rust-regex-translate.js';

export type { MatchFn };
/**
 * `invalid`: Rust's `regex` refuses the pattern too; `unsupported`: valid in Rust, but hookd cannot run it exactly;
 * `too-long`: over hookd's pattern length limit.
 */
export type CompiledMatcher =
  | { readonly ok: true; readonly matches: MatchFn }
  | { readonly ok: false; readonly kind: 'invalid' | 'unsupported' | 'too-long'; readonly error: string };

const matchAll: MatchFn = () => true;

/**
 * Omitted: matches every tool. Otherwise the pattern is searched anywhere in the tool name (Rust's
 * `Regex::is_match`: `Bash` matches `MyBashTool`; anchor with `^...$`). An undefined target (no tool name)
 * matches. A pattern either means here what it means in Rust or is refused with a message naming the construct:
 * never matched another way. `label` names where the matcher is configured in warnings written while matching.
 */
export function compileMatcher(matcher: string | undefined, label = 'bamboo matcher'): CompiledMatcher {
  if (matcher === undefined) return { ok: true, matches: matchAll };
  const tooLong = patternLengthProblem(matcher);
  if (tooLong !== undefined) return { ok: false, kind: 'too-long', error: tooLong };
  const translation = translateRustRegex(matcher);
  if (!translation.ok) return translation;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(translation.re2);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    return { ok: false, kind: 'unsupported', error: `the linear-time engine cannot compile its translation (${message.length > 160 ? `${message.slice(0, 160)}…` : message})` };
  }
  return { ok: true, matches: boundedMatchFn({ pattern: matcher, label, engine: 're2', workerSource: translation.re2, linear: regex }) };
}
