// What a Bamboo matcher is tested against: the tool name on PreToolUse and PostToolUse, nothing elsewhere.
// Pure lookup; must not compile or evaluate matchers.
import type { EventName, EventParams } from '../../protocol/index.js';
import { ruleOf } from './event-rules.js';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  return ruleOf(event).toolEvent ? params.toolName : undefined;
}

/** The envelope field matchTarget's value comes from (`tool_name` on tool events); for explanations. */
export function matchTargetField(event: EventName): string | undefined {
  return ruleOf(event).toolEvent ? 'tool_name' : undefined;
}
