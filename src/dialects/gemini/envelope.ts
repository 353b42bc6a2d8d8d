// The stdin Gemini CLI 0.61 writes (observed-envelopes "gemini"; hookEventHandler.ts createBaseInput and fire*Event):
// session_id, transcript_path, cwd, hook_event_name (native name), timestamp, then the event's fields. Rendering only.
import type { EventContext } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';
import { geminiNativeName } from './events.js';

type Fields = Record<string, unknown>;

/**
 * Fields of params.extra that have a place of their own in the envelope, or none (plans_dir is GEMINI_PLANS_DIR in the
 * environment); the rest follow at the end, as given.
 */
const PLACED_EXTRA: ReadonlySet<string> = new Set(['mcp_context', 'original_request_name', 'details', 'plans_dir']);

/**
 * Gemini's field order. `transcript_path` is "" when unknown (Gemini's `?? ''`), `cwd` the agent's directory (Gemini:
 * its working directory, the project), `timestamp` the ISO 8601 time of rendering. Undefined values are left out;
 * the other `params.extra` keys (not plans_dir) come last, as given.
 */
export function renderEnvelope(context: EventContext, now: Date = new Date()): Fields {
  const { event, params } = context;
  const envelope: Fields = {
    session_id: context.sessionId,
    transcript_path: params.session.transcriptPath ?? '',
    cwd: context.cwd,
    hook_event_name: geminiNativeName(event),
    timestamp: now.toISOString(),
  };
  put(envelope, eventFields(event, params));
  const extra = params.extra ?? {};
  for (const [key, value] of Object.entries(extra)) {
    if (!PLACED_EXTRA.has(key) && !Object.hasOwn(envelope, key) && value !== undefined) Object.defineProperty(envelope, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return envelope;
}

export function renderStdin(context: EventContext): string {
  // Gemini writes JSON.stringify(input): compact, no trailing newline.
  return JSON.stringify(renderEnvelope(context));
}

function eventFields(event: EventName, params: EventParams): Fields {
  const extra = params.extra ?? {};
  const tool = () => ({ tool_name: params.toolName ?? '', tool_input: params.toolInput ?? {} });
  const mcp = () => ({ mcp_context: extra['mcp_context'], original_request_name: extra['original_request_name'] });
  switch (event) {
    case 'PreToolUse':
      return { ...tool(), ...mcp() };
    case 'PostToolUse':
      return { ...tool(), tool_response: params.toolResponse ?? {}, ...mcp() };
    case 'UserPromptSubmit':
      return { prompt: params.prompt ?? '' };
    case 'Stop':
      return { prompt: params.prompt ?? '', prompt_response: params.lastAssistantMessage ?? '', stop_hook_active: params.stopHookActive ?? false };
    case 'SessionStart':
      return { source: params.source ?? 'startup' };
    case 'SessionEnd':
      return { reason: params.reason ?? 'other' };
    case 'PreCompact':
      return { trigger: params.trigger ?? 'manual' };
    case 'Notification':
      return { notification_type: params.notificationType ?? 'ToolPermission', message: params.message ?? '', details: extra['details'] ?? {} };
    case 'BeforeModel':
    case 'BeforeToolSelection':
      return { llm_request: params.llmRequest ?? {} };
    case 'AfterModel':
      return { llm_request: params.llmRequest ?? {}, llm_response: params.llmResponse ?? {} };
    default:
      return {};
  }
}

function put(target: Fields, fields: Fields): void {
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) target[key] = value;
}
