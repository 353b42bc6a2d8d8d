// The HTTP server of `hookd ui`: node:http bound to 127.0.0.1 only, every request through request-guard.ts, then the
// page (GET /) or the API (api-routes.ts). Requests are handled one at a time (a listing reloads the engine, an action
// writes the state file), and every answer is bounded in size and time. Knows no dialect.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { detail, type ApiAnswer } from './api-errors.js';
import { apiAnswer, isApiPath } from './api-routes.js';
import { hooksPage } from './hooks-page.js';
import { refusal } from './request-guard.js';
import type { UiBackend } from './ui-backend.js';
import { newUiToken } from './ui-token.js';

export const UI_HOST = '127.0.0.1';

export type UiServerOptions = {
  readonly backend: UiBackend;
  /** 0 (the default) lets the system pick a free port. */
  readonly port?: number;
  /** The per-launch token; a fresh one by default. */
  readonly token?: string;
  readonly log?: (line: string) => void;
};

export type RunningUiServer = {
  readonly port: number;
  readonly token: string;
  /** `http://127.0.0.1:<port>/?token=<token>`: the one URL the command prints. */
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
};

const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function send(response: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: string): void {
  if (response.headersSent) return;
  response.writeHead(status, { ...COMMON_HEADERS, ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}

function sendJson(response: ServerResponse, answer: ApiAnswer): void {
  send(response, answer.status, { 'Content-Type': 'application/json', ...(answer.headers ?? {}) }, JSON.stringify(answer.body));
}

function requestUrl(request: IncomingMessage): URL | undefined {
  const target = request.url ?? '';
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(target, `http://${UI_HOST}`);
  } catch {
    return undefined;
  }
}

export function startUiServer(options: UiServerOptions): Promise<RunningUiServer> {
  const token = options.token ?? newUiToken();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let port = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request);
    if (url === undefined) return sendJson(response, detail(400, 'Bad request target.'));
    const refused = refusal(request, url, { port, token });
    if (refused !== undefined) {
      request.resume();
      return sendJson(response, refused);
    }
    if (url.pathname === '/') {
      request.resume();
      if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, detail(405, 'Method Not Allowed', { Allow: 'GET' }));
      const page = hooksPage();
      if (request.method === 'HEAD') {
        response.writeHead(200, { ...COMMON_HEADERS, ...page.headers, 'Content-Length': String(Buffer.byteLength(page.html)) });
        response.end();
        return;
      }
      return send(response, 200, page.headers, page.html);
    }
    if (!isApiPath(url.pathname)) {
      request.resume();
      return sendJson(response, detail(404, 'Not Found'));
    }
    const answer = await serially(() => apiAnswer(request, url.pathname, options.backend));
    sendJson(response, answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`hookd ui: internal error on ${request.method ?? '?'} ${request.url ?? '?'}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendJson(response, detail(500, 'Internal error (see hookd ui stderr).'));
    });
  });
  // A client that sends its headers or body slowly is cut off rather than holding the one queue.
  server.headersTimeout = 10_000;
  server.requestTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: UI_HOST, port: options.port ?? 0, exclusive: true }, () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        port,
        token,
        url: `http://${UI_HOST}:${port}/?token=${token}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
