// What a gemini matcher is tested against (hookEventHandler.ts: the HookEventContext each fire*Event passes): the tool
// name on BeforeTool and AfterTool, SessionStart `source`, SessionEnd `reason`, PreCompress `trigger`. Every other
// event passes none, and Gemini then runs the hook whatever its matcher says (hookPlanner.ts matchesContext). Pure.
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
      return params.toolName;
    case 'SessionStart':
      return params.source ?? 'startup';
    case 'SessionEnd':
      return params.reason ?? 'other';
    case 'PreCompact':
      return params.trigger ?? 'manual';
    default:
      return undefined;
  }
}

export function matchTargetField(event: EventName): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
      return 'tool_name';
    case 'SessionStart':
      return 'source';
    case 'SessionEnd':
      return 'reason';
    case 'PreCompact':
      return 'trigger';
    default:
      return undefined;
  }
}
