// Serializes outgoing JSON-RPC messages for both framings, writing every id exactly as the client sent it (raw ids
// and the gate's tokens, see id-tokens.ts). A response whose result cannot be serialized becomes a -32603 error for
// the same id, so every request still gets an answer. No framing and no I/O here.
import type { Message } from 'vscode-jsonrpc/node';
import { ErrorCodes } from '../protocol/error-codes.js';
import type { IdTokens } from './id-tokens.js';
import { RawId, rawIdText } from './raw-ids.js';
import { isRecord } from './is-record.js';

type Loose = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; [key: string]: unknown };

/** `{"<key>":<raw>,...rest}`: JSON.stringify cannot write a number token it has no number for. */
function withRawMember(key: string, raw: string, rest: Record<string, unknown>): string {
  const tail = JSON.stringify(rest);
  return `{${JSON.stringify(key)}:${raw}${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}

function stringifyResponse(message: Loose, rawId: string | undefined): string {
  if (rawId === undefined) return JSON.stringify(message);
  const { jsonrpc, id: _id, ...outcome } = message;
  return `{"jsonrpc":${JSON.stringify(jsonrpc ?? '2.0')},${withRawMember('id', rawId, outcome).slice(1)}`;
}

/**
 * A response's id is written as the raw text the request carried: a RawId (the gate's own answers) or a token
 * (released here: the request is answered). A notification's `params.requestId` naming a live token (progress of
 * such a request) is written as that raw text too. Everything else is JSON.stringify.
 */
export function serializeMessage(message: Message, tokens?: IdTokens): string {
  const candidate = message as Loose;
  const isResponse = candidate.method === undefined && 'id' in candidate;
  const rawId = !isResponse
    ? undefined
    : candidate.id instanceof RawId
      ? rawIdText(candidate.id)
      : tokens?.release(candidate.id);
  try {
    if (isResponse) return stringifyResponse(candidate, rawId);
    const params = candidate.params;
    const rawRequestId = candidate.id === undefined && isRecord(params) ? tokens?.rawOf(params['requestId']) : undefined;
    if (rawRequestId === undefined) return JSON.stringify(message);
    const { requestId: _requestId, ...rest } = params as Record<string, unknown>;
    const { params: _params, ...envelope } = candidate;
    return `${JSON.stringify(envelope).slice(0, -1)}${Object.keys(envelope).length > 0 ? ',' : ''}"params":${withRawMember('requestId', rawRequestId, rest)}}`;
  } catch (error) {
    const answerable = isResponse && (rawId !== undefined || typeof candidate.id === 'string' || typeof candidate.id === 'number');
    if (!answerable) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    return stringifyResponse(
      {
        jsonrpc: '2.0',
        id: candidate.id,
        error: { code: ErrorCodes.InternalError, message: `internal error: result is not serializable: ${reason}` },
      },
      rawId,
    );
  }
}
