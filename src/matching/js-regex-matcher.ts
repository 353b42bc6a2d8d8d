// Compiles a pattern with JavaScript meaning (`u` mode, or no flags as Claude Code's matchers) into a bounded predicate:
// translated to re2js (linear time) when both engines read it alike, else JavaScript's own engine in the worker under a deadline.
// Knows no dialect, file or event; the caller turns an error or a notice into a Diagnostic.
import { RE2JS } from 're2js';
import { boundedMatchFn, patternLengthProblem, type MatchFn } from './bounded-matcher.js';
import { translateJsRegex, type RegexMode } from './js-regex-to-re2.js';
import { matchDeadline, warmUpRegexWorker } from './regex-worker.js';

export type CompiledRegex =
  | {
      readonly ok: true;
      readonly matches: MatchFn;
      /** Set when the pattern runs on the backtracking engine (with a deadline): worth telling the user. */
      readonly notice?: string;
    }
  | { readonly ok: false; readonly code: 'invalid-regex' | 'matcher-too-long'; readonly error: string };

/**
 * `label` says where the pattern is configured (used in warnings while matching). Unanchored, like `RegExp#test`.
 * `mode`: `unicode` is `new RegExp(pattern, 'u')`, `annex-b` is `new RegExp(pattern)` (see js-regex-to-re2.ts).
 */
export function compileJsRegex(pattern: string, label: string, mode: RegexMode = 'unicode'): CompiledRegex {
  const tooLong = patternLengthProblem(pattern);
  if (tooLong !== undefined) return { ok: false, code: 'matcher-too-long', error: tooLong };
  try {
    new RegExp(pattern, mode === 'unicode' ? 'u' : '');
  } catch (error) {
    return { ok: false, code: 'invalid-regex', error: error instanceof Error ? error.message : String(error) };
  }
  const engine = mode === 'unicode' ? 'javascript' : 'javascript-annex-b';
  const translation = translateJsRegex(pattern, mode);
  let why: string;
  if (translation.ok) {
    try {
      const linear = RE2JS.compile(translation.re2);
      const linearOnlyWithoutSurrogates = mode === 'annex-b';
      return { ok: true, matches: boundedMatchFn({ pattern, label, engine, workerSource: pattern, linear, linearOnlyWithoutSurrogates }) };
    } catch (error) {
      why = `the linear-time engine cannot compile it (${error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error)})`;
    }
  } else {
    why = `it uses ${translation.reason}, which the linear-time engine does not have`;
  }
  warmUpRegexWorker();
  return {
    ok: true,
    matches: boundedMatchFn({ pattern, label, engine, workerSource: pattern }),
    notice:
      `matcher ${JSON.stringify(pattern)} runs on JavaScript's backtracking engine because ${why}: ` +
      `each test may take ${matchDeadline()} ms, and a test that takes longer counts as not matching and disables the matcher for the session`,
  };
}
