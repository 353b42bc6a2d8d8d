import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { RequestCancelledError } from '../../../src/rpc/errors.js';
import { IdTokens } from '../../../src/rpc/id-tokens.js';
import { admitMessage } from '../../../src/rpc/message-gate.js';
import { parseMessageText, RawId } from '../../../src/rpc/raw-ids.js';
import { serializeMessage } from '../../../src/rpc/serialize.js';
import type { RequestHandler, RpcServer } from '../../../src/rpc/server.js';
import { initialized, waitFor, type WireClient, type WireFraming } from './wire-client.js';

/** Ids a JavaScript number would change, as sent on the wire. */
const INEXACT_IDS = ['9007199254740993', '1e400', '-1e400', '1.5', '1.50', '-0', '1E2', '100.0', '1e-400', '123456789012345678901234567890'];

describe('parseMessageText', () => {
  it.each(INEXACT_IDS)('a numeric id %s keeps its raw text', (raw) => {
    const value = parseMessageText(`{"jsonrpc":"2.0","id":${raw},"method":"ping","params":{"n":1.25}}`) as Record<string, unknown>;
    expect(value['id']).toEqual(new RawId(raw));
    expect(value['params']).toEqual({ n: 1.25 });
  });

  it.each(['1', '-7', '0', '9007199254740991', '"9007199254740993"', '"x"', 'null'])('id %s is left as JSON.parse reads it', (raw) => {
    const text = `{"jsonrpc":"2.0","id":${raw},"method":"ping"}`;
    expect(parseMessageText(text)).toEqual(JSON.parse(text));
  });

  it('a cancel names its request exactly, in both spellings, and an escaped key is seen through', () => {
    const lsp = parseMessageText('{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9007199254740993}}');
    const acp = parseMessageText('{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1E2}}');
    const escaped = parseMessageText('{"jsonrpc":"2.0","\\u0069d":1E2,"method":"ping"}');
    expect(lsp).toMatchObject({ params: { id: new RawId('9007199254740993') } });
    expect(acp).toMatchObject({ params: { requestId: new RawId('1E2') } });
    expect(escaped).toMatchObject({ id: new RawId('1E2') });
  });

  it('a duplicated id key takes the last value, as JSON.parse does', () => {
    expect(parseMessageText('{"jsonrpc":"2.0","id":1,"id":1E2,"method":"ping"}')).toMatchObject({ id: new RawId('1E2') });
  });

  it('an inexact id in a message too deep for lossless-json → a -32600 RpcError, not a crash', () => {
    const deep = `{"jsonrpc":"2.0","id":1.5,"method":"ping","params":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(() => parseMessageText(deep)).toThrow(expect.objectContaining({ code: ErrorCodes.InvalidRequest }));
  });
});

describe('IdTokens and serializeMessage', () => {
  it('a token is written back as the raw id, and forgotten once its response is written', () => {
    const tokens = new IdTokens();
    const token = tokens.issue('9007199254740993');
    expect(tokens.find('9007199254740993')).toBe(token);
    const progress = serializeMessage({ jsonrpc: '2.0', method: 'hooks/progress', params: { requestId: token, phase: 'started' } } as never, tokens);
    expect(progress).toBe('{"jsonrpc":"2.0","method":"hooks/progress","params":{"requestId":9007199254740993,"phase":"started"}}');
    expect(serializeMessage({ jsonrpc: '2.0', id: token, result: 'pong' } as never, tokens)).toBe('{"jsonrpc":"2.0","id":9007199254740993,"result":"pong"}');
    expect(tokens.size).toBe(0);
    expect(tokens.find('9007199254740993')).toBeUndefined();
    // A second response for the same token (cannot happen) is written as JSON.stringify would.
    expect(serializeMessage({ jsonrpc: '2.0', id: token, result: 1 } as never, tokens)).toBe(JSON.stringify({ jsonrpc: '2.0', id: token, result: 1 }));
  });

  it('a RawId (the gate\'s own error answers) is written as its text; id null stays null', () => {
    const error = { code: -32600, message: 'invalid request: x' };
    expect(serializeMessage({ jsonrpc: '2.0', id: new RawId('1e400'), error } as never)).toBe(`{"jsonrpc":"2.0","id":1e400,"error":${JSON.stringify(error)}}`);
    expect(serializeMessage({ jsonrpc: '2.0', id: null, error } as never)).toBe(JSON.stringify({ jsonrpc: '2.0', id: null, error }));
  });

  it('an unserializable result for a raw id → -32603 for that raw id', () => {
    const tokens = new IdTokens();
    const token = tokens.issue('-0');
    const text = serializeMessage({ jsonrpc: '2.0', id: token, result: { n: 1n } } as never, tokens);
    expect(text.startsWith('{"jsonrpc":"2.0","id":-0,"error":{"code":-32603,')).toBe(true);
  });

  it('the gate swaps raw and null ids for tokens, and cancels find them by text', () => {
    const tokens = new IdTokens();
    const big = admitMessage({ jsonrpc: '2.0', id: new RawId('9007199254740993'), method: 'm' }, tokens);
    const nul = admitMessage({ jsonrpc: '2.0', id: null, method: 'm' }, tokens);
    if (big.kind !== 'admit' || nul.kind !== 'admit') throw new Error('not admitted');
    const bigToken = (big.message as unknown as { id: unknown }).id;
    expect(tokens.rawOf(bigToken)).toBe('9007199254740993');
    expect(tokens.rawOf((nul.message as unknown as { id: unknown }).id)).toBe('null');
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: new RawId('9007199254740993') } }, tokens)).toEqual({
      kind: 'admit',
      message: { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: bigToken } },
    });
    // 9007199254740992 is the same JavaScript number, but not the same id.
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: new RawId('9007199254740992') } }, tokens).kind).toBe('drop');
  });
});

/** Each response the server wrote, read losslessly, with `id` the id's JSON text as written (`1E2`, `"x"`, `null`). */
function rawResponses(client: WireClient): Array<{ id: string; result?: unknown; error?: { code: number } }> {
  const text = Buffer.concat(client.chunks).toString('utf8');
  const bodies =
    client.framing === 'ndjson'
      ? text.split('\n').filter((line) => line.trim() !== '')
      : text.split(/Content-Length: \d+\r\n\r\n/).filter((body) => body !== '');
  return bodies
    .map((body) => parseLossless(body) as { id?: unknown; method?: unknown; result?: unknown; error?: { code: unknown } })
    .filter((message) => message.method === undefined)
    .map((message) => ({
      id: isLosslessNumber(message.id) ? message.id.value : JSON.stringify(message.id),
      ...(message.result !== undefined ? { result: message.result } : {}),
      ...(message.error !== undefined ? { error: { code: Number(message.error.code) } } : {}),
    }));
}

function waitingHandler(started: string[]): RequestHandler {
  return async (_params, { signal, requestId }) => {
    started.push(String(requestId));
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    throw new RequestCancelledError({ runs: [] });
  };
}

async function answered(client: WireClient, id: string) {
  await waitFor(() => rawResponses(client).some((response) => response.id === id));
  return rawResponses(client).find((response) => response.id === id)!;
}

describe.each(['ndjson', 'content-length'] as WireFraming[])('ids are echoed exactly as sent (%s)', (framing) => {
  it.each([...INEXACT_IDS, 'null'])('ping with id %s is answered with that id', async (raw) => {
    const { client } = await initialized(framing);
    client.writeRaw(frameText(framing, `{"jsonrpc":"2.0","id":${raw},"method":"ping"}`));
    expect(await answered(client, raw)).toMatchObject({ result: 'pong' });
  });

  it('string ids are unchanged, and an invalid request with a big id is refused with that id', async () => {
    const { client } = await initialized(framing);
    client.writeRaw(frameText(framing, '{"jsonrpc":"2.0","id":"9007199254740993","method":"ping"}'));
    client.writeRaw(frameText(framing, '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping","params":5}'));
    expect(await answered(client, '"9007199254740993"')).toMatchObject({ result: 'pong' });
    expect((await answered(client, '9007199254740993')).error?.code).toBe(ErrorCodes.InvalidRequest);
  });

  it.each([
    ['$/cancelRequest {id}', (raw: string) => `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":${raw}}}`],
    ['$/cancel_request {requestId}', (raw: string) => `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":${raw}}}`],
  ])('%s with a big id cancels that request and not its JavaScript twin', async (_name, cancel) => {
    const started: string[] = [];
    const { client, server } = await initialized(framing, { handlers: { wait: waitingHandler(started) } });
    client.writeRaw(frameText(framing, '{"jsonrpc":"2.0","id":9007199254740993,"method":"wait"}'));
    client.writeRaw(frameText(framing, '{"jsonrpc":"2.0","id":9007199254740992,"method":"wait"}'));
    client.writeRaw(frameText(framing, '{"jsonrpc":"2.0","id":null,"method":"wait"}'));
    await waitFor(() => started.length === 3);
    client.writeRaw(frameText(framing, cancel('9007199254740993')));
    expect((await answered(client, '9007199254740993')).error?.code).toBe(ErrorCodes.RequestCancelled);
    client.writeRaw(frameText(framing, cancel('null')));
    expect((await answered(client, 'null')).error?.code).toBe(ErrorCodes.RequestCancelled);
    expect(rawResponses(client).some((r) => r.id === '9007199254740992')).toBe(false);
    client.writeRaw(frameText(framing, cancel('9007199254740992')));
    expect((await answered(client, '9007199254740992')).error?.code).toBe(ErrorCodes.RequestCancelled);
    await idle(server);
  });
});

function frameText(framing: WireFraming, body: string): string {
  return framing === 'ndjson' ? `${body}\n` : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

async function idle(server: RpcServer): Promise<void> {
  await server.whenIdle();
  server.dispose();
}
