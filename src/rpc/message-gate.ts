// The message gate both framings share: admits only JSON-RPC 2.0 requests, notifications and responses, answers
// anything else (and framing errors) with an error response, and renames ACP's cancel. Knows no method table.
import {
  AbstractMessageReader,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageReader,
  type ResponseMessage,
} from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { RpcError } from './errors.js';

export type RequestId = string | number;

export type GateVerdict =
  | { readonly kind: 'admit'; readonly message: Message }
  | { readonly kind: 'reject'; readonly id: RequestId | null; readonly error: RpcError }
  | { readonly kind: 'drop'; readonly reason: string };

const LSP_CANCEL = '$/cancelRequest';
const ACP_CANCEL = '$/cancel_request';

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(id: RequestId | null, why: string): GateVerdict {
  return { kind: 'reject', id, error: new RpcError(ErrorCodes.InvalidRequest, `invalid request: ${why}`) };
}

/**
 * Classifies one parsed JSON value. Requests need a string method and a string or number id; notifications have no
 * id; params, when present, are an object or an array. `$/cancel_request {requestId}` (ACP) becomes
 * `$/cancelRequest {id}`; a cancel without a usable id is dropped (a notification cannot be answered).
 */
export function admitMessage(value: unknown): GateVerdict {
  if (Array.isArray(value)) return invalid(null, 'batch requests are not supported');
  if (!isRecord(value)) return invalid(null, 'a message must be a JSON object');
  const id = isId(value['id']) ? value['id'] : null;
  if (value['jsonrpc'] !== '2.0') return invalid(id, 'jsonrpc must be "2.0"');

  if ('method' in value) {
    const method = value['method'];
    if (typeof method !== 'string') return invalid(id, 'method must be a string');
    if ('id' in value && !isId(value['id'])) return invalid(null, 'id must be a string or a number');
    const params = value['params'];
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return invalid(id, 'params must be an object or an array');
    }
    if ('id' in value) return { kind: 'admit', message: value as unknown as Message };
    if (method === ACP_CANCEL) {
      const requestId = isRecord(params) ? params['requestId'] : undefined;
      if (!isId(requestId)) return { kind: 'drop', reason: `${ACP_CANCEL} without a string or number requestId` };
      return { kind: 'admit', message: { jsonrpc: '2.0', method: LSP_CANCEL, params: { id: requestId } } as Message };
    }
    if (method === LSP_CANCEL) {
      const cancelId = isRecord(params) ? params['id'] : undefined;
      if (!isId(cancelId)) return { kind: 'drop', reason: `${LSP_CANCEL} without a string or number id` };
    }
    return { kind: 'admit', message: value as unknown as Message };
  }

  const responseId = value['id'];
  const hasOutcome = value['result'] !== undefined || isRecord(value['error']);
  if (hasOutcome && (isId(responseId) || responseId === null)) return { kind: 'admit', message: value as unknown as Message };
  return invalid(id, 'not a request, notification or response');
}

export function errorResponse(id: RequestId | null, error: RpcError): ResponseMessage {
  const body: { code: number; message: string; data?: unknown } = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: '2.0', id, error: body };
}

/**
 * Wraps a framed reader: passes admitted messages to the connection, answers rejected ones (and the reader's
 * RpcErrors: parse errors, oversized messages) through `respond`, and keeps reading. Other errors go up as is.
 */
export class GatedMessageReader extends AbstractMessageReader {
  private readonly inner: MessageReader;
  private readonly respond: (response: ResponseMessage) => void;
  private readonly logger: Logger;

  constructor(inner: MessageReader, respond: (response: ResponseMessage) => void, logger: Logger) {
    super();
    this.inner = inner;
    this.respond = respond;
    this.logger = logger;
    inner.onError((error) => this.onInnerError(error));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((value) => {
      const verdict = admitMessage(value);
      switch (verdict.kind) {
        case 'admit':
          try {
            callback(verdict.message);
          } catch (error) {
            this.logger.error(`dispatching a message failed: ${error instanceof Error ? error.message : String(error)}`);
          }
          return;
        case 'reject':
          this.logger.warn(`rejected message: ${verdict.error.message}`);
          this.respond(errorResponse(verdict.id, verdict.error));
          return;
        case 'drop':
          this.logger.debug(`dropped message: ${verdict.reason}`);
          return;
      }
    });
  }

  override dispose(): void {
    super.dispose();
    this.inner.dispose();
  }

  private onInnerError(error: Error): void {
    if (error instanceof RpcError) {
      this.logger.warn(`rejected input: ${error.message}`);
      this.respond(errorResponse(null, error));
      return;
    }
    this.fireError(error);
  }
}
