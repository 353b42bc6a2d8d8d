// The variables Bamboo adds to a hook's environment (on top of hookd's own).
// Only names and values; must not read the process environment.
import type { EventContext, HookSpec } from '../../engine/dialect.js';

/** BAMBOO_HOOK_EVENT and BAMBOO_SESSION_ID for every handler; BAMBOO_HOOK_SCRIPT (the resolved path) for scripts. */
export function bambooEnvironment(context: EventContext, hook: HookSpec, run: { readonly scriptPath?: string }): Record<string, string> {
  const env: Record<string, string> = { BAMBOO_HOOK_EVENT: context.event, BAMBOO_SESSION_ID: context.sessionId };
  if (hook.handler.type === 'script' && run.scriptPath !== undefined) env.BAMBOO_HOOK_SCRIPT = run.scriptPath;
  return env;
}
