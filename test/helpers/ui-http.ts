// Raw HTTP requests to a `hookd ui` server for tests: node:http so a test can send any Host, Origin or body (fetch
// cannot set Host). Owns nothing but the request; each answer is read whole (bounded by the server).
import { request as httpRequest } from 'node:http';

export type UiResponse = { readonly status: number; readonly headers: Record<string, string | string[] | undefined>; readonly text: string; json(): unknown };

export type UiRequest = {
  readonly port: number;
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** Send the Host header as given instead of 127.0.0.1:<port>. */
  readonly host?: string;
};

export function uiRequest(options: UiRequest): Promise<UiResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: options.host ?? `127.0.0.1:${options.port}`, ...(options.headers ?? {}) };
    if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const outgoing = httpRequest({ host: '127.0.0.1', port: options.port, method: options.method ?? 'GET', path: options.path ?? '/', headers, setHost: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) as unknown });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')));
    if (options.body !== undefined) outgoing.write(options.body);
    outgoing.end();
  });
}

/** The Authorization and Content-Type headers of a well-formed API POST. */
export function apiHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extra };
}
