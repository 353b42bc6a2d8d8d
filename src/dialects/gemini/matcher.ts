// CONTRACT STUB (part gemini-load implements): Gemini's matcher (§4.2): tool events test a regular expression
// unanchored against the tool name (literal equality when it is not a valid expression); lifecycle events compare
// exactly; ""/"*"/none match all. Bounded (no backtracking blow-up). Pure.
import type { EventName } from '../../protocol/index.js';
import type { MatchFn } from '../../matching/bounded-matcher.js';

export type GeminiMatcher = { readonly ok: true; readonly matches: MatchFn; readonly warning?: string } | { readonly ok: false; readonly error: string };

export function compileGeminiMatcher(_event: EventName, matcher: string | undefined): GeminiMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matches: () => true };
  return { ok: true, matches: (target) => target === matcher };
}
