// What a WAMP matcher is tested against. STUB: owned by part D (wamp-load).
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  return event === 'PreToolUse' || event === 'PostToolUse' ? params.toolName : undefined;
}

export function matchTargetField(event: EventName): string | undefined {
  return event === 'PreToolUse' || event === 'PostToolUse' ? 'tool_name' : undefined;
}
