// Reads one pbi hook run (seed 003 "Hook output", facts §8): exit 2 per event, stdout JSON or text. One run only.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';

export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  void context;
  void hook;
  void outcome;
  return { status: 'ok', failureClass: null, decision: 'none' };
}
