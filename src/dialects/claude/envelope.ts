// Renders the stdin JSON Claude Code gives a command hook: field names, nesting and order as observed.
// Pure rendering from EventParams; must not decide anything about matching or output.
import type { EventContext } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';
import { laterEventFields } from './envelope-later-events.js';

type Fields = Record<string, unknown>;

/**
 * Common fields first (`session_id`, `transcript_path`, `cwd`, `prompt_id`?, `permission_mode`?, `effort`?,
 * `agent_id`?/`agent_type`? from the session outside subagent events, `hook_event_name`), then the event's
 * own fields, then `params.extra` as given. An extra key that is already present replaces the value in place
 * (so e.g. `background_tasks` keeps its observed position). Undefined values are left out.
 */
export function renderEnvelope(context: EventContext): Fields {
  const { params, event } = context;
  const session = params.session;
  const envelope: Fields = {};
  put(envelope, {
    session_id: context.sessionId,
    transcript_path: session.transcriptPath ?? '',
    cwd: session.cwd ?? context.workspace,
    prompt_id: session.promptId,
    permission_mode: session.permissionMode,
    effort: effortField(event, session.effort),
  });
  if (event !== 'SessionStart' && event !== 'SubagentStart' && event !== 'SubagentStop') {
    put(envelope, { agent_id: session.agentId, agent_type: session.agentType });
  }
  envelope.hook_event_name = event;
  put(envelope, eventFields(event, params));
  if (params.extra !== undefined) put(envelope, params.extra);
  return envelope;
}

/** Claude Code's `effort: {level}`, on the tool-use-context events only, when the agent gave `session.effort`. */
const EFFORT_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop']);

function effortField(event: EventName, level: string | undefined): Fields | undefined {
  return EFFORT_EVENTS.has(event) && level !== undefined && level !== '' ? { level } : undefined;
}

export function renderStdin(context: EventContext): string {
  return JSON.stringify(renderEnvelope(context));
}

function eventFields(event: EventName, p: EventParams): Fields {
  switch (event) {
    case 'PreToolUse':
      return { tool_name: p.toolName, tool_input: p.toolInput, tool_use_id: p.toolUseId };
    case 'PermissionRequest':
      // "PermissionRequest hooks receive tool_name and tool_input fields like PreToolUse hooks, but without tool_use_id".
      return { tool_name: p.toolName, tool_input: p.toolInput, permission_suggestions: p.permissionSuggestions };
    case 'PostToolUse':
      return {
        tool_name: p.toolName,
        tool_input: p.toolInput,
        tool_response: p.toolResponse,
        tool_use_id: p.toolUseId,
        duration_ms: p.durationMs,
      };
    case 'PostToolUseFailure':
      return {
        tool_name: p.toolName,
        tool_input: p.toolInput,
        tool_use_id: p.toolUseId,
        error: p.error,
        is_interrupt: p.isInterrupt ?? false,
        duration_ms: p.durationMs,
      };
    case 'UserPromptSubmit':
      return { prompt: p.prompt };
    case 'Stop':
      return {
        stop_hook_active: p.stopHookActive ?? false,
        last_assistant_message: p.lastAssistantMessage,
        background_tasks: [],
        session_crons: [],
      };
    case 'SubagentStop':
      return {
        stop_hook_active: p.stopHookActive ?? false,
        agent_id: p.agentId,
        agent_type: p.agentType,
        agent_transcript_path: p.agentTranscriptPath,
        last_assistant_message: p.lastAssistantMessage,
        background_tasks: [],
        session_crons: [],
      };
    case 'SessionStart':
      return { source: p.source, model: p.session.model, agent_type: p.agentType ?? p.session.agentType, session_title: p.sessionTitle };
    case 'SessionEnd':
      return { reason: p.reason };
    case 'PreCompact':
      return { trigger: p.trigger, custom_instructions: p.customInstructions ?? '' };
    case 'PostCompact':
      return { trigger: p.trigger };
    case 'Notification':
      return { message: p.message, title: p.title, notification_type: p.notificationType };
    case 'SubagentStart':
      return { agent_id: p.agentId, agent_type: p.agentType };
    default:
      return laterEventFields(event, p);
  }
}

function put(target: Fields, fields: Fields): void {
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value !== undefined) target[key] = value;
  }
}
