// CONTRACT STUB (part gemini-io implements): GEMINI_PROJECT_DIR, GEMINI_CWD, GEMINI_SESSION_ID, CLAUDE_PROJECT_DIR
// (and GEMINI_PLANS_DIR when known) plus the handler's own `env`.
import type { EventContext, HookSpec } from '../../engine/dialect.js';

export function geminiEnvironment(_context: EventContext, _hook: HookSpec): Record<string, string> {
  return {};
}
