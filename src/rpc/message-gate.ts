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
import type { IdTokens } from './id-tokens.js';
import { RawId, rawIdText } from './raw-ids.js';
import { isRecord } from './is-record.js';

/** An id as the gate sees it: what JSON.parse gave, or a RawId for a number it would change (see raw-ids.ts). */
export type RequestId = string | number | RawId;

export type GateVerdict =
  | { readonly kind: 'admit'; readonly message: Message }
  | { readonly kind: 'reject'; readonly id: RequestId | null; readonly error: RpcError }
  | { readonly kind: 'drop'; readonly reason: string };

const LSP_CANCEL = '$/cancelRequest';
const ACP_CANCEL = '$/cancel_request';
const SHOWN_ID_CHARS = 80;

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number' || value instanceof RawId;
}

function invalid(id: RequestId | null, why: string): GateVerdict {
  return { kind: 'reject', id, error: new RpcError(ErrorCodes.InvalidRequest, `invalid request: ${why}`) };
}

function shownId(id: RequestId | null): string {
  const text = id instanceof RawId || id === null ? rawIdText(id) : JSON.stringify(id);
  return text.length > SHOWN_ID_CHARS ? `${text.slice(0, SHOWN_ID_CHARS)}…` : text;
}

/** The id vscode-jsonrpc will see for a request: as is, or a token standing for a raw id or `null`. */
function connectionId(id: RequestId | null, tokens: IdTokens): string | number {
  return id instanceof RawId || id === null ? tokens.issue(rawIdText(id)) : id;
}

/** A cancel names its request by the id as sent: a raw id or `null` by its text (only a live token can match). */
function cancelTarget(id: unknown, tokens: IdTokens): string | number | undefined {
  if (id instanceof RawId || id === null) return tokens.find(rawIdText(id));
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function cancel(method: string, key: string, params: unknown, tokens: IdTokens): GateVerdict {
  const named = isRecord(params) && Object.hasOwn(params, key) ? params[key] : undefined;
  const target = cancelTarget(named, tokens);
  if (target !== undefined) return { kind: 'admit', message: { jsonrpc: '2.0', method: LSP_CANCEL, params: { id: target } } as Message };
  if (named instanceof RawId || named === null) return { kind: 'drop', reason: `${method}: no request in flight with ${key} ${shownId(named)}` };
  return { kind: 'drop', reason: `${method} without a string, number or null ${key}` };
}

/**
 * Classifies one parsed JSON value. Requests need a string method and a string, number or null id (a RawId or `null`
 * is swapped for a token from `tokens`, see id-tokens.ts); notifications have no id; params, when present, are an
 * object or an array. `$/cancel_request {requestId}` (ACP) becomes `$/cancelRequest {id}`; a cancel without a usable
 * id is dropped (a notification cannot be answered). Never throws, whatever the value.
 */
export function admitMessage(value: unknown, tokens: IdTokens): GateVerdict {
  if (Array.isArray(value)) return invalid(null, 'batch requests are not supported');
  if (!isRecord(value)) return invalid(null, 'a message must be a JSON object');
  const hasId = Object.hasOwn(value, 'id');
  const rawId = hasId ? value['id'] : undefined;
  const id = isId(rawId) ? rawId : null;
  if (value['jsonrpc'] !== '2.0') return invalid(id, 'jsonrpc must be "2.0"');

  if (Object.hasOwn(value, 'method')) {
    const method = value['method'];
    if (typeof method !== 'string') return invalid(id, 'method must be a string');
    if (hasId && !isId(rawId) && rawId !== null) return invalid(null, 'id must be a string, a number or null');
    const params = value['params'];
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return invalid(id, 'params must be an object or an array');
    }
    if (hasId) return { kind: 'admit', message: { ...value, id: connectionId(id, tokens) } as unknown as Message };
    if (method === ACP_CANCEL) return cancel(ACP_CANCEL, 'requestId', params, tokens);
    if (method === LSP_CANCEL) return cancel(LSP_CANCEL, 'id', params, tokens);
    return { kind: 'admit', message: value as unknown as Message };
  }

  const hasOutcome = value['result'] !== undefined || isRecord(value['error']);
  if (!hasOutcome || !(isId(rawId) || rawId === null)) return invalid(id, 'not a request, notification or response');
  if (!(rawId instanceof RawId)) return { kind: 'admit', message: value as unknown as Message };
  // hookd's own request ids are safe integers: a response naming any other number answers nothing hookd sent.
  const numeric = Number(rawId.text);
  if (!Number.isSafeInteger(numeric)) return { kind: 'drop', reason: `a response with id ${shownId(rawId)} answers no request hookd sent` };
  return { kind: 'admit', message: { ...value, id: numeric } as unknown as Message };
}

/** An error response; a RawId id stays one, for serializeMessage to write as its raw text. */
export function errorResponse(id: RequestId | null, error: RpcError): ResponseMessage {
  const body: { code: number; message: string; data?: unknown } = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: '2.0', id: id as ResponseMessage['id'], error: body };
}

/**
 * Wraps a framed reader: passes admitted messages to the connection, answers rejected ones (and the reader's
 * RpcErrors: parse errors, oversized messages) through `respond`, and keeps reading. Other errors go up as is.
 */
export class GatedMessageReader extends AbstractMessageReader {
  private readonly inner: MessageReader;
  private readonly respond: (response: ResponseMessage) => void;
  private readonly logger: Logger;
  private readonly tokens: IdTokens;

  constructor(inner: MessageReader, respond: (response: ResponseMessage) => void, logger: Logger, tokens: IdTokens) {
    super();
    this.inner = inner;
    this.tokens = tokens;
    this.respond = respond;
    this.logger = logger;
    inner.onError((error) => this.onInnerError(error));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((value) => {
      let verdict: GateVerdict;
      try {
        verdict = admitMessage(value, this.tokens);
      } catch (error) {
        // admitMessage is written never to throw; if it does, that is a bug, answered rather than thrown upstream.
        this.logger.error(`the message gate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        verdict = { kind: 'reject', id: null, error: new RpcError(ErrorCodes.InternalError, 'internal error: the message gate failed') };
      }
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
