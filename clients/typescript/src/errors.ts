// The errors a request can reject with: hookd's JSON-RPC errors (typed; -32800 carries the partial runs), a
// timeout, and the sidecar going away. Wire errors stay apart from local ones; nothing here talks to hookd.
// The common entry of vscode-jsonrpc (the same class as its /node entry's): keeps Node's types out of this .d.ts.
import { ResponseError } from 'vscode-jsonrpc';
import { CancelledDataSchema, ErrorCodes, type RunSummary } from './protocol.gen/index.js';

/** hookd answered the request with a JSON-RPC error (`code` is one of the protocol's `ErrorCodes`). */
export class HookdResponseError extends ResponseError<unknown> {
  override readonly name: string = 'HookdResponseError';
  constructor(
    readonly method: string,
    code: number,
    message: string,
    data?: unknown,
  ) {
    super(code, message, data);
    // vscode-jsonrpc's ResponseError pins its own prototype; restore the subclass's.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * The request was cancelled (`-32800`): by an AbortSignal or CancellationToken, by `cancelSession`, or by
 * `shutdown`. `runs` are the runs that finished and the ones cancelled, as hookd reported them.
 */
export class HookdCancelledError extends HookdResponseError {
  override readonly name: string = 'HookdCancelledError';
  readonly runs: RunSummary[];
  constructor(method: string, message: string, data?: unknown) {
    super(method, ErrorCodes.RequestCancelled, message, data);
    const parsed = CancelledDataSchema.safeParse(data);
    this.runs = parsed.success ? parsed.data.runs : [];
  }
}

/** The request's timeout passed: the client cancelled it; `runs` are what hookd reported when it stopped. */
export class HookdTimeoutError extends HookdCancelledError {
  override readonly name: string = 'HookdTimeoutError';
  constructor(
    method: string,
    readonly timeoutMs: number,
    data?: unknown,
  ) {
    super(method, `hookd did not answer ${method} within ${timeoutMs} ms (cancelled)`, data);
  }
}

/** The connection to hookd ended (it exited, could not start, or the client was disposed) before an answer. */
export class HookdExitedError extends Error {
  override readonly name: string = 'HookdExitedError';
  constructor(
    readonly method: string | undefined,
    readonly exitCode: number | null,
    readonly signal: string | null,
    /** The end of hookd's stderr, for the reason it stopped. */
    readonly stderr: string,
    readonly reason: 'exited' | 'disposed' | 'spawn-failed',
    cause?: unknown,
  ) {
    super(
      `${method === undefined ? 'hookd' : `${method}: hookd`} ${
        reason === 'disposed' ? 'client was disposed' : reason === 'spawn-failed' ? 'could not be started' : `exited (code ${exitCode}, signal ${signal})`
      } before answering${cause instanceof Error ? `: ${cause.message}` : ''}${stderr === '' ? '' : `; stderr:\n${stderr}`}`,
      cause === undefined ? undefined : { cause },
    );
  }
}

/** A result that does not match the method table's schema (only with `validateResults`). */
export class HookdProtocolError extends Error {
  override readonly name: string = 'HookdProtocolError';
  constructor(
    readonly method: string,
    message: string,
    readonly value: unknown,
  ) {
    super(`${method}: ${message}`);
  }
}

/**
 * The program spawned as hookd is not the hookd sidecar: it printed something that is not JSON-RPC, exited or did not
 * answer `initialize`, or answered with another `serverInfo.name`. `program` is the path that was found (see
 * `spawnHookd`'s discovery order), `got` what it did instead. The process is killed before this is thrown.
 */
export class HookdNotSidecarError extends Error {
  override readonly name: string = 'HookdNotSidecarError';
  constructor(
    readonly program: string,
    readonly got: string,
    /** How the program was found: `hookdJs`, `command`, `HOOKD_BIN`, `package` (the hookd-sidecar package's bin) or `PATH`. */
    readonly via: string,
    cause?: unknown,
  ) {
    super(`${program} is not the hookd sidecar: ${got} (found via ${via}; set HOOKD_BIN or pass command to choose the sidecar, e.g. the hookd-sidecar package's bin)`, cause === undefined ? undefined : { cause });
  }
}
