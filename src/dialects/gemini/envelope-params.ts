// A Gemini hook's stdin object (observed-envelopes "gemini") back into protocol params, for `hookd test --input`: field
// by field, the inverse of envelope.ts. hook_event_name may be Gemini's name (BeforeTool) or the canonical one.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import { isEventName, type EventName } from '../../protocol/index.js';
import { setPath, unknownField } from '../native-envelope.js';
import { GEMINI_EVENTS, eventFromGeminiName, geminiNativeName } from './events.js';

const COMMON: Readonly<Record<string, string>> = { session_id: 'session.id', transcript_path: 'session.transcriptPath', cwd: 'session.cwd' };
const TOOL: Readonly<Record<string, string>> = { tool_name: 'toolName', tool_input: 'toolInput', mcp_context: 'extra.mcp_context', original_request_name: 'extra.original_request_name' };

const EVENT_FIELDS: Partial<Record<EventName, Readonly<Record<string, string>>>> = {
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_response: 'toolResponse' },
  UserPromptSubmit: { prompt: 'prompt' },
  Stop: { prompt: 'prompt', prompt_response: 'lastAssistantMessage', stop_hook_active: 'stopHookActive' },
  SessionStart: { source: 'source' },
  SessionEnd: { reason: 'reason' },
  PreCompact: { trigger: 'trigger' },
  Notification: { notification_type: 'notificationType', message: 'message', details: 'extra.details' },
  BeforeModel: { llm_request: 'llmRequest' },
  AfterModel: { llm_request: 'llmRequest', llm_response: 'llmResponse' },
  BeforeToolSelection: { llm_request: 'llmRequest' },
};

export function geminiEnvelopeFields(event: EventName): Map<string, string> {
  return new Map(Object.entries({ ...COMMON, ...(EVENT_FIELDS[event] ?? {}) }));
}

/** `timestamp` is accepted and dropped (hookd stamps each run itself); an empty transcript_path is Gemini's "none". */
export function geminiParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = eventOf(envelope.hook_event_name, given);
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const fields = geminiEnvelopeFields(event);
  const params: Record<string, unknown> = {};
  const nativeNames: Record<string, string> = Object.fromEntries([...fields].map(([field, path]) => [path, field]));
  const notes: string[] = [];
  for (const [field, value] of Object.entries(envelope)) {
    if (field === 'hook_event_name') continue;
    if (field === 'timestamp') {
      notes.push('timestamp: dropped (hookd writes the time of each run)');
      continue;
    }
    const path = fields.get(field);
    if (path === undefined) return { ok: false, error: unknownField(field, `a gemini ${geminiNativeName(event)} input`, [...fields.keys(), 'hook_event_name', 'timestamp']) };
    if (value === undefined || value === null || (field === 'transcript_path' && value === '')) continue;
    setPath(params, path, value);
  }
  return { ok: true, event, params, nativeNames, notes };
}

function eventOf(named: unknown, given: EventName | undefined): { readonly event: EventName } | { readonly error: string } {
  if (named === undefined) {
    if (given !== undefined) return { event: given };
    return { error: 'hook_event_name is missing: name the event on the command line (hookd test <Event>) or in the envelope' };
  }
  if (typeof named !== 'string') return { error: `hook_event_name must be a string (got ${typeof named})` };
  const event = eventFromGeminiName(named) ?? (isEventName(named) && GEMINI_EVENTS.includes(named) ? named : undefined);
  if (event === undefined) return { error: `hook_event_name: the gemini dialect has no event "${named}" (Gemini's names: ${GEMINI_EVENTS.map(geminiNativeName).join(', ')})` };
  if (given !== undefined && given !== event) return { error: `the envelope's hook_event_name is "${named}" (${event}) but the command line names ${given}` };
  return { event };
}
