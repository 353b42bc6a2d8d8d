// CONTRACT STUB (part gemini-load implements): the gemini dialect's configuration: the `hooks` key of the system, user
// and project settings.json (project only when folder trust allows), Gemini's event names, `timeout` in ms,
// `sequential`, de-duplication by name:command, hooksConfig.enabled / disabled. Reads files; never writes.
import type { LoadContext, LoadResult } from '../../engine/dialect.js';

export function loadGeminiHooks(_context: LoadContext): LoadResult {
  return { hooks: [], diagnostics: [], sources: [] };
}
