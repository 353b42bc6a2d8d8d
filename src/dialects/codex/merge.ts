// CONTRACT STUB (part codex-io implements): merging one event's verdicts as Codex does (§3.4): any block wins, the first
// block's reason in configured order, updatedInput only when nothing blocks, contexts in configured order.
import type { EventContext, HookVerdict, MergedOutcome } from '../../engine/dialect.js';

export function merge(_context: EventContext, _verdicts: readonly HookVerdict[]): MergedOutcome {
  return { decision: 'none', continue: true };
}
