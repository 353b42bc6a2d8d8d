// `hookd acp`: an Agent Client Protocol proxy between an editor (our stdin/stdout) and the agent it starts. Every line
// passes both ways as it came, except the messages that carry a hook point (turn-points.ts, tool-points.ts), which are
// held while their hooks run and then forwarded, changed, or answered by the proxy itself. Messages of one direction
// keep their order; cancels act at once. It owns the two connections, their ordering, the ids of the requests the
// agent owes (renamed when they collide with the proxy's own), the sessions' state, firing hooks through the
// in-process hookd, and the end of everything (either side gone: the other told, every hook tree killed).
import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../logger.js';
import { startAgent, type AgentProcess } from '../runner/agent-process.js';
import { startHookService, type HookService } from './hook-service.js';
import { asHookResult, terminalEventParams, writeEventParams } from './hook-points.js';
import { LineSplitter } from './line-splitter.js';
import type { AgentOwed, FireResult, Held, ProxyLink, Request, SessionState } from './proxy-link.js';
import { toolPoints } from './tool-points.js';
import { turnPoints } from './turn-points.js';
import { answerLine, classify, errorLine, idKey, isRecord, notificationLine, requestLine, type JsonRpcId } from './wire.js';

/** ACP's own cap (the SDK's ndJsonStream): longer lines are dropped, with a line on stderr. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
/** The JSON-RPC error of an editor request the agent left unanswered when it exited. */
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

type Ordered = { tail: Promise<void> };

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
  const forwardRequest = (message: Request, params: Record<string, unknown>, line: Buffer | undefined) => {
    const agentId = agentSideId(message.id);
    agentOwes.set(idKey(agentId), { editorId: message.id, agentId, method: message.method, params });
    if (line !== undefined && agentId === message.id) toAgent(line);
    else toAgent(requestLine(agentId, message.method, params));
  };
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
  const fire = async (sessionId: string, event: string, params: Record<string, unknown>, held?: Held): Promise<FireResult> => {
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
  const link: ProxyLink = {
    dialect,
    workspace,
    logger,
    session,
    fire,
    toEditor,
    toAgent,
    heldByEditorId,
    heldByAgentId,
    agentOwes,
    ownId,
    forwardRequest,
    ending: () => ending,
  };
  const turns = turnPoints(link);
  const tools = toolPoints(link);

  // ---- editor → agent ----
  const onEditorLine = (line: Buffer) => {
    const message = classify(line);
    if (message.kind === 'request' && message.method === 'session/prompt') return inOrder(fromEditor, () => turns.onPrompt(message, line));
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
    if (message.kind === 'response') tools.onEditorAnswer(message);
    inOrder(fromEditor, () => toAgent(line));
  };

  // ---- agent → editor ----
  const onAgentLine = (line: Buffer) => {
    const message = classify(line);
    if (message.kind === 'request') {
      const params = isRecord(message.params) ? message.params : {};
      if (message.method === 'session/request_permission') return inOrder(fromAgent, () => tools.onPermission(message, line));
      if (message.method === 'fs/write_text_file') return inOrder(fromAgent, () => tools.onToolRequest(message, line, writeEventParams(dialect, params, workspace)));
      if (message.method === 'terminal/create') return inOrder(fromAgent, () => tools.onToolRequest(message, line, terminalEventParams(dialect, params, workspace)));
    }
    if (message.kind === 'notification' && message.method === 'session/update') tools.onSessionUpdate(message.params);
    if (message.kind === 'notification' && message.method === '$/cancel_request' && isRecord(message.params)) {
      const id = message.params['requestId'];
      if (typeof id === 'string' || typeof id === 'number') heldByAgentId.get(idKey(id))?.abort();
    }
    if (message.kind === 'response') {
      const owed = agentOwes.get(idKey(message.id));
      if (owed !== undefined) {
        agentOwes.delete(idKey(message.id));
        const starts = owed.method === 'session/new' || owed.method === 'session/load' || owed.method === 'session/resume';
        if (starts && message.error === undefined) turns.onSessionAnswered(owed, message.result);
        if (owed.method === 'session/prompt') return inOrder(fromAgent, () => turns.onPromptAnswered(owed, message, line));
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

