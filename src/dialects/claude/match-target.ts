// Which EventParams field Claude Code tests a matcher against, per event.
// Pure lookup; must not compile or evaluate matchers.
import { basename } from 'node:path';
import type { EventName, EventParams } from '../../protocol/index.js';

/**
 * Tool name (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest); `source` (SessionStart);
 * `trigger` (PreCompact, PostCompact); `notificationType` (Notification); `agentType` (SubagentStart,
 * SubagentStop); `reason` (SessionEnd); undefined (UserPromptSubmit, Stop: no matcher, every hook matches).
 * Claude Code 2.1's other events: tool name (PermissionDenied), `trigger` (Setup), `loadReason` (InstructionsLoaded),
 * `commandName` (UserPromptExpansion), `error` type (StopFailure), `source` (ConfigChange, DirectoryAdded), the changed
 * file's basename (FileChanged), the MCP server (Elicitation, ElicitationResult), the canonical name of the model
 * switched to (PreModelSwitch, PostModelSwitch: `toModel`); no matcher on PostToolBatch,
 * TaskCreated, TaskCompleted, TeammateIdle, CwdChanged, WorktreeCreate, WorktreeRemove, MessageDisplay.
 */
export function matchTarget(event: EventName, params: EventParams): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PermissionRequest':
    case 'PermissionDenied':
      return params.toolName;
    case 'SessionStart':
      return params.source;
    case 'PreCompact':
    case 'PostCompact':
      return params.trigger;
    case 'Notification':
      return params.notificationType;
    case 'SubagentStart':
    case 'SubagentStop':
      return params.agentType;
    case 'SessionEnd':
      return params.reason;
    case 'Setup':
      return params.trigger;
    case 'InstructionsLoaded':
      return params.loadReason;
    case 'UserPromptExpansion':
      return params.commandName;
    case 'StopFailure':
      return params.error;
    case 'ConfigChange':
    case 'DirectoryAdded':
      return params.source;
    case 'FileChanged':
      return params.filePath === undefined ? undefined : basename(params.filePath);
    case 'Elicitation':
    case 'ElicitationResult':
      return params.mcpServerName;
    case 'PreModelSwitch':
    case 'PostModelSwitch':
      return params.toModel;
    case 'UserPromptSubmit':
    case 'Stop':
    case 'PostToolBatch':
    case 'TaskCreated':
    case 'TaskCompleted':
    case 'TeammateIdle':
    case 'CwdChanged':
    case 'WorktreeCreate':
    case 'WorktreeRemove':
    case 'MessageDisplay':
      return undefined;
  }
}

/** The stdin field (snake_case, as hook authors read it) that matchTarget's value comes from; for explanations. */
export function matchTargetField(event: EventName): string | undefined {
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PermissionRequest':
    case 'PermissionDenied':
      return 'tool_name';
    case 'SessionStart':
    case 'ConfigChange':
    case 'DirectoryAdded':
      return 'source';
    case 'PreCompact':
    case 'PostCompact':
    case 'Setup':
      return 'trigger';
    case 'Notification':
      return 'notification_type';
    case 'SubagentStart':
    case 'SubagentStop':
      return 'agent_type';
    case 'SessionEnd':
      return 'reason';
    case 'InstructionsLoaded':
      return 'load_reason';
    case 'UserPromptExpansion':
      return 'command_name';
    case 'StopFailure':
      return 'error';
    case 'FileChanged':
      return 'basename of file_path';
    case 'Elicitation':
    case 'ElicitationResult':
      return 'mcp_server_name';
    case 'PreModelSwitch':
    case 'PostModelSwitch':
      return 'to_model';
    default:
      return undefined;
  }
}
