// What a pbi matcher is tested against per event (seed 003 "Matcher input by event", facts §6): SessionStart the
// source, tool events the tool name, compaction the trigger, sub-agent events the sub-agent type; UserPromptSubmit and
// Stop are not consulted (undefined). A value the client did not send is "". Pure lookup; compiling matchers is matcher.ts's.
import type { EventName, EventParams } from '../../protocol/index.js';

/** "UserPromptSubmit ignored", "Stop ignored": their matcher is never consulted (even an invalid one runs). */
export const PBI_EVENTS_WITHOUT_MATCHER: readonly EventName[] = ['UserPromptSubmit', 'Stop'];

/** SubagentStart / SubagentStop: "sub-agent type/name" — the type, `default` when the agent gives none (facts §6). */
export const DEFAULT_SUBAGENT_TYPE = 'default';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  switch (event) {
    case 'SessionStart':
      return params.source ?? '';
    case 'PreToolUse':
    case 'PostToolUse':
      return params.toolName ?? '';
    case 'PreCompact':
    case 'PostCompact':
      return params.trigger ?? '';
    case 'SubagentStart':
    case 'SubagentStop':
      return subagentType(params);
    default:
      return undefined;
  }
}

/** The sub-agent's type as its hooks see it (stdin `subagent_type` and the matcher target agree). */
export function subagentType(params: EventParams): string {
  return params.subagentType ?? params.agentType ?? DEFAULT_SUBAGENT_TYPE;
}

/** The stdin field the target is read from, in pbi's words (hooks/explain). */
export function matchTargetField(event: EventName): string | undefined {
  switch (event) {
    case 'SessionStart':
      return 'reason';
    case 'PreToolUse':
    case 'PostToolUse':
      return 'tool_name';
    case 'PreCompact':
    case 'PostCompact':
      return 'reason';
    case 'SubagentStart':
    case 'SubagentStop':
      return 'subagent_type';
    default:
      return undefined;
  }
}
