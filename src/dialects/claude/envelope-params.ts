// Claude Code's stdin envelope (the snake_case JSON a hook reads) back into protocol params, for `hookd test --input`:
// the inverse of envelope.ts, field by field. Values under a field (tool_input, tool_response, ...) are kept verbatim.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { camelCase, envelopeEvent, setPath, unknownField } from '../native-envelope.js';
import { CLAUDE_EVENTS } from './event-rules.js';

/** Fields every event's envelope may carry, and the session field each one fills. */
const COMMON: Readonly<Record<string, string>> = {
  session_id: 'session.id',
  transcript_path: 'session.transcriptPath',
  cwd: 'session.cwd',
  prompt_id: 'session.promptId',
  permission_mode: 'session.permissionMode',
  effort: 'session.effort',
  agent_id: 'session.agentId',
  agent_type: 'session.agentType',
};

const TOOL = ['tool_name', 'tool_input', 'tool_use_id'] as const;
const TASK = ['task_id', 'task_subject', 'task_description', 'teammate_name', 'team_name'] as const;
const MODEL_SWITCH = [
  'from_model',
  'to_model',
  'requested_model',
  'source',
  'context_tokens',
  'prompt_cache_warm',
  'cache_ttl',
  'estimated_cache_write_usd',
  'pricing',
] as const;

/** Each event's own fields as envelope.ts renders them; a field's param is its camelCase unless RENAMED says otherwise. */
const EVENT_FIELDS: Readonly<Record<EventName, readonly string[]>> = {
  PreToolUse: TOOL,
  PermissionRequest: ['tool_name', 'tool_input', 'permission_suggestions'],
  PostToolUse: [...TOOL, 'tool_response', 'duration_ms'],
  PostToolUseFailure: [...TOOL, 'error', 'is_interrupt', 'duration_ms'],
  UserPromptSubmit: ['prompt'],
  Stop: ['stop_hook_active', 'last_assistant_message', 'background_tasks', 'session_crons'],
  SubagentStop: ['stop_hook_active', 'agent_id', 'agent_type', 'agent_transcript_path', 'last_assistant_message', 'background_tasks', 'session_crons'],
  SessionStart: ['source', 'model', 'agent_type', 'session_title'],
  SessionEnd: ['reason'],
  PreCompact: ['trigger', 'custom_instructions'],
  PostCompact: ['trigger'],
  Notification: ['message', 'title', 'notification_type'],
  SubagentStart: ['agent_id', 'agent_type'],
  Setup: ['trigger'],
  InstructionsLoaded: ['file_path', 'memory_type', 'load_reason', 'globs', 'trigger_file_path', 'parent_file_path'],
  UserPromptExpansion: ['expansion_type', 'command_name', 'command_args', 'command_source', 'prompt'],
  MessageDisplay: ['turn_id', 'message_id', 'index', 'final', 'delta'],
  PermissionDenied: [...TOOL, 'reason'],
  PostToolBatch: ['tool_calls'],
  TaskCreated: TASK,
  TaskCompleted: TASK,
  StopFailure: ['error', 'error_details', 'last_assistant_message'],
  TeammateIdle: ['teammate_name', 'team_name'],
  ConfigChange: ['source', 'file_path'],
  CwdChanged: ['old_cwd', 'new_cwd'],
  DirectoryAdded: ['directory', 'source'],
  FileChanged: ['file_path', 'event'],
  WorktreeCreate: ['name'],
  WorktreeRemove: ['worktree_path'],
  Elicitation: ['mcp_server_name', 'message', 'mode', 'url', 'elicitation_id', 'requested_schema'],
  ElicitationResult: ['mcp_server_name', 'action', 'content', 'mode', 'elicitation_id'],
  PreModelSwitch: MODEL_SWITCH,
  PostModelSwitch: MODEL_SWITCH,
  // bonsai's events: not Claude Code's, never converted.
  PreFileWrite: [],
  PostFileWrite: [],
  PreBash: [],
  PostBash: [],
  BeforeModel: [],
  AfterModel: [],
  BeforeToolSelection: [],
};

/** Event fields whose param is not their camelCase at the top level. */
const RENAMED: Partial<Record<EventName, Readonly<Record<string, string>>>> = {
  SessionStart: { model: 'session.model' },
  MessageDisplay: { turn_id: 'session.turnId' },
  FileChanged: { event: 'fileEvent' },
  // Rendered as [] by hookd; anything else the agent sent is kept in `extra`, which the envelope puts back in place.
  Stop: { background_tasks: 'extra.background_tasks', session_crons: 'extra.session_crons' },
  SubagentStop: { background_tasks: 'extra.background_tasks', session_crons: 'extra.session_crons' },
};

/** Events whose own agent_id / agent_type are event fields, not the session's. */
const OWN_AGENT_FIELDS: ReadonlySet<EventName> = new Set<EventName>(['SessionStart', 'SubagentStart', 'SubagentStop']);

const TOOL_CALL_FIELDS: Readonly<Record<string, string>> = { tool_name: 'toolName', tool_input: 'toolInput', tool_use_id: 'toolUseId', tool_response: 'toolResponse' };

/** The params path each field of this event's envelope fills. */
export function claudeEnvelopeFields(event: EventName): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [field, path] of Object.entries(COMMON)) if (!(OWN_AGENT_FIELDS.has(event) && path.startsWith('session.agent'))) fields.set(field, path);
  for (const field of EVENT_FIELDS[event]) fields.set(field, RENAMED[event]?.[field] ?? camelCase(field));
  return fields;
}

export function claudeParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = envelopeEvent(envelope.hook_event_name, given, { name: 'claude', events: CLAUDE_EVENTS });
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const fields = claudeEnvelopeFields(event);
  const params: Record<string, unknown> = {};
  // Every field of the event, given or not: a missing required one is named as the envelope spells it.
  const nativeNames: Record<string, string> = Object.fromEntries([...fields].map(([field, path]) => [path, field]));
  for (const [field, value] of Object.entries(envelope)) {
    if (field === 'hook_event_name') continue;
    const path = fields.get(field);
    if (path === undefined) return { ok: false, error: unknownField(field, `a claude ${event} envelope`, [...fields.keys(), 'hook_event_name']) };
    if (value === undefined || value === null) continue;
    const converted = convertValue(field, value);
    if ('problem' in converted) return { ok: false, error: converted.problem };
    if (path.startsWith('extra.') && Array.isArray(value) && value.length === 0) continue;
    setPath(params, path, converted.value);
  }
  return { ok: true, event, params, nativeNames, notes: [] };
}

type Converted = { readonly value: unknown } | { readonly problem: string };

/** The few fields whose shape differs from the param's: `effort: {level}` and the batch's tool calls. */
function convertValue(field: string, value: unknown): Converted {
  if (field === 'effort') {
    const level = isObject(value) ? value.level : undefined;
    return typeof level === 'string' ? { value: level } : { problem: 'effort must be an object {"level": string}' };
  }
  if (field === 'tool_calls') {
    if (!Array.isArray(value)) return { problem: 'tool_calls must be an array of tool calls' };
    const calls: unknown[] = [];
    for (const [index, call] of value.entries()) {
      if (!isObject(call)) return { problem: `tool_calls[${index}] must be an object` };
      calls.push(Object.fromEntries(Object.entries(call).map(([key, item]) => [TOOL_CALL_FIELDS[key] ?? key, item])));
    }
    return { value: calls };
  }
  return { value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
