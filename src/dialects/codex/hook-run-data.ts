// What a codex hook's run needs from the load that found it: the $CODEX_HOME of that load (CODEX_HOME in the hook's
// environment, for project hooks too). Records it on each loaded hook (HookSpec.data.codexHome); reads no files.
import type { HookSpec, LoadContext, LoadResult } from '../../engine/dialect.js';
import { codexHome } from './paths.js';

export type CodexRunData = { readonly codexHome?: string };

/** The load's hooks, each with data.codexHome set (other data the loader gave is kept). */
export function withCodexHome(result: LoadResult, context: LoadContext): LoadResult {
  const home = codexHome(context);
  const mark = (hook: HookSpec): HookSpec => ({ ...hook, data: { ...(isObject(hook.data) ? hook.data : {}), codexHome: home } });
  return {
    ...result,
    hooks: result.hooks.map(mark),
    ...(result.rejections !== undefined ? { rejections: result.rejections.map((rejection) => (rejection.startupHooks !== undefined ? { ...rejection, startupHooks: rejection.startupHooks.map(mark) } : rejection)) } : {}),
  };
}

/** data.codexHome of a loaded hook, when the load recorded one. */
export function codexHomeOfHook(hook: HookSpec): string | undefined {
  return isObject(hook.data) && typeof hook.data.codexHome === 'string' ? hook.data.codexHome : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
