// STUB (groundwork): the runtime part replaces this file with envelope.ts, environment.ts, output.ts, merge.ts,
// expand.ts and match-target.ts, and index.ts then imports those instead.
import type { EventContext, HookSpec, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';

export const matchTarget = (_event: EventName, params: EventParams): string | undefined => params.toolName;
export const renderStdin = (context: EventContext): string => JSON.stringify({ event: context.event, session_id: context.sessionId, cwd: context.cwd });
export const environment = (_context: EventContext, _hook: HookSpec): Record<string, string> => ({});
export const interpret = (_context: EventContext, _hook: HookSpec, outcome: ProcessOutcome): HookVerdict => ({
  status: outcome.exitCode === 0 ? 'ok' : 'error',
  failureClass: outcome.exitCode === 0 ? null : 'nonzero_exit',
  decision: 'none',
});
export const merge = (_context: EventContext, _verdicts: readonly HookVerdict[]): MergedOutcome => ({ decision: 'none', continue: true });
