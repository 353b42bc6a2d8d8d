// The JSON-RPC server: dispatches every request through the protocol's method table (lookup, initialization
// gate, zod params, cancellation bridge, error mapping) to injected handlers, and sends server → client requests
// and notifications. Knows no hook vocabulary.
import {
  CancellationSenderStrategy,
  createMessageConnection,
  type Logger as JsonRpcLogger,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { paramsParser } from './params-parser.js';
import {
  ClientNotifications,
  Requests,
  ServerNotifications,
  type RequestMethod,
  type RequestSpec,
  type ServerRequestMethod,
} from '../protocol/methods.js';
import { AnswerLedger, LedgerMessageReader, LedgerMessageWriter } from './answer-ledger.js';
import { RequestAborts } from './cancellation.js';
import { ClientRequests } from './client-requests.js';
import { describeParamsIssues, RequestCancelledError, RpcError, toResponseError } from './errors.js';
import type { Framing } from './framing.js';
import { createTransport, DEFAULT_MAX_MESSAGE_BYTES } from './transport.js';

export type RequestContext = {
  readonly requestId: string | number;
  readonly signal: AbortSignal;
  /** Aborts `signal` (as a client's cancel would): lets the engine cancel a session's requests without a controller
   * of its own per dispatch. */
  readonly abort?: () => void;
};

/** `params` were already parsed by the method's zod schema (defaults applied). The result is sent as is. */
export type RequestHandler = (params: unknown, context: RequestContext) => Promise<unknown>;

export type RpcServerOptions<M extends string = RequestMethod> = {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Default 'auto': detected from the first non-whitespace byte of input. */
  framing?: Framing;
  /** Default 64 MiB. Bigger messages are discarded and answered -32600. */
  maxMessageBytes?: number;
  /** The method table; default the protocol's `Requests`. Overridable so tests need not use the real one. */
  methods?: Readonly<Record<M, RequestSpec>>;
  handlers: Partial<Record<NoInfer<M>, RequestHandler>>;
  /** Client notifications (exit, initialized) with validated params. Unknown notifications are logged and ignored. */
  onNotification?: (method: string, params: unknown) => void;
  logger: Logger;
  /** Called once per request read, before it is dispatched (e.g. to count a session's requests). */
  onRequest?: () => void;
};

export interface RpcServer {
  listen(): void;
  /** Never throws: a failure (invalid params, EPIPE after the client died, closed connection) is logged. */
  notify(method: keyof typeof ServerNotifications, params: unknown): void;
  /**
   * Sends a server → client request from the ServerRequests table; params validated before sending, the result
   * validated (zod, defaults applied) on arrival. Aborting `signal` sends `$/cancelRequest {id}` to the client and
   * rejects at once with RequestCancelledError. Rejects with RpcError when the client answers an error, when the
   * result does not match the schema (message names the bad paths, like describeParamsIssues), or when the
   * connection is closed/disposed (pending requests reject promptly, never hang).
   */
  request(method: ServerRequestMethod, params: unknown, options?: { signal?: AbortSignal }): Promise<unknown>;
  /** Input ended or the connection closed. A listener added after that is called soon after. */
  onClose(listener: () => void): void;
  /**
   * Resolves once every request read so far has been answered and its response flushed to the output (as have the
   * error answers to messages that were not requests). After input EOF that is every request the client wrote: the
   * readers deliver every message before they report the end. Used before exiting; never times out by itself.
   */
  whenIdle(): Promise<void>;
  /** Stops reading, aborts every in-flight request's signal, rejects every pending `request` and releases the connection. */
  dispose(): void;
}

const INITIALIZE = 'initialize';
const SHUTDOWN = 'shutdown';
const SHOWN_METHOD_CHARS = 200;

/** A method name as an error message shows it: a client may send megabytes of name. */
function shownMethod(method: string): string {
  return method.length > SHOWN_METHOD_CHARS ? `${method.slice(0, SHOWN_METHOD_CHARS)}… (${method.length} characters)` : method;
}

function jsonRpcLogger(logger: Logger): JsonRpcLogger {
  return { error: (m) => logger.error(m), warn: (m) => logger.warn(m), info: (m) => logger.info(m), log: (m) => logger.debug(m) };
}

export function createRpcServer<M extends string = RequestMethod>(options: RpcServerOptions<M>): RpcServer {
  const { logger } = options;
  const methods = (options.methods ?? Requests) as Readonly<Record<string, RequestSpec>>;
  const handlers = options.handlers as Partial<Record<string, RequestHandler>>;
  const ledger = new AnswerLedger();
  const transport = createTransport({
    input: options.input,
    output: options.output,
    framing: options.framing ?? 'auto',
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    logger,
    onGateResponse: (written) => ledger.responseWriting(written),
  });
  const writer = new LedgerMessageWriter(transport.writer, ledger);
  const reader = new LedgerMessageReader(transport.reader, ledger, writer, logger);
  const aborts = new RequestAborts(() => new RequestCancelledError());
  const connection: MessageConnection = createMessageConnection(reader, writer, jsonRpcLogger(logger), {
    cancellationStrategy: { receiver: aborts, sender: CancellationSenderStrategy.Message },
  });
  const clientRequests = new ClientRequests(connection, logger);

  let initialization: 'pending' | 'running' | 'done' = 'pending';
  /** Settles when the initialize that is running settles (never rejects). */
  let initializeSettled: Promise<void> = Promise.resolve();
  let shutdownReceived = false;
  let closed = false;
  const closeListeners: Array<() => void> = [];

  /**
   * The handler's answer (a promise, or a value) — not an async function itself: a request's own path adds no promise
   * of its own (a request written behind a running initialize waits for it).
   */
  function dispatch(method: string, params: unknown, context: RequestContext): unknown {
    const spec = Object.hasOwn(methods, method) ? methods[method] : undefined;
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (spec === undefined || handler === undefined) throw new RpcError(ErrorCodes.MethodNotFound, `method not found: ${shownMethod(method)}`);
    refuseAfterShutdown(spec);
    if (method === INITIALIZE) {
      if (initialization === 'done') throw new RpcError(ErrorCodes.InvalidRequest, 'already initialized');
      if (initialization === 'running') throw new RpcError(ErrorCodes.InvalidRequest, 'already initialized (initialize is in progress)');
    } else if (spec.beforeInitialize !== true) {
      // A request written behind initialize waits for its outcome: wire order is request order (`printf … | hookd`).
      if (initialization === 'running') {
        return initializeSettled.then(() => {
          refuseAfterShutdown(spec);
          refuseBeforeInitialize();
          return handle(method, spec, handler, params, context);
        });
      }
      refuseBeforeInitialize();
    }
    return handle(method, spec, handler, params, context);
  }

  function refuseBeforeInitialize(): void {
    if (initialization !== 'done') throw new RpcError(ErrorCodes.ServerNotInitialized, 'server not initialized: send initialize first');
  }

  function handle(method: string, spec: RequestSpec, handler: RequestHandler, params: unknown, context: RequestContext): unknown {
    const parsed = paramsParser(spec.params)(params);
    if (!parsed.success) throw parsed.error;
    if (method === SHUTDOWN) shutdownReceived = true;
    return method === INITIALIZE ? initialize(handler, parsed.data, context) : handler(parsed.data, context);
  }

  async function initialize(handler: RequestHandler, params: unknown, context: RequestContext): Promise<unknown> {
    initialization = 'running';
    const running = (async () => handler(params, context))();
    initializeSettled = running.then(
      () => undefined,
      () => undefined,
    );
    try {
      const result = await running;
      initialization = 'done';
      return result;
    } catch (error) {
      initialization = 'pending';
      throw error;
    }
  }

  /** After shutdown only the methods the table marks `afterShutdown` (ping, shutdown) are served; the rest -32600. */
  function refuseAfterShutdown(spec: RequestSpec): void {
    if (shutdownReceived && spec.afterShutdown !== true) throw new RpcError(ErrorCodes.InvalidRequest, 'server is shutting down: no requests after shutdown');
  }

  connection.onRequest((method, params, token) => answer(method, params, token));

  async function answer(method: string, params: unknown, token: Parameters<RequestAborts['acquire']>[0]): Promise<unknown> {
    options.onRequest?.();
    const abort = aborts.acquire(token);
    if (abort === undefined) throw toResponseError(new Error(`no cancellation source for ${method}`), logger, method);
    try {
      const result = await dispatch(method, params, { requestId: abort.requestId, signal: abort.controller.signal, abort: () => aborts.abort(abort) });
      return result === undefined ? null : result;
    } catch (error) {
      throw toResponseError(error, logger, method);
    } finally {
      aborts.release(abort);
    }
  }

  connection.onNotification((method, params) => {
    if (!Object.hasOwn(ClientNotifications, method)) {
      logger.debug(`ignoring unknown notification ${shownMethod(method)}`);
      return;
    }
    const parsed = ClientNotifications[method as keyof typeof ClientNotifications].params.safeParse(params);
    if (!parsed.success) {
      logger.warn(`ignoring notification ${method} with invalid params: ${describeParamsIssues(parsed.error.issues)}`);
      return;
    }
    try {
      options.onNotification?.(method, parsed.data);
    } catch (error) {
      logger.error(`notification handler for ${method} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  });

  connection.onError(([error]) => logger.warn(`transport error: ${error.message}`));
  connection.onClose(() => {
    if (closed) return;
    closed = true;
    clientRequests.rejectAll('connection closed');
    for (const listener of closeListeners.splice(0)) callCloseListener(listener);
  });

  function callCloseListener(listener: () => void): void {
    try {
      listener();
    } catch (error) {
      logger.error(`close listener failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  }

  return {
    listen() {
      connection.listen();
    },
    notify(method, params) {
      const spec = Object.hasOwn(ServerNotifications, method) ? ServerNotifications[method] : undefined;
      if (spec === undefined) {
        logger.error(`not sending unknown notification ${String(method)}`);
        return;
      }
      const parsed = spec.params.safeParse(params);
      if (!parsed.success) {
        logger.error(`not sending ${method}: invalid params: ${describeParamsIssues(parsed.error.issues)}`);
        return;
      }
      try {
        connection.sendNotification(method, parsed.data).catch((error: unknown) => {
          logger.warn(`could not send ${method}: ${error instanceof Error ? error.message : String(error)}`);
        });
      } catch (error) {
        logger.debug(`not sending ${method}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    request(method, params, options) {
      return clientRequests.send(method, params, options?.signal);
    },
    onClose(listener) {
      if (closed) queueMicrotask(() => callCloseListener(listener));
      else closeListeners.push(listener);
    },
    whenIdle() {
      return ledger.whenSettled();
    },
    dispose() {
      aborts.abortAll();
      clientRequests.rejectAll('connection disposed');
      connection.dispose();
    },
  };
}
