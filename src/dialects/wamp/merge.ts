// How WAMP merges the verdicts of one event. STUB: owned by part E (wamp-io).
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

export function merge(_context: EventContext, _verdicts: readonly HookVerdict[]): MergedOutcome {
  return { decision: 'none', continue: true };
}
