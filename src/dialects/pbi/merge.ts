// Merges the verdicts of one pbi event in configured order (hookd's rule; pbi-agent merges in completion order).
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

export function merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  void context;
  void verdicts;
  return { decision: 'none', continue: true };
}
