// The hook points of a turn (docs/acp.md): SessionStart when the agent answers session/new|load|resume, its context
// kept for the next prompt; UserPromptSubmit on a prompt, which it may refuse or give context; Stop when the agent
// answers a prompt `end_turn`, which it may keep going with a further prompt of the proxy's own. Uses the proxy's link
// (proxy-link.ts); owns no connection.
import { contextOf, promptRefusal, promptText, withContext } from './hook-points.js';
import { sessionIdOf, type AgentOwed, type ProxyLink, type Request, type Response } from './proxy-link.js';
import { answerLine, idKey, isRecord, notificationLine, requestLine, resultLine } from './wire.js';

export function turnPoints(link: ProxyLink) {
  const { workspace } = link;

  /** A prompt from the editor, held until its UserPromptSubmit hooks have run (and the session's SessionStart ones). */
  const onPrompt = async (message: Request, line: Buffer): Promise<void> => {
    const params = isRecord(message.params) ? message.params : {};
    const sessionId = sessionIdOf(params);
    const state = link.session(sessionId);
    await state.started;
    const result = await link.fire(sessionId, 'UserPromptSubmit', { session: { id: sessionId, cwd: workspace }, prompt: promptText(params['prompt']) }, { map: link.heldByEditorId, id: message.id });
    if (result === 'cancelled') {
      link.toEditor(resultLine(message.id, { stopReason: 'cancelled' }));
      return;
    }
    const hookResult = result === 'failed' ? {} : result;
    const refusal = promptRefusal(hookResult);
    if (refusal !== undefined) {
      link.toEditor(notificationLine('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: refusal } } }));
      link.toEditor(resultLine(message.id, { stopReason: 'refusal' }));
      return;
    }
    const before = state.carried.splice(0);
    const after = contextOf(hookResult);
    state.turnText = '';
    if (before.length === 0 && after.length === 0) link.forwardRequest(message, params, line);
    else link.forwardRequest(message, withContext(params, before, after), undefined);
  };

  /** The agent answered session/new, load or resume: SessionStart runs; the session's next prompt waits for it. */
  const onSessionAnswered = (request: AgentOwed, result: unknown): void => {
    const sessionId = request.method === 'session/new' ? (isRecord(result) ? result['sessionId'] : undefined) : request.params['sessionId'];
    if (typeof sessionId !== 'string') return;
    const state = link.session(sessionId);
    const source = request.method === 'session/new' ? 'startup' : 'resume';
    const cwd = typeof request.params['cwd'] === 'string' ? request.params['cwd'] : workspace;
    state.started = link.fire(sessionId, 'SessionStart', { session: { id: sessionId, cwd }, source }).then((answer) => {
      if (typeof answer === 'object') state.carried.push(...contextOf(answer));
    });
  };

  /**
   * The agent answered a prompt (the editor's, or a continuation). `end_turn` fires Stop: a block sends the agent a
   * further session/prompt with the reason — shown to the editor as a user message — and the editor's prompt is
   * answered only when the turn really ends (hookd's Stop-block cap ends a loop: `--stop-block-cap`, default 8).
   */
  const onPromptAnswered = async (owed: AgentOwed, message: Response, line: Buffer): Promise<void> => {
    const sessionId = sessionIdOf(owed.params);
    const ended = message.error === undefined && isRecord(message.result) && message.result['stopReason'] === 'end_turn';
    if (ended) {
      const state = link.session(sessionId);
      const result = await link.fire(sessionId, 'Stop', { session: { id: sessionId, cwd: workspace }, stopHookActive: owed.continued === true, lastAssistantMessage: state.turnText });
      const reason = typeof result === 'object' && result.decision === 'block' ? result.reason || 'a Stop hook asked to keep working' : undefined;
      if (reason !== undefined && !link.ending()) {
        const agentId = link.ownId();
        const params = { sessionId, prompt: [{ type: 'text', text: reason }] };
        link.agentOwes.set(idKey(agentId), { editorId: owed.editorId, agentId, method: 'session/prompt', params, continued: true });
        state.turnText = '';
        link.toEditor(notificationLine('session/update', { sessionId, update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: reason } } }));
        link.toAgent(requestLine(agentId, 'session/prompt', params));
        return;
      }
    }
    link.toEditor(owed.agentId === owed.editorId ? line : answerLine(owed.editorId, message));
  };

  return { onPrompt, onSessionAnswered, onPromptAnswered };
}
