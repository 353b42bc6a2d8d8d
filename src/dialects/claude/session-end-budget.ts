// Claude Code's SessionEnd budget: the SessionEnd hooks of one dispatch share 1.5 s, raised to the largest timeout
// configured on them (at most 60 s), or what CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS / the initialize option says.
// Computes the number only; the dispatcher enforces it.
import type { DispatchBudgetSettings, HookSpec } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';

export const SESSION_END_BASE_BUDGET_MS = 1_500;
export const SESSION_END_MAX_BUDGET_MS = 60_000;
export const SESSION_END_BUDGET_ENV = 'CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS';
/** The longest delay a timer takes (a longer one would fire at once). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * SessionEnd only. `options.sessionEndTimeoutMs` wins, then a positive integer in CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS
 * (anything else there is ignored), then max(1500, largest explicitly configured timeout of the matching hooks),
 * capped at 60000. Each hook's own timeout still applies inside the budget.
 */
export function sessionEndBudgetMs(event: EventName, hooks: readonly HookSpec[], settings: DispatchBudgetSettings): number | undefined {
  if (event !== 'SessionEnd') return undefined;
  if (settings.options.sessionEndTimeoutMs !== undefined) return settings.options.sessionEndTimeoutMs;
  const fromEnv = settings.env[SESSION_END_BUDGET_ENV]?.trim();
  if (fromEnv !== undefined && /^[0-9]+$/.test(fromEnv) && Number(fromEnv) > 0) return Math.min(Number(fromEnv), MAX_TIMER_MS);
  let largest = 0;
  for (const hook of hooks) if (hook.handler.type === 'command' && hook.handler.explicitTimeout === true) largest = Math.max(largest, hook.handler.timeoutMs);
  return Math.min(SESSION_END_MAX_BUDGET_MS, Math.max(SESSION_END_BASE_BUDGET_MS, largest));
}
