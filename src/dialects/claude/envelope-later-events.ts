// The stdin fields of Claude Code 2.1's later events (Setup ... ElicitationResult, PreModelSwitch, PostModelSwitch), named and ordered as the hooks
// reference shows them. Pure rendering from EventParams; the common fields and `extra` are envelope.ts's job.
import type { EventName, EventParams, ToolCall } from '../../protocol/index.js';

type Fields = Record<string, unknown>;

/** The event's own snake_case fields; undefined values are left out by the caller. */
export function laterEventFields(event: EventName, p: EventParams): Fields {
  switch (event) {
    case 'Setup':
      return { trigger: p.trigger };
    case 'InstructionsLoaded':
      return {
        file_path: p.filePath,
        memory_type: p.memoryType,
        load_reason: p.loadReason,
        globs: p.globs,
        trigger_file_path: p.triggerFilePath,
        parent_file_path: p.parentFilePath,
      };
    case 'UserPromptExpansion':
      return {
        expansion_type: p.expansionType,
        command_name: p.commandName,
        command_args: p.commandArgs ?? '',
        command_source: p.commandSource,
        prompt: p.prompt,
      };
    case 'MessageDisplay':
      return { turn_id: p.session.turnId, message_id: p.messageId, index: p.index, final: p.final, delta: p.delta };
    case 'PermissionDenied':
      return { tool_name: p.toolName, tool_input: p.toolInput, tool_use_id: p.toolUseId, reason: p.reason };
    case 'PostToolBatch':
      return { tool_calls: (p.toolCalls ?? []).map(toolCallFields) };
    case 'TaskCreated':
    case 'TaskCompleted':
      return {
        task_id: p.taskId,
        task_subject: p.taskSubject,
        task_description: p.taskDescription,
        teammate_name: p.teammateName,
        team_name: p.teamName,
      };
    case 'StopFailure':
      return { error: p.error, error_details: p.errorDetails, last_assistant_message: p.lastAssistantMessage };
    case 'TeammateIdle':
      return { teammate_name: p.teammateName, team_name: p.teamName };
    case 'ConfigChange':
      return { source: p.source, file_path: p.filePath };
    case 'CwdChanged':
      return { old_cwd: p.oldCwd, new_cwd: p.newCwd };
    case 'DirectoryAdded':
      return { directory: p.directory, source: p.source };
    case 'FileChanged':
      return { file_path: p.filePath, event: p.fileEvent ?? 'change' };
    case 'WorktreeCreate':
      return { name: p.name };
    case 'WorktreeRemove':
      return { worktree_path: p.worktreePath };
    case 'Elicitation':
      return {
        mcp_server_name: p.mcpServerName,
        message: p.message,
        mode: p.mode,
        url: p.url,
        elicitation_id: p.elicitationId,
        requested_schema: p.requestedSchema,
      };
    case 'ElicitationResult':
      return { mcp_server_name: p.mcpServerName, action: p.action, content: p.content, mode: p.mode, elicitation_id: p.elicitationId };
    case 'PreModelSwitch':
    case 'PostModelSwitch':
      return {
        from_model: p.fromModel,
        to_model: p.toModel,
        requested_model: p.requestedModel,
        source: p.source,
        context_tokens: p.contextTokens,
        prompt_cache_warm: p.promptCacheWarm,
        cache_ttl: p.cacheTtl,
        estimated_cache_write_usd: p.estimatedCacheWriteUsd,
        pricing: p.pricing,
      };
    default:
      return {};
  }
}

const TOOL_CALL_KEYS = new Set(['toolName', 'toolInput', 'toolUseId', 'toolResponse']);

/** `{tool_name, tool_input, tool_use_id, tool_response}`, then any other keys of the call as given. */
function toolCallFields(call: ToolCall): Fields {
  const fields: Fields = { tool_name: call.toolName, tool_input: call.toolInput };
  if (call.toolUseId !== undefined) fields.tool_use_id = call.toolUseId;
  if (call.toolResponse !== undefined) fields.tool_response = call.toolResponse;
  for (const [key, value] of Object.entries(call)) if (!TOOL_CALL_KEYS.has(key) && value !== undefined) fields[key] = value;
  return fields;
}
