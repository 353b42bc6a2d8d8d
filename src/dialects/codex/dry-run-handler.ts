// CONTRACT STUB (part codex-load implements): one handler as written in a codex hooks.json, parsed for hooks/dryRun.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';

export function parseDryRunHandler(_raw: unknown, _event: EventName, _context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  return { diagnostics: [] };
}
