// CONTRACT STUB (part gemini-io implements): one run's output read as Gemini CLI 0.61 reads it (§4.3, §4.4 and
// observed-decisions, Gemini column).
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';

export function interpret(_context: EventContext, _hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const ok = outcome.exitCode === 0;
  return { status: ok ? 'ok' : 'error', failureClass: ok ? null : 'nonzero_exit', decision: 'none' };
}
