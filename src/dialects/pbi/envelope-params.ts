// A pbi hook's stdin object (facts §7) back into protocol params, for `hookd test --input`: field by field, the inverse
// of envelope.ts. Nested values (tool_input) are kept verbatim; null fields are left out.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { envelopeEvent, setPath, unknownField } from '../native-envelope.js';
import { PBI_EVENTS } from './events.js';

/** The common fields, in pbi-agent's stdin order, and the params path each fills. */
const COMMON: Readonly<Record<string, string>> = {
  session_id: 'session.id',
  turn_id: 'session.turnId',
  cwd: 'session.cwd',
  model: 'session.model',
  transcript_path: 'session.transcriptPath',
  workspace_directory_key: 'session.workspaceDirectoryKey',
  provider: 'session.provider',
  agent_name: 'session.agentName',
  agent_type: 'session.agentType',
};

const TOOL: Readonly<Record<string, string>> = { tool_name: 'toolName', tool_use_id: 'toolUseId', tool_input: 'toolInput' };
const SUBAGENT: Readonly<Record<string, string>> = { task_instruction: 'taskInstruction', subagent_name: 'subagentName', subagent_type: 'subagentType' };

const EVENT_FIELDS: Partial<Record<EventName, Readonly<Record<string, string>>>> = {
  SessionStart: { reason: 'source' },
  UserPromptSubmit: { prompt: 'prompt' },
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_response: 'toolResponse', tool_is_error: 'isError' },
  PreCompact: { reason: 'trigger', input_message_count: 'inputMessageCount', pending_tool_exchange: 'pendingToolExchange' },
  PostCompact: { reason: 'trigger', summary_chars: 'summaryChars', estimated_context_tokens: 'estimatedContextTokens' },
  Stop: { response: 'lastAssistantMessage' },
  SubagentStart: SUBAGENT,
  SubagentStop: { ...SUBAGENT, response: 'lastAssistantMessage' },
};

export function pbiEnvelopeFields(event: EventName): Map<string, string> {
  return new Map(Object.entries({ ...COMMON, ...(EVENT_FIELDS[event] ?? {}) }));
}

/** `hook_event_name` must be a pbi event (and agree with the one on the command line); any other unknown field is an error naming it. */
export function pbiParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = envelopeEvent(envelope.hook_event_name, given, { name: 'pbi', events: PBI_EVENTS });
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const fields = pbiEnvelopeFields(event);
  const params: Record<string, unknown> = {};
  const nativeNames: Record<string, string> = Object.fromEntries([...fields].map(([field, path]) => [path, field]));
  for (const [field, value] of Object.entries(envelope)) {
    if (field === 'hook_event_name') continue;
    const path = fields.get(field);
    if (path === undefined) return { ok: false, error: unknownField(field, `a pbi ${event} input`, [...fields.keys(), 'hook_event_name']) };
    if (value === undefined || value === null) continue;
    setPath(params, path, value);
  }
  return { ok: true, event, params, nativeNames, notes: [] };
}
