// The one mapper from thrown values to JSON-RPC wire errors, and the error classes handlers throw to pick a code.
// Owns codes and messages only; it never decides what a handler answers, and knows no hook vocabulary.
import { ResponseError } from 'vscode-jsonrpc/node';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { describeIssues } from '../protocol/issue-text.js';

/** Thrown by a handler (or the transport) that wants a specific JSON-RPC error code on the wire. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Thrown by a handler that stopped because its request was cancelled; answered -32800 with `data` (e.g. partial runs). */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  readonly data?: unknown;

  constructor(data?: unknown, message = 'Request cancelled') {
    super(message);
    this.data = data;
  }
}

/** -32700 for input that is not JSON (one NDJSON line, one Content-Length body). */
export function parseError(cause: unknown): RpcError {
  return new RpcError(ErrorCodes.ParseError, `parse error: ${cause instanceof Error ? cause.message : String(cause)}`);
}

/** -32600 for a message over the size cap; it was discarded, so its id is unknown. */
export function messageTooLargeError(bytes: number, maxMessageBytes: number): RpcError {
  return new RpcError(ErrorCodes.InvalidRequest, `message of ${bytes} bytes exceeds the limit of ${maxMessageBytes} bytes`);
}

/**
 * Maps anything a handler threw to the `ResponseError` sent on the wire:
 * ResponseError → as is; RpcError → its code; RequestCancelledError → -32800; ZodError → -32602 naming every path;
 * anything else → -32603 "internal error: <message>", logged at error level (it is a bug, not a user failure).
 */
export function toResponseError(error: unknown, logger: Logger, method?: string): ResponseError<unknown> {
  if (error instanceof ResponseError) return error;
  if (error instanceof RpcError) return new ResponseError(error.code, error.message, error.data);
  if (error instanceof RequestCancelledError) return new ResponseError(ErrorCodes.RequestCancelled, error.message, error.data);
  if (error instanceof z.core.$ZodError) {
    return new ResponseError(ErrorCodes.InvalidParams, `invalid params: ${describeParamsIssues(error.issues)}`, { issues: error.issues });
  }
  const message = error instanceof Error ? error.message : String(error);
  const where = method === undefined ? '' : ` in ${method}`;
  logger.error(`internal error${where}: ${error instanceof Error && error.stack !== undefined ? error.stack : message}`);
  return new ResponseError(ErrorCodes.InternalError, `internal error: ${message}`);
}

/** Issues in request or notification params; an issue about the params object itself names `params`. */
export function describeParamsIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  return describeIssues(issues, { root: 'params' });
}
