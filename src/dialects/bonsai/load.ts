// Loads bonsai's `[[hooks]]` tables from the global (home) and project `.bonsai/config.toml` into HookSpecs.
// STUB (groundwork): the config part replaces this file. Must not run anything.
import type { LoadContext, LoadResult } from '../../engine/dialect.js';

export function loadBonsaiHooks(_context: LoadContext): LoadResult {
  return { hooks: [], diagnostics: [], sources: [] };
}
