// What a codex hook's run needs from the load that found it: the $CODEX_HOME of that load (CODEX_HOME in the hook's
// environment, for project hooks too), which the loader records on each hook (HookSpec.data.codexHome); reads no files.
import type { HookSpec } from '../../engine/dialect.js';

export type CodexRunData = { readonly codexHome?: string };

/** data.codexHome of a loaded hook, when the load recorded one. */
export function codexHomeOfHook(hook: HookSpec): string | undefined {
  return isObject(hook.data) && typeof hook.data.codexHome === 'string' ? hook.data.codexHome : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
