// Which EventParams field Claude Code tests a matcher against, per event.
// Pure lookup; must not compile or evaluate matchers.
import type { EventName, EventParams } from '../../protocol/index.js';

/**
 * Tool name (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest); `source` (SessionStart);
 * `trigger` (PreCompact, PostCompact); `notificationType` (Notification); `agentType` (SubagentStart,
 * SubagentStop); `reason` (SessionEnd); undefined (UserPromptSubmit, Stop: no matcher, every hook matches).
 */
export function matchTarget(event: EventName, params: EventParams): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PermissionRequest':
      return params.toolName;
    case 'SessionStart':
      return params.source;
    case 'PreCompact':
    case 'PostCompact':
      return params.trigger;
    case 'Notification':
      return params.notificationType;
    case 'SubagentStart':
    case 'SubagentStop':
      return params.agentType;
    case 'SessionEnd':
      return params.reason;
    case 'UserPromptSubmit':
    case 'Stop':
      return undefined;
  }
}
