// The cancellation bridge: one AbortController per dispatched request, aborted when vscode-jsonrpc cancels the
// request's token. Owns no policy: aborting never answers a request (the handler decides what to answer).
import {
  CancellationTokenSource,
  type AbstractCancellationTokenSource,
  type CancellationToken,
  type RequestCancellationReceiverStrategy,
  type RequestMessage,
} from 'vscode-jsonrpc/node';

export type RequestAbort = { readonly requestId: string | number; readonly controller: AbortController };

/**
 * Installed as the connection's cancellation receiver, so it sees every request as its token source is made.
 * It reads each source's token at once: a source cancelled before its token was read hands out the frozen
 * `CancellationToken.Cancelled`, whose listeners never fire (a cancel processed before the handler starts).
 */
export class RequestAborts implements RequestCancellationReceiverStrategy {
  readonly kind = 'request';
  private readonly byToken = new WeakMap<CancellationToken, RequestAbort>();
  private readonly live = new Set<RequestAbort>();

  constructor(private readonly reason: () => unknown) {}

  createCancellationTokenSource(request: RequestMessage): AbstractCancellationTokenSource {
    const source = new CancellationTokenSource();
    const entry: RequestAbort = { requestId: request.id ?? '', controller: new AbortController() };
    const token = source.token;
    token.onCancellationRequested(() => this.abort(entry));
    this.byToken.set(token, entry);
    return source;
  }

  /**
   * The abort entry of a dispatched request, tracked until `release`; undefined for a token this strategy did not
   * make. Checks `isCancellationRequested` first, so a request cancelled before dispatch starts out aborted.
   */
  acquire(token: CancellationToken): RequestAbort | undefined {
    const entry = this.byToken.get(token);
    if (entry === undefined) return undefined;
    if (token.isCancellationRequested) this.abort(entry);
    this.live.add(entry);
    return entry;
  }

  release(entry: RequestAbort): void {
    this.live.delete(entry);
  }

  /** Aborts every request still in flight (the connection is going away). */
  abortAll(): void {
    for (const entry of this.live) this.abort(entry);
  }

  /** Aborts one request (e.g. its session was cancelled), with the same reason as a client's cancel. */
  abort(entry: RequestAbort): void {
    if (!entry.controller.signal.aborted) entry.controller.abort(this.reason());
  }
}
