// CONTRACT STUB (part codex-io implements): what a codex hook's environment adds: CODEX_HOME.
import type { EventContext, HookSpec } from '../../engine/dialect.js';

export function codexEnvironment(_context: EventContext, _hook: HookSpec): Record<string, string> {
  return {};
}
