import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { frame, initialized, startServer, type WireFraming } from './wire-client.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

describe.each(FRAMINGS)('malformed input over %s', (framing) => {
  it('malformed JSON → -32700 with id null, and the next request is still answered', async () => {
    const { client } = startServer(framing);
    client.writeRaw(frame(framing, '{"jsonrpc":"2.0","id":1,"method":'));
    const parseError = await client.nullIdResponse();
    expect(parseError.error?.code).toBe(ErrorCodes.ParseError);
    expect(parseError.error?.message).toMatch(/^parse error: /);
    expect((await client.call('ping')).result).toBe('pong');
  });

  it('a malformed message in the same write as a valid one does not lose the valid one', async () => {
    const { client } = startServer(framing);
    client.writeRaw(frame(framing, 'nope') + frame(framing, { jsonrpc: '2.0', id: 9, method: 'ping' }));
    expect((await client.response(9)).result).toBe('pong');
    expect((await client.nullIdResponse()).error?.code).toBe(ErrorCodes.ParseError);
  });

  it.each([
    ['[1]', null],
    ['[]', null],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', null],
    ['5', null],
    ['"text"', null],
    ['null', null],
    ['{"foo":1}', null],
    ['{"id":3,"method":"ping"}', 3],
    ['{"jsonrpc":"1.0","id":"a","method":"ping"}', 'a'],
    ['{"jsonrpc":"2.0","id":4,"method":7}', 4],
    ['{"jsonrpc":"2.0","id":5,"method":"ping","params":"x"}', 5],
    ['{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}', null],
    ['{"jsonrpc":"2.0","id":6}', 6],
  ])('invalid request shape %s → -32600 (id %s), and serving continues', async (body, id) => {
    const { client } = startServer(framing);
    client.writeRaw(frame(framing, body));
    const response = await client.response(id);
    expect(response.error?.code).toBe(ErrorCodes.InvalidRequest);
    expect(response.error?.message).toMatch(/^invalid request: /);
    expect((await client.call('ping')).result).toBe('pong');
  });

  it('an 8 MB message is received intact and answered', async () => {
    const { client } = await initialized(framing);
    const text = 'héllo wörld € '.repeat(600_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(8_000_000);
    const id = client.request('echo', { text });
    const response = await client.response(id, 20_000);
    expect((response.result as { text: string }).text === text).toBe(true);
  });

  it('a message over maxMessageBytes → -32600 with both sizes, and the next request is still answered', async () => {
    const { client } = startServer(framing, { maxMessageBytes: 1_000 });
    const big = { jsonrpc: '2.0', id: 'big', method: 'ping', params: { pad: 'x'.repeat(5_000) } };
    const size = Buffer.byteLength(JSON.stringify(big));
    client.writeRaw(frame(framing, big));
    const response = await client.nullIdResponse();
    expect(response.error).toEqual({
      code: ErrorCodes.InvalidRequest,
      message: `message of ${size} bytes exceeds the limit of 1000 bytes`,
    });
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.some((m) => m.id === 'big')).toBe(false);
  });

  it('a message of exactly maxMessageBytes is accepted', async () => {
    const base = { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: '' } };
    const limit = Buffer.byteLength(JSON.stringify(base)) + 100;
    const { client } = startServer(framing, { maxMessageBytes: limit });
    client.send({ ...base, params: { pad: 'x'.repeat(100) } });
    expect((await client.response(1)).result).toBe('pong');
  });
});

describe('NDJSON specifics', () => {
  it('an over-long line arriving in many chunks is dropped as it streams, then serving continues', async () => {
    const { client } = startServer('ndjson', { maxMessageBytes: 64 });
    const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"';
    client.writeRaw(head);
    for (let i = 0; i < 100; i++) client.writeRaw('y'.repeat(1_000));
    client.writeRaw('"}}\n');
    client.request('ping', undefined, 2);
    expect((await client.response(2)).result).toBe('pong');
    const size = head.length + 100_000 + 3;
    expect((await client.nullIdResponse()).error?.message).toBe(`message of ${size} bytes exceeds the limit of 64 bytes`);
    expect(client.received.some((m) => m.id === 1)).toBe(false);
  });

  it('CRLF line ends and blank lines are accepted', async () => {
    const { client } = startServer('ndjson');
    client.writeRaw(`\r\n${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\r\n\r\n   \n`);
    expect((await client.response(1)).result).toBe('pong');
    await client.call('ping');
    expect(client.received.filter((m) => m.error !== undefined)).toEqual([]);
  });

  it('a multi-byte character split across writes survives', async () => {
    const { client } = await initialized('ndjson');
    const bytes = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'echo', params: { text: '€' } })}\n`, 'utf8');
    const cut = bytes.indexOf(0xe2) + 1;
    client.writeRaw(bytes.subarray(0, cut));
    await new Promise((resolve) => setImmediate(resolve));
    client.writeRaw(bytes.subarray(cut));
    expect((await client.response(5)).result).toEqual({ text: '€' });
  });

  it('a last line without a newline is read at end of input', async () => {
    const { client } = startServer('ndjson');
    client.writeRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    client.input.end();
    expect((await client.response(1)).result).toBe('pong');
  });
});

describe('Content-Length specifics', () => {
  it('a header without Content-Length → -32700, and serving continues', async () => {
    const { client } = startServer('content-length', {}, 'content-length');
    client.writeRaw('Content-Type: application/json\r\n\r\n');
    expect((await client.nullIdResponse()).error?.code).toBe(ErrorCodes.ParseError);
    expect((await client.call('ping')).result).toBe('pong');
  });
});
