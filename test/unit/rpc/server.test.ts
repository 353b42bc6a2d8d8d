import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { RequestCancelledError, RpcError } from '../../../src/rpc/errors.js';
import { createRpcServer } from '../../../src/rpc/server.js';
import { frame, initialized, memoryLogger, startServer, waitFor, WireClient, type WireFraming } from './wire-client.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

describe.each(FRAMINGS)('rpc server over %s', (framing) => {
  it('answers a request with the handler result (round trip)', async () => {
    const { client } = await initialized(framing);
    const response = await client.call('echo', { text: 'héllo' });
    expect(response).toEqual({ jsonrpc: '2.0', id: 2, result: { text: 'héllo' } });
  });

  it('keeps string ids as given', async () => {
    const { client } = startServer(framing);
    client.request('ping', undefined, 'abc');
    expect(await client.response('abc')).toMatchObject({ id: 'abc', result: 'pong' });
  });

  it('sends undefined results as null', async () => {
    const { client } = await initialized(framing, { handlers: { echo: async () => undefined } });
    expect(await client.call('echo', { text: 'x' })).toEqual({ jsonrpc: '2.0', id: 2, result: null });
  });

  it('passes params parsed by the schema (defaults applied) and the request id to the handler', async () => {
    const seen: unknown[] = [];
    const { client } = await initialized(framing, {
      handlers: {
        'tool/check': async (params, context) => {
          seen.push(params, context.requestId, context.signal.aborted);
          return 'ok';
        },
      },
    });
    client.request('tool/check', { session: { id: 's1' }, toolName: 'Bash' }, 'req-7');
    await client.response('req-7');
    expect(seen).toEqual([{ session: { id: 's1' }, toolName: 'Bash', mode: 'strict' }, 'req-7', false]);
  });

  it('calls onRequest once per request read (answered or refused), not for notifications', async () => {
    let requests = 0;
    const { client } = startServer(framing, { onRequest: () => requests++ });
    await client.call('initialize', { name: 'test' });
    await client.call('echo', { text: 'x' });
    await client.call('no/such');
    client.notify('initialized', {});
    await client.call('echo', { text: 'y' });
    expect(requests).toBe(4);
  });

  it('unknown method → -32601 method not found', async () => {
    const { client } = await initialized(framing);
    const response = await client.call('no/such');
    expect(response.error).toEqual({ code: ErrorCodes.MethodNotFound, message: 'method not found: no/such' });
  });

  it('a method in the table without a handler → -32601', async () => {
    const { client } = await initialized(framing);
    expect((await client.call('unhandled', {})).error?.code).toBe(ErrorCodes.MethodNotFound);
  });

  it('prototype keys are not methods', async () => {
    const { client } = await initialized(framing);
    expect((await client.call('toString')).error?.code).toBe(ErrorCodes.MethodNotFound);
    expect((await client.call('__proto__')).error?.code).toBe(ErrorCodes.MethodNotFound);
  });

  it('invalid params → -32602 naming every offending path, with the issues as data', async () => {
    const { client } = await initialized(framing);
    const response = await client.call('tool/check', { session: {}, toolName: 3 });
    expect(response.error?.code).toBe(ErrorCodes.InvalidParams);
    expect(response.error?.message).toBe(
      'invalid params: session.id: expected string, received undefined; toolName: expected string, received number',
    );
    const data = response.error?.data as { issues: Array<{ path: unknown[] }> };
    expect(data.issues.map((issue) => issue.path)).toEqual([['session', 'id'], ['toolName']]);
  });

  it('missing params of a method that needs an object → -32602 naming params', async () => {
    const { client } = await initialized(framing);
    const response = await client.call('echo');
    expect(response.error?.code).toBe(ErrorCodes.InvalidParams);
    expect(response.error?.message).toBe('invalid params: params: expected object, received undefined');
  });

  it('before initialize → -32002, but beforeInitialize methods are served', async () => {
    const { client } = startServer(framing);
    const response = await client.call('echo', { text: 'x' });
    expect(response.error).toEqual({ code: ErrorCodes.ServerNotInitialized, message: 'server not initialized: send initialize first' });
    expect((await client.call('ping')).result).toBe('pong');
    expect((await client.call('initialize', { name: 'a' })).result).toEqual({ hello: 'a' });
    expect((await client.call('echo', { text: 'x' })).result).toEqual({ text: 'x' });
  });

  it('a request written behind a running initialize waits for it (wire order is request order)', async () => {
    let release: () => void = () => {};
    const { client } = startServer(framing, {
      handlers: { initialize: () => new Promise((resolve) => (release = () => resolve({ ok: true }))) },
    });
    const initId = client.request('initialize', { name: 'a' });
    const echoId = client.request('echo', { text: 'x' });
    // A second initialize is refused at once; ping does not wait either.
    expect((await client.call('initialize', { name: 'b' })).error?.code).toBe(ErrorCodes.InvalidRequest);
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.some((message) => message.id === echoId)).toBe(false);
    release();
    expect((await client.response(initId)).result).toEqual({ ok: true });
    expect((await client.response(echoId)).result).toEqual({ text: 'x' });
  });

  it('a request written behind an initialize that fails gets -32002', async () => {
    let fail: () => void = () => {};
    const { client } = startServer(framing, {
      handlers: { initialize: () => new Promise((_resolve, reject) => (fail = () => reject(new RpcError(-32099, 'no')))) },
    });
    const initId = client.request('initialize', { name: 'a' });
    const echoId = client.request('echo', { text: 'x' });
    await client.call('ping');
    fail();
    expect((await client.response(initId)).error?.code).toBe(-32099);
    expect((await client.response(echoId)).error?.code).toBe(ErrorCodes.ServerNotInitialized);
  });

  it('a second initialize → -32600 already initialized', async () => {
    const { client } = await initialized(framing);
    const response = await client.call('initialize', { name: 'again' });
    expect(response.error).toEqual({ code: ErrorCodes.InvalidRequest, message: 'already initialized' });
  });

  it('a failed initialize (handler error or bad params) leaves the server uninitialized; a retry may succeed', async () => {
    let fail = true;
    const { client } = startServer(framing, {
      handlers: {
        initialize: async () => {
          if (fail) throw new RpcError(-32099, 'config unreadable', { path: '/x' });
          return 'ok';
        },
      },
    });
    expect((await client.call('initialize', {})).error?.code).toBe(ErrorCodes.InvalidParams);
    expect((await client.call('initialize', { name: 'a' })).error).toEqual({ code: -32099, message: 'config unreadable', data: { path: '/x' } });
    expect((await client.call('echo', { text: 'x' })).error?.code).toBe(ErrorCodes.ServerNotInitialized);
    fail = false;
    expect((await client.call('initialize', { name: 'a' })).result).toBe('ok');
  });

  it('handler errors are mapped: RpcError → its code, RequestCancelledError → -32800 with data, other → -32603 logged', async () => {
    let thrown: unknown;
    const { client, logger } = await initialized(framing, {
      handlers: {
        echo: async () => {
          throw thrown;
        },
      },
    });
    thrown = new RpcError(-32050, 'custom', { a: 1 });
    expect((await client.call('echo', { text: 'x' })).error).toEqual({ code: -32050, message: 'custom', data: { a: 1 } });
    thrown = new RequestCancelledError({ runs: [{ id: 'h1', status: 'cancelled' }] });
    expect((await client.call('echo', { text: 'x' })).error).toEqual({
      code: ErrorCodes.RequestCancelled,
      message: 'Request cancelled',
      data: { runs: [{ id: 'h1', status: 'cancelled' }] },
    });
    thrown = new Error('boom');
    expect((await client.call('echo', { text: 'x' })).error).toEqual({ code: ErrorCodes.InternalError, message: 'internal error: boom' });
    expect(logger.lines.some((line) => line.level === 'error' && line.message.includes('boom'))).toBe(true);
  });

  it('runs requests concurrently (a slow request does not hold up a later one)', async () => {
    let releaseFirst: () => void = () => {};
    const order: string[] = [];
    const { client } = await initialized(framing, {
      handlers: {
        echo: async (params) => {
          const { text } = params as { text: string };
          if (text === 'slow') await new Promise<void>((resolve) => (releaseFirst = resolve));
          order.push(text);
          return text;
        },
      },
    });
    const slow = client.request('echo', { text: 'slow' });
    const fast = client.request('echo', { text: 'fast' });
    expect((await client.response(fast)).result).toBe('fast');
    releaseFirst();
    expect((await client.response(slow)).result).toBe('slow');
    expect(order).toEqual(['fast', 'slow']);
  });

  it('client notifications reach onNotification with parsed params; unknown ones are ignored without a reply', async () => {
    const notes: Array<[string, unknown]> = [];
    const { client, logger } = startServer(framing, { onNotification: (method, params) => notes.push([method, params]) });
    client.notify('initialized', {});
    client.notify('some/unknown', { x: 1 });
    client.notify('exit');
    await client.call('ping');
    expect(notes).toEqual([
      ['initialized', {}],
      ['exit', undefined],
    ]);
    expect(client.received.filter((m) => m.id === null)).toEqual([]);
    expect(logger.lines.some((line) => line.level === 'debug' && line.message.includes('some/unknown'))).toBe(true);
  });

  it('notify() writes a notification', async () => {
    const { client, server } = await initialized(framing);
    server.notify('hooks/diagnostics', { diagnostics: [] });
    const note = await client.next((m) => m.method === 'hooks/diagnostics');
    expect(note).toEqual({ jsonrpc: '2.0', method: 'hooks/diagnostics', params: { diagnostics: [] } });
  });

  it('notify() with params that break the contract sends nothing and logs', async () => {
    const { client, server, logger } = await initialized(framing);
    server.notify('hooks/progress', { phase: 'sideways' });
    server.notify('hooks/diagnostics', { diagnostics: [] });
    await client.next((m) => m.method === 'hooks/diagnostics');
    expect(client.received.some((m) => m.method === 'hooks/progress')).toBe(false);
    expect(logger.lines.some((line) => line.level === 'error' && line.message.includes('hooks/progress'))).toBe(true);
  });

  it('onClose fires when input ends; notify() after that does not throw', async () => {
    const { client, server } = await initialized(framing);
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end();
    await closed;
    expect(() => server.notify('hooks/diagnostics', { diagnostics: [] })).not.toThrow();
    // A listener added after the close is still called.
    await new Promise<void>((resolve) => server.onClose(resolve));
  });

  it('a request in flight when input ends is still answered', async () => {
    let release: () => void = () => {};
    const { client, server } = await initialized(framing, {
      handlers: { echo: () => new Promise((resolve) => (release = () => resolve('late'))) },
    });
    const id = client.request('echo', { text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closed = new Promise<void>((resolve) => server.onClose(resolve));
    client.input.end();
    await closed;
    release();
    expect((await client.response(id)).result).toBe('late');
  });

  it('dispose() aborts the signal of every request in flight', async () => {
    let signal: AbortSignal | undefined;
    const { client, server } = await initialized(framing, {
      handlers: {
        wait: (_params, context) => {
          signal = context.signal;
          return new Promise(() => {});
        },
      },
    });
    client.request('wait');
    await waitFor(() => signal !== undefined);
    server.dispose();
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBeInstanceOf(RequestCancelledError);
  });
});

describe('rpc server with the protocol method table', () => {
  it('validates hooks/<Event> params against the real schemas', async () => {
    const client = new WireClient('ndjson');
    const server = createRpcServer({
      input: client.input,
      output: client.output,
      logger: memoryLogger(),
      handlers: {
        initialize: async () => ({ ok: true }),
        'hooks/PreToolUse': async (params) => params,
      },
    });
    server.listen();
    expect((await client.call('hooks/PreToolUse', {})).error?.code).toBe(ErrorCodes.ServerNotInitialized);
    expect((await client.call('initialize', { protocolVersion: '1', workspace: '/w' })).result).toEqual({ ok: true });
    const bad = await client.call('hooks/PreToolUse', { session: {} });
    expect(bad.error?.code).toBe(ErrorCodes.InvalidParams);
    expect(bad.error?.message).toContain('session.id: expected string, received undefined');
    expect(bad.error?.message).toContain('toolName: expected string, received undefined');
    expect(bad.error?.message).toContain('toolInput: expected record, received undefined');
    const good = await client.call('hooks/PreToolUse', { session: { id: 's' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(good.result).toMatchObject({ toolName: 'Bash' });
    expect((await client.call('hooks/list')).error?.code).toBe(ErrorCodes.MethodNotFound);
  });

  it('never writes anything but protocol messages to the output', async () => {
    const client = new WireClient('ndjson');
    const output = new PassThrough();
    const raw: Buffer[] = [];
    output.on('data', (chunk: Buffer) => {
      raw.push(chunk);
      client.output.write(chunk);
    });
    const server = createRpcServer({ input: client.input, output, logger: memoryLogger(), handlers: {} });
    server.listen();
    client.writeRaw('not json\n');
    client.request('nope');
    client.request('initialize', { protocolVersion: '1', workspace: '/w' });
    await client.next(() => client.received.length >= 3);
    for (const line of Buffer.concat(raw).toString('utf8').split('\n').filter((l) => l !== '')) {
      expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
    }
  });
});

describe('weird requests are answered, never thrown into vscode-jsonrpc', () => {
  it.each(['ndjson', 'content-length'] as const)('%s: odd method names and params, then ping', async (framing) => {
    const { client } = await initialized(framing);
    const huge = 'm'.repeat(1_000_000);
    client.request(huge, undefined, 'huge');
    client.request('hasOwnProperty', [1, 2], 'own');
    client.writeRaw(frame(framing, '{"jsonrpc":"2.0","id":"proto","method":"ping","params":{"__proto__":{"x":1}}}'));
    client.writeRaw(frame(framing, '{"jsonrpc":"2.0","id":"arr","method":"echo","params":[{"text":"a"}]}'));
    const hugeAnswer = await client.response('huge');
    expect(hugeAnswer.error?.code).toBe(ErrorCodes.MethodNotFound);
    expect(hugeAnswer.error!.message.length).toBeLessThan(300);
    expect((await client.response('own')).error?.code).toBe(ErrorCodes.MethodNotFound);
    expect((await client.response('proto')).result).toBe('pong');
    expect((await client.response('arr')).error?.code).toBe(ErrorCodes.InvalidParams);
    expect((await client.call('ping')).result).toBe('pong');
  });
});
