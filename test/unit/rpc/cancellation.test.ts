import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { RequestCancelledError } from '../../../src/rpc/errors.js';
import type { RequestHandler } from '../../../src/rpc/server.js';
import { frame, initialized, waitFor, type WireFraming } from './wire-client.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

type Seen = { abortedAtStart?: boolean; signal?: AbortSignal };

/** Waits for its signal, then answers -32800 with partial data, as the engine does. */
function waitingHandler(seen: Seen): RequestHandler {
  return async (_params, { signal }) => {
    seen.abortedAtStart = signal.aborted;
    seen.signal = signal;
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    throw new RequestCancelledError({ runs: ['partial'] });
  };
}

const cancels = {
  '$/cancelRequest {id}': (id: string | number) => ({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } }),
  '$/cancel_request {requestId}': (id: string | number) => ({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } }),
};

describe.each(FRAMINGS)('cancellation over %s', (framing) => {
  describe.each(Object.entries(cancels))('%s', (_name, cancel) => {
    it('aborts the signal of a running handler, which answers -32800 with data', async () => {
      const seen: Seen = {};
      const { client } = await initialized(framing, { handlers: { wait: waitingHandler(seen) } });
      const id = client.request('wait');
      await waitFor(() => seen.signal !== undefined);
      expect(seen.abortedAtStart).toBe(false);
      client.send(cancel(id));
      const response = await client.response(id);
      expect(response.error).toEqual({ code: ErrorCodes.RequestCancelled, message: 'Request cancelled', data: { runs: ['partial'] } });
      expect(seen.signal?.reason).toBeInstanceOf(RequestCancelledError);
    });

    it('a cancel that arrives before the handler is dispatched (same write) gives an already-aborted signal', async () => {
      const seen: Seen = {};
      const { client } = await initialized(framing, { handlers: { wait: waitingHandler(seen) } });
      client.writeRaw(frame(framing, { jsonrpc: '2.0', id: 'early', method: 'wait' }) + frame(framing, cancel('early')));
      const response = await client.response('early');
      expect(response.error?.code).toBe(ErrorCodes.RequestCancelled);
      expect(seen.abortedAtStart).toBe(true);
    });
  });

  it('cancelling one request leaves the others running', async () => {
    const signals = new Map<unknown, AbortSignal>();
    const { client } = await initialized(framing, {
      handlers: {
        wait: async (_params, { requestId, signal }) => {
          signals.set(requestId, signal);
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          return 'stopped';
        },
      },
    });
    client.request('wait', undefined, 'a');
    client.request('wait', undefined, 'b');
    await waitFor(() => signals.size === 2);
    client.send(cancels['$/cancelRequest {id}']('a'));
    expect((await client.response('a')).result).toBe('stopped');
    expect(signals.get('b')?.aborted).toBe(false);
  });

  it('the library never answers a cancel by itself: a handler that finishes anyway sends its result', async () => {
    let release: () => void = () => {};
    let signal: AbortSignal | undefined;
    const { client } = await initialized(framing, {
      handlers: {
        wait: (_params, context) => {
          signal = context.signal;
          return new Promise((resolve) => (release = () => resolve('done anyway')));
        },
      },
    });
    const id = client.request('wait');
    await waitFor(() => signal !== undefined);
    client.send(cancels['$/cancelRequest {id}'](id));
    await waitFor(() => signal?.aborted === true);
    expect(client.received.some((m) => m.id === id)).toBe(false);
    release();
    expect((await client.response(id)).result).toBe('done anyway');
  });

  it('cancels for unknown ids or without an id are ignored, unanswered', async () => {
    const { client } = await initialized(framing);
    client.send(cancels['$/cancelRequest {id}'](999));
    client.send({ jsonrpc: '2.0', method: '$/cancelRequest' });
    client.send({ jsonrpc: '2.0', method: '$/cancel_request', params: { id: 1 } });
    expect((await client.call('ping')).result).toBe('pong');
    expect(client.received.filter((m) => m.id === null || m.id === 999)).toEqual([]);
  });
});
