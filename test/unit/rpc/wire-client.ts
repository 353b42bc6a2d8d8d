// Test helper: an in-memory client for the rpc server. Writes raw bytes in either framing and parses what the
// server writes back. No processes; the streams are PassThroughs.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Logger } from '../../../src/logger.js';
import type { RequestSpec } from '../../../src/protocol/methods.js';
import { createRpcServer, type RpcServer, type RpcServerOptions } from '../../../src/rpc/server.js';

export type WireFraming = 'ndjson' | 'content-length';
export type WireMessage = {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

export function frame(framing: WireFraming, message: unknown): string {
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  return framing === 'ndjson' ? `${body}\n` : `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}

export class WireClient {
  readonly input = new PassThrough();
  readonly output = new PassThrough();
  readonly received: WireMessage[] = [];
  /** Raw chunks the server wrote, in order. */
  readonly chunks: Buffer[] = [];
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  private nextId = 1;

  constructor(readonly framing: WireFraming) {
    this.output.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
  }

  /** Framing of the server's output as seen on the wire (for detection tests). */
  outputFraming(): WireFraming | undefined {
    const first = Buffer.concat(this.chunks).toString('utf8');
    if (first.startsWith('Content-Length:')) return 'content-length';
    if (first.startsWith('{')) return 'ndjson';
    return undefined;
  }

  writeRaw(data: string | Buffer): void {
    this.input.write(data);
  }

  send(message: unknown): void {
    this.input.write(frame(this.framing, message));
  }

  request(method: string, params?: unknown, id: string | number = this.nextId++): string | number {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return id;
  }

  notify(method: string, params?: unknown): void {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  async call(method: string, params?: unknown): Promise<WireMessage> {
    return this.response(this.request(method, params));
  }

  /** The first received message matching `predicate`, waiting for it if needed. */
  async next(predicate: (message: WireMessage) => boolean, timeoutMs = 5_000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(this.received).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  response(id: string | number | null, timeoutMs?: number): Promise<WireMessage> {
    return this.next((m) => m.method === undefined && m.id === id, timeoutMs);
  }

  /** The n-th (0-based) response with `id: null`. */
  async nullIdResponse(index = 0): Promise<WireMessage> {
    await this.next(() => this.received.filter((m) => m.method === undefined && m.id === null).length > index);
    return this.received.filter((m) => m.method === undefined && m.id === null)[index]!;
  }

  private parse(): void {
    for (;;) {
      let body: Buffer;
      if (this.framing === 'ndjson') {
        const newline = this.buffer.indexOf(0x0a);
        if (newline === -1) break;
        body = this.buffer.subarray(0, newline);
        this.buffer = this.buffer.subarray(newline + 1);
      } else {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd === -1) break;
        const header = this.buffer.subarray(0, headerEnd).toString('ascii');
        const match = /Content-Length: (\d+)/i.exec(header);
        if (match === null) throw new Error(`bad header from server: ${header}`);
        const length = Number(match[1]);
        if (this.buffer.length < headerEnd + 4 + length) break;
        body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length);
        this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      }
      this.received.push(JSON.parse(body.toString('utf8')) as WireMessage);
    }
    for (const wake of this.waiters.splice(0)) wake();
  }
}

export type LogLine = { level: 'error' | 'warn' | 'info' | 'debug'; message: string };

export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    error: (message) => lines.push({ level: 'error', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    info: (message) => lines.push({ level: 'info', message }),
    debug: (message) => lines.push({ level: 'debug', message }),
  };
}

/** A small method table, independent of the real protocol. */
export const testMethods = {
  initialize: { params: z.looseObject({ name: z.string() }), result: z.unknown(), beforeInitialize: true, doc: 'init' },
  ping: { params: z.looseObject({}).optional(), result: z.unknown(), beforeInitialize: true, afterShutdown: true, doc: 'ping' },
  shutdown: { params: z.looseObject({}).optional(), result: z.unknown(), beforeInitialize: true, afterShutdown: true, doc: 'shutdown' },
  echo: { params: z.object({ text: z.string() }), result: z.unknown(), doc: 'echo' },
  'tool/check': {
    params: z.looseObject({
      session: z.looseObject({ id: z.string().min(1) }),
      toolName: z.string().min(1),
      mode: z.string().default('strict'),
    }),
    result: z.unknown(),
    doc: 'defaults and nested paths',
  },
  wait: { params: z.looseObject({}).optional(), result: z.unknown(), doc: 'waits for abort' },
  unhandled: { params: z.unknown(), result: z.unknown(), beforeInitialize: true, doc: 'no handler registered' },
} as const satisfies Record<string, RequestSpec>;

export type TestMethod = keyof typeof testMethods;

export type Harness = { client: WireClient; server: RpcServer; logger: ReturnType<typeof memoryLogger> };

export function startServer(
  framing: WireFraming,
  overrides: Partial<RpcServerOptions<TestMethod>> = {},
  serverFraming: RpcServerOptions['framing'] = 'auto',
): Harness {
  const client = new WireClient(framing);
  const logger = memoryLogger();
  const { handlers, ...rest } = overrides;
  const server = createRpcServer<TestMethod>({
    input: client.input,
    output: client.output,
    framing: serverFraming,
    methods: testMethods,
    logger,
    ...rest,
    handlers: {
      initialize: async (params) => ({ hello: (params as { name: string }).name }),
      ping: async () => 'pong',
      shutdown: async () => null,
      echo: async (params) => params,
      'tool/check': async (params) => params,
      ...handlers,
    },
  });
  server.listen();
  return { client, server, logger };
}

export async function initialized(framing: WireFraming, overrides: Partial<RpcServerOptions<TestMethod>> = {}): Promise<Harness> {
  const harness = startServer(framing, overrides);
  const response = await harness.client.call('initialize', { name: 'test' });
  if (response.error !== undefined) throw new Error(`initialize failed: ${response.error.message}`);
  return harness;
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
