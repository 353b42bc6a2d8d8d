// The events the codex dialect dispatches (Codex CLI 0.171, hook-systems §3.3) and their snake_case names (the hook
// key's middle part). Vocabulary only.
import type { EventName } from '../../protocol/index.js';

export const CODEX_EVENTS: readonly EventName[] = [
  'SessionStart',
  'SessionEnd',
  'SubagentStart',
  'SubagentStop',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'Stop',
];

/** Events whose matcher is tested against a tool name (and its aliases). */
export const CODEX_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PermissionRequest', 'PostToolUse'];

/** A block on these keeps the agent working (a continuation prompt from the reason). */
export const CODEX_CONTINUATION_EVENTS: readonly EventName[] = ['Stop', 'SubagentStop'];

export function isCodexEvent(name: string): name is EventName {
  return (CODEX_EVENTS as readonly string[]).includes(name);
}

/** `PreToolUse` → `pre_tool_use` (Codex's hook key: `<source>:<event_snake_case>:<group>:<handler>`). */
export function codexEventSnakeCase(event: EventName): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}
