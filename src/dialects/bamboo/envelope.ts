// Renders the schema-versioned JSON both Bamboo handler types read on stdin, keys in the seed's order.
// Pure rendering from EventContext; must not decide anything about matching or output.
import type { EventContext } from '../../engine/dialect.js';
import { ruleOf } from './event-rules.js';
import { buildPayload, FLOAT_PAYLOAD_KEYS } from './payload.js';

export const SCHEMA_VERSION = 1;

type Fields = Record<string, unknown>;

/** ISO-8601 UTC to the second, as in the seed: `2026-07-22T09:00:00Z`. */
export function bambooTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * `schema_version`, `hook_event_name`, `session_id`, `workspace_path`, `model` (null when unknown), `payload`,
 * `timestamp` (`extra.timestamp` when a string, else now); on PreToolUse and PostToolUse then the convenience
 * fields `tool_name`, `tool_input` and `tool_response` copied from the payload ("Tool-oriented envelopes also keep
 * the convenience fields tool_name, tool_input, and tool_response": always all three, `tool_response` `null` on
 * PreToolUse, where no tool has run yet); then the other `params.extra` keys, which never replace a key above.
 */
export function renderEnvelope(context: EventContext, now: () => Date = () => new Date()): Fields {
  const { event, params } = context;
  const extra = params.extra ?? {};
  const payload = buildPayload(event, params);
  const envelope: Fields = {
    schema_version: SCHEMA_VERSION,
    hook_event_name: event,
    session_id: context.sessionId,
    workspace_path: context.workspace,
    model: params.session.model ?? null,
    payload,
    timestamp: typeof extra.timestamp === 'string' ? extra.timestamp : bambooTimestamp(now()),
  };
  if (ruleOf(event).toolEvent) {
    envelope.tool_name = payload.tool_name;
    envelope.tool_input = payload.tool_input;
    envelope.tool_response = payload.tool_response ?? null;
  }
  for (const [key, value] of Object.entries(extra)) {
    if (key !== 'payload' && key !== 'timestamp' && !Object.hasOwn(envelope, key) && value !== undefined) envelope[key] = value;
  }
  return envelope;
}

/** The envelope as one line of JSON; integral f64 payload fields keep their `.0` (`"usage_percent":85.0`). */
export function renderStdin(context: EventContext): string {
  return serialize(renderEnvelope(context), (key, value) => (key === 'payload' ? serialize(value as Fields, floatAware) : undefined));
}

function floatAware(key: string, value: unknown): string | undefined {
  const integral = typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e16;
  return integral && FLOAT_PAYLOAD_KEYS.includes(key) ? `${value}.0` : undefined;
}

/** JSON.stringify of a flat object, except entries `special` renders itself. */
function serialize(object: Fields, special: (key: string, value: unknown) => string | undefined): string {
  const entries: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined) continue;
    entries.push(`${JSON.stringify(key)}:${special(key, value) ?? JSON.stringify(value)}`);
  }
  return `{${entries.join(',')}}`;
}
