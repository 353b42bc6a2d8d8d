// What a codex hook's environment adds: CODEX_HOME (the $CODEX_HOME of the load that found the hook, where the user's
// hooks.json and config.toml live). Only names and values; must not read the process environment.
import type { EventContext, HookSpec } from '../../engine/dialect.js';
import { codexHomeOfHook } from './hook-run-data.js';

export type { CodexRunData } from './hook-run-data.js';

export function codexEnvironment(context: EventContext, hook: HookSpec): Record<string, string> {
  void context;
  const home = codexHomeOfHook(hook);
  return home !== undefined ? { CODEX_HOME: home } : {};
}
