// Bamboo's schema-versioned stdin envelope back into protocol params, for `hookd test --input`: the inverse of
// envelope.ts and payload.ts. Payload values without a param go to `extra.payload` verbatim, as hooks see them.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';
import { envelopeEvent, setPath, unknownField } from '../native-envelope.js';
import { SCHEMA_VERSION } from './envelope.js';
import { BAMBOO_EVENTS, ruleOf } from './event-rules.js';
import { describeValue, isObject } from './json-value.js';
import { buildPayload, PAYLOAD_KEYS } from './payload.js';

/** Payload fields payload.ts derives from a param (on every event whose payload has them); the others are kept in `extra.payload`. */
const PAYLOAD_PARAMS: Readonly<Record<string, string>> = {
  source: 'source',
  prompt: 'prompt',
  tool_name: 'toolName',
  tool_input: 'toolInput',
  tool_use_id: 'toolUseId',
  tool_response: 'toolResponse',
  background: 'background',
  stop_hook_active: 'stopHookActive',
  last_assistant_message: 'lastAssistantMessage',
  reason: 'reason',
  trigger: 'trigger',
  category: 'notificationType',
  title: 'title',
  body: 'message',
};

const CORE_FIELDS = ['schema_version', 'hook_event_name', 'session_id', 'workspace_path', 'model', 'payload', 'timestamp'] as const;
const CONVENIENCE_FIELDS = ['tool_name', 'tool_input', 'tool_response'] as const;

export function bambooParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  const named = envelopeEvent(envelope.hook_event_name, given, { name: 'bamboo', events: BAMBOO_EVENTS });
  if ('error' in named) return { ok: false, error: named.error };
  const { event } = named;
  const toolEvent = ruleOf(event).toolEvent;
  const known: string[] = [...CORE_FIELDS, ...(toolEvent ? CONVENIENCE_FIELDS : [])];
  for (const field of Object.keys(envelope)) {
    if (!known.includes(field)) return { ok: false, error: unknownField(field, `a bamboo ${event} envelope`, known) };
  }
  const version = envelope.schema_version;
  if (version !== undefined && version !== SCHEMA_VERSION) return { ok: false, error: `schema_version: hookd reads version ${SCHEMA_VERSION} (got ${describeValue(version)})` };

  const params: Record<string, unknown> = {};
  const keys = PAYLOAD_KEYS[event as keyof typeof PAYLOAD_KEYS] ?? [];
  // Every payload field of the event that has a param, given or not: a missing required one is named as hooks see it.
  const nativeNames: Record<string, string> = Object.fromEntries(keys.flatMap((key) => (PAYLOAD_PARAMS[key] ? [[PAYLOAD_PARAMS[key], `payload.${key}`]] : [])));
  const put = (path: string, value: unknown, field: string) => {
    setPath(params, path, value);
    nativeNames[path] = field;
  };
  for (const [field, path] of [
    ['session_id', 'session.id'],
    ['workspace_path', 'session.cwd'],
    ['model', 'session.model'],
    ['timestamp', 'extra.timestamp'],
  ] as const) {
    const value = envelope[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return { ok: false, error: `${field} must be a string (got ${describeValue(value)})` };
    put(path, value, field);
  }

  const payload = envelope.payload ?? {};
  if (!isObject(payload)) return { ok: false, error: `payload must be an object (got ${describeValue(payload)})` };
  const type = buildPayload(event, { session: { id: '' } } as EventParams).type;
  if (payload.type !== undefined && payload.type !== type) return { ok: false, error: `payload.type: a ${event} payload has type "${String(type)}" (got ${describeValue(payload.type)})` };
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    if (field === 'type') continue;
    if (!keys.includes(field)) return { ok: false, error: unknownField(`payload.${field}`, `a bamboo ${event} envelope`, keys.filter((key) => key !== 'type').map((key) => `payload.${key}`)) };
    const path = PAYLOAD_PARAMS[field];
    if (path === undefined) kept[field] = value;
    else if (value !== null) put(path, value, `payload.${field}`);
  }
  if (Object.keys(kept).length > 0) put('extra.payload', kept, 'payload');

  if (toolEvent) {
    // The convenience copies must say what the payload says; alone, they stand for it.
    for (const field of CONVENIENCE_FIELDS) {
      const value = envelope[field];
      if (value === undefined || value === null) continue;
      if (field === 'tool_response' && event === 'PreToolUse') return { ok: false, error: 'tool_response: no tool has run before PreToolUse; the envelope has null there' };
      const path = PAYLOAD_PARAMS[field]!;
      if (Object.hasOwn(payload, field) && JSON.stringify(payload[field]) !== JSON.stringify(value)) {
        return { ok: false, error: `${field} differs from payload.${field}: the envelope's convenience field must copy the payload` };
      }
      if (!Object.hasOwn(payload, field)) put(path, value, field);
    }
  }
  return { ok: true, event, params, nativeNames, notes: [] };
}

