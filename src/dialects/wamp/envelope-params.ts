// A WAMP hook's stdin object (seed 002 "Input") back into protocol params, for `hookd test --input`: field by field,
// the inverse of envelope.ts. Values under a field (tool_input, tool_response.content) are kept verbatim.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { envelopeEvent, setPath, unknownField } from '../native-envelope.js';
import { WAMP_EVENTS } from './event-rules.js';

/** "Always": the fields every event's input has, and the params path each fills. */
const ALWAYS: Readonly<Record<string, string>> = {
  session_id: 'session.id',
  cwd: 'session.cwd',
  run_id: 'runId',
  agent: 'session.agent',
  runtime: 'session.runtime',
};

const TOOL: Readonly<Record<string, string>> = { tool_name: 'toolName', tool_input: 'toolInput', tool_use_id: 'toolUseId' };

/** Each event's own fields (tool_response is split below: content → toolResponse, is_error → isError). */
const EVENT_FIELDS: Partial<Record<EventName, Readonly<Record<string, string>>>> = {
  SessionStart: { source: 'source' },
  UserPromptSubmit: { prompt: 'prompt' },
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_response: 'toolResponse' },
  Stop: { stop_hook_active: 'stopHookActive' },
};

/** The params path each field of this event's input fills. */
export function wampEnvelopeFields(event: EventName): Map<string, string> {
  return new Map(Object.entries({ ...ALWAYS, ...(EVENT_FIELDS[event] ?? {}) }));
}

/**
 * `hook_event_name` must be a WAMP event (and agree with the one named on the command line). Any other field is an
 * error naming it (there is no `transcript_path`: WAMP keeps no transcript file). `tool_response` must be an object
 * `{content, is_error}`: `content` becomes params.toolResponse and `is_error` (a boolean) params.isError.
 */
export function wampParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = envelopeEvent(envelope.hook_event_name, given, { name: 'wamp', events: WAMP_EVENTS });
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const fields = wampEnvelopeFields(event);
  const params: Record<string, unknown> = {};
  const nativeNames: Record<string, string> = Object.fromEntries([...fields].map(([field, path]) => [path, field]));
  if (event === 'PostToolUse') nativeNames.isError = 'tool_response.is_error';
  for (const [field, value] of Object.entries(envelope)) {
    if (field === 'hook_event_name') continue;
    const path = fields.get(field);
    if (path === undefined) {
      const where = `a wamp ${event} input`;
      const why = field === 'transcript_path' ? ' (WAMP keeps no transcript file)' : '';
      return { ok: false, error: `${unknownField(field, where, [...fields.keys(), 'hook_event_name'])}${why}` };
    }
    if (value === undefined || value === null) continue;
    if (field === 'tool_response') {
      const split = splitToolResponse(value);
      if ('problem' in split) return { ok: false, error: split.problem };
      if (split.content !== undefined) params.toolResponse = split.content;
      if (split.isError !== undefined) params.isError = split.isError;
      continue;
    }
    setPath(params, path, value);
  }
  return { ok: true, event, params, nativeNames, notes: [] };
}

function splitToolResponse(value: unknown): { content?: unknown; isError?: boolean } | { problem: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'tool_response must be an object {"content": …, "is_error": boolean}' };
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'content' && key !== 'is_error') return { problem: unknownField(key, 'tool_response', ['content', 'is_error']) };
  }
  const isError = record.is_error;
  if (isError !== undefined && typeof isError !== 'boolean') return { problem: 'tool_response.is_error must be true or false' };
  return { ...(record.content !== undefined ? { content: record.content } : {}), ...(isError !== undefined ? { isError } : {}) };
}
