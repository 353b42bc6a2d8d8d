// The tool names Claude Code registers itself (its built-in tools), the default list `hookd check` tests tool
// matchers against; MCP tools (mcp__<server>__<tool>) are the agent's own and are not listed. Data only.
import type { EventName } from '../../protocol/index.js';
import { EVENT_RULES } from './event-rules.js';

/** From Claude Code's tools reference and the envelopes observed (Nov 2026); an agent may pass its own list. */
export const CLAUDE_BUILTIN_TOOLS: readonly string[] = [
  'Agent', 'AskUserQuestion', 'Bash', 'BashOutput', 'Edit', 'EnterPlanMode', 'EnterWorktree', 'ExitPlanMode', 'ExitWorktree',
  'Glob', 'Grep', 'KillBash', 'KillShell', 'LS', 'LSP', 'ListMcpResourcesTool', 'MultiEdit', 'NotebookEdit', 'NotebookRead',
  'PowerShell', 'Read', 'ReadMcpResourceTool', 'Skill', 'SlashCommand', 'Task', 'TaskOutput', 'TaskStop', 'TodoWrite',
  'ToolSearch', 'WebFetch', 'WebSearch', 'Write',
];

/** Events whose matcher is tested against the tool name (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied). */
export const CLAUDE_TOOL_EVENTS: readonly EventName[] = (Object.keys(EVENT_RULES) as EventName[]).filter((event) => EVENT_RULES[event].toolEvent);
