// CONTRACT STUB (part codex-io implements): what a codex matcher is tested against per event (§3.3): the tool name,
// SessionStart `source`, SubagentStart/Stop `agent_type`, Pre/PostCompact `trigger`; none for the others.
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(_event: EventName, params: EventParams): string | undefined {
  return params.toolName;
}

export function matchTargetField(_event: EventName): string | undefined {
  return 'tool_name';
}
