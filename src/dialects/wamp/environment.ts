// A WAMP hook's environment (seed 002 "Input"): WAMP_PROJECT_DIR added, the engine's control connection
// (WAMP_CORE_URL, WAMP_CORE_SECRET_FILE) removed from what hooks inherit. Names and values only; reads no process state.
import type { EventContext, HookSpec } from '../../engine/dialect.js';
import type { ServerOptions } from '../../protocol/index.js';

/** "The environment … removes `WAMP_CORE_URL` and `WAMP_CORE_SECRET_FILE`, so a hook does not inherit the engine's control connection." */
export const REMOVED_VARIABLES: readonly string[] = ['WAMP_CORE_URL', 'WAMP_CORE_SECRET_FILE'];

/** "The environment adds `WAMP_PROJECT_DIR`": the project root (the hook's cwd). */
export function wampEnvironment(context: EventContext, _hook: HookSpec): Record<string, string> {
  return { WAMP_PROJECT_DIR: context.workspace };
}

/** hookd's environment without the control-connection variables (exact names; everything else is inherited). */
export function wampInheritedEnvironment(env: Readonly<Record<string, string>>, _options: ServerOptions): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (!REMOVED_VARIABLES.includes(name)) inherited[name] = value;
  return inherited;
}
