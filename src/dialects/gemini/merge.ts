// Gemini's aggregation of one event's runs (§4.3, hookAggregator.ts): the outputs every run produced, in configured
// order, aggregated as Gemini does, then read as Gemini reads the result. Never reads process output itself.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import { aggregate } from './aggregate.js';
import { readOutputOf, type GeminiHookOutput } from './hook-output.js';
import { outcomeOf } from './outcome.js';

/**
 * Runs without output (timed out, not started, cancelled, printed nothing) contribute nothing. Any continue false
 * stops; a blocking decision from any hook wins, else "ask"; all reasons (the allowing hooks' too, observed 07:
 * `DENY-FROM-HOOK-A\nALLOW-FROM-HOOK-B`), systemMessages, stopReasons and additionalContexts joined with `\n`; other
 * hookSpecificOutput keys shallow-merged, later wins (so the last hook's tool_input is the rewrite, the whole new
 * input). BeforeModel/AfterModel: later fields overwrite; BeforeToolSelection: union of function names, NONE over ANY
 * over AUTO.
 */
export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const outputs = verdicts.map((verdict) => readOutputOf(verdict)?.output).filter((output): output is GeminiHookOutput => output !== undefined);
  return outcomeOf(context.event, aggregate(context.event, outputs)).fields;
}
