// A codex hook's stdin object (observed-envelopes "codex") back into protocol params, for `hookd test --input`: field
// by field, the inverse of envelope.ts. Nested values (tool_input, tool_response) are kept verbatim; null fields are left out.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { envelopeEvent, setPath, unknownField } from '../native-envelope.js';
import { CODEX_EVENTS } from './events.js';

const COMMON: Readonly<Record<string, string>> = {
  session_id: 'session.id',
  turn_id: 'session.turnId',
  transcript_path: 'session.transcriptPath',
  cwd: 'session.cwd',
  model: 'session.model',
  permission_mode: 'session.permissionMode',
};

const AGENT: Readonly<Record<string, string>> = { agent_id: 'agentId', agent_type: 'agentType' };
const TOOL: Readonly<Record<string, string>> = { ...AGENT, tool_name: 'toolName', tool_input: 'toolInput', tool_use_id: 'toolUseId' };

const EVENT_FIELDS: Partial<Record<EventName, Readonly<Record<string, string>>>> = {
  SessionStart: { source: 'source' },
  SessionEnd: { reason: 'reason' },
  SubagentStart: AGENT,
  SubagentStop: { ...AGENT, agent_transcript_path: 'agentTranscriptPath', stop_hook_active: 'stopHookActive', last_assistant_message: 'lastAssistantMessage' },
  UserPromptSubmit: { ...AGENT, prompt: 'prompt' },
  PreToolUse: TOOL,
  PermissionRequest: { tool_name: 'toolName', tool_input: 'toolInput' },
  PostToolUse: { ...TOOL, tool_response: 'toolResponse' },
  PreCompact: { trigger: 'trigger' },
  PostCompact: { trigger: 'trigger' },
  Stop: { stop_hook_active: 'stopHookActive', last_assistant_message: 'lastAssistantMessage' },
};

export function codexEnvelopeFields(event: EventName): Map<string, string> {
  return new Map(Object.entries({ ...COMMON, ...(EVENT_FIELDS[event] ?? {}) }));
}

/** `hook_event_name` must be a codex event (and agree with the one on the command line); any other unknown field is an error naming it. */
export function codexParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = envelopeEvent(envelope.hook_event_name, given, { name: 'codex', events: CODEX_EVENTS });
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const fields = codexEnvelopeFields(event);
  const params: Record<string, unknown> = {};
  const nativeNames: Record<string, string> = Object.fromEntries([...fields].map(([field, path]) => [path, field]));
  for (const [field, value] of Object.entries(envelope)) {
    if (field === 'hook_event_name') continue;
    const path = fields.get(field);
    if (path === undefined) return { ok: false, error: unknownField(field, `a codex ${event} input`, [...fields.keys(), 'hook_event_name']) };
    if (value === undefined || value === null) continue;
    setPath(params, path, value);
  }
  return { ok: true, event, params, nativeNames, notes: [] };
}
