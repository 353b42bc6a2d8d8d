// CONTRACT STUB (part codex-io implements): one run's output read as Codex CLI 0.171 reads it (§3.4 and
// observed-decisions, Codex column).
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';

export function interpret(_context: EventContext, _hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const ok = outcome.exitCode === 0;
  return { status: ok ? 'ok' : 'error', failureClass: ok ? null : 'nonzero_exit', decision: 'none' };
}
