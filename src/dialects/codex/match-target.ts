// What a codex matcher is tested against per event (§3.3): the tool name on the tool events (the matcher adds
// Codex's aliases), SessionStart `source`, SessionEnd `reason`, SubagentStart/Stop `agent_type`, Pre/PostCompact
// `trigger`; none (undefined) on UserPromptSubmit and Stop. Pure lookup; compiling matchers is matcher.ts's.
import type { EventName, EventParams } from '../../protocol/index.js';
import { agentType } from './envelope.js';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PermissionRequest':
    case 'PostToolUse':
      return params.toolName ?? '';
    case 'SessionStart':
      return params.source ?? 'startup';
    case 'SessionEnd':
      return params.reason ?? 'other';
    case 'SubagentStart':
    case 'SubagentStop':
      return agentType(params);
    case 'PreCompact':
    case 'PostCompact':
      return params.trigger ?? 'manual';
    default:
      return undefined;
  }
}

/** The stdin field the target is read from, in Codex's words (hooks/explain). */
export function matchTargetField(event: EventName): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PermissionRequest':
    case 'PostToolUse':
      return 'tool_name';
    case 'SessionStart':
      return 'source';
    case 'SessionEnd':
      return 'reason';
    case 'SubagentStart':
    case 'SubagentStop':
      return 'agent_type';
    case 'PreCompact':
    case 'PostCompact':
      return 'trigger';
    default:
      return undefined;
  }
}
