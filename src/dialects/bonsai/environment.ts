// The variables a bonsai shell action gets besides the JSON on stdin (for scripts that do not parse JSON).
// Names and values only; must not read the process environment.
import type { EventContext, HookSpec } from '../../engine/dialect.js';
import { wireCommand, wireFilePath } from './envelope.js';

/**
 * Longest value of an optional variable. Linux refuses to start a process with any one environment string over
 * 128 KiB (E2BIG); a longer command or path is left out of the environment rather than failing the hook: the
 * JSON on stdin always carries it.
 */
export const MAX_VARIABLE_CHARS = 32 * 1024;

/** A value the environment can hold: no NUL byte (spawn refuses one) and within MAX_VARIABLE_CHARS. */
function usable(value: string | undefined): value is string {
  return value !== undefined && value.length <= MAX_VARIABLE_CHARS && !value.includes('\0');
}

/**
 * BONSAI_HOOK_EVENT, BONSAI_PROJECT_ROOT (the workspace) and BONSAI_SESSION_ID always; BONSAI_TOOL_NAME,
 * BONSAI_FILE_PATH (relative to the project root, as globs see it) and BONSAI_COMMAND when the unit has them.
 */
export function bonsaiEnvironment(context: EventContext, _hook: HookSpec): Record<string, string> {
  const env: Record<string, string> = {
    BONSAI_HOOK_EVENT: context.event,
    BONSAI_PROJECT_ROOT: context.workspace,
    BONSAI_SESSION_ID: context.sessionId,
  };
  const optional: Record<string, string | undefined> = {
    BONSAI_TOOL_NAME: context.params.toolName,
    BONSAI_FILE_PATH: wireFilePath(context),
    BONSAI_COMMAND: wireCommand(context),
  };
  for (const [name, value] of Object.entries(optional)) if (usable(value)) env[name] = value;
  return env;
}
