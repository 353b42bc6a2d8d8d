// Gemini's matcher (hookPlanner.matchesContext, §4.2): the matcher is trimmed; ""/"*"/none match all; on tool events
// (BeforeTool, AfterTool) `new RegExp(matcher).test(toolName)`, unanchored, and literal equality when it is not a valid
// expression; on other events exact equality with the trigger/source. Bounded (src/matching: re2js, else JavaScript's
// engine under a deadline). Pure.
import type { EventName } from '../../protocol/index.js';
import type { MatchFn } from '../../matching/bounded-matcher.js';
import { compileJsRegex } from '../../matching/js-regex-matcher.js';
import { GEMINI_TOOL_EVENTS } from './events.js';

export type GeminiMatcher = { readonly ok: true; readonly matches: MatchFn; readonly warning?: string } | { readonly ok: false; readonly error: string };

const matchAll: MatchFn = () => true;

/** Gemini tests a matcher only against a non-empty tool name or trigger (`if (context.toolName)`): none matches all. */
const noTarget = (target: string | undefined): boolean => target === undefined || target === '';

/**
 * An undefined target (the event has no matcher field, e.g. BeforeAgent) always matches, as in Gemini. `label` says
 * where the matcher is written (used in warnings while matching). Never fails: Gemini has no invalid matcher.
 */
export function compileGeminiMatcher(event: EventName, matcher: string | undefined, label = 'gemini matcher'): GeminiMatcher {
  if (matcher === undefined) return { ok: true, matches: matchAll };
  const trimmed = matcher.trim();
  if (trimmed === '' || trimmed === '*') return { ok: true, matches: matchAll };
  const literal: MatchFn = (target) => noTarget(target) || target === trimmed;
  if (!GEMINI_TOOL_EVENTS.includes(event)) return { ok: true, matches: literal };
  const compiled = compileJsRegex(trimmed, label, 'annex-b');
  if (compiled.ok) {
    const regex = compiled.matches;
    return { ok: true, matches: (target) => noTarget(target) || regex(target), ...(compiled.notice !== undefined ? { warning: compiled.notice } : {}) };
  }
  if (compiled.code === 'invalid-regex') {
    return { ok: true, matches: literal, warning: `matcher ${JSON.stringify(trimmed)} is not a valid regular expression (${compiled.error}): as in Gemini CLI it matches only a tool named exactly ${JSON.stringify(trimmed)}` };
  }
  return { ok: true, matches: literal, warning: `matcher ${JSON.stringify(trimmed.slice(0, 60))}… is not tested as a regular expression: ${compiled.error}; it matches only a tool named exactly as written` };
}
