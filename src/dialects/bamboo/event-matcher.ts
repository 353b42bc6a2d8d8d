// A matcher for one event: allowed only on PreToolUse and PostToolUse, compiled as a Rust regex. Shared by the file
// parser and programmatic-hook registration so both refuse the same things with the same words.
import type { EventName } from '../../protocol/index.js';
import { ruleOf } from './event-rules.js';
import { compileMatcher, type MatchFn } from './matcher.js';

export type EventMatcher =
  | { readonly ok: true; readonly matches: MatchFn }
  | { readonly ok: false; readonly code: 'matcher-not-supported' | 'invalid-matcher' | 'unsupported-matcher'; readonly error: string };

export function compileEventMatcher(event: EventName, matcher: string | undefined): EventMatcher {
  if (matcher === undefined) return { ok: true, matches: () => true };
  if (!ruleOf(event).toolEvent) {
    return { ok: false, code: 'matcher-not-supported', error: `matcher is supported only for PreToolUse and PostToolUse, not ${event}` };
  }
  const compiled = compileMatcher(matcher, `${event} matcher`);
  if (compiled.ok) return compiled;
  if (compiled.kind === 'too-long') return { ok: false, code: 'invalid-matcher', error: `matcher refused: ${compiled.error}` };
  if (compiled.kind === 'invalid') return { ok: false, code: 'invalid-matcher', error: `matcher is not a valid Rust regular expression: ${compiled.error}` };
  return { ok: false, code: 'unsupported-matcher', error: `matcher cannot be run with the meaning it has in Rust's regex: ${compiled.error}` };
}
