// The events pbi-agent dispatches (facts §1): case-sensitive names; PermissionRequest is deferred by the seed.
// Constants only.
import type { EventName } from '../../protocol/index.js';

export const PBI_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'Stop',
  'SubagentStart',
  'SubagentStop',
] as const satisfies readonly EventName[];
export type PbiEvent = (typeof PBI_EVENTS)[number];

export const PBI_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse'];
export const PBI_CONTINUATION_EVENTS: readonly EventName[] = ['Stop', 'SubagentStop'];

export function isPbiEvent(name: string): name is PbiEvent {
  return (PBI_EVENTS as readonly string[]).includes(name);
}
