// Maps protocol methods to the engine: initialize builds an Engine for the chosen dialect (with its trust store,
// hot reload and client callbacks), events dispatch through it, shutdown kills everything in flight.
// Composition only; no hook semantics here.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { loadDialect, LOADABLE_DIALECT_NAMES } from '../dialects/loaders.js';
import type { InvokeClientHook } from '../engine/client-hook.js';
import type { LoadContext } from '../engine/dialect.js';
import { Engine } from '../engine/engine.js';
import { lintToolMatchers } from '../engine/tool-matcher-lint.js';
import { toolKindsOf } from '../engine/tool-kinds.js';
import type { Logger } from '../logger.js';
import {
  EVENT_ALIASES,
  EVENT_ALIAS_NAMES,
  EVENT_NAMES,
  ErrorCodes,
  PROTOCOL_VERSION,
  SERVER_NAME,
  SERVER_VERSION,
  eventMethod,
  refuseProtocolVersion,
  serverCapabilities,
  type AsyncRewakeParams,
  type ReviewWarningsParams,
  type BackgroundRunParams,
  type DiagnosticsParams,
  type EventName,
  type EventParams,
  type EventResult,
  type InitializeParams,
  type InitializeResult,
  type InvokeHookResult,
  type ProgressParams,
  type RequestMethod,
  type ServerRequestMethod,
} from '../protocol/index.js';
import { RequestCancelledError, RpcError } from '../rpc/errors.js';
import type { RequestHandler } from '../rpc/server.js';
import type { ProcessRunner } from '../runner/types.js';
import { defaultTrustStorePath, TrustStore } from '../trust/store.js';
import { backgroundFailureLine, backgroundFailures } from './background-report.js';
import { delegatedClient } from './delegated-client.js';
import { asyncFailure, asyncRewakeParams } from './async-report.js';
import type { AsyncSettled } from '../engine/async-runs.js';
import { startConfigReloader, type ConfigReloader } from './config-reloader.js';
import type { AuditLog } from '../engine/audit-log.js';
import { setUpAuditLog } from './audit-log-setup.js';
import { managementHandlers, type ActiveSession } from './management-handlers.js';
import { sourceHandlers } from './source-handlers.js';
import { createApprovalAsker } from './approval-asker.js';
import { createToolApprovalAsker } from './tool-approval-asker.js';
import { hookManagementHandlers } from './hook-management-handlers.js';
import { reviewAnnouncer, reviewHandlers } from './review-handlers.js';
import { setUpLedger } from './ledger-setup.js';
import { aliasNotServed, servedAliases } from './event-aliases.js';
import type { AuthorizationLedger } from '../engine/authorization-ledger.js';

export type SessionDefaults = {
  readonly stopBlockCap?: number;
  readonly killGraceMs?: number;
  readonly managedSettingsPath?: string;
  /** `--audit-log FILE` (absolute): the audit log when initialize's options.auditLog names none. */
  readonly auditLogPath?: string;
  /** `hookd --dangerously-bypass-hook-trust`: as initialize options.dangerouslyBypassHookTrust for every session. */
  readonly bypassHookTrust?: boolean;
};

export type SessionDeps = {
  readonly runner: ProcessRunner;
  readonly logger: Logger;
  readonly defaults: SessionDefaults;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly onProgress: (progress: ProgressParams) => void;
  readonly onDiagnostics: (params: DiagnosticsParams) => void;
  /** A run of a fire-and-forget event failed (hooks/backgroundRun); it is logged as a warning too. */
  readonly onBackgroundRun?: (params: BackgroundRunParams) => void;
  /** An asyncRewake hook exited with code 2 (hooks/asyncRewake). */
  readonly onAsyncRewake?: (params: AsyncRewakeParams) => void;
  /** The startup review warnings (hooks/reviewWarnings): after initialize, and when a reload changes them. */
  readonly onReviewWarnings?: (params: ReviewWarningsParams) => void;
  /** Whole lines for stderr outside the logger (the `Warning: …` lines); default process.stderr. */
  readonly writeStderr?: (line: string) => void;
  /** Sends a server → client request (programmatic hooks). */
  readonly callClient: (method: ServerRequestMethod, params: unknown, options: { signal: AbortSignal }) => Promise<unknown>;
};

export type Session = {
  readonly handlers: Partial<Record<RequestMethod, RequestHandler>>;
  /** Client notifications other than exit (e.g. a fire-and-forget hooks/Notification). */
  onNotification(method: string, params: unknown): void;
  /**
   * For exiting: kills every in-flight hook tree and stops watching. Afterwards nothing new is spawned: an event
   * with a hook to run is answered -32800 (its hooks reported not started), one with none gets its usual answer;
   * other requests are served as usual. Resolves when the trees are dead. Safe to call twice.
   */
  abortAll(): Promise<void>;
  readonly shutdownRequested: () => boolean;
};

function checkWorkspace(workspace: string): void {
  if (!isAbsolute(workspace)) throw new RpcError(ErrorCodes.InvalidParams, `invalid params: workspace must be an absolute path, got "${workspace}"`);
  if (!existsSync(workspace) || !statSync(workspace).isDirectory())
    throw new RpcError(ErrorCodes.InvalidParams, `invalid params: workspace "${workspace}" is not an existing directory`);
}

const EXITING = 'cancelled: hookd is exiting';

const backgroundResult = (event: EventName): EventResult => ({
  event,
  decision: 'none',
  continue: true,
  notes: [`${event} is fire-and-forget: its hooks run in the background and their decisions and output are ignored`],
  runs: [],
});

export function createSession(deps: SessionDeps): Session {
  let session: (ActiveSession & { reloader?: ConfigReloader }) | undefined;
  let shutdownRequested = false;
  /** Set once hookd is exiting (input closed, a signal): events still arriving are cancelled without running. */
  let closing = false;
  let auditLog: AuditLog | undefined;
  let ledger: AuthorizationLedger | undefined;
  const { logger } = deps;
  const review = reviewAnnouncer(() => session, { write: deps.writeStderr ?? ((line) => void process.stderr.write(line)), notify: (params) => deps.onReviewWarnings?.(params) });
  // hooks/diagnostics notifications carry redacted messages; a chain keeps them in the order they were made.
  let notified: Promise<void> = Promise.resolve();
  const notifyDiagnostics = (params: DiagnosticsParams) => {
    const engine = session?.engine;
    // Without a redactor nothing is rewritten: sent at once, as before.
    if (engine?.dialect.redact === undefined) return deps.onDiagnostics(params);
    notified = notified
      .then(async () => deps.onDiagnostics(engine === undefined ? params : { ...params, diagnostics: await engine.redacted(params.diagnostics) }))
      .catch((error: unknown) => logger.error(`diagnostics notification failed: ${String(error)}`));
  };

  const requireActive = (): ActiveSession => {
    if (shutdownRequested) throw new RpcError(ErrorCodes.InvalidRequest, 'server is shutting down: no requests after shutdown');
    // The rpc layer answers -32002 before initialize completes, so a missing session here is a bug.
    if (!session) throw new Error('no engine although initialize completed');
    return session;
  };

  const invokeClientHook: InvokeClientHook = async ({ signal, ...request }) => {
    const answer = (await deps.callClient('hooks/invoke', request, { signal })) as InvokeHookResult;
    return { output: answer.output, exitCode: answer.exitCode, stderr: answer.stderr };
  };

  /** An async handler settled: rewake on exit 2, a warning and hooks/backgroundRun when it failed. */
  const onAsyncSettled = (settled: AsyncSettled) => {
    logger.debug(`${settled.event} (async): ${settled.hook.id} ${settled.verdict.status}`);
    const rewake = asyncRewakeParams(settled);
    if (rewake !== undefined) deps.onAsyncRewake?.(rewake);
    const failure = asyncFailure(settled);
    if (failure === undefined) return;
    logger.warn(backgroundFailureLine(failure));
    deps.onBackgroundRun?.(failure);
  };

  const initialize: RequestHandler = async (raw) => {
    const given = raw as InitializeParams;
    const refusal = refuseProtocolVersion(given.protocolVersion);
    if (refusal) throw new RpcError(ErrorCodes.InvalidParams, refusal.message, refusal.data);
    // One spelling per directory ("/ws/" and "/ws/." are "/ws"), so trust keys and envelopes agree.
    const params = isAbsolute(given.workspace) ? { ...given, workspace: resolve(given.workspace) } : given;
    const dialect = await loadDialect(params.dialect);
    if (!dialect)
      throw new RpcError(ErrorCodes.InvalidParams, `invalid params: dialect: unknown dialect "${params.dialect}" (known: ${LOADABLE_DIALECT_NAMES.join(', ')})`);
    checkWorkspace(params.workspace);
    const options = params.options ?? {};
    const programmaticHooks = params.capabilities.programmaticHooks === true;
    const audit = setUpAuditLog(options.auditLog, deps.defaults.auditLogPath, params.workspace, logger);
    auditLog = audit.log ?? auditLog;
    const ledgerSetup = setUpLedger(dialect, options.ledgerPath, { workspace: params.workspace, home: params.home ?? homedir() }, logger);
    ledger = ledgerSetup.ledger ?? ledger;
    const engine = new Engine({
      dialect,
      runner: deps.runner,
      workspace: params.workspace,
      baseEnv: dialect.inheritedEnvironment?.(deps.baseEnv, options) ?? deps.baseEnv,
      killGraceMs: options.killGraceMs ?? deps.defaults.killGraceMs,
      stopBlockCap: options.stopBlockCap ?? deps.defaults.stopBlockCap,
      onProgress: deps.onProgress,
      onAsyncSettled,
      ...(programmaticHooks ? { invokeClientHook } : {}),
      delegated: delegatedClient(params.capabilities, deps.callClient),
      serverOptions: options,
      ...(audit.log ? { auditLog: audit.log } : {}),
      ...(ledgerSetup.ledger ? { authorizationLedger: ledgerSetup.ledger } : {}),
      asksApproval: params.capabilities.hookApproval === true,
      // Each reload is a new configuration load: ask what it needs approved.
      onReload: () => {
        session?.approvals?.askNow();
        review.reannounce();
      },
      toolKinds: toolKindsOf(params.tools),
    });
    const home = params.home ?? homedir();
    const managedSettingsPath = options.managedSettingsPath ?? deps.defaults.managedSettingsPath;
    const loadContext: LoadContext = {
      workspace: params.workspace,
      home,
      env: deps.baseEnv,
      ...(params.sources ? { sources: params.sources } : {}),
      ...(managedSettingsPath ? { managedSettingsPath } : {}),
      ...(options.defaultWorkArea ? { defaultWorkArea: options.defaultWorkArea } : {}),
      ...(options.workspaceTrust === true ? { workspaceTrust: true } : {}),
      ...(options.trustWorkspace === true ? { trustWorkspace: true } : {}),
      ...(options.dangerouslyBypassHookTrust === true || deps.defaults.bypassHookTrust === true ? { bypassHookTrust: true } : {}),
      ...(options.managedHooksPath !== undefined ? { managedHooksPath: options.managedHooksPath } : {}),
      ...(options.managedPolicyDir !== undefined ? { managedPolicyDir: options.managedPolicyDir } : {}),
      ...(options.hookStatePath !== undefined ? { hookStatePath: options.hookStatePath } : {}),
    };
    engine.load(loadContext);
    const trustStore = new TrustStore(options.trustStorePath ?? defaultTrustStorePath(home));
    // Each trust is for the content hash recorded with it; an entry without one (older hookd) trusts no content.
    for (const { key, trustedHash } of trustStore.trustedEntries()) engine.setTrusted(key, true, trustedHash);
    const approvals =
      params.capabilities.hookApproval === true ? createApprovalAsker({ engine, trustStore, callClient: deps.callClient, logger, notify: deps.onDiagnostics }) : undefined;
    // A hook's ask on a tool call goes to the client as one approval card (hooks/askToolApproval) when it answers them.
    const toolApprovals = params.capabilities.toolApproval === true ? createToolApprovalAsker({ callClient: deps.callClient, logger }) : undefined;
    const diagnostics = engine.diagnostics();
    if (audit.diagnostic) diagnostics.push(audit.diagnostic);
    if (ledgerSetup.diagnostic) diagnostics.push(ledgerSetup.diagnostic);
    if (trustStore.problem !== undefined) diagnostics.push({ severity: 'warning', file: trustStore.path, code: 'trust-store', message: trustStore.problem });
    // The agent named its tools: matchers that name none of them are guards that never run.
    if (params.tools !== undefined) for (const warning of lintToolMatchers(dialect, engine.snapshot.hooks, { tools: params.tools.map((tool) => (typeof tool === 'string' ? tool : tool.name)) })) diagnostics.push(warning);
    for (const diagnostic of diagnostics) logger.info(`config: ${diagnostic.severity}: ${diagnostic.message}`);

    const watch = dialect.hotReload === true && options.watch !== false && !closing;
    const reloader = watch
      ? startConfigReloader({
          engine,
          // Sources added later (hooks/addSource) change the session's context: reload with the current one.
          loadContext: () => session?.loadContext ?? loadContext,
          logger,
          notify: notifyDiagnostics,
        })
      : undefined;
    await reloader?.ready;
    // An initialize still running when hookd began exiting (or shutdown arrived) is answered, but watches nothing.
    const stopped = closing || shutdownRequested;
    if (stopped) await reloader?.close();
    session = { engine, loadContext, trustStore, programmaticHooks, ...(reloader && !stopped ? { reloader } : {}), ...(approvals ? { approvals } : {}), ...(toolApprovals ? { toolApprovals } : {}) };
    // Asked right after the initialize answer is written (never awaited: hooks awaiting approval just do not fire).
    if (approvals !== undefined && !stopped) setImmediate(() => approvals.askNow());
    // The review warnings (stderr + hooks/reviewWarnings) follow the initialize answer too.
    if (!stopped) setImmediate(() => review.announce());
    const aliases = servedAliases(dialect);
    const result: InitializeResult = {
      protocolVersion: PROTOCOL_VERSION,
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
      dialect: dialect.name,
      events: [...dialect.events],
      ...(aliases !== undefined ? { eventAliases: aliases } : {}),
      hooks: engine.hooks(),
      diagnostics: await engine.redacted(diagnostics),
      capabilities: serverCapabilities(dialect.handlerTypes ?? []),
    };
    const serializeTools = engine.serializeTools();
    if (serializeTools !== undefined) result.serializeTools = serializeTools;
    const spawnPath = await deps.runner.spawnPath?.();
    if (spawnPath !== undefined) result.spawnPath = { ...spawnPath };
    return result;
  };

  /** Management methods that can spawn (hooks/dryRun) see an aborted signal once hookd is exiting. */
  function nothingSpawnsWhileExiting(table: Partial<Record<RequestMethod, RequestHandler>>): Partial<Record<RequestMethod, RequestHandler>> {
    const wrapped: Partial<Record<RequestMethod, RequestHandler>> = {};
    for (const [method, handler] of Object.entries(table) as Array<[RequestMethod, RequestHandler]>) {
      wrapped[method] = (params, context) => handler(params, closing ? { requestId: context.requestId, signal: AbortSignal.abort() } : context);
    }
    return wrapped;
  }

  const stopEverything = async () => {
    session?.approvals?.close();
    session?.toolApprovals?.close();
    await Promise.all([session?.engine.abortAll(), session?.reloader?.close()]);
    // What the aborted runs recorded reaches the file before the answer (shutdown) or the exit.
    await auditLog?.flush(500);
    await ledger?.flush(500);
  };
  const closeSession = async () => {
    closing = true;
    await stopEverything();
  };

  const handlers: Partial<Record<RequestMethod, RequestHandler>> = {
    initialize,
    ping: async () => ({}),
    shutdown: async () => {
      shutdownRequested = true;
      await stopEverything();
      return null;
    },
    ...nothingSpawnsWhileExiting(managementHandlers(requireActive, { logger, notifyDiagnostics: notifyDiagnostics })),
    ...nothingSpawnsWhileExiting(hookManagementHandlers(requireActive, { logger })),
    ...reviewHandlers(requireActive),
    ...sourceHandlers({
      active: () => requireActive() as ActiveSession & { reloader?: ConfigReloader },
      setLoadContext: (loadContext) => {
        if (session) session = { ...session, loadContext };
      },
      logger,
      notifyDiagnostics: notifyDiagnostics,
    }),
  };

  /** Checks an event against the dialect; the dialect's own param rules give -32602. */
  const checkedEvent = (engine: Engine, event: EventName, params: EventParams): void => {
    if (!engine.dialect.events.includes(event))
      throw new RpcError(ErrorCodes.MethodNotFound, `method not found: the ${engine.dialect.name} dialect has no ${event} event`);
    const problem = engine.dialect.validateParams?.(event, params);
    if (problem !== undefined) throw new RpcError(ErrorCodes.InvalidParams, `invalid params: ${problem}`);
  };

  /** "…are logged and treated as non-blocking failures": each failed run is a warning and a hooks/backgroundRun. */
  const inBackground = (engine: Engine, event: EventName, params: EventParams) =>
    engine.dispatchInBackground(event, params, ({ dispatch, error }) => {
      if (error !== undefined) logger.error(`${event} (background) failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (dispatch === undefined) return;
      logger.debug(`${event} (background): ${dispatch.result.runs.map((run) => `${run.hookId} ${run.status}`).join(', ') || 'no hooks matched'}`);
      for (const report of backgroundFailures(event, params.session.id, dispatch)) {
        logger.warn(backgroundFailureLine(report));
        deps.onBackgroundRun?.(report);
      }
    });

  /**
   * While exiting nothing new may spawn. A dispatch under an aborted signal matches the hooks without launching
   * any: an event that has none to run gets its usual answer, the others -32800 with their hooks not started.
   */
  const answerWhileExiting = async (engine: Engine, event: EventName, params: EventParams, requestId: string | number) => {
    const { result } = await engine.dispatch(event, params, { signal: AbortSignal.abort(), requestId });
    if (result.runs.length > 0) throw new RequestCancelledError({ runs: result.runs }, EXITING);
    return engine.dialect.fireAndForgetEvents?.includes(event) ? backgroundResult(event) : result;
  };

  const runEvent = (event: EventName): RequestHandler => async (raw, context) => {
    const { engine, toolApprovals } = requireActive();
    const params = raw as EventParams;
    checkedEvent(engine, event, params);
    if (closing) return answerWhileExiting(engine, event, params, context.requestId);
    if (engine.dialect.fireAndForgetEvents?.includes(event)) {
      inBackground(engine, event, params);
      return backgroundResult(event);
    }
    const { result, cancelled } = await engine.dispatch(event, params, { signal: context.signal, requestId: context.requestId, ...(context.abort ? { abort: context.abort } : {}) });
    if (cancelled) throw new RequestCancelledError({ runs: result.runs }, closing ? EXITING : undefined);
    if (toolApprovals === undefined) return result;
    const asked = await toolApprovals.answer(event, params, result, context.signal);
    if (asked.cancelled) throw new RequestCancelledError({ runs: result.runs }, closing ? EXITING : undefined);
    return asked.result;
  };
  for (const event of EVENT_NAMES) handlers[eventMethod(event)] = runEvent(event);
  // hooks/BeforeTool …: the canonical event (result `event` canonical) for a dialect that lists the alias, else -32601.
  for (const alias of EVENT_ALIAS_NAMES) {
    const canonical = runEvent(EVENT_ALIASES[alias]);
    handlers[`hooks/${alias}`] = async (raw, context) => {
      const refusal = aliasNotServed(requireActive().engine.dialect, alias);
      if (refusal !== undefined) throw new RpcError(ErrorCodes.MethodNotFound, refusal);
      return canonical(raw, context);
    };
  }

  return {
    handlers,
    onNotification(method, params) {
      if (method !== eventMethod('Notification')) return;
      if (!session || shutdownRequested || closing) {
        logger.warn(`ignoring ${method}: ${!session ? 'not initialized' : shutdownRequested ? 'shutting down' : 'hookd is exiting'}`);
        return;
      }
      try {
        checkedEvent(session.engine, 'Notification', params as EventParams);
      } catch (error) {
        logger.warn(`ignoring ${method}: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      inBackground(session.engine, 'Notification', params as EventParams);
    },
    abortAll: closeSession,
    shutdownRequested: () => shutdownRequested,
  };
}
