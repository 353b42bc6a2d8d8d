// The one JSON object a WAMP hook reads on stdin (seed 002 "Input"): exactly the seed's fields, snake_case, in its
// order. Pure rendering from EventParams; must not decide anything about matching, firing or output.
import type { EventContext } from '../../engine/dialect.js';
import type { EventName, EventParams } from '../../protocol/index.js';

/** `agent` when the session does not name one. */
export const DEFAULT_AGENT = 'wamp';
/** `runtime` when the session does not name one: a native WAMP Run. */
export const NATIVE_RUNTIME = 'native';

type Fields = Record<string, unknown>;

/**
 * Always: `hook_event_name`, `session_id` (the conversation id), `cwd` (the project root, never the agent's current
 * directory), `run_id`, `agent`, `runtime`. Tool events: `tool_name`, `tool_input`, `tool_use_id`. PostToolUse:
 * `tool_response {content, is_error}`. UserPromptSubmit: `prompt`. SessionStart: `source` ("startup": it fires on a
 * conversation's first message only). Stop: `stop_hook_active`. Nothing else: no `transcript_path` (WAMP keeps no
 * transcript file) and no `params.extra` (the seed's object is the whole input). A value the client did not send is
 * null (`run_id` outside a run, `tool_use_id` without an id), so every listed field is always present.
 */
export function renderEnvelope(context: EventContext): Fields {
  const { event, params } = context;
  return {
    hook_event_name: event,
    session_id: context.sessionId,
    cwd: context.workspace,
    run_id: params.runId ?? null,
    agent: params.session.agent ?? DEFAULT_AGENT,
    runtime: params.session.runtime ?? NATIVE_RUNTIME,
    ...eventFields(event, params),
  };
}

export function renderStdin(context: EventContext): string {
  return JSON.stringify(renderEnvelope(context));
}

function eventFields(event: EventName, params: EventParams): Fields {
  switch (event) {
    case 'PreToolUse':
      return toolFields(params);
    case 'PostToolUse':
      return { ...toolFields(params), tool_response: { content: params.toolResponse ?? null, is_error: params.isError ?? false } };
    case 'UserPromptSubmit':
      return { prompt: params.prompt ?? '' };
    case 'SessionStart':
      return { source: 'startup' };
    case 'Stop':
      return { stop_hook_active: params.stopHookActive ?? false };
    default:
      return {};
  }
}

function toolFields(params: EventParams): Fields {
  return { tool_name: params.toolName ?? null, tool_input: params.toolInput ?? {}, tool_use_id: params.toolUseId ?? null };
}
