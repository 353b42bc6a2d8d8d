// Delegated handlers: the agent's answers to hookd's hooks/judge (prompt and agent hooks judged by its model) and
// hooks/callMcpTool (mcp_tool hooks calling its MCP tools). Types and the request bridge only; the model is the agent's.
import type { CancellationToken } from 'vscode-jsonrpc';
import { ResponseError } from 'vscode-jsonrpc/node';
import { CallMcpToolParamsSchema, CallMcpToolResultSchema, ErrorCodes, JudgeParamsSchema, JudgeResultSchema } from './protocol.gen/index.js';
import type { HookdAbortSignal } from './process-types.js';
import type { ServerRequestAnswer, ServerRequestParams } from './protocol-types.js';

/** A judgement hookd asks for: `prompt` has `$ARGUMENTS` already replaced by the hook input. */
export type JudgeRequest = ServerRequestParams<'hooks/judge'>;
/** `{ok: true}`, or `{ok: false, reason}` (and `impossible: true` when a Stop condition can never be met). */
export type JudgeAnswer = ServerRequestAnswer<'hooks/judge'>;
export type McpToolCall = ServerRequestParams<'hooks/callMcpTool'>;
/** The MCP tool's result: `content` (its text blocks are the hook's output) or `text`, and `isError`. */
export type McpToolAnswer = ServerRequestAnswer<'hooks/callMcpTool'>;

export type DelegatedContext = {
  /** Aborted when hookd stops waiting (timeout, or the event was cancelled): the answer is ignored then. */
  readonly signal: HookdAbortSignal;
  readonly token: CancellationToken;
};
export type JudgeHandler = (request: JudgeRequest, context: DelegatedContext) => JudgeAnswer | Promise<JudgeAnswer>;
export type McpToolHandler = (call: McpToolCall, context: DelegatedContext) => McpToolAnswer | Promise<McpToolAnswer>;

type Schema<T> = { parse(value: unknown): T };

/** Runs `handler` for one server request: params and answer validated, cancellation bridged to an AbortSignal. */
async function answer<P extends { hookId: string }, A>(
  method: string,
  paramsSchema: Schema<P>,
  resultSchema: Schema<A>,
  handler: ((params: P, context: DelegatedContext) => A | Promise<A>) | undefined,
  params: unknown,
  token: CancellationToken,
): Promise<A> {
  if (handler === undefined) throw new ResponseError(ErrorCodes.MethodNotFound, `this client has no handler for ${method}`);
  const request = paramsSchema.parse(params);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort(new Error(`hookd stopped waiting for ${method} of ${request.hookId}`)));
  try {
    return resultSchema.parse(await handler(request, { signal: controller.signal, token }));
  } finally {
    subscription.dispose();
  }
}

export const answerJudge = (handler: JudgeHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/judge', JudgeParamsSchema, JudgeResultSchema, handler, params, token);

export const answerMcpToolCall = (handler: McpToolHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/callMcpTool', CallMcpToolParamsSchema, CallMcpToolResultSchema, handler, params, token);
