// The hook points of tool calls (docs/acp.md): session/request_permission (PreToolUse, then PermissionRequest: the
// agent answered without the editor, or the editor asked), fs/write_text_file and terminal/create (PreToolUse: refused,
// a write's content rewritten; PostToolUse on the editor's answer to a write), and a tool call's final
// `tool_call_update` (PostToolUse or PostToolUseFailure, its context carried into the next prompt). Uses the proxy's
// link (proxy-link.ts); owns the tool calls seen per session and the writes awaiting the editor's answer.
import { contextOf, permissionAnswer, toolEventParams, toolRefusal, type ToolCallSeen } from './hook-points.js';
import { sessionIdOf, type ProxyLink, type Request, type Response } from './proxy-link.js';
import { errorLine, idKey, isRecord, resultLine } from './wire.js';

/** Tool calls remembered per session (for the PostToolUse of a `tool_call_update` that repeats nothing). */
const MAX_TOOL_CALLS = 1_000;
/** How much of a turn's text Stop hooks get as lastAssistantMessage. */
const MAX_TURN_TEXT = 64 * 1024;
/** The JSON-RPC error the proxy answers a refused agent request with. */
export const ACP_REFUSED = -32000;

/** A tool call as described so far, with what `update` (a tool_call, its update, or a permission's toolCall) adds. */
function mergeCall(seen: ToolCallSeen, update: Record<string, unknown>): ToolCallSeen {
  return {
    ...seen,
    ...(typeof update['kind'] === 'string' ? { kind: update['kind'] } : {}),
    ...(typeof update['title'] === 'string' ? { title: update['title'] } : {}),
    ...(update['rawInput'] !== undefined ? { rawInput: update['rawInput'] } : {}),
  };
}

export function toolPoints(link: ProxyLink) {
  const { dialect, workspace, logger } = link;
  /** Agent requests forwarded to the editor whose answer fires a PostToolUse (fs/write_text_file). */
  const writes = new Map<string, { readonly sessionId: string; readonly event: Record<string, unknown> }>();

  const afterTool = async (sessionId: string, event: 'PostToolUse' | 'PostToolUseFailure', params: Record<string, unknown>): Promise<void> => {
    const result = await link.fire(sessionId, event, params);
    if (typeof result === 'object') link.session(sessionId).carried.push(...contextOf(result, true));
  };

  /** A session/update from the agent: the turn's text, tool calls as they are described, and their end. */
  const onSessionUpdate = (params: unknown): void => {
    if (!isRecord(params) || typeof params['sessionId'] !== 'string' || !isRecord(params['update'])) return;
    const sessionId = params['sessionId'];
    const update = params['update'];
    const kind = update['sessionUpdate'];
    if (kind === 'agent_message_chunk' && isRecord(update['content']) && typeof update['content']['text'] === 'string') {
      const state = link.session(sessionId);
      if (state.turnText.length < MAX_TURN_TEXT) state.turnText = (state.turnText + update['content']['text']).slice(0, MAX_TURN_TEXT);
    }
    if (kind !== 'tool_call' && kind !== 'tool_call_update') return;
    const toolCallId = update['toolCallId'];
    if (typeof toolCallId !== 'string') return;
    const tools = link.session(sessionId).tools;
    const merged = mergeCall(tools.get(toolCallId) ?? {}, update);
    tools.delete(toolCallId);
    tools.set(toolCallId, merged);
    if (tools.size > MAX_TOOL_CALLS) tools.delete(tools.keys().next().value as string);
    const status = update['status'];
    if (status !== 'completed' && status !== 'failed') return;
    tools.delete(toolCallId);
    const event = toolEventParams(dialect, sessionId, workspace, toolCallId, merged);
    if (status === 'completed') void afterTool(sessionId, 'PostToolUse', { ...event, toolResponse: { content: update['content'] ?? null, rawOutput: update['rawOutput'] ?? null } });
    else void afterTool(sessionId, 'PostToolUseFailure', { ...event, error: typeof update['rawOutput'] === 'string' ? update['rawOutput'] : JSON.stringify(update['rawOutput'] ?? update['content'] ?? 'failed') });
  };

  /** The agent asks the editor for permission: PreToolUse, then PermissionRequest, may answer it instead. */
  const onPermission = async (message: Request, line: Buffer): Promise<void> => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = sessionIdOf(params);
    const call = isRecord(params['toolCall']) ? params['toolCall'] : {};
    const toolCallId = typeof call['toolCallId'] === 'string' ? call['toolCallId'] : undefined;
    const seen = (toolCallId !== undefined ? link.session(sessionId).tools.get(toolCallId) : undefined) ?? {};
    const event = toolEventParams(dialect, sessionId, workspace, toolCallId, mergeCall(seen, call));
    const held = { map: link.heldByAgentId, id: message.id };
    for (const name of ['PreToolUse', 'PermissionRequest'] as const) {
      const result = await link.fire(sessionId, name, event, held);
      if (result === 'cancelled') {
        link.toAgent(resultLine(message.id, { outcome: { outcome: 'cancelled' } }));
        return;
      }
      if (result === 'failed') continue;
      if (result.updatedInput !== undefined) logger.warn(`acp: a ${name} hook rewrote the input of ${String(event['toolName'])}: ACP cannot change a tool call's input, so the rewrite is ignored`);
      const answer = permissionAnswer(result, params['options']);
      if ('answer' in answer) {
        link.toAgent(resultLine(message.id, answer.answer));
        return;
      }
    }
    link.toEditor(line);
  };

  /** fs/write_text_file or terminal/create from the agent (`event`: its PreToolUse params): refused, rewritten or forwarded. */
  const onToolRequest = async (message: Request, line: Buffer, event: Record<string, unknown>): Promise<void> => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = sessionIdOf(params);
    const result = await link.fire(sessionId, 'PreToolUse', event, { map: link.heldByAgentId, id: message.id });
    if (result === 'cancelled') {
      link.toAgent(errorLine(message.id, -32800, 'cancelled'));
      return;
    }
    const hookResult = result === 'failed' ? {} : result;
    const refusal = toolRefusal(hookResult);
    if (refusal !== undefined) {
      link.toAgent(errorLine(message.id, ACP_REFUSED, `${message.method} refused by a PreToolUse hook: ${refusal}`, { reason: refusal }));
      return;
    }
    if (message.method === 'fs/write_text_file') {
      const content = hookResult.updatedInput?.['content'];
      writes.set(idKey(message.id), { sessionId, event: { ...event, toolInput: { ...(event['toolInput'] as object), ...(typeof content === 'string' ? { content } : {}) } } });
      if (typeof content === 'string' && content !== params['content']) {
        link.toEditor(JSON.stringify({ jsonrpc: '2.0', id: message.id, method: message.method, params: { ...params, content } }));
        return;
      }
    } else if (hookResult.updatedInput !== undefined) {
      logger.warn(`acp: a PreToolUse hook rewrote the input of ${message.method}: only fs/write_text_file content can be rewritten, so it is ignored`);
    }
    link.toEditor(line);
  };

  /** The editor answered an agent request: a write's answer fires PostToolUse (or PostToolUseFailure). */
  const onEditorAnswer = (message: Response): void => {
    const written = writes.get(idKey(message.id));
    if (written === undefined) return;
    writes.delete(idKey(message.id));
    if (message.error === undefined) void afterTool(written.sessionId, 'PostToolUse', { ...written.event, toolResponse: message.result ?? {} });
    else void afterTool(written.sessionId, 'PostToolUseFailure', { ...written.event, error: JSON.stringify(message.error) });
  };

  return { onSessionUpdate, onPermission, onToolRequest, onEditorAnswer };
}
