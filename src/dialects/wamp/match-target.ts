// What a WAMP matcher is tested against: the tool name on tool events (PreToolUse, PostToolUse), nothing elsewhere.
// Pure lookup; must not compile or evaluate matchers.
import type { EventName, EventParams } from '../../protocol/index.js';
import { WAMP_TOOL_EVENTS } from './event-rules.js';

/** "`matcher` Tool events only": the tool name as the agent sent it (WAMP's names, untranslated); undefined elsewhere. */
export function matchTarget(event: EventName, params: EventParams): string | undefined {
  return WAMP_TOOL_EVENTS.includes(event) ? params.toolName : undefined;
}

export function matchTargetField(event: EventName): string | undefined {
  return WAMP_TOOL_EVENTS.includes(event) ? 'tool_name' : undefined;
}
