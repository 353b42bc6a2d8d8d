// The variables Claude Code adds to a hook's environment (on top of what it inherits from hookd).
// Only names and values; must not read the process environment.
import type { EventContext, HookSpec } from '../../engine/dialect.js';

export function claudeEnvironment(context: EventContext, hook: HookSpec): Record<string, string> {
  const effort = context.params.session.effort;
  return {
    CLAUDE_PROJECT_DIR: context.workspace,
    CLAUDE_CODE_SESSION_ID: context.sessionId,
    ...(hook.pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: hook.pluginRoot } : {}),
    ...(hook.pluginData !== undefined ? { CLAUDE_PLUGIN_DATA: hook.pluginData } : {}),
    ...(effort !== undefined && effort !== '' ? { CLAUDE_EFFORT: effort } : {}),
  };
}
