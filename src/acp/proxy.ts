// `hookd acp`: an Agent Client Protocol proxy between an editor (our stdin/stdout) and the agent it starts. Every line
// passes both ways as it came, except the messages that carry a hook point (hook-points.ts), which are held while
// their hooks run and then forwarded, changed, or answered by the proxy itself. Messages of one direction keep their
// order; cancels act at once. It owns the two connections, their ordering, the ids of the requests it answers or
// sends, per-session context, and the end of everything (either side gone: the other told, every hook tree killed).
import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../logger.js';
import { startAgent, type AgentProcess } from '../runner/agent-process.js';
import { startHookService, type HookService } from './hook-service.js';
import {
  asHookResult,
  contextOf,
  permissionAnswer,
  promptRefusal,
  promptText,
  terminalEventParams,
  toolEventParams,
  toolRefusal,
  withContext,
  writeEventParams,
  type HookResult,
  type ToolCallSeen,
} from './hook-points.js';
import { LineSplitter } from './line-splitter.js';
import { answerLine, classify, errorLine, idKey, isRecord, notificationLine, requestLine, resultLine, type Incoming, type JsonRpcId } from './wire.js';

/** ACP's own cap (the SDK's ndJsonStream): longer lines are dropped, with a line on stderr. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
/** Tool calls remembered per session (for the PostToolUse of a `tool_call_update` that repeats nothing). */
const MAX_TOOL_CALLS = 1_000;
/** How much of a turn's text Stop hooks get as lastAssistantMessage. */
const MAX_TURN_TEXT = 64 * 1024;
/** The JSON-RPC error the proxy answers a refused agent request with, and an editor request the dead agent left. */
export const ACP_REFUSED = -32000;
export const AGENT_GONE = -32001;

export type AcpProxyOptions = {
  readonly dialect: string;
  readonly workspace: string;
  readonly agentArgv: readonly string[];
  readonly editorIn: Readable;
  readonly editorOut: Writable;
  readonly logger: Logger;
  readonly home?: string;
  /** Consecutive Stop blocks honoured per session (hookd's `stopBlockCap`; default 8, 0 turns the cap off). */
  readonly stopBlockCap?: number;
};

type SessionState = {
  /** SessionStart context, then what tools left (PostToolUse feedback): given to the next prompt, then cleared. */
  readonly carried: string[];
  /** Settles when the session's SessionStart hooks have run (its first prompt waits for them). */
  started: Promise<void>;
  readonly tools: Map<string, ToolCallSeen>;
  /** Hook runs of this session in flight (session/cancel aborts them). */
  readonly runs: Set<AbortController>;
  /** What the agent said in the current turn (agent_message_chunk texts, capped): Stop's lastAssistantMessage. */
  turnText: string;
};

type Ordered = { tail: Promise<void> };

type AgentOwed = {
  /** The id the editor gave (a continuation: the prompt it continues). */
  readonly editorId: JsonRpcId;
  /** The id the agent saw. */
  readonly agentId: JsonRpcId;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** A continuation the proxy sent after a Stop hook blocked. */
  readonly continued?: boolean;
};

export async function runAcpProxy(options: AcpProxyOptions): Promise<number> {
  const { dialect, workspace, logger } = options;
  const hooks: HookService = startHookService(logger);
  try {
    await hooks.request('initialize', {
      protocolVersion: '0.1',
      clientInfo: { name: 'hookd acp' },
      dialect,
      workspace,
      ...(options.home !== undefined ? { home: options.home } : {}),
      ...(options.stopBlockCap !== undefined ? { options: { stopBlockCap: options.stopBlockCap } } : {}),
    });
  } catch (error) {
    await hooks.close();
    throw new Error(`the hooks could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }

  const agent: AgentProcess = startAgent(options.agentArgv, { cwd: workspace });
  const sessions = new Map<string, SessionState>();
  /**
   * Requests the agent has not answered yet, by their id on the agent's side: the editor's (forwarded as they came,
   * or renamed when their id was one of the proxy's own), and the proxy's continuations of a turn a Stop hook kept
   * going (`editorId` is then the prompt they continue). A session's start is read from its answer.
   */
  const agentOwes = new Map<string, AgentOwed>();
  let nextOwnId = 1;
  /** An id for a request of the proxy's own: never one the agent still owes an answer to. */
  const ownId = (): string => {
    let id: string;
    do id = `hookd-acp-${nextOwnId++}`;
    while (agentOwes.has(idKey(id)));
    return id;
  };
  /** The agent-side id for an editor request: its own, unless a request of the proxy's holds that id. */
  const agentSideId = (editorId: JsonRpcId): JsonRpcId => (agentOwes.has(idKey(editorId)) ? ownId() : editorId);
  /** Forwards an editor request to the agent under its agent-side id (the line as it came when that is its own). */
  const forwardRequest = (message: Extract<Incoming, { kind: 'request' }>, params: Record<string, unknown>, line: Buffer | undefined) => {
    const agentId = agentSideId(message.id);
    agentOwes.set(idKey(agentId), { editorId: message.id, agentId, method: message.method, params });
    if (line !== undefined && agentId === message.id) toAgent(line);
    else toAgent(requestLine(agentId, message.method, params));
  };
  /** Agent requests forwarded to the editor whose answer fires a PostToolUse (fs/write_text_file). */
  const agentRequests = new Map<string, { readonly sessionId: string; readonly event: Record<string, unknown> }>();
  /** Hook runs of a held request, by the request's id in its sender's id space ($/cancel_request aborts them). */
  const heldByEditorId = new Map<string, AbortController>();
  const heldByAgentId = new Map<string, AbortController>();
  const fromEditor: Ordered = { tail: Promise.resolve() };
  const fromAgent: Ordered = { tail: Promise.resolve() };
  let ending = false;

  const write = (stream: Writable, line: Buffer | string) => {
    if (typeof line === 'string') stream.write(`${line}\n`);
    else stream.write(Buffer.concat([line, Buffer.from('\n')]));
  };
  const toEditor = (line: Buffer | string) => write(options.editorOut, line);
  const toAgent = (line: Buffer | string) => {
    if (!ending) write(agent.stdin, line);
  };
  /** Runs `step` after everything read before it in the same direction was handled (its order on the wire). */
  const inOrder = (order: Ordered, step: () => void | Promise<void>) => {
    order.tail = order.tail.then(step).catch((error: unknown) => logger.error(`acp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  };
  const session = (id: string): SessionState => {
    let state = sessions.get(id);
    if (state === undefined) {
      state = { carried: [], started: Promise.resolve(), tools: new Map(), runs: new Set(), turnText: '' };
      sessions.set(id, state);
    }
    return state;
  };

  /** One hookd event under a controller the session's cancel (and the held request's $/cancel_request) aborts. */
  const fire = async (sessionId: string, event: string, params: Record<string, unknown>, held?: { map: Map<string, AbortController>; id: JsonRpcId }): Promise<HookResult | 'cancelled' | 'failed'> => {
    const state = session(sessionId);
    const controller = new AbortController();
    state.runs.add(controller);
    if (held) held.map.set(idKey(held.id), controller);
    try {
      return asHookResult(await hooks.request(`hooks/${event}`, params, controller.signal));
    } catch (error) {
      if (controller.signal.aborted) return 'cancelled';
      // -32601: the dialect does not fire this event. Anything else is a hook problem the session goes on without.
      const code = isRecord(error) ? error['code'] : undefined;
      if (code !== -32601) logger.warn(`acp: ${event} hooks failed, going on without them: ${error instanceof Error ? error.message : String(error)}`);
      return 'failed';
    } finally {
      state.runs.delete(controller);
      if (held) held.map.delete(idKey(held.id));
    }
  };
  const cwdOf = (params: Record<string, unknown>) => (typeof params['cwd'] === 'string' ? params['cwd'] : workspace);

  // ---- editor → agent ----
  const onPrompt = async (message: Extract<Incoming, { kind: 'request' }>, line: Buffer) => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = typeof params['sessionId'] === 'string' ? params['sessionId'] : '';
    const state = session(sessionId);
    await state.started;
    const result = await fire(sessionId, 'UserPromptSubmit', { session: { id: sessionId, cwd: workspace }, prompt: promptText(params['prompt']) }, { map: heldByEditorId, id: message.id });
    if (result === 'cancelled') {
      toEditor(resultLine(message.id, { stopReason: 'cancelled' }));
      return;
    }
    const hookResult = result === 'failed' ? {} : result;
    const refusal = promptRefusal(hookResult);
    if (refusal !== undefined) {
      toEditor(notificationLine('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: refusal } } }));
      toEditor(resultLine(message.id, { stopReason: 'refusal' }));
      return;
    }
    const before = state.carried.splice(0);
    const after = contextOf(hookResult);
    state.turnText = '';
    if (before.length === 0 && after.length === 0) forwardRequest(message, params, line);
    else forwardRequest(message, withContext(params, before, after), undefined);
  };

  const onEditorLine = (line: Buffer) => {
    const message = classify(line);
    if (message.kind === 'request' && message.method === 'session/prompt') return inOrder(fromEditor, () => onPrompt(message, line));
    if (message.kind === 'request') return inOrder(fromEditor, () => forwardRequest(message, isRecord(message.params) ? message.params : {}, line));
    if (message.kind === 'notification' && message.method === 'session/cancel' && isRecord(message.params)) {
      const sessionId = message.params['sessionId'];
      if (typeof sessionId === 'string') for (const run of sessions.get(sessionId)?.runs ?? []) run.abort();
    }
    if (message.kind === 'notification' && message.method === '$/cancel_request' && isRecord(message.params)) {
      const id = message.params['requestId'];
      if (typeof id === 'string' || typeof id === 'number') {
        heldByEditorId.get(idKey(id))?.abort();
        // The agent knows the request by its agent-side id (renamed, or a continuation of that prompt).
        const owed = [...agentOwes.values()].find((entry) => entry.editorId === id && entry.agentId !== id);
        if (owed !== undefined) return inOrder(fromEditor, () => toAgent(notificationLine('$/cancel_request', { ...message.params as object, requestId: owed.agentId })));
      }
    }
    if (message.kind === 'response') {
      const written = agentRequests.get(idKey(message.id));
      if (written !== undefined) {
        agentRequests.delete(idKey(message.id));
        if (message.error === undefined) void afterTool(written.sessionId, 'PostToolUse', { ...written.event, toolResponse: message.result ?? {} });
        else void afterTool(written.sessionId, 'PostToolUseFailure', { ...written.event, error: JSON.stringify(message.error) });
      }
    }
    inOrder(fromEditor, () => toAgent(line));
  };

  // ---- agent → editor ----
  const afterTool = async (sessionId: string, event: 'PostToolUse' | 'PostToolUseFailure', params: Record<string, unknown>) => {
    const result = await fire(sessionId, event, params);
    if (typeof result === 'object') session(sessionId).carried.push(...contextOf(result, true));
  };

  const onSessionUpdate = (params: unknown) => {
    if (!isRecord(params) || typeof params['sessionId'] !== 'string' || !isRecord(params['update'])) return;
    const sessionId = params['sessionId'];
    const update = params['update'];
    const kind = update['sessionUpdate'];
    if (kind === 'agent_message_chunk' && isRecord(update['content']) && typeof update['content']['text'] === 'string') {
      const state = session(sessionId);
      if (state.turnText.length < MAX_TURN_TEXT) state.turnText = (state.turnText + update['content']['text']).slice(0, MAX_TURN_TEXT);
    }
    if (kind !== 'tool_call' && kind !== 'tool_call_update') return;
    const toolCallId = update['toolCallId'];
    if (typeof toolCallId !== 'string') return;
    const tools = session(sessionId).tools;
    const seen = tools.get(toolCallId) ?? {};
    const merged: ToolCallSeen = {
      ...seen,
      ...(typeof update['kind'] === 'string' ? { kind: update['kind'] } : {}),
      ...(typeof update['title'] === 'string' ? { title: update['title'] } : {}),
      ...(update['rawInput'] !== undefined ? { rawInput: update['rawInput'] } : {}),
    };
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

  const onPermission = async (message: Extract<Incoming, { kind: 'request' }>, line: Buffer) => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = typeof params['sessionId'] === 'string' ? params['sessionId'] : '';
    const call = isRecord(params['toolCall']) ? params['toolCall'] : {};
    const toolCallId = typeof call['toolCallId'] === 'string' ? call['toolCallId'] : undefined;
    const seen = (toolCallId !== undefined ? session(sessionId).tools.get(toolCallId) : undefined) ?? {};
    const merged: ToolCallSeen = {
      ...seen,
      ...(typeof call['kind'] === 'string' ? { kind: call['kind'] } : {}),
      ...(typeof call['title'] === 'string' ? { title: call['title'] } : {}),
      ...(call['rawInput'] !== undefined ? { rawInput: call['rawInput'] } : {}),
    };
    const event = toolEventParams(dialect, sessionId, workspace, toolCallId, merged);
    const held = { map: heldByAgentId, id: message.id };
    for (const name of ['PreToolUse', 'PermissionRequest'] as const) {
      const result = await fire(sessionId, name, event, held);
      if (result === 'cancelled') {
        toAgent(resultLine(message.id, { outcome: { outcome: 'cancelled' } }));
        return;
      }
      if (result === 'failed') continue;
      if (result.updatedInput !== undefined) logger.warn(`acp: a ${name} hook rewrote the input of ${String(event['toolName'])}: ACP cannot change a tool call's input, so the rewrite is ignored`);
      const answer = permissionAnswer(result, params['options']);
      if ('answer' in answer) {
        toAgent(resultLine(message.id, answer.answer));
        return;
      }
    }
    toEditor(line);
  };

  const onToolRequest = async (message: Extract<Incoming, { kind: 'request' }>, line: Buffer, event: Record<string, unknown>) => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = typeof params['sessionId'] === 'string' ? params['sessionId'] : '';
    const result = await fire(sessionId, 'PreToolUse', event, { map: heldByAgentId, id: message.id });
    if (result === 'cancelled') {
      toAgent(errorLine(message.id, -32800, 'cancelled'));
      return;
    }
    const hookResult = result === 'failed' ? {} : result;
    const refusal = toolRefusal(hookResult);
    if (refusal !== undefined) {
      toAgent(errorLine(message.id, ACP_REFUSED, `${message.method} refused by a PreToolUse hook: ${refusal}`, { reason: refusal }));
      return;
    }
    if (message.method === 'fs/write_text_file') {
      const content = hookResult.updatedInput?.['content'];
      agentRequests.set(idKey(message.id), { sessionId, event: { ...event, toolInput: { ...(event['toolInput'] as object), ...(typeof content === 'string' ? { content } : {}) } } });
      if (typeof content === 'string' && content !== params['content']) {
        toEditor(JSON.stringify({ jsonrpc: '2.0', id: message.id, method: message.method, params: { ...params, content } }));
        return;
      }
    } else if (hookResult.updatedInput !== undefined) {
      logger.warn(`acp: a PreToolUse hook rewrote the input of ${message.method}: only fs/write_text_file content can be rewritten, so it is ignored`);
    }
    toEditor(line);
  };

  const onSessionAnswered = (request: { readonly method: string; readonly params: Record<string, unknown> }, result: unknown) => {
    const sessionId = request.method === 'session/new' ? (isRecord(result) ? result['sessionId'] : undefined) : request.params['sessionId'];
    if (typeof sessionId !== 'string') return;
    const state = session(sessionId);
    const source = request.method === 'session/new' ? 'startup' : 'resume';
    state.started = fire(sessionId, 'SessionStart', { session: { id: sessionId, cwd: cwdOf(request.params) }, source }).then((answer) => {
      if (typeof answer === 'object') state.carried.push(...contextOf(answer));
    });
  };

  /**
   * The agent answered a prompt (the editor's, or a continuation). `end_turn` fires Stop: a block sends the agent a
   * further session/prompt with the reason — shown to the editor as a user message — and the editor's prompt is
   * answered only when the turn really ends (hookd's Stop-block cap ends a loop: `--stop-block-cap`, default 8).
   */
  const onPromptAnswered = async (owed: AgentOwed, message: Extract<Incoming, { kind: 'response' }>, line: Buffer) => {
    const sessionId = typeof owed.params['sessionId'] === 'string' ? owed.params['sessionId'] : '';
    const ended = message.error === undefined && isRecord(message.result) && message.result['stopReason'] === 'end_turn';
    if (ended) {
      const state = session(sessionId);
      const result = await fire(sessionId, 'Stop', { session: { id: sessionId, cwd: workspace }, stopHookActive: owed.continued === true, lastAssistantMessage: state.turnText });
      const reason = typeof result === 'object' && result.decision === 'block' ? result.reason || 'a Stop hook asked to keep working' : undefined;
      if (reason !== undefined && !ending) {
        const agentId = ownId();
        const params = { sessionId, prompt: [{ type: 'text', text: reason }] };
        agentOwes.set(idKey(agentId), { editorId: owed.editorId, agentId, method: 'session/prompt', params, continued: true });
        state.turnText = '';
        toEditor(notificationLine('session/update', { sessionId, update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: reason } } }));
        toAgent(requestLine(agentId, 'session/prompt', params));
        return;
      }
    }
    toEditor(owed.agentId === owed.editorId ? line : answerLine(owed.editorId, message));
  };

  const onAgentLine = (line: Buffer) => {
    const message = classify(line);
    if (message.kind === 'request') {
      const params = isRecord(message.params) ? message.params : {};
      if (message.method === 'session/request_permission') return inOrder(fromAgent, () => onPermission(message, line));
      if (message.method === 'fs/write_text_file') return inOrder(fromAgent, () => onToolRequest(message, line, writeEventParams(dialect, params, workspace)));
      if (message.method === 'terminal/create') return inOrder(fromAgent, () => onToolRequest(message, line, terminalEventParams(dialect, params, workspace)));
    }
    if (message.kind === 'notification' && message.method === 'session/update') onSessionUpdate(message.params);
    if (message.kind === 'notification' && message.method === '$/cancel_request' && isRecord(message.params)) {
      const id = message.params['requestId'];
      if (typeof id === 'string' || typeof id === 'number') heldByAgentId.get(idKey(id))?.abort();
    }
    if (message.kind === 'response') {
      const owed = agentOwes.get(idKey(message.id));
      if (owed !== undefined) {
        agentOwes.delete(idKey(message.id));
        const starts = owed.method === 'session/new' || owed.method === 'session/load' || owed.method === 'session/resume';
        if (starts && message.error === undefined) onSessionAnswered(owed, message.result);
        if (owed.method === 'session/prompt') return inOrder(fromAgent, () => onPromptAnswered(owed, message, line));
        if (owed.agentId !== owed.editorId) return inOrder(fromAgent, () => toEditor(answerLine(owed.editorId, message)));
      }
    }
    inOrder(fromAgent, () => toEditor(line));
  };

  // ---- wiring and the end ----
  const dropped = (side: string) => (bytes: number) => logger.warn(`acp: dropped a ${bytes}-byte line from the ${side} (over ${MAX_LINE_BYTES} bytes)`);
  const editorLines = new LineSplitter(MAX_LINE_BYTES, { line: onEditorLine, dropped: dropped('editor') });
  const agentLines = new LineSplitter(MAX_LINE_BYTES, { line: onAgentLine, dropped: dropped('agent') });
  agent.stdout.on('data', (chunk: Buffer) => agentLines.push(chunk));
  agent.stdout.on('end', () => agentLines.end());
  options.editorIn.on('data', (chunk: Buffer) => editorLines.push(chunk));

  const finish = new Promise<number>((resolve) => {
    const end = async (why: string, code: number) => {
      if (ending) return;
      ending = true;
      logger.info(`acp: ending (${why})`);
      for (const state of sessions.values()) for (const run of state.runs) run.abort();
      await hooks.close();
      await agent.stop();
      await Promise.all([fromEditor.tail, fromAgent.tail]);
      resolve(code);
    };
    options.editorIn.on('end', () => {
      editorLines.end();
      void end('the editor closed its connection', 0);
    });
    void agent.exited.then(async (exit) => {
      if (exit.spawnError !== undefined) logger.error(`acp: the agent did not start: ${exit.spawnError}`);
      else logger.info(`acp: the agent exited (${exit.signal ?? `code ${exit.code}`})`);
      // Hooks still running for what the agent sent are moot (and hold its messages' order): their trees go now.
      for (const state of sessions.values()) for (const run of state.runs) run.abort();
      await fromAgent.tail;
      // Every editor request the agent left unanswered gets an answer: the editor is told.
      for (const owed of agentOwes.values()) toEditor(errorLine(owed.editorId, AGENT_GONE, 'the agent exited before answering'));
      agentOwes.clear();
      void end('the agent exited', exit.spawnError !== undefined ? 127 : (exit.code ?? 1));
    });
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => void end(signal, 0));
  });
  return finish;
}

