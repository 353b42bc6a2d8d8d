// Serializes outgoing JSON-RPC messages for both framings. A response whose result cannot be serialized becomes
// a -32603 error for the same id, so every request still gets an answer. No framing and no I/O here.
import type { Message } from 'vscode-jsonrpc/node';
import { ErrorCodes } from '../protocol/error-codes.js';

export function serializeMessage(message: Message): string {
  try {
    return JSON.stringify(message);
  } catch (error) {
    const candidate = message as { id?: unknown; method?: unknown };
    const isResponse = candidate.method === undefined && (typeof candidate.id === 'string' || typeof candidate.id === 'number');
    if (!isResponse) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    return JSON.stringify({
      jsonrpc: '2.0',
      id: candidate.id,
      error: { code: ErrorCodes.InternalError, message: `internal error: result is not serializable: ${reason}` },
    });
  }
}
