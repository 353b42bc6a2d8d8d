// CONTRACT STUB (part gemini-io implements): what a gemini matcher is tested against: the tool name on BeforeTool and
// AfterTool, SessionStart `source`, SessionEnd `reason`, PreCompress `trigger`, Notification `notification_type`.
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(_event: EventName, params: EventParams): string | undefined {
  return params.toolName;
}

export function matchTargetField(_event: EventName): string | undefined {
  return 'tool_name';
}
