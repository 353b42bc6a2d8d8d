// A test agent: spawns the built hookd (dist/cli.js) and speaks JSON-RPC over its stdio in either
// framing, as a real agent would. Also lets tests write raw bytes (malformed input) and read stderr.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HOOKD_BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export type WireFraming = 'ndjson' | 'content-length';
export type RpcMessage = { jsonrpc: '2.0'; id?: number | string | null; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

export class Sidecar {
  readonly child: ChildProcessWithoutNullStreams;
  readonly notifications: RpcMessage[] = [];
  readonly responses = new Map<number | string | null, RpcMessage>();
  readonly errorsWithoutId: RpcMessage[] = [];
  /** Anything hookd wrote to stdout that is not a JSON-RPC message (must stay empty). */
  readonly nonProtocolOutput: string[] = [];
  stderr = '';
  #buffer = Buffer.alloc(0);
  #closed = false;
  #nextId = 1;
  #waiters = new Map<number | string, { resolve: (message: RpcMessage) => void; reject: (error: Error) => void }>();
  #listeners: Array<(message: RpcMessage) => void> = [];
  /** Server → client requests as they arrived (e.g. hooks/invoke). */
  readonly serverRequests: RpcMessage[] = [];
  #requestHandlers = new Map<string, (params: any, id: number | string) => unknown>();
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** `cwd`: hookd's process directory (default: inherited from the test process); `bin`: another build's cli.js. */
  constructor(readonly framing: WireFraming = 'ndjson', args: string[] = [], env: NodeJS.ProcessEnv = process.env, cwd?: string, bin = HOOKD_BIN) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
    this.child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env, ...(cwd !== undefined ? { cwd } : {}) });
    this.child.stdout.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
    // After stdout closed nothing more can arrive: a request still waiting fails at once instead of hanging.
    this.child.on('close', () => {
      this.#closed = true;
      for (const waiter of this.#waiters.values()) waiter.reject(this.#exitedError());
      this.#waiters.clear();
    });
  }

  #exitedError(): Error {
    return new Error(`hookd exited (code ${this.child.exitCode}, signal ${this.child.signalCode}) before answering; stderr:\n${this.stderr.slice(-2000)}`);
  }

  #onData(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      let body: string | undefined;
      if (this.framing === 'ndjson') {
        const newline = this.#buffer.indexOf(10);
        if (newline < 0) return;
        body = this.#buffer.subarray(0, newline).toString('utf8');
        this.#buffer = this.#buffer.subarray(newline + 1);
        if (body.trim() === '') continue;
      } else {
        const headerEnd = this.#buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = Number(/Content-Length:\s*(\d+)/i.exec(this.#buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
        if (this.#buffer.length < headerEnd + 4 + length) return;
        body = this.#buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
        this.#buffer = this.#buffer.subarray(headerEnd + 4 + length);
      }
      let message: RpcMessage;
      try {
        message = JSON.parse(body) as RpcMessage;
      } catch {
        this.nonProtocolOutput.push(body);
        continue;
      }
      if (message?.jsonrpc !== '2.0') {
        this.nonProtocolOutput.push(body);
        continue;
      }
      this.#dispatch(message);
    }
  }

  #dispatch(message: RpcMessage): void {
    for (const listener of this.#listeners) listener(message);
    if (message.method !== undefined && message.id === undefined) {
      this.notifications.push(message);
      return;
    }
    if (message.method !== undefined) {
      this.serverRequests.push(message);
      void this.#answer(message);
      return;
    }
    if (message.id === null || message.id === undefined) {
      this.errorsWithoutId.push(message);
    }
    this.responses.set(message.id ?? null, message);
    if (message.id !== null && message.id !== undefined) {
      this.#waiters.get(message.id)?.resolve(message);
      this.#waiters.delete(message.id);
    }
  }

  /** Answers server → client requests of `method` with the handler's result (a thrown error becomes a JSON-RPC error). */
  onRequest(method: string, handler: (params: any, id: number | string) => unknown): void {
    this.#requestHandlers.set(method, handler);
  }

  async #answer(message: RpcMessage): Promise<void> {
    const id = message.id as number | string;
    const handler = this.#requestHandlers.get(message.method!);
    if (handler === undefined) {
      this.send({ jsonrpc: '2.0', id, error: { code: -32601, message: `test client has no handler for ${message.method}` } });
      return;
    }
    try {
      const result = await handler(message.params, id);
      this.send({ jsonrpc: '2.0', id, result: result ?? null });
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32000;
      this.send({ jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } });
    }
  }

  onMessage(listener: (message: RpcMessage) => void): void {
    this.#listeners.push(listener);
  }

  writeRaw(data: string | Buffer): void {
    this.child.stdin.write(data);
  }

  frame(message: unknown): Buffer {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    if (this.framing === 'ndjson') return Buffer.concat([body, Buffer.from('\n')]);
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
  }

  send(message: unknown): void {
    // Ids a test chose itself are taken: later requests of this helper (e.g. close()'s shutdown) use fresh ones.
    const id = (message as { id?: unknown; method?: unknown } | null)?.id;
    if (typeof id === 'number' && (message as { method?: unknown }).method !== undefined && id >= this.#nextId) this.#nextId = id + 1;
    this.writeRaw(this.frame(message));
  }

  nextId(): number {
    return this.#nextId++;
  }

  /** Sends a request and resolves with the whole response message (result or error). */
  call(method: string, params?: unknown, id: number = this.nextId()): Promise<RpcMessage> {
    const reply = this.waitFor(id);
    this.send({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    return reply;
  }

  waitFor(id: number | string): Promise<RpcMessage> {
    const known = this.responses.get(id);
    if (known) return Promise.resolve(known);
    if (this.#closed) return Promise.reject(this.#exitedError());
    return new Promise((resolve, reject) => this.#waiters.set(id, { resolve, reject }));
  }

  /** Sends a request and resolves with its result; rejects with the JSON-RPC error. */
  async request<T = any>(method: string, params?: unknown): Promise<T> {
    const response = await this.call(method, params);
    if (response.error) throw Object.assign(new Error(response.error.message), response.error);
    return response.result as T;
  }

  notify(method: string, params?: unknown): void {
    this.send({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
  }

  initialize(workspace: string, extra: Record<string, unknown> = {}): Promise<any> {
    return this.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'test-agent' }, dialect: 'claude', workspace, home: workspace, ...extra });
  }

  /** Polite end: shutdown, exit, then wait for the process (kills it if it hangs). */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      await Promise.race([this.request('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      this.notify('exit');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(timer);
  }
}
