// Delegated handlers: the agent's answers to hookd's hooks/judge (prompt and agent hooks judged by its model),
// hooks/callMcpTool (mcp_tool hooks calling its MCP tools), hooks/approve (a hook asking for approval before it first
// runs) and hooks/askToolApproval (a hook's ask on a tool call). Types and the request bridge only; the model, the tools
// and the user's answer are the agent's.
import type { CancellationToken } from 'vscode-jsonrpc';
import { ResponseError } from 'vscode-jsonrpc/node';
import {
  ApproveHookParamsSchema,
  ApproveHookResultSchema,
  AskToolApprovalParamsSchema,
  AskToolApprovalResultSchema,
  CallMcpToolParamsSchema,
  CallMcpToolResultSchema,
  ErrorCodes,
  JudgeParamsSchema,
  JudgeResultSchema,
} from './protocol.gen/index.js';
import type { HookdAbortSignal } from './process-types.js';
import type { ServerRequestAnswer, ServerRequestParams } from './protocol-types.js';

/**
 * A judgement hookd asks for: `prompt` has `$ARGUMENTS` already replaced by the hook input (or, for dialects that
 * render their own template, e.g. bonsai `llm_prompt`, is the rendered prompt). `reply` says what to answer.
 */
export type JudgeRequest = ServerRequestParams<'hooks/judge'>;
/**
 * `reply` verdict (absent): `{ok: true}`, or `{ok: false, reason}` (and `impossible: true` when a Stop condition can
 * never be met). `reply` text: `{text}`, the model's reply verbatim (hookd parses it), or just that string.
 */
export type JudgeAnswer = ServerRequestAnswer<'hooks/judge'>;
/** A hook that needs approval before it first runs: what it does (`summary`: its command or URL) and where it is from. */
export type ApprovalRequest = ServerRequestParams<'hooks/approve'>;
/** `once` (this configuration load), `session` (this hookd process), `project` (the trust store) or `deny`. */
export type ApprovalAnswer = ServerRequestAnswer<'hooks/approve'>;
export type ApprovalChoice = ApprovalAnswer['answer'];
/** A hook asked for approval of a tool call (decision "ask"): show ONE card with `reason` and only `options` (wamp: Allow and Deny). */
export type ToolApprovalRequest = ServerRequestParams<'hooks/askToolApproval'>;
/** `allow` (the hooks no longer object; the agent's own permission flow follows) or `deny` (a binding deny). */
export type ToolApprovalAnswer = ServerRequestAnswer<'hooks/askToolApproval'>;
export type ToolApprovalChoice = ToolApprovalAnswer['answer'];
export type McpToolCall = ServerRequestParams<'hooks/callMcpTool'>;
/** The MCP tool's result: `content` (its text blocks are the hook's output) or `text`, and `isError`. */
export type McpToolAnswer = ServerRequestAnswer<'hooks/callMcpTool'>;

export type DelegatedContext = {
  /** Aborted when hookd stops waiting (timeout, or the event was cancelled): the answer is ignored then. */
  readonly signal: HookdAbortSignal;
  readonly token: CancellationToken;
};
/** A string answer is the model's text reply (`{text}`), for requests with `reply: "text"`. */
export type JudgeHandler = (request: JudgeRequest, context: DelegatedContext) => JudgeAnswer | string | Promise<JudgeAnswer | string>;
/** Answers with `{answer}` or just the choice (`'once'`). Until it answers, the hook stays awaiting approval. */
export type ApprovalHandler = (
  request: ApprovalRequest,
  context: DelegatedContext,
) => ApprovalAnswer | ApprovalChoice | Promise<ApprovalAnswer | ApprovalChoice>;
/** Answers with `{answer}`, just the choice (`'allow'`) or a boolean (true: allow). An error or another answer denies (fail-closed). */
export type ToolApprovalHandler = (
  request: ToolApprovalRequest,
  context: DelegatedContext,
) => ToolApprovalAnswer | ToolApprovalChoice | boolean | Promise<ToolApprovalAnswer | ToolApprovalChoice | boolean>;
export type McpToolHandler = (call: McpToolCall, context: DelegatedContext) => McpToolAnswer | Promise<McpToolAnswer>;

type Schema<T> = { parse(value: unknown): T };
type Handler<P, A> = (params: P, context: DelegatedContext) => A | Promise<A>;

/** Runs `handler` for one server request: params and answer validated, cancellation bridged to an AbortSignal. */
async function answer<P extends { hookId?: string; event?: string }, A>(
  method: string,
  paramsSchema: Schema<P>,
  resultSchema: Schema<A>,
  handler: Handler<P, unknown> | undefined,
  params: unknown,
  token: CancellationToken,
  normalise: (answer: unknown, request: P) => unknown = (answer) => answer,
): Promise<A> {
  if (handler === undefined) throw new ResponseError(ErrorCodes.MethodNotFound, `this client has no handler for ${method}`);
  const request = paramsSchema.parse(params);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort(new Error(`hookd stopped waiting for ${method} of ${request.hookId ?? request.event}`)));
  try {
    return resultSchema.parse(normalise(await handler(request, { signal: controller.signal, token }), request));
  } finally {
    subscription.dispose();
  }
}

/**
 * The judge's answer in the form the request asked for: a string is `{text}`; a text reply must carry `text` and a
 * verdict `ok` (else the handler's answer is refused here, which hookd records as a failed run).
 */
function judgeAnswer(value: unknown, request: JudgeRequest): unknown {
  const answer = typeof value === 'string' ? { text: value } : value;
  const has = (field: string) => typeof answer === 'object' && answer !== null && (answer as Record<string, unknown>)[field] !== undefined;
  if (request.reply === 'text' && !has('text')) throw new TypeError(`hooks/judge of ${request.hookId} asks for the model's text reply: answer {text} (or a string)`);
  if (request.reply !== 'text' && !has('ok')) throw new TypeError(`hooks/judge of ${request.hookId} asks for a verdict: answer {ok, reason?}`);
  return answer;
}

export const answerJudge = (handler: JudgeHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/judge', JudgeParamsSchema, JudgeResultSchema, handler, params, token, judgeAnswer);

export const answerApproval = (handler: ApprovalHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/approve', ApproveHookParamsSchema, ApproveHookResultSchema, handler, params, token, (value) =>
    typeof value === 'string' ? { answer: value } : value,
  );

export const answerToolApproval = (handler: ToolApprovalHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/askToolApproval', AskToolApprovalParamsSchema, AskToolApprovalResultSchema, handler, params, token, (value) =>
    typeof value === 'boolean' ? { answer: value ? 'allow' : 'deny' } : typeof value === 'string' ? { answer: value } : value,
  );

export const answerMcpToolCall = (handler: McpToolHandler | undefined, params: unknown, token: CancellationToken) =>
  answer('hooks/callMcpTool', CallMcpToolParamsSchema, CallMcpToolResultSchema, handler, params, token);
