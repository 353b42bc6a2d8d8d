// Server → client requests: validates params and results against the protocol's ServerRequests table, bridges an
// AbortSignal to `$/cancelRequest`, and settles every pending request when the connection goes away. Transport
// only: no timeouts, retries or hook vocabulary (callers pass a signal and interpret the result).
import { CancellationTokenSource, ErrorCodes as JsonRpcErrorCodes, ResponseError, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { describeIssues } from '../protocol/issue-text.js';
import { ServerRequests, type ServerRequestMethod } from '../protocol/methods.js';
import { describeParamsIssues, RequestCancelledError, RpcError } from './errors.js';

export class ClientRequests {
  /** The `fail` of every request sent and not yet settled. */
  private readonly pending = new Set<(error: Error) => void>();

  constructor(
    private readonly connection: MessageConnection,
    private readonly logger: Logger,
  ) {}

  /** Rejects with RpcError (unknown method, invalid params or result, error answer, connection gone) or RequestCancelledError. */
  async send(method: ServerRequestMethod, params: unknown, signal?: AbortSignal): Promise<unknown> {
    const spec = Object.hasOwn(ServerRequests, method) ? ServerRequests[method] : undefined;
    if (spec === undefined) throw new RpcError(ErrorCodes.MethodNotFound, `not sending unknown request ${String(method)}`);
    if (signal?.aborted === true) throw cancelled(method);
    const parsed = spec.params.safeParse(params);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      throw new RpcError(ErrorCodes.InvalidParams, `not sending ${method}: invalid params: ${describeParamsIssues(issues)}`, { issues });
    }
    const answer = await this.exchange(method, parsed.data, signal);
    const result = spec.result.safeParse(answer);
    if (!result.success) {
      const issues = result.error.issues;
      const described = describeIssues(issues, { root: 'result' });
      throw new RpcError(ErrorCodes.InternalError, `invalid result of ${method}: ${described}`, { issues });
    }
    return result.data;
  }

  /** The connection closed or is being disposed: every pending request rejects now (its answer can never arrive). */
  rejectAll(why: string): void {
    for (const fail of [...this.pending]) fail(new RpcError(JsonRpcErrorCodes.ConnectionInactive, `${why} before the client answered`));
  }

  /** One request on the wire; settles exactly once, and whatever vscode-jsonrpc settles later is ignored. */
  private exchange(method: string, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const source = new CancellationTokenSource();
      const settle = (outcome: () => void): boolean => {
        if (!this.pending.delete(fail)) return false;
        signal?.removeEventListener('abort', onAbort);
        source.dispose();
        outcome();
        return true;
      };
      const fail = (error: Error): void => void settle(() => reject(error));
      const onAbort = (): void => {
        source.cancel(); // vscode-jsonrpc writes `$/cancelRequest {id}` (the connection is open: close settles first)
        fail(cancelled(method));
      };
      this.pending.add(fail);
      signal?.addEventListener('abort', onAbort, { once: true });
      let sent: Promise<unknown>;
      try {
        sent = this.connection.sendRequest(method, params, source.token);
      } catch (error) {
        fail(new RpcError(JsonRpcErrorCodes.ConnectionInactive, `could not send ${method}: ${errorMessage(error)}`));
        return;
      }
      sent.then(
        (result) => {
          if (!settle(() => resolve(result))) this.logger.debug(`ignoring the late answer to ${method}`);
        },
        (error: unknown) => {
          if (!settle(() => reject(fromAnswerError(error)))) this.logger.debug(`ignoring the late error answer to ${method}`);
        },
      );
    });
  }
}

function cancelled(method: string): RequestCancelledError {
  return new RequestCancelledError(undefined, `${method} cancelled`);
}

function fromAnswerError(error: unknown): RpcError {
  if (error instanceof ResponseError) return new RpcError(error.code, error.message, error.data);
  return new RpcError(ErrorCodes.InternalError, errorMessage(error));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
