// CONTRACT STUB (part gemini-io implements): Gemini's aggregation (§4.3): any blocking decision wins, reasons (and
// systemMessage, stopReason, additionalContext) joined with newlines, continue false if any.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

export function merge(_context: EventContext, _verdicts: readonly HookVerdict[]): MergedOutcome {
  return { decision: 'none', continue: true };
}
