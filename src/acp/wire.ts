// The JSON-RPC 2.0 messages of an ACP connection as the proxy sees them: which kind a parsed line is, and the lines
// the proxy writes itself (answers, notifications, its own requests). Pure shaping; no I/O, no policy.
import { isRecord } from '../rpc/is-record.js';

export type JsonRpcId = string | number;
export type Incoming =
  | { readonly kind: 'request'; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'response'; readonly id: JsonRpcId; readonly result?: unknown; readonly error?: unknown }
  | { readonly kind: 'other' };

const isId = (value: unknown): value is JsonRpcId => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** What one line is; `other` for anything the proxy only forwards (not JSON, a batch, a malformed message). */
export function classify(line: Buffer): Incoming {
  let message: unknown;
  try {
    message = JSON.parse(line.toString('utf8'));
  } catch {
    return { kind: 'other' };
  }
  if (!isRecord(message)) return { kind: 'other' };
  const { id, method } = message;
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', method, params: message['params'] };
    if (isId(id)) return { kind: 'request', id, method, params: message['params'] };
    return { kind: 'other' };
  }
  if (isId(id) && ('result' in message || 'error' in message)) return { kind: 'response', id, result: message['result'], error: message['error'] };
  return { kind: 'other' };
}

export const resultLine = (id: JsonRpcId, result: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result });
export const errorLine = (id: JsonRpcId, code: number, message: string, data?: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
export const notificationLine = (method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', method, params });
export const requestLine = (id: JsonRpcId, method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, method, params });

/** A response of one side, re-addressed to the id the other side gave its request. */
export const answerLine = (id: JsonRpcId, response: Extract<Incoming, { kind: 'response' }>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, ...(response.error !== undefined ? { error: response.error } : { result: response.result }) });

/** The key of an id in a map (1 and "1" are different ids). */
export const idKey = (id: JsonRpcId): string => (typeof id === 'number' ? `n${id}` : `s${id}`);

export { isRecord };