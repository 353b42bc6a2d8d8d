// The stdin Codex CLI 0.171 writes (observed-envelopes "codex"; codex-rs/hooks/src/schema.rs for the events not
// observed): session_id, turn_id, transcript_path, cwd, hook_event_name, model, permission_mode, then the event's
// fields, in that order, compact serde_json (UTF-8 as is, no trailing newline). Rendering only.
import type { EventContext } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';

type Fields = Record<string, unknown>;

/** Events whose stdin has no `turn_id` (they are not turn-scoped in Codex). */
const WITHOUT_TURN: ReadonlySet<EventName> = new Set<EventName>(['SessionStart', 'SessionEnd']);

/** permission_mode when the client does not say: Codex's own default mode name. */
export const DEFAULT_PERMISSION_MODE = 'default';

export function renderEnvelope(context: EventContext): Fields {
  const { event, params } = context;
  const session = params.session;
  if (event === 'SubagentStop') return subagentStop(context);
  return {
    session_id: context.sessionId,
    ...(WITHOUT_TURN.has(event) ? {} : { turn_id: session.turnId ?? null }),
    ...subagentOfToolEvent(event, params),
    transcript_path: session.transcriptPath ?? null,
    cwd: context.cwd,
    hook_event_name: event,
    model: session.model ?? null,
    permission_mode: session.permissionMode ?? DEFAULT_PERMISSION_MODE,
    ...eventFields(event, params),
  };
}

export function renderStdin(context: EventContext): string {
  return JSON.stringify(renderEnvelope(context));
}

function eventFields(event: EventName, params: EventParams): Fields {
  switch (event) {
    case 'SessionStart':
      return { source: params.source ?? 'startup' };
    case 'SessionEnd':
      return { reason: params.reason ?? 'other' };
    case 'SubagentStart':
      return { agent_id: agentId(params), agent_type: agentType(params) };
    case 'UserPromptSubmit':
      return { prompt: params.prompt ?? '' };
    case 'PreToolUse':
      return { tool_name: params.toolName ?? '', tool_input: params.toolInput ?? {}, tool_use_id: params.toolUseId ?? null };
    case 'PermissionRequest':
      return { tool_name: params.toolName ?? '', tool_input: params.toolInput ?? {} };
    case 'PostToolUse':
      // tool_response as the client gives it: Codex sends the shell tool's output text ("hi\n", observed).
      return { tool_name: params.toolName ?? '', tool_input: params.toolInput ?? {}, tool_response: params.toolResponse ?? null, tool_use_id: params.toolUseId ?? null };
    case 'PreCompact':
    case 'PostCompact':
      return { trigger: params.trigger ?? 'manual' };
    case 'Stop':
      return { stop_hook_active: params.stopHookActive ?? false, last_assistant_message: params.lastAssistantMessage ?? null };
    default:
      return {};
  }
}

/** Codex's schema puts a sub-agent's agent_id / agent_type after turn_id on the tool and prompt events, only inside a sub-agent. */
function subagentOfToolEvent(event: EventName, params: EventParams): Fields {
  if (event !== 'PreToolUse' && event !== 'PostToolUse' && event !== 'UserPromptSubmit') return {};
  const id = params.agentId ?? params.session.agentId;
  if (id === undefined) return {};
  return { agent_id: id, agent_type: agentType(params) };
}

/** SubagentStop's own order (schema.rs SubagentStopCommandInput). */
function subagentStop(context: EventContext): Fields {
  const { params } = context;
  const session = params.session;
  return {
    session_id: context.sessionId,
    turn_id: session.turnId ?? null,
    transcript_path: session.transcriptPath ?? null,
    agent_transcript_path: params.agentTranscriptPath ?? null,
    cwd: context.cwd,
    hook_event_name: 'SubagentStop',
    model: session.model ?? null,
    permission_mode: session.permissionMode ?? DEFAULT_PERMISSION_MODE,
    stop_hook_active: params.stopHookActive ?? false,
    agent_id: agentId(params),
    agent_type: agentType(params),
    last_assistant_message: params.lastAssistantMessage ?? null,
  };
}

function agentId(params: EventParams): string {
  return params.agentId ?? params.session.agentId ?? '';
}

/** The sub-agent's type (stdin agent_type and the SubagentStart/SubagentStop matcher target agree). */
export function agentType(params: EventParams): string {
  return params.agentType ?? params.session.agentType ?? '';
}
