// Maps protocol methods to the engine: initialize builds an Engine for the chosen dialect, events
// dispatch through it, shutdown kills everything in flight. Composition only; no hook semantics here.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import { findDialect, DIALECT_NAMES } from '../dialects/index.js';
import { Engine } from '../engine/engine.js';
import type { Logger } from '../logger.js';
import {
  EVENT_NAMES,
  ErrorCodes,
  PROTOCOL_VERSION,
  SERVER_NAME,
  SERVER_VERSION,
  eventMethod,
  type EventParams,
  type InitializeParams,
  type InitializeResult,
  type ProgressParams,
  type RequestMethod,
} from '../protocol/index.js';
import { RequestCancelledError, RpcError } from '../rpc/errors.js';
import type { RequestHandler } from '../rpc/server.js';
import type { ProcessRunner } from '../runner/types.js';

export type SessionDefaults = {
  readonly stopBlockCap?: number;
  readonly killGraceMs?: number;
  readonly managedSettingsPath?: string;
};

export type SessionDeps = {
  readonly runner: ProcessRunner;
  readonly logger: Logger;
  readonly defaults: SessionDefaults;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly onProgress: (progress: ProgressParams) => void;
};

export type Session = {
  readonly handlers: Partial<Record<RequestMethod, RequestHandler>>;
  /** Kills every in-flight hook tree; resolves when they are dead. Safe to call more than once. */
  abortAll(): Promise<void>;
  readonly shutdownRequested: () => boolean;
};

function checkWorkspace(workspace: string): void {
  if (!isAbsolute(workspace)) throw new RpcError(ErrorCodes.InvalidParams, `invalid params: workspace must be an absolute path, got "${workspace}"`);
  if (!existsSync(workspace) || !statSync(workspace).isDirectory())
    throw new RpcError(ErrorCodes.InvalidParams, `invalid params: workspace "${workspace}" is not an existing directory`);
}

export function createSession(deps: SessionDeps): Session {
  let engine: Engine | undefined;
  let shutdownRequested = false;

  const requireEngine = (): Engine => {
    if (shutdownRequested) throw new RpcError(ErrorCodes.InvalidRequest, 'server is shutting down: no requests after shutdown');
    // The rpc layer answers -32002 before initialize completes, so a missing engine here is a bug.
    if (!engine) throw new Error('no engine although initialize completed');
    return engine;
  };

  const initialize: RequestHandler = async (raw) => {
    const params = raw as InitializeParams;
    const dialect = findDialect(params.dialect);
    if (!dialect)
      throw new RpcError(ErrorCodes.InvalidParams, `invalid params: dialect: unknown dialect "${params.dialect}" (known: ${DIALECT_NAMES.join(', ')})`);
    checkWorkspace(params.workspace);
    const options = params.options ?? {};
    engine = new Engine({
      dialect,
      runner: deps.runner,
      workspace: params.workspace,
      baseEnv: deps.baseEnv,
      killGraceMs: options.killGraceMs ?? deps.defaults.killGraceMs,
      stopBlockCap: options.stopBlockCap ?? deps.defaults.stopBlockCap,
      onProgress: deps.onProgress,
    });
    const snapshot = engine.load({
      workspace: params.workspace,
      home: params.home ?? homedir(),
      ...(params.sources ? { sources: params.sources } : {}),
      ...((options.managedSettingsPath ?? deps.defaults.managedSettingsPath)
        ? { managedSettingsPath: options.managedSettingsPath ?? deps.defaults.managedSettingsPath }
        : {}),
    });
    for (const diagnostic of snapshot.diagnostics) deps.logger.info(`config: ${diagnostic.severity}: ${diagnostic.message}`);
    const result: InitializeResult = {
      protocolVersion: PROTOCOL_VERSION,
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
      dialect: dialect.name,
      events: [...dialect.events],
      hooks: engine.hooks(),
      diagnostics: [...snapshot.diagnostics],
    };
    return result;
  };

  const handlers: Partial<Record<RequestMethod, RequestHandler>> = {
    initialize,
    ping: async () => ({}),
    shutdown: async () => {
      shutdownRequested = true;
      await engine?.abortAll();
      return null;
    },
    'hooks/list': async () => {
      const current = requireEngine();
      return { hooks: current.hooks(), diagnostics: [...current.diagnostics()] };
    },
    'hooks/cancel': async (raw) => {
      const { sessionId } = raw as { sessionId: string };
      return { cancelled: requireEngine().cancelSession(sessionId) };
    },
  };

  for (const event of EVENT_NAMES) {
    handlers[eventMethod(event)] = async (raw, context) => {
      const current = requireEngine();
      if (!current.dialect.events.includes(event))
        throw new RpcError(ErrorCodes.MethodNotFound, `method not found: the ${current.dialect.name} dialect has no ${event} event`);
      const { result, cancelled } = await current.dispatch(event, raw as EventParams, {
        signal: context.signal,
        requestId: context.requestId,
      });
      if (cancelled) throw new RequestCancelledError({ runs: result.runs });
      return result;
    };
  }

  return {
    handlers,
    abortAll: async () => {
      await engine?.abortAll();
    },
    shutdownRequested: () => shutdownRequested,
  };
}
