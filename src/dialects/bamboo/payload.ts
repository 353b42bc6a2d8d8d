// The `payload` object of Bamboo's envelope for each event: its keys in the seed's order, derived from the
// camelCase params and overlaid with the snake_case fields the client passes in `params.extra.payload`.
// Pure data shaping; must not validate (validate-params.ts does) or render the envelope.
import type { EventName, EventParams } from '../../protocol/index.js';
import { isBambooEvent, type BambooEvent } from './event-rules.js';
import { isObject } from './json-value.js';

type Fields = Record<string, unknown>;

/** Payload keys in order; `type` first. Keys a client adds beyond these follow in the order given. */
export const PAYLOAD_KEYS: Readonly<Record<BambooEvent, readonly string[]>> = {
  SessionStart: ['type', 'source'],
  UserPromptSubmit: ['type', 'prompt'],
  PreToolUse: ['type', 'tool_name', 'tool_input', 'tool_use_id'],
  PostToolUse: ['type', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id', 'background'],
  Stop: ['type', 'stop_hook_active', 'last_assistant_message'],
  SessionEnd: ['type', 'reason'],
  PreCompact: ['type', 'estimated_tokens', 'usage_percent', 'max_context_tokens', 'trigger_context_tokens', 'trigger', 'phase'],
  Notification: ['type', 'id', 'category', 'priority', 'title', 'body', 'dedup_key', 'created_at', 'click_url'],
};

/** Payload fields that are Rust f64 in Bamboo: an integral value is written `85.0`, as serde_json writes it. */
export const FLOAT_PAYLOAD_KEYS: readonly string[] = ['usage_percent'];

function derivedFields(event: BambooEvent, p: EventParams): Fields {
  switch (event) {
    case 'SessionStart':
      return { type: 'session_start', source: p.source ?? 'startup' };
    case 'UserPromptSubmit':
      return { type: 'user_prompt', prompt: p.prompt };
    case 'PreToolUse':
      return { type: 'tool_call', tool_name: p.toolName, tool_input: p.toolInput ?? {}, tool_use_id: p.toolUseId };
    case 'PostToolUse':
      return {
        type: 'tool_result',
        tool_name: p.toolName,
        tool_input: p.toolInput ?? {},
        tool_response: p.toolResponse ?? null,
        tool_use_id: p.toolUseId,
        background: p.background === true,
      };
    case 'Stop':
      return { type: 'stop', stop_hook_active: p.stopHookActive ?? false, last_assistant_message: p.lastAssistantMessage };
    case 'SessionEnd':
      return { type: 'session_end', reason: p.reason ?? 'other' };
    case 'PreCompact':
      return { type: 'compression', trigger: p.trigger };
    case 'Notification':
      return { type: 'notification', category: p.notificationType, title: p.title, body: p.message };
  }
}

/** `params.extra.payload` when it is an object, else nothing. */
export function givenPayload(params: EventParams): Fields {
  const given = params.extra?.payload;
  return isObject(given) ? given : {};
}

/**
 * The event's payload: each known key from `extra.payload` when given there, else derived from the params
 * (undefined values left out); `type` is always the event's own. Extra `extra.payload` keys follow.
 */
export function buildPayload(event: EventName, params: EventParams): Fields {
  if (!isBambooEvent(event)) return { ...givenPayload(params) };
  const derived = derivedFields(event, params);
  const given = givenPayload(params);
  const payload: Fields = {};
  for (const key of PAYLOAD_KEYS[event]) {
    const value = key !== 'type' && Object.hasOwn(given, key) ? given[key] : derived[key];
    if (value !== undefined) payload[key] = value;
  }
  for (const [key, value] of Object.entries(given)) if (!Object.hasOwn(payload, key) && key !== 'type' && value !== undefined) payload[key] = value;
  return payload;
}
