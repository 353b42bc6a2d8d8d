// Loads WAMP's hook files. STUB: owned by part D (wamp-load).
import type { LoadContext, LoadResult } from '../../engine/dialect.js';

export function loadWampHooks(_context: LoadContext): LoadResult {
  return { hooks: [], diagnostics: [], sources: [] };
}
