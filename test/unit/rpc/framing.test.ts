import { describe, expect, it } from 'vitest';
import { PassThrough, Writable } from 'node:stream';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { detectFraming, isFraming } from '../../../src/rpc/framing.js';
import { NdjsonMessageWriter } from '../../../src/rpc/ndjson.js';
import { createRpcServer } from '../../../src/rpc/server.js';
import { frame, memoryLogger, startServer, WireClient } from './wire-client.js';

describe('detectFraming', () => {
  it('{ and [ → ndjson; C and c → content-length; whitespace → keep looking; anything else → ndjson', () => {
    const of = (s: string) => detectFraming(s.charCodeAt(0));
    expect(of('{')).toBe('ndjson');
    expect(of('[')).toBe('ndjson');
    expect(of('C')).toBe('content-length');
    expect(of('c')).toBe('content-length');
    for (const ws of [' ', '\t', '\r', '\n']) expect(of(ws)).toBeUndefined();
    expect(of('x')).toBe('ndjson');
  });

  it('isFraming accepts exactly the three option values', () => {
    expect(['auto', 'ndjson', 'content-length', 'lsp'].map(isFraming)).toEqual([true, true, true, false]);
  });
});

describe('framing detection in the server', () => {
  it('auto: a client speaking NDJSON is answered in NDJSON', async () => {
    const { client } = startServer('ndjson');
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.outputFraming()).toBe('ndjson');
  });

  it('auto: a client speaking Content-Length is answered with Content-Length headers', async () => {
    const { client } = startServer('content-length');
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.outputFraming()).toBe('content-length');
  });

  it('auto: a lower-case content-length header is detected too', async () => {
    const { client } = startServer('content-length');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    client.writeRaw(`content-length: ${body.length}\r\n\r\n${body}`);
    expect((await client.response(1)).result).toBe('pong');
  });

  it('auto: leading whitespace is skipped, and detection survives the first byte arriving alone', async () => {
    for (const framing of ['ndjson', 'content-length'] as const) {
      const { client } = startServer(framing);
      const bytes = `\r\n  \n${frame(framing, { jsonrpc: '2.0', id: 1, method: 'ping' })}`;
      client.writeRaw(bytes.slice(0, 3));
      await new Promise((resolve) => setImmediate(resolve));
      client.writeRaw(bytes.slice(3, 6));
      await new Promise((resolve) => setImmediate(resolve));
      client.writeRaw(bytes.slice(6));
      expect((await client.response(1)).result).toBe('pong');
      expect(client.outputFraming()).toBe(framing);
    }
  });

  it('auto: a notification sent before the client spoke waits for the framing, then goes out in it', async () => {
    const { client, server } = startServer('content-length');
    server.notify('hooks/diagnostics', { diagnostics: [] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.chunks).toEqual([]);
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received[0]).toMatchObject({ method: 'hooks/diagnostics' });
    expect(client.outputFraming()).toBe('content-length');
  });

  it('auto: input that ends before any byte closes the server', async () => {
    const { client, server } = startServer('ndjson');
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end();
    await closed;
  });

  it('--framing ndjson forced: a Content-Length header is just a bad line (-32700), NDJSON is served', async () => {
    const { client } = startServer('ndjson', {}, 'ndjson');
    client.writeRaw('Content-Length: 10\r\n');
    expect((await client.nullIdResponse()).error?.code).toBe(ErrorCodes.ParseError);
    expect((await client.call('ping')).result).toBe('pong');
  });

  it('--framing content-length forced: served with Content-Length', async () => {
    const { client } = startServer('content-length', {}, 'content-length');
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.outputFraming()).toBe('content-length');
  });

  it('--framing content-length forced: an NDJSON line is never answered as NDJSON', async () => {
    const { client } = startServer('content-length', {}, 'content-length');
    client.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.received.some((m) => m.result === 'pong')).toBe(false);
  });
});

describe('NdjsonMessageWriter', () => {
  it('writes each message as ONE write of JSON plus a newline', async () => {
    const writes: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString('utf8'));
        callback();
      },
    });
    const writer = new NdjsonMessageWriter(output);
    await Promise.all([
      writer.write({ jsonrpc: '2.0', id: 1, result: 'a\nb' } as never),
      writer.write({ jsonrpc: '2.0', method: 'x', params: { big: 'y'.repeat(100_000) } } as never),
    ]);
    expect(writes).toHaveLength(2);
    for (const write of writes) {
      expect(write.endsWith('\n')).toBe(true);
      expect(write.indexOf('\n')).toBe(write.length - 1);
    }
    expect(JSON.parse(writes[0]!)).toEqual({ jsonrpc: '2.0', id: 1, result: 'a\nb' });
  });

  it('answers a request whose result cannot be serialized with -32603 for the same id', async () => {
    const client = new WireClient('ndjson');
    const writer = new NdjsonMessageWriter(client.output);
    await writer.write({ jsonrpc: '2.0', id: 4, result: { n: 1n } } as never);
    const response = await client.response(4);
    expect(response.error?.code).toBe(ErrorCodes.InternalError);
    expect(response.error?.message).toMatch(/^internal error: result is not serializable/);
  });

  it('an output error (EPIPE after the client died) rejects the write instead of crashing', async () => {
    const output = new PassThrough();
    const writer = new NdjsonMessageWriter(output);
    const errors: Error[] = [];
    writer.onError(([error]) => errors.push(error));
    output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(writer.write({ jsonrpc: '2.0', method: 'x' } as never)).rejects.toThrow();
    expect(errors.map((e) => e.message)).toContain('write EPIPE');
  });
});

describe('end of input without a close event', () => {
  it.each(['ndjson', 'content-length'] as const)('forced %s: onClose fires on end even when the stream never emits close', async (framing) => {
    const input = new PassThrough({ autoDestroy: false });
    const server = createRpcServer({ input, output: new PassThrough(), framing, logger: memoryLogger(), handlers: {} });
    let closes = 0;
    const closed = new Promise<void>((resolve) => server.onClose(() => (closes++, resolve())));
    server.listen();
    input.end(frame(framing, { jsonrpc: '2.0', method: 'initialized' }));
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closes).toBe(1);
  });
});
