// The JSON pbi-agent writes to a hook's stdin (seed 003 "Hook input", facts §7): fixed key order, compact, ASCII
// escapes, no trailing newline. Rendering only; what matches and what the output means are other files'.
import { asciiJson } from '../../config/ascii-json.js';
import type { EventContext } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';
import { subagentType } from './match-target.js';

type Fields = Record<string, unknown>;

/**
 * The common fields in pbi-agent's order: session_id, turn_id, cwd (the workspace, where the hook runs — never the
 * agent's current directory), hook_event_name, model, transcript_path, workspace_directory_key, provider, agent_name,
 * agent_type; then the event's fields (facts §7 table). A common field the client did not send is null.
 */
export function renderEnvelope(context: EventContext): Fields {
  const { event, params } = context;
  const session = params.session;
  return {
    session_id: context.sessionId,
    turn_id: session.turnId ?? null,
    cwd: context.workspace,
    hook_event_name: event,
    model: session.model ?? null,
    transcript_path: session.transcriptPath ?? null,
    workspace_directory_key: session.workspaceDirectoryKey ?? null,
    provider: session.provider ?? null,
    agent_name: session.agentName ?? null,
    agent_type: session.agentType ?? null,
    ...eventFields(event, params),
  };
}

export function renderStdin(context: EventContext): string {
  // Python's json.dumps(separators=(",", ":")) with ensure_ascii, no trailing newline.
  return asciiJson(renderEnvelope(context));
}


function eventFields(event: EventName, params: EventParams): Fields {
  switch (event) {
    case 'SessionStart':
      return { reason: params.source ?? 'startup' };
    case 'UserPromptSubmit':
      return { prompt: params.prompt ?? '' };
    case 'PreToolUse':
      return toolFields(params);
    case 'PostToolUse':
      return { ...toolFields(params), tool_response: toolResponseText(params.toolResponse), tool_is_error: params.isError ?? false };
    case 'PreCompact':
      return { reason: params.trigger ?? 'manual', input_message_count: params.inputMessageCount ?? null, pending_tool_exchange: params.pendingToolExchange ?? null };
    case 'PostCompact':
      return { reason: params.trigger ?? 'manual', summary_chars: params.summaryChars ?? null, estimated_context_tokens: params.estimatedContextTokens ?? null };
    case 'Stop':
      return { response: params.lastAssistantMessage ?? '' };
    case 'SubagentStart':
      return subagentFields(params);
    case 'SubagentStop':
      return { ...subagentFields(params), response: params.lastAssistantMessage ?? '' };
    default:
      return {};
  }
}

function toolFields(params: EventParams): Fields {
  return { tool_name: params.toolName ?? '', tool_use_id: params.toolUseId ?? null, tool_input: params.toolInput ?? {} };
}

function subagentFields(params: EventParams): Fields {
  return { task_instruction: params.taskInstruction ?? '', subagent_name: params.subagentName ?? '', subagent_type: subagentType(params) };
}

/** pbi's tool_response is the model-visible result text: a string as given, anything else as its JSON text, none "". */
export function toolResponseText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (response === undefined || response === null) return '';
  return JSON.stringify(response);
}
