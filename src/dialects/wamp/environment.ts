// A WAMP hook's environment. STUB: owned by part E (wamp-io).
import type { EventContext, HookSpec } from '../../engine/dialect.js';
import type { ServerOptions } from '../../protocol/index.js';

export function wampEnvironment(context: EventContext, _hook: HookSpec): Record<string, string> {
  return { WAMP_PROJECT_DIR: context.workspace };
}

export function wampInheritedEnvironment(env: Readonly<Record<string, string>>, _options: ServerOptions): Record<string, string> {
  return { ...env };
}
