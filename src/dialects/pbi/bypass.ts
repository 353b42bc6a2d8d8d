// The dangerous trust bypass (seed 003 "Dangerous trust bypass", facts §5): the flag or initialize option, or
// PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST trimmed and lower-cased 1/true/yes/on. Decides only whether it is on.
import type { LoadContext } from '../../engine/dialect.js';

export const BYPASS_VARIABLE = 'PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST';

export function bypassVariableOn(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

export function bypassesReview(context: LoadContext): boolean {
  return context.bypassHookTrust === true || bypassVariableOn(context.env?.[BYPASS_VARIABLE]);
}
