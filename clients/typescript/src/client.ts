// HookdClient: one typed method per lifecycle event and per management request, and programmatic hooks whose
// `hooks/invoke` calls are answered by the caller's handlers. It forwards; the hooks' logic is hookd's (or the handler's).
import type { CancellationToken } from 'vscode-jsonrpc';
import { ResponseError } from 'vscode-jsonrpc/node';
import { ErrorCodes, InvokeHookParamsSchema, InvokeHookResultSchema, type EVENT_ALIASES, type EventAlias, type EventName } from './protocol.gen/index.js';
import { HookdConnection, type ConnectionOptions, type RequestOptions } from './connection.js';
import type { HookdTransport } from './framing.js';
import {
  answerApproval,
  answerJudge,
  answerMcpToolCall,
  answerToolApproval,
  type ApprovalHandler,
  type JudgeHandler,
  type McpToolHandler,
  type ToolApprovalHandler,
} from './delegated.js';
import type { HookdAbortSignal } from './process-types.js';
import type {
  EventInput,
  EventMethodName,
  EventOutcome,
  RequestParams,
  RequestResult,
  ServerRequestAnswer,
  ServerRequestParams,
} from './protocol-types.js';

/** What a programmatic hook's handler receives: `input` is exactly what a command hook would read on stdin. */
export type HookInvocation = ServerRequestParams<'hooks/invoke'>;
/** Its answer, as a command hook would have exited: `{output?, exitCode = 0, stderr = ''}`; nothing = no output. */
export type HookAnswer = ServerRequestAnswer<'hooks/invoke'>;
export type HookHandlerContext = {
  /** Aborted when hookd stops waiting (the hook timed out or its event was cancelled): the answer is ignored then. */
  readonly signal: HookdAbortSignal;
  readonly token: CancellationToken;
};
export type HookHandler = (invocation: HookInvocation, context: HookHandlerContext) => HookAnswer | void | Promise<HookAnswer | void>;

/** One method per lifecycle event, `preToolUse` for `hooks/PreToolUse`: a new event in the protocol is a compile error here until added. */
export type EventMethods = {
  [E in EventName as EventMethodName<E>]: (params: EventInput<E>, options?: RequestOptions) => Promise<EventOutcome>;
};

export type InitializeResult = RequestResult<'initialize'>;

export class HookdClient extends HookdConnection implements EventMethods {
  /** The answer to `initialize` (hooks with provenance, diagnostics, the dialect's events); set once initialized. */
  initializeResult: InitializeResult | undefined;
  readonly #handlers = new Map<string, HookHandler>();
  #judge: JudgeHandler | undefined;
  #mcpTool: McpToolHandler | undefined;
  #approve: ApprovalHandler | undefined;
  #toolApproval: ToolApprovalHandler | undefined;

  constructor(transport: HookdTransport, options: ConnectionOptions = {}) {
    super(transport, options);
    this.connection.onRequest('hooks/invoke', (params: unknown, token: CancellationToken) => this.#invoke(params, token));
    this.connection.onRequest('hooks/judge', (params: unknown, token: CancellationToken) => answerJudge(this.#judge, params, token));
    this.connection.onRequest('hooks/callMcpTool', (params: unknown, token: CancellationToken) => answerMcpToolCall(this.#mcpTool, params, token));
    this.connection.onRequest('hooks/approve', (params: unknown, token: CancellationToken) => answerApproval(this.#approve, params, token));
    this.connection.onRequest('hooks/askToolApproval', (params: unknown, token: CancellationToken) => answerToolApproval(this.#toolApproval, params, token));
  }

  /**
   * Answers hookd's `hooks/judge` (Claude `prompt` / `agent` hooks, bonsai `llm_prompt`) with the agent's model: a
   * verdict `{ok, reason?}`, or for `reply: "text"` the model's text (`{text}` or a string). Declare
   * `capabilities.modelJudge` in initialize (`spawnHookd({judge})` does both).
   */
  onJudge(handler: JudgeHandler): void {
    this.#judge = handler;
  }

  /** Answers hookd's `hooks/callMcpTool` (`mcp_tool` hooks); declare `capabilities.mcpTools` (`spawnHookd({callMcpTool})` does both). */
  onCallMcpTool(handler: McpToolHandler): void {
    this.#mcpTool = handler;
  }

  /**
   * Answers hookd's `hooks/approve` (a hook that needs approval before it first runs, e.g. a bonsai project hook with
   * a shell or http action): show the user `summary` and answer once / session / project / deny. Declare
   * `capabilities.hookApproval` (`spawnHookd({approve})` does both). hookd asks once per configuration load and never
   * waits for the answer to serve events: until it comes, the hook does not fire.
   */
  onApprove(handler: ApprovalHandler): void {
    this.#approve = handler;
  }

  /**
   * Answers hookd's `hooks/askToolApproval` (a hook asked for approval of a tool call; wamp: ONE card with `reason` and
   * only Allow and Deny, never "allow for this chat") with allow or deny. Declare `capabilities.toolApproval`
   * (`spawnHookd({toolApproval})` does both). The event's result follows the answer (allow: decision "none" and
   * `approval.answer`; deny: a binding deny); an error answer denies. hookd never asks for an unattended run; the
   * signal aborts when the event is cancelled.
   */
  onToolApproval(handler: ToolApprovalHandler): void {
    this.#toolApproval = handler;
  }

  async #invoke(params: unknown, token: CancellationToken): Promise<ServerRequestAnswer<'hooks/invoke'>> {
    const invocation = InvokeHookParamsSchema.parse(params);
    const handler = this.#handlers.get(invocation.hookId);
    if (!handler) throw new ResponseError(ErrorCodes.MethodNotFound, `no handler is registered for ${invocation.hookId}`);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort(new Error(`hookd stopped waiting for ${invocation.hookId}`)));
    try {
      const answer = await handler(invocation, { signal: controller.signal, token });
      return InvokeHookResultSchema.parse(answer ?? {});
    } finally {
      subscription.dispose();
    }
  }

  /** Must be the first request; `spawnHookd` sends it for you. */
  async initialize(params: RequestParams<'initialize'>, options?: RequestOptions): Promise<InitializeResult> {
    this.initializeResult = await this.request('initialize', params, options);
    return this.initializeResult;
  }

  /** Any lifecycle event by name; the methods below are this with the name filled in. */
  event<E extends EventName>(event: E, params: EventInput<E>, options?: RequestOptions): Promise<EventOutcome> {
    return this.call(`hooks/${event}`, params, options) as Promise<EventOutcome>;
  }

  /**
   * `hooks/<Alias>`: a native event name (Gemini CLI's `BeforeTool` …) for a dialect that serves it
   * (initializeResult.eventAliases); the params and result are the canonical event's. Other dialects answer -32601.
   */
  eventAlias<A extends EventAlias>(alias: A, params: EventInput<(typeof EVENT_ALIASES)[A]>, options?: RequestOptions): Promise<EventOutcome> {
    return this.call(`hooks/${alias}`, params, options) as Promise<EventOutcome>;
  }
  /** gemini `hooks/BeforeTool` (= PreToolUse). */
  beforeTool(params: EventInput<'PreToolUse'>, options?: RequestOptions) {
    return this.eventAlias('BeforeTool', params, options);
  }
  /** gemini `hooks/AfterTool` (= PostToolUse). */
  afterTool(params: EventInput<'PostToolUse'>, options?: RequestOptions) {
    return this.eventAlias('AfterTool', params, options);
  }
  /** gemini `hooks/BeforeAgent` (= UserPromptSubmit). */
  beforeAgent(params: EventInput<'UserPromptSubmit'>, options?: RequestOptions) {
    return this.eventAlias('BeforeAgent', params, options);
  }
  /** gemini `hooks/AfterAgent` (= Stop). */
  afterAgent(params: EventInput<'Stop'>, options?: RequestOptions) {
    return this.eventAlias('AfterAgent', params, options);
  }
  /** gemini `hooks/PreCompress` (= PreCompact). */
  preCompress(params: EventInput<'PreCompact'>, options?: RequestOptions) {
    return this.eventAlias('PreCompress', params, options);
  }

  sessionStart(params: EventInput<'SessionStart'>, options?: RequestOptions) {
    return this.event('SessionStart', params, options);
  }
  sessionEnd(params: EventInput<'SessionEnd'>, options?: RequestOptions) {
    return this.event('SessionEnd', params, options);
  }
  userPromptSubmit(params: EventInput<'UserPromptSubmit'>, options?: RequestOptions) {
    return this.event('UserPromptSubmit', params, options);
  }
  preToolUse(params: EventInput<'PreToolUse'>, options?: RequestOptions) {
    return this.event('PreToolUse', params, options);
  }
  permissionRequest(params: EventInput<'PermissionRequest'>, options?: RequestOptions) {
    return this.event('PermissionRequest', params, options);
  }
  postToolUse(params: EventInput<'PostToolUse'>, options?: RequestOptions) {
    return this.event('PostToolUse', params, options);
  }
  postToolUseFailure(params: EventInput<'PostToolUseFailure'>, options?: RequestOptions) {
    return this.event('PostToolUseFailure', params, options);
  }
  notification(params: EventInput<'Notification'>, options?: RequestOptions) {
    return this.event('Notification', params, options);
  }
  stop(params: EventInput<'Stop'>, options?: RequestOptions) {
    return this.event('Stop', params, options);
  }
  subagentStart(params: EventInput<'SubagentStart'>, options?: RequestOptions) {
    return this.event('SubagentStart', params, options);
  }
  subagentStop(params: EventInput<'SubagentStop'>, options?: RequestOptions) {
    return this.event('SubagentStop', params, options);
  }
  preCompact(params: EventInput<'PreCompact'>, options?: RequestOptions) {
    return this.event('PreCompact', params, options);
  }
  postCompact(params: EventInput<'PostCompact'>, options?: RequestOptions) {
    return this.event('PostCompact', params, options);
  }
  setup(params: EventInput<'Setup'>, options?: RequestOptions) {
    return this.event('Setup', params, options);
  }
  instructionsLoaded(params: EventInput<'InstructionsLoaded'>, options?: RequestOptions) {
    return this.event('InstructionsLoaded', params, options);
  }
  userPromptExpansion(params: EventInput<'UserPromptExpansion'>, options?: RequestOptions) {
    return this.event('UserPromptExpansion', params, options);
  }
  messageDisplay(params: EventInput<'MessageDisplay'>, options?: RequestOptions) {
    return this.event('MessageDisplay', params, options);
  }
  permissionDenied(params: EventInput<'PermissionDenied'>, options?: RequestOptions) {
    return this.event('PermissionDenied', params, options);
  }
  postToolBatch(params: EventInput<'PostToolBatch'>, options?: RequestOptions) {
    return this.event('PostToolBatch', params, options);
  }
  taskCreated(params: EventInput<'TaskCreated'>, options?: RequestOptions) {
    return this.event('TaskCreated', params, options);
  }
  taskCompleted(params: EventInput<'TaskCompleted'>, options?: RequestOptions) {
    return this.event('TaskCompleted', params, options);
  }
  stopFailure(params: EventInput<'StopFailure'>, options?: RequestOptions) {
    return this.event('StopFailure', params, options);
  }
  teammateIdle(params: EventInput<'TeammateIdle'>, options?: RequestOptions) {
    return this.event('TeammateIdle', params, options);
  }
  configChange(params: EventInput<'ConfigChange'>, options?: RequestOptions) {
    return this.event('ConfigChange', params, options);
  }
  cwdChanged(params: EventInput<'CwdChanged'>, options?: RequestOptions) {
    return this.event('CwdChanged', params, options);
  }
  directoryAdded(params: EventInput<'DirectoryAdded'>, options?: RequestOptions) {
    return this.event('DirectoryAdded', params, options);
  }
  fileChanged(params: EventInput<'FileChanged'>, options?: RequestOptions) {
    return this.event('FileChanged', params, options);
  }
  worktreeCreate(params: EventInput<'WorktreeCreate'>, options?: RequestOptions) {
    return this.event('WorktreeCreate', params, options);
  }
  worktreeRemove(params: EventInput<'WorktreeRemove'>, options?: RequestOptions) {
    return this.event('WorktreeRemove', params, options);
  }
  elicitation(params: EventInput<'Elicitation'>, options?: RequestOptions) {
    return this.event('Elicitation', params, options);
  }
  elicitationResult(params: EventInput<'ElicitationResult'>, options?: RequestOptions) {
    return this.event('ElicitationResult', params, options);
  }
  preModelSwitch(params: EventInput<'PreModelSwitch'>, options?: RequestOptions) {
    return this.event('PreModelSwitch', params, options);
  }
  postModelSwitch(params: EventInput<'PostModelSwitch'>, options?: RequestOptions) {
    return this.event('PostModelSwitch', params, options);
  }
  preFileWrite(params: EventInput<'PreFileWrite'>, options?: RequestOptions) {
    return this.event('PreFileWrite', params, options);
  }
  postFileWrite(params: EventInput<'PostFileWrite'>, options?: RequestOptions) {
    return this.event('PostFileWrite', params, options);
  }
  preBash(params: EventInput<'PreBash'>, options?: RequestOptions) {
    return this.event('PreBash', params, options);
  }
  postBash(params: EventInput<'PostBash'>, options?: RequestOptions) {
    return this.event('PostBash', params, options);
  }

  beforeModel(params: EventInput<'BeforeModel'>, options?: RequestOptions) {
    return this.event('BeforeModel', params, options);
  }

  afterModel(params: EventInput<'AfterModel'>, options?: RequestOptions) {
    return this.event('AfterModel', params, options);
  }

  beforeToolSelection(params: EventInput<'BeforeToolSelection'>, options?: RequestOptions) {
    return this.event('BeforeToolSelection', params, options);
  }

  ping(options?: RequestOptions) {
    return this.request('ping', undefined, options);
  }
  listHooks(options?: RequestOptions) {
    return this.request('hooks/list', undefined, options);
  }
  /** Cancels every in-flight event of the session: each rejects with HookdCancelledError. */
  cancelSession(params: RequestParams<'hooks/cancel'>, options?: RequestOptions) {
    return this.request('hooks/cancel', params, options);
  }
  /** Reads the configuration files again now; also announced through `onDiagnostics`. */
  reload(options?: RequestOptions) {
    return this.request('hooks/reload', undefined, options);
  }
  dryRun(params: RequestParams<'hooks/dryRun'>, options?: RequestOptions) {
    return this.request('hooks/dryRun', params, options);
  }
  beginRun(params: RequestParams<'runs/begin'>, options?: RequestOptions) {
    return this.request('runs/begin', params, options);
  }
  endRun(params: RequestParams<'runs/end'>, options?: RequestOptions) {
    return this.request('runs/end', params, options);
  }
  /** review/list: every hook with its trust review state (key, status, current hash, enabled, managed, runnable), the discovery diagnostics and the startup warnings. */
  reviewList(options?: RequestOptions) {
    return this.request('review/list', undefined, options);
  }
  /** review/trust: trusts the hook with this review key for its current hash (persisted; a disabled hook is enabled again). Unknown key: -32011. */
  reviewTrust(params: RequestParams<'review/trust'>, options?: RequestOptions) {
    return this.request('review/trust', params, options);
  }
  /** review/disable (persisted): it never runs, not even under the dangerous bypass. Managed hooks: -32012. */
  reviewDisable(params: RequestParams<'review/disable'>, options?: RequestOptions) {
    return this.request('review/disable', params, options);
  }
  /** review/enable (persisted): a disabled hook runs again once trusted. Managed hooks: -32012. */
  reviewEnable(params: RequestParams<'review/enable'>, options?: RequestOptions) {
    return this.request('review/enable', params, options);
  }
  /** review/revoke (persisted): the hook's trusted hash is removed (enabled kept), so it is skipped until trusted again; a row trusted per file has its key untrusted. Managed hooks: -32012. */
  reviewRevoke(params: RequestParams<'review/revoke'>, options?: RequestOptions) {
    return this.request('review/revoke', params, options);
  }
  trustList(options?: RequestOptions) {
    return this.request('trust/list', undefined, options);
  }
  trustSet(params: RequestParams<'trust/set'>, options?: RequestOptions) {
    return this.request('trust/set', params, options);
  }

  /**
   * Registers a programmatic hook (needs `capabilities.programmaticHooks`, which `spawnHookd` declares): hookd
   * runs it in priority order with the configured handlers by sending `hooks/invoke`, answered by `handler`.
   */
  async registerHook(params: RequestParams<'hooks/register'>, handler: HookHandler, options?: RequestOptions): Promise<RequestResult<'hooks/register'>> {
    const result = await this.request('hooks/register', params, options);
    this.#handlers.set(result.hookId, handler);
    return result;
  }

  async unregisterHook(params: RequestParams<'hooks/unregister'>, options?: RequestOptions): Promise<RequestResult<'hooks/unregister'>> {
    const result = await this.request('hooks/unregister', params, options);
    this.#handlers.delete(params.hookId);
    return result;
  }
}
