import { describe, expect, it, vi } from 'vitest';
import { ErrorCodes as JsonRpcErrorCodes } from 'vscode-jsonrpc/node';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { RequestCancelledError, RpcError } from '../../../src/rpc/errors.js';
import { initialized, waitFor, type WireClient, type WireFraming, type WireMessage } from './wire-client.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

const INVOKE = 'hooks/invoke';
const params = (hookId = 'h1') => ({ hookId, event: 'PreToolUse', sessionId: 's1', input: { tool_name: 'Bash' }, timeoutMs: 5_000 });

/** The rejection reason of `promise`; fails the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

function asRpcError(error: unknown): { code: number; message: string; data?: unknown } {
  expect(error).toBeInstanceOf(RpcError);
  const { code, message, data } = error as RpcError;
  return data === undefined ? { code, message } : { code, message, data };
}

/** Settlement of a promise observed without awaiting it, so a test can poll for it with a deadline. */
function observe(promise: Promise<unknown>): { settled: boolean; error?: unknown } {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => (state.settled = true),
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

/** The server → client request for `hookId` as it appeared on the wire. */
function invokeOnWire(client: WireClient, hookId = 'h1'): Promise<WireMessage> {
  return client.next((m) => m.method === INVOKE && (m.params as { hookId?: string }).hookId === hookId);
}

describe.each(FRAMINGS)('server → client requests over %s', (framing) => {
  it('round trip: params go out as validated, the result comes back with its defaults applied', async () => {
    const { client, server } = await initialized(framing);
    const answer = server.request(INVOKE, params());
    const sent = await invokeOnWire(client);
    expect(sent).toEqual({ jsonrpc: '2.0', id: sent.id, method: INVOKE, params: params() });
    expect(typeof sent.id).toBe('number');
    client.send({ jsonrpc: '2.0', id: sent.id, result: { output: { decision: 'block' } } });
    expect(await answer).toEqual({ output: { decision: 'block' }, exitCode: 0, stderr: '' });
  });

  it('the client answering an error → RpcError with its code, message and data', async () => {
    const { client, server } = await initialized(framing);
    const answer = server.request(INVOKE, params());
    const sent = await invokeOnWire(client);
    client.send({ jsonrpc: '2.0', id: sent.id, error: { code: -32042, message: 'hook exploded', data: { at: 'line 3' } } });
    expect(asRpcError(await rejection(answer))).toEqual({ code: -32042, message: 'hook exploded', data: { at: 'line 3' } });
  });

  it('a result that breaks the schema → RpcError naming every bad path', async () => {
    const { client, server } = await initialized(framing);
    // Handlers attached at once: the first answer may be read before the second request is on the wire.
    const bad = rejection(server.request(INVOKE, params('bad')));
    const empty = rejection(server.request(INVOKE, params('null')));
    client.send({ jsonrpc: '2.0', id: (await invokeOnWire(client, 'bad')).id, result: { exitCode: 'two', stderr: 5 } });
    client.send({ jsonrpc: '2.0', id: (await invokeOnWire(client, 'null')).id, result: null });
    const badError = asRpcError(await bad);
    expect(badError.code).toBe(ErrorCodes.InternalError);
    expect(badError.message).toBe(
      'invalid result of hooks/invoke: exitCode: expected number, received string; stderr: expected string, received number',
    );
    expect(asRpcError(await empty).message).toBe('invalid result of hooks/invoke: result: expected object, received null');
  });

  it('invalid params → rejected with -32602 naming the paths, and nothing is written', async () => {
    const { client, server, logger } = await initialized(framing);
    const error = asRpcError(await rejection(server.request(INVOKE, { hookId: 7, event: 'PreToolUse', sessionId: 's1', input: {} })));
    expect(error.code).toBe(ErrorCodes.InvalidParams);
    expect(error.message).toBe(
      'not sending hooks/invoke: invalid params: hookId: expected string, received number; timeoutMs: expected number, received undefined',
    );
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.filter((m) => m.method !== undefined)).toEqual([]);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('abort → $/cancelRequest {id} on the wire and an immediate RequestCancelledError; late answers are ignored quietly', async () => {
    const { client, server, logger } = await initialized(framing);
    const controller = new AbortController();
    const first = server.request(INVOKE, params('a'), { signal: controller.signal });
    const second = server.request(INVOKE, params('b'), { signal: controller.signal });
    const [a, b] = [await invokeOnWire(client, 'a'), await invokeOnWire(client, 'b')];
    controller.abort();
    // Rejected without any answer from the client.
    for (const answer of [first, second]) {
      const error = await rejection(answer);
      expect(error).toBeInstanceOf(RequestCancelledError);
      expect((error as Error).message).toBe('hooks/invoke cancelled');
    }
    await client.next(() => client.received.filter((m) => m.method === '$/cancelRequest').length >= 2);
    expect(client.received.filter((m) => m.method === '$/cancelRequest')).toEqual([
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: a.id } },
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: b.id } },
    ]);
    // The client answers anyway (LSP clients answer -32800, some answer a result): both are dropped.
    client.send({ jsonrpc: '2.0', id: a.id, error: { code: ErrorCodes.RequestCancelled, message: 'cancelled' } });
    client.send({ jsonrpc: '2.0', id: b.id, result: { exitCode: 1 } });
    expect((await client.call('ping')).result).toBe('pong');
    expect(logger.lines.filter((line) => line.message.includes('late'))).toHaveLength(2);
    expect(logger.lines.filter((line) => line.level !== 'debug')).toEqual([]);
  });

  it('a signal already aborted → RequestCancelledError and nothing written', async () => {
    const { client, server } = await initialized(framing);
    const error = await rejection(server.request(INVOKE, params(), { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(RequestCancelledError);
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.filter((m) => m.method !== undefined)).toEqual([]);
  });

  it('aborting after the answer arrived sends no $/cancelRequest', async () => {
    const { client, server } = await initialized(framing);
    const controller = new AbortController();
    const answer = server.request(INVOKE, params(), { signal: controller.signal });
    client.send({ jsonrpc: '2.0', id: (await invokeOnWire(client)).id, result: { exitCode: 2 } });
    expect(await answer).toEqual({ exitCode: 2, stderr: '' });
    controller.abort();
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.some((m) => m.method === '$/cancelRequest')).toBe(false);
  });

  it('the abort listener is removed once the request settles (a long-lived signal does not collect listeners)', async () => {
    const { client, server } = await initialized(framing);
    const controller = new AbortController();
    const added = vi.spyOn(controller.signal, 'addEventListener');
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const { signal } = controller;
    const answers = [server.request(INVOKE, params('x'), { signal }), server.request(INVOKE, params('y'), { signal })];
    client.send({ jsonrpc: '2.0', id: (await invokeOnWire(client, 'x')).id, result: {} });
    client.send({ jsonrpc: '2.0', id: (await invokeOnWire(client, 'y')).id, error: { code: -1, message: 'no' } });
    await Promise.allSettled(answers);
    expect(added).toHaveBeenCalledTimes(2);
    expect(removed.mock.calls).toEqual(added.mock.calls.map(([type, listener]) => [type, listener]));
  });

  it('input ends while a request is pending → it rejects promptly; a later request rejects at once', async () => {
    const { client, server } = await initialized(framing);
    const pending = observe(server.request(INVOKE, params()));
    await invokeOnWire(client);
    client.input.end();
    await waitFor(() => pending.settled, 2_000);
    expect(asRpcError(pending.error)).toEqual({
      code: JsonRpcErrorCodes.ConnectionInactive,
      message: 'connection closed before the client answered',
    });
    const later = asRpcError(await rejection(server.request(INVOKE, params('later'))));
    expect(later.code).toBe(JsonRpcErrorCodes.ConnectionInactive);
    expect(later.message).toMatch(/^could not send hooks\/invoke: Connection is closed/);
  });

  it('dispose() rejects every pending request', async () => {
    const { client, server } = await initialized(framing);
    const first = observe(server.request(INVOKE, params('a')));
    const second = observe(server.request(INVOKE, params('b')));
    await invokeOnWire(client, 'b');
    server.dispose();
    await waitFor(() => first.settled && second.settled, 2_000);
    expect(asRpcError(first.error).message).toBe('connection disposed before the client answered');
    expect(asRpcError(second.error).code).toBe(JsonRpcErrorCodes.ConnectionInactive);
  });

  it('server ids count from 0 apart from client ids: the same id both ways is routed by direction', async () => {
    let clientSignal: AbortSignal | undefined;
    const { client, server } = await initialized(framing, {
      handlers: {
        wait: (_params, context) =>
          new Promise((_resolve, reject) => {
            clientSignal = context.signal;
            context.signal.addEventListener('abort', () => reject(new RequestCancelledError()));
          }),
      },
    });
    client.request('wait', undefined, 0);
    await waitFor(() => clientSignal !== undefined);
    const first = observe(server.request(INVOKE, params('first')));
    const second = server.request(INVOKE, params('second'));
    expect((await invokeOnWire(client, 'first')).id).toBe(0);
    expect((await invokeOnWire(client, 'second')).id).toBe(1);
    // The client cancels its own request 0: the server's request 0 is untouched.
    client.notify('$/cancelRequest', { id: 0 });
    expect((await client.response(0)).error?.code).toBe(ErrorCodes.RequestCancelled);
    expect(first.settled).toBe(false);
    // The client answers the server's request 0 and 1.
    client.send({ jsonrpc: '2.0', id: 1, result: { exitCode: 1 } });
    client.send({ jsonrpc: '2.0', id: 0, result: { stderr: 'zero' } });
    expect(await second).toEqual({ exitCode: 1, stderr: '' });
    await waitFor(() => first.settled);
    expect(first.error).toBeUndefined();
    // Exactly one response with id 0 went to the client: the answer to its own request.
    expect(client.received.filter((m) => m.id === 0 && m.method === undefined)).toHaveLength(1);
  });
});
