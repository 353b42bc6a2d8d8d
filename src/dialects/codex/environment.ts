// What a codex hook's environment adds: CODEX_HOME (the directory of the user's hooks.json and config.toml). Only
// names and values; must not read the process environment (hookd's own CODEX_HOME is inherited anyway).
import { dirname } from 'node:path';
import type { EventContext, HookSpec } from '../../engine/dialect.js';

/** What the codex loader may record on a hook (HookSpec.data) for the run: the $CODEX_HOME it loaded from. */
export type CodexRunData = { readonly codexHome?: string };

export function codexEnvironment(context: EventContext, hook: HookSpec): Record<string, string> {
  void context;
  const home = codexHomeOf(hook);
  return home !== undefined ? { CODEX_HOME: home } : {};
}

/** HookSpec.data.codexHome when the loader gave it; else a user hook's own directory ($CODEX_HOME/hooks.json). */
function codexHomeOf(hook: HookSpec): string | undefined {
  const data = hook.data;
  if (data !== null && typeof data === 'object' && typeof (data as CodexRunData).codexHome === 'string') return (data as CodexRunData).codexHome;
  if (hook.scope === 'user' && hook.source.endsWith('hooks.json')) return dirname(hook.source);
  return undefined;
}
