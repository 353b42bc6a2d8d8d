// One WAMP handler as written (hooks/dryRun). STUB: owned by part D (wamp-load).
import type { Diagnostic, EventName } from '../../protocol/index.js';
import type { HookSpec, LoadContext } from '../../engine/dialect.js';

export function parseDryRunHandler(_raw: unknown, _event: EventName, _context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  return { diagnostics: [] };
}
