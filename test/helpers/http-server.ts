// A real local HTTP server for http-handler tests (node:http on 127.0.0.1, port 0): records every request and
// whether its connection was closed; each test says how to answer. close() destroys every socket it still has.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type RecordedRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** Set once the client's connection for this request closed. */
  closed: boolean;
};

export type Answer = (request: RecordedRequest, response: ServerResponse) => void;

export class TestHttpServer {
  readonly requests: RecordedRequest[] = [];
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #answer: Answer = (_request, response) => response.end();

  private constructor() {
    this.#server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const recorded: RecordedRequest = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), closed: false };
        this.requests.push(recorded);
        incoming.socket.once('close', () => (recorded.closed = true));
        response.on('error', () => {});
        this.#answer(recorded, response);
      });
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(answer?: Answer): Promise<TestHttpServer> {
    const server = new TestHttpServer();
    if (answer) server.answer(answer);
    await new Promise<void>((resolve) => server.#server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  answer(answer: Answer): void {
    this.#answer = answer;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves once `count` requests arrived, or rejects after the deadline. */
  async waitForRequests(count: number, deadlineMs = 20_000): Promise<RecordedRequest[]> {
    await until(() => this.requests.length >= count, deadlineMs, `${count} request(s)`);
    return this.requests;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Polls `condition` until it holds or the deadline passes (then rejects naming what was awaited). */
export async function until(condition: () => boolean, deadlineMs: number, what: string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
