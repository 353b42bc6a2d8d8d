// The rpc server's lifecycle edges, in memory: every request read before the end of input is answered and
// flushed before whenIdle resolves (the EOF exit waits for it), ids in use are refused, and after shutdown only
// ping and shutdown are served.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Message } from 'vscode-jsonrpc/node';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { createTransport } from '../../../src/rpc/transport.js';
import { frame, initialized, memoryLogger, startServer, waitFor, type WireFraming, type WireMessage } from './wire-client.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

/** Resolves after `count` turns of the event loop: long enough for anything that could happen without outside input. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

const answersTo = (received: WireMessage[], id: string | number | null) => received.filter((m) => m.method === undefined && m.id === id);

describe.each(FRAMINGS)('answers at the end of input (%s)', (framing) => {
  it('60 requests and the end of input in one write: whenIdle resolves once each has exactly one answer on the output', async () => {
    const { client, server } = startServer(framing);
    const messages: unknown[] = [{ jsonrpc: '2.0', id: 0, method: 'initialize', params: { name: 'eof' } }];
    const kinds = [
      (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' }),
      (id: number) => ({ jsonrpc: '2.0', id, method: 'echo', params: { text: `t${id}` } }),
      (id: number) => ({ jsonrpc: '2.0', id, method: 'no/such' }),
      (id: number) => ({ jsonrpc: '2.0', id, method: 'echo', params: { text: 3 } }),
      (id: number) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { name: 'again' } }),
      (id: number) => ({ jsonrpc: '2.0', id: `s${id}`, method: 'ping' }),
    ];
    for (let id = 1; id <= 60; id++) messages.push(kinds[(id - 1) % kinds.length]!(id));
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end(messages.map((message) => frame(framing, message)).join(''));
    await closed;
    await server.whenIdle();
    const ids = messages.map((message) => (message as { id: string | number }).id);
    expect(ids.filter((id) => answersTo(client.received, id).length !== 1)).toEqual([]);
    expect(answersTo(client.received, 1)[0]?.result).toBe('pong');
    expect(answersTo(client.received, 2)[0]?.result).toEqual({ text: 't2' });
    expect(answersTo(client.received, 3)[0]?.error?.code).toBe(ErrorCodes.MethodNotFound);
    expect(answersTo(client.received, 4)[0]?.error?.code).toBe(ErrorCodes.InvalidParams);
    expect(answersTo(client.received, 5)[0]?.error?.code).toBe(ErrorCodes.InvalidRequest);
    expect(answersTo(client.received, 's6')[0]?.result).toBe('pong');
  });

  it('whenIdle waits for a handler still running after the end of input, then for its answer', async () => {
    let release: () => void = () => {};
    const { client, server } = await initialized(framing, {
      handlers: { wait: () => new Promise((resolve) => (release = () => resolve('late'))) },
    });
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end(frame(framing, { jsonrpc: '2.0', id: 'slow', method: 'wait' }) + frame(framing, { jsonrpc: '2.0', id: 'quick', method: 'ping' }));
    await closed;
    let idle = false;
    void server.whenIdle().then(() => (idle = true));
    await turns(50);
    expect(idle).toBe(false);
    expect(answersTo(client.received, 'quick')).toHaveLength(1);
    release();
    await server.whenIdle();
    expect(answersTo(client.received, 'slow')[0]?.result).toBe('late');
  });

  it('an error answer the gate sends itself (a line that is not JSON, last before the end) is flushed before whenIdle resolves', async () => {
    const { client, server } = await initialized(framing);
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end(frame(framing, { jsonrpc: '2.0', id: 'p', method: 'ping' }) + frame(framing, '{"jsonrpc": nope'));
    await closed;
    await server.whenIdle();
    expect(answersTo(client.received, 'p')).toHaveLength(1);
    expect(answersTo(client.received, null).map((m) => m.error?.code)).toEqual([ErrorCodes.ParseError]);
  });

  it('a request whose id is in use by one not answered yet → -32600 with that id; the first still gets its own answer', async () => {
    let release: (() => void) | undefined;
    const { client } = await initialized(framing, {
      handlers: { wait: () => new Promise((resolve) => (release = () => resolve('first'))) },
    });
    client.request('wait', undefined, 7);
    client.request('ping', undefined, 7);
    // 1 and "1" are one key to the connection's queue: also refused while 7 and "7" would collide.
    client.request('ping', undefined, '7');
    await client.next((m) => answersTo([m], '7').length === 1);
    const refusals = answersTo(client.received, 7);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.error).toEqual({ code: ErrorCodes.InvalidRequest, message: 'invalid request: id 7 is in use by a request not answered yet' });
    await waitFor(() => release !== undefined);
    release?.();
    await client.next((m) => m.id === 7 && m.result !== undefined);
    expect(answersTo(client.received, 7).map((m) => m.result ?? m.error?.code)).toEqual([ErrorCodes.InvalidRequest, 'first']);
  });

  it('an id may be used again once its request is answered', async () => {
    const { client } = await initialized(framing);
    client.request('ping', undefined, 'again');
    await client.response('again');
    client.request('echo', { text: 'second' }, 'again');
    await client.next(() => answersTo(client.received, 'again').length === 2);
    expect(answersTo(client.received, 'again').map((m) => m.result)).toEqual(['pong', { text: 'second' }]);
  });
});

describe.each(FRAMINGS)('the transport delivers every message it read before it reports the end (%s)', (framing) => {
  it('50 messages and the end of input in one write: all 50 delivered, in order, before close', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const { reader } = createTransport({ input, output, framing: 'auto', maxMessageBytes: 1024 * 1024, logger: memoryLogger() });
    const events: Array<number | 'close'> = [];
    const closed = new Promise<void>((resolve) =>
      reader.onClose(() => {
        events.push('close');
        resolve();
      }),
    );
    reader.listen((message: Message) => events.push((message as unknown as { id: number }).id));
    let bytes = '';
    for (let id = 1; id <= 50; id++) bytes += frame(framing, { jsonrpc: '2.0', id, method: 'ping' });
    input.end(bytes);
    await closed;
    expect(events).toEqual([...Array.from({ length: 50 }, (_, index) => index + 1), 'close']);
  });
});

describe.each(FRAMINGS)('after shutdown (%s)', (framing) => {
  it('only ping and shutdown are served; initialize, other methods and requests with bad params → -32600; unknown methods stay -32601', async () => {
    const { client } = await initialized(framing);
    expect((await client.call('shutdown')).result).toBeNull();
    const shuttingDown = { code: ErrorCodes.InvalidRequest, message: 'server is shutting down: no requests after shutdown' };
    expect((await client.call('initialize', { name: 'again' })).error).toEqual(shuttingDown);
    expect((await client.call('echo', { text: 'x' })).error).toEqual(shuttingDown);
    expect((await client.call('echo', { text: 3 })).error).toEqual(shuttingDown);
    expect((await client.call('no/such')).error?.code).toBe(ErrorCodes.MethodNotFound);
    expect((await client.call('ping')).result).toBe('pong');
    expect((await client.call('shutdown')).result).toBeNull();
  });

  it('a shutdown before initialize: a later initialize does not start a session (-32600)', async () => {
    let initializeCalls = 0;
    const { client } = startServer(framing, {
      handlers: {
        initialize: async () => {
          initializeCalls += 1;
          return 'started';
        },
      },
    });
    expect((await client.call('shutdown')).result).toBeNull();
    expect((await client.call('initialize', { name: 'late' })).error?.code).toBe(ErrorCodes.InvalidRequest);
    expect((await client.call('echo', { text: 'x' })).error?.code).toBe(ErrorCodes.InvalidRequest);
    expect(initializeCalls).toBe(0);
  });
});
