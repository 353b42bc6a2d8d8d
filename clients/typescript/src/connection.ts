// The JSON-RPC connection to one hookd: requests typed from the method table, notifications, cancellation
// (AbortSignal, CancellationToken, timeouts → $/cancelRequest) and the sidecar's end (shutdown, dispose, exit).
// It knows method names only as the protocol's types; it has no hook logic.
import type { CancellationToken, Disposable, Logger, MessageConnection } from 'vscode-jsonrpc';
import { CancellationTokenSource, Emitter, ErrorCodes as RpcErrorCodes, ResponseError, createMessageConnection } from 'vscode-jsonrpc/node';
import { ErrorCodes, Requests, ServerNotifications, type RequestSpec } from './protocol.gen/index.js';
import { HookdCancelledError, HookdExitedError, HookdProtocolError, HookdResponseError, HookdTimeoutError } from './errors.js';
import type { HookdTransport } from './framing.js';
import type { HookdAbortSignalLike, HookdChildProcess } from './process-types.js';
import type {
  ClientNotificationMethod,
  ClientNotificationParams,
  ParamsArgs,
  RequestMethod,
  RequestResult,
  ServerNotificationMethod,
  ServerNotificationParams,
} from './protocol-types.js';

export type RequestOptions = {
  /** Aborting cancels the request: hookd kills its hook trees and answers -32800 (→ HookdCancelledError with runs). */
  readonly signal?: HookdAbortSignalLike;
  /** The same, for callers that hold a vscode CancellationToken. */
  readonly token?: CancellationToken;
  /** Cancel the request after this many milliseconds (→ HookdTimeoutError); `Infinity`: none. Default: the client's `requestTimeoutMs`. */
  readonly timeoutMs?: number;
};

export type ConnectionOptions = {
  /** The hookd process behind the transport, when this client owns it: exit tracking, stderr, kill on dispose. */
  readonly process?: HookdChildProcess;
  /** Default timeout of every request; none by default (hooks have their own timeouts, up to minutes). */
  readonly requestTimeoutMs?: number;
  /** After cancelling, how long to wait for hookd's -32800 answer (it comes once the trees are dead). Default 2000. */
  readonly cancelGraceMs?: number;
  /** Check every result against the method table's schema (→ HookdProtocolError). Default false. */
  readonly validateResults?: boolean;
  /** vscode-jsonrpc's logger for the connection's own complaints. Default: silent. */
  readonly logger?: Logger;
};

export type ExitInfo = { readonly code: number | null; readonly signal: string | null };
export type ShutdownOptions = { /** Bound on shutdown + exit before hookd is killed. Default 5000. */ readonly timeoutMs?: number };

const DEFAULT_CANCEL_GRACE_MS = 2_000;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 5_000;
/** hookd exits within a second of SIGTERM or stdin EOF, after killing its hook trees. */
const TERM_GRACE_MS = 1_500;
const KILL_WAIT_MS = 2_000;
/** After the process exited, how long its stdout may still deliver answers before pending requests fail. */
const EXIT_DRAIN_MS = 1_000;
const STDERR_TAIL_CHARS = 8_192;
/** vscode-jsonrpc's own codes for a write that failed or a connection that went away. */
const CONNECTION_LOST_CODES: ReadonlySet<number> = new Set([
  RpcErrorCodes.MessageWriteError,
  RpcErrorCodes.PendingResponseRejected,
  RpcErrorCodes.ConnectionInactive,
]);

type Pending = { readonly method: string; readonly fail: (error: Error) => void };
type Closed = { readonly reason: 'exited' | 'disposed' | 'spawn-failed'; readonly cause?: unknown };

/** Longest delay setTimeout honours; `Infinity` (or more) means no timeout. */
const MAX_TIMER_MS = 2_147_483_647;
function timeoutOf(ms: number | undefined): number | undefined {
  return ms === undefined || !(ms >= 0) || ms > MAX_TIMER_MS ? undefined : ms;
}

/** Resolves true when `promise` settles within `ms`, false otherwise; never rejects. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => (clearTimeout(timer), resolve(true)),
      () => (clearTimeout(timer), resolve(true)),
    );
  });
}

export class HookdConnection implements Disposable {
  /** The underlying vscode-jsonrpc connection (listening); prefer the typed methods. */
  readonly connection: MessageConnection;
  readonly process: HookdChildProcess | undefined;
  /** Resolves once hookd exited (without a process: once the connection closed). */
  readonly exited: Promise<ExitInfo>;
  readonly #transport: HookdTransport;
  readonly #options: ConnectionOptions;
  readonly #pending = new Set<Pending>();
  readonly #notifications = new Map<string, Emitter<unknown>>();
  readonly #stderrEmitter = new Emitter<string>();
  #resolveExited: (info: ExitInfo) => void = () => {};
  #exitInfo: ExitInfo | undefined;
  #closed: Closed | undefined;
  /** The connection ended; #closed is set once the exit status is known. */
  #closing = false;
  #resolveClosed: () => void = () => {};
  readonly #whenClosed = new Promise<void>((resolve) => (this.#resolveClosed = resolve));
  #spawnError: Error | undefined;
  #stderr = '';
  #shutdown: Promise<ExitInfo> | undefined;
  #disposed = false;
  #killTimer: NodeJS.Timeout | undefined;

  constructor(transport: HookdTransport, options: ConnectionOptions = {}) {
    this.#transport = transport;
    this.#options = options;
    this.process = options.process;
    this.exited = new Promise((resolve) => (this.#resolveExited = resolve));
    this.connection = createMessageConnection(transport.reader, transport.writer, options.logger);
    for (const method of Object.keys(ServerNotifications)) {
      const emitter = new Emitter<unknown>();
      this.#notifications.set(method, emitter);
      this.connection.onNotification(method, (params: unknown) => emitter.fire(params));
    }
    this.connection.onClose(() => this.#onConnectionClosed());
    if (this.process) this.#watchProcess(this.process);
    this.connection.listen();
  }

  #watchProcess(child: HookdChildProcess): void {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-STDERR_TAIL_CHARS);
      this.#stderrEmitter.fire(text);
    });
    child.on('error', (error) => {
      if (child.pid !== undefined) return;
      this.#spawnError = error;
      this.#close({ reason: 'spawn-failed', cause: error });
      this.#exit({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      this.#exit({ code, signal });
      // Answers written just before the exit may still be in the pipe: the reader's close normally ends the
      // connection; this only bounds the wait.
      setTimeout(() => this.#close({ reason: 'exited' }), EXIT_DRAIN_MS).unref();
    });
    if (child.exitCode !== null || child.signalCode !== null) this.#exit({ code: child.exitCode, signal: child.signalCode });
  }

  /** hookd's stdout ended; its exit status usually follows a moment later: wait for it (bounded) to report it. */
  #onConnectionClosed(): void {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    const close = () => this.#close(this.#spawnError ? { reason: 'spawn-failed', cause: this.#spawnError } : { reason: 'exited' });
    if (this.process && !this.#exitInfo) void settlesWithin(this.exited, EXIT_DRAIN_MS).then(close);
    else close();
  }

  #exit(info: ExitInfo): void {
    if (this.#exitInfo) return;
    this.#exitInfo = info;
    clearTimeout(this.#killTimer);
    this.#resolveExited(info);
  }

  /** The connection is over: every request still waiting fails with HookdExitedError. */
  #close(closed: Closed): void {
    if (this.#closed) return;
    this.#closed = closed;
    this.#resolveClosed();
    for (const pending of [...this.#pending]) pending.fail(this.#closedError(pending.method));
    this.#pending.clear();
    if (!this.process) this.#exit({ code: null, signal: null });
  }

  #closedError(method: string | undefined): HookdExitedError {
    const closed = this.#closed ?? { reason: 'exited' as const };
    return new HookdExitedError(method, this.#exitInfo?.code ?? null, this.#exitInfo?.signal ?? null, this.#stderr, closed.reason, closed.cause);
  }

  /** True once hookd's connection ended (exit, spawn failure or dispose): requests reject at once. */
  get closed(): boolean {
    return this.#closed !== undefined;
  }

  /** The last few KiB hookd wrote to stderr (its log). */
  get stderr(): string {
    return this.#stderr;
  }

  /**
   * Sends any request by name; the untyped door under `request` (and for methods newer than this client).
   * Rejects with HookdResponseError (HookdCancelledError for -32800), HookdTimeoutError or HookdExitedError.
   */
  call(method: string, params?: unknown, options: RequestOptions = {}): Promise<unknown> {
    if (this.#closed || this.#closing) return this.#whenClosed.then(() => Promise.reject(this.#closedError(method)));
    if (options.signal?.aborted || options.token?.isCancellationRequested)
      return Promise.reject(new HookdCancelledError(method, `${method} was cancelled before it was sent`, { runs: [] }));
    const timeoutMs = timeoutOf(options.timeoutMs ?? this.#options.requestTimeoutMs);
    const graceMs = this.#options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
    return new Promise((resolve, reject) => {
      const source = new CancellationTokenSource();
      const timers: NodeJS.Timeout[] = [];
      const cleanups: Array<() => void> = [];
      let why: 'cancelled' | 'timeout' | undefined;
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        for (const cleanup of cleanups) cleanup();
        source.dispose();
        this.#pending.delete(pending);
        settle();
      };
      const pending: Pending = { method, fail: (error) => finish(() => reject(error)) };
      const cancel = (reason: 'cancelled' | 'timeout') => {
        if (settled || why !== undefined) return;
        why = reason;
        source.cancel();
        // hookd answers -32800 once the hook trees are dead; should that answer never come, stop waiting.
        timers.push(
          setTimeout(
            () =>
              pending.fail(
                reason === 'timeout'
                  ? new HookdTimeoutError(method, timeoutMs ?? 0)
                  : new HookdCancelledError(method, `${method} was cancelled; hookd did not confirm within ${graceMs} ms`),
              ),
            graceMs,
          ),
        );
      };
      if (options.signal) {
        const signal = options.signal;
        const onAbort = () => cancel('cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
      if (options.token) {
        const subscription = options.token.onCancellationRequested(() => cancel('cancelled'));
        cleanups.push(() => subscription.dispose());
      }
      if (timeoutMs !== undefined) timers.push(setTimeout(() => cancel('timeout'), timeoutMs));
      this.#pending.add(pending);
      let answer: Promise<unknown>;
      try {
        // No params: vscode-jsonrpc would send `[null]` for an explicit undefined.
        answer = params === undefined ? this.connection.sendRequest(method, source.token) : this.connection.sendRequest(method, params, source.token);
      } catch (error) {
        pending.fail(this.#closed ? this.#closedError(method) : (error as Error));
        return;
      }
      answer.then(
        (result) => {
          let checked: unknown;
          try {
            checked = this.#check(method, result);
          } catch (error) {
            pending.fail(error as Error);
            return;
          }
          finish(() => resolve(checked));
        },
        (error: unknown) => pending.fail(this.#toError(method, error, why, timeoutMs)),
      );
    });
  }

  /** A request of the method table, its params and result typed from the protocol's schemas. */
  request<M extends RequestMethod>(method: M, ...args: ParamsArgs<M, RequestOptions>): Promise<RequestResult<M>> {
    const [params, options] = args;
    return this.call(method, params, options) as Promise<RequestResult<M>>;
  }

  /** A client → server notification of the method table (`exit`, `initialized`, `hooks/Notification`). */
  notify<N extends ClientNotificationMethod>(
    method: N,
    ...args: undefined extends ClientNotificationParams<N> ? [params?: ClientNotificationParams<N>] : [params: ClientNotificationParams<N>]
  ): Promise<void> {
    if (this.#closed || this.#closing) return this.#whenClosed.then(() => Promise.reject(this.#closedError(method)));
    const [params] = args;
    return params === undefined ? this.connection.sendNotification(method) : this.connection.sendNotification(method, params);
  }

  #check(method: string, result: unknown): unknown {
    if (!this.#options.validateResults || !Object.hasOwn(Requests, method)) return result;
    const spec = (Requests as Record<string, RequestSpec>)[method]!;
    const parsed = spec.result.safeParse(result);
    if (!parsed.success) throw new HookdProtocolError(method, `the result does not match the protocol: ${parsed.error.message}`, result);
    return parsed.data;
  }

  #toError(method: string, error: unknown, why: 'cancelled' | 'timeout' | undefined, timeoutMs: number | undefined): Error {
    if (error instanceof ResponseError) {
      if (error.code === ErrorCodes.RequestCancelled)
        return why === 'timeout' ? new HookdTimeoutError(method, timeoutMs ?? 0, error.data) : new HookdCancelledError(method, error.message, error.data);
      if (CONNECTION_LOST_CODES.has(error.code) && this.#closed) return this.#closedError(method);
      return new HookdResponseError(method, error.code, error.message, error.data);
    }
    if (this.#closed) return this.#closedError(method);
    return error instanceof Error ? error : new Error(String(error));
  }

  /** A server notification of the method table (`hooks/progress`, `hooks/diagnostics`, `hooks/backgroundRun`). */
  onNotification<N extends ServerNotificationMethod>(method: N, listener: (params: ServerNotificationParams<N>) => void): Disposable {
    const emitter = this.#notifications.get(method);
    if (!emitter) throw new Error(`unknown server notification ${method}`);
    return emitter.event(listener as (params: unknown) => void);
  }

  /** A hook with a `statusMessage` started or finished. */
  onProgress(listener: (params: ServerNotificationParams<'hooks/progress'>) => void): Disposable {
    return this.onNotification('hooks/progress', listener);
  }

  /** The complete current diagnostics, after every reload (file watcher or `reload()`). */
  onDiagnostics(listener: (params: ServerNotificationParams<'hooks/diagnostics'>) => void): Disposable {
    return this.onNotification('hooks/diagnostics', listener);
  }

  /** pbi: hooks that stay skipped until reviewed, or the dangerous bypass notice; once after initialize, again when a reload changes them. */
  onReviewWarnings(listener: (params: ServerNotificationParams<'hooks/reviewWarnings'>) => void): Disposable {
    return this.onNotification('hooks/reviewWarnings', listener);
  }

  /** A run of a fire-and-forget event (a Bamboo Notification hook) failed: hook, exit code, signal, failure class, stderr excerpt. */
  onBackgroundRun(listener: (params: ServerNotificationParams<'hooks/backgroundRun'>) => void): Disposable {
    return this.onNotification('hooks/backgroundRun', listener);
  }

  /** An `asyncRewake` hook exited with code 2 in the background: wake the model with `message`. */
  onAsyncRewake(listener: (params: ServerNotificationParams<'hooks/asyncRewake'>) => void): Disposable {
    return this.onNotification('hooks/asyncRewake', listener);
  }

  /** hookd's log lines (stderr), as they arrive. */
  onStderr(listener: (text: string) => void): Disposable {
    return this.#stderrEmitter.event(listener);
  }

  /**
   * Polite end: `shutdown` (hookd kills every hook tree and answers), `exit`, stdin closed, wait for the exit; past
   * `timeoutMs` SIGTERM (hookd still cleans up), then SIGKILL. Idempotent; resolves with how hookd exited.
   */
  shutdown(options: ShutdownOptions = {}): Promise<ExitInfo> {
    this.#shutdown ??= this.#shutDown(options.timeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
    return this.#shutdown;
  }

  async #shutDown(timeoutMs: number): Promise<ExitInfo> {
    const deadline = performance.now() + timeoutMs;
    const left = () => Math.max(0, deadline - performance.now());
    if (!this.#closed) {
      await settlesWithin(this.call('shutdown', undefined, { timeoutMs: Infinity }), left());
      if (!this.#closed) await settlesWithin(this.notify('exit'), left());
    }
    this.#endInput();
    if (this.process) {
      if (!(await settlesWithin(this.exited, left()))) {
        this.#signal('SIGTERM');
        if (!(await settlesWithin(this.exited, TERM_GRACE_MS))) {
          this.#signal('SIGKILL');
          await settlesWithin(this.exited, KILL_WAIT_MS);
        }
      }
    } else await settlesWithin(this.exited, left());
    this.#close({ reason: 'disposed' });
    this.connection.dispose();
    return this.#exitInfo ?? { code: null, signal: null };
  }

  /**
   * Ends at once (for `vscode.Disposable`): requests still waiting fail with HookdExitedError, hookd's stdin is
   * closed and it gets SIGTERM (either makes it kill every hook tree and exit), SIGKILL if still alive 1.5 s later.
   * Await `exited` to know it is gone.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#close({ reason: 'disposed' });
    this.#endInput();
    this.connection.dispose();
    if (this.process && !this.#exitInfo) {
      this.#signal('SIGTERM');
      this.#killTimer = setTimeout(() => this.#signal('SIGKILL'), TERM_GRACE_MS);
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.shutdown();
  }

  #endInput(): void {
    try {
      this.#transport.writer.end();
    } catch {
      // already closed
    }
  }

  #signal(signal: 'SIGTERM' | 'SIGKILL'): void {
    const child = this.process;
    if (!child || this.#exitInfo || child.exitCode !== null || child.signalCode !== null) return;
    try {
      child.kill(signal);
    } catch {
      // gone meanwhile
    }
  }
}
