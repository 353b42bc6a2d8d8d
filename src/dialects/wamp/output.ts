// How WAMP reads one run's output. STUB: owned by part E (wamp-io).
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';

export function interpret(_context: EventContext, _hook: HookSpec, _outcome: ProcessOutcome): HookVerdict {
  return { status: 'ok', failureClass: null, decision: 'none' };
}
