// The variables Claude Code adds to a hook's environment (on top of hookd's own).
// Only names and values; must not read the process environment.
import type { EventContext, HookSpec } from '../../engine/dialect.js';

export function claudeEnvironment(context: EventContext, _hook: HookSpec): Record<string, string> {
  return { CLAUDE_PROJECT_DIR: context.workspace, CLAUDE_CODE_SESSION_ID: context.sessionId };
}
