// What a bonsai tool glob is tested against: the unit's tool name (tool_name on the wire). Events without a tool
// (SessionStart, or a PreBash the client sent on its own) have none, so a set tool matcher does not match. Pure.
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(_event: EventName, params: EventParams): string | undefined {
  return params.toolName;
}

export function matchTargetField(_event: EventName): string {
  return 'tool_name';
}
