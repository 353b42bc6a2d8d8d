// The runner's HTTP POST against a real local server: body and headers sent, status and body back, the cap, the
// timeout, cancellation and redirects. Every assertion is about what the server saw or what came back, never timing.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { postHttp } from '../../../src/runner/http-runner.js';
import type { HttpPostRequest } from '../../../src/runner/types.js';
import { TestHttpServer, until } from '../../helpers/http-server.js';

const servers: TestHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(answer?: Parameters<typeof TestHttpServer.start>[0]): Promise<TestHttpServer> {
  const started = await TestHttpServer.start(answer);
  servers.push(started);
  return started;
}

const post = (url: string, more: Partial<HttpPostRequest> = {}) =>
  postHttp({ url, headers: {}, body: '{"hook_event_name":"PreToolUse"}', timeoutMs: 30_000, maxOutputBytes: 64 * 1024, ...more });

/** Writes 16 KiB chunks for as long as the client reads; counts what it wrote. */
function endlessBody(written: { bytes: number }) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = (): void => {
      while (!response.destroyed && response.write(chunk)) written.bytes += chunk.length;
    };
    response.on('drain', pump);
    pump();
  };
}

describe('http runner (POST to a real local server)', () => {
  it('POSTs the stdin JSON with Content-Type: application/json and returns the status and body as stdout', async () => {
    const local = await server((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    const outcome = await post(local.url('/pre'), { headers: { Authorization: 'Bearer t' } });
    const [request] = local.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/pre', body: '{"hook_event_name":"PreToolUse"}' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer t');
    expect(outcome).toMatchObject({ started: true, cancelled: false, timedOut: false, exitCode: null, http: { status: 200 } });
    expect(outcome.stdout).toEqual({ text: '{"ok":true}', bytes: 11, totalBytes: 11, truncated: false });
  });

  it('a header the hook sets replaces the default Content-Type; Content-Length is always the body\'s', async () => {
    const local = await server();
    await post(local.url(), { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': '1' } });
    expect(local.requests[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(local.requests[0]?.headers['content-length']).toBe(String(Buffer.byteLength('{"hook_event_name":"PreToolUse"}')));
  });

  it('a non-2xx status comes back with its body and no error (the dialect decides what it means)', async () => {
    const local = await server((_request, response) => response.writeHead(503).end('down'));
    const outcome = await post(local.url());
    expect(outcome.http).toEqual({ status: 503 });
    expect(outcome.stdout.text).toBe('down');
  });

  it('a redirect is not followed: the 3xx and its Location come back, and only one request is made', async () => {
    const local = await server((request, response) => (request.path === '/moved' ? response.writeHead(307, { location: '/elsewhere' }).end() : response.end('{}')));
    const outcome = await post(local.url('/moved'));
    expect(outcome.http).toEqual({ status: 307, location: '/elsewhere' });
    expect(local.requests.map((request) => request.path)).toEqual(['/moved']);
  });

  it('a refused connection is an error with no status, never a rejection', async () => {
    const local = await server();
    const url = local.url();
    await local.close();
    servers.splice(0);
    const outcome = await post(url);
    expect(outcome).toMatchObject({ started: true, timedOut: false, cancelled: false, http: { status: null } });
    expect(outcome.http?.error).toMatch(/ECONNREFUSED/);
  });

  it('a header value with a line break is refused before anything is sent', async () => {
    const local = await server();
    const outcome = await post(local.url(), { headers: { 'X-Token': 'a\r\nX-Injected: 1' } });
    expect(outcome.http?.status).toBeNull();
    expect(outcome.http?.error).toMatch(/invalid request/);
    expect(local.requests).toHaveLength(0);
  });

  it('a body past the cap: at most the cap is kept, reading stops, the connection is closed and the cut is reported', async () => {
    const written = { bytes: 0 };
    const local = await server(endlessBody(written));
    const outcome = await post(local.url(), { maxOutputBytes: 1000 });
    expect(outcome.stdout.bytes).toBe(1000);
    expect(outcome.stdout.truncated).toBe(true);
    expect(outcome.stdout.totalBytes).toBeGreaterThan(1000);
    expect(outcome.stdout.text).toBe('a'.repeat(1000));
    expect(outcome.http?.status).toBe(200);
    // The server's endless writer stops because the client closed the connection, not because it finished.
    await until(() => local.requests[0]?.closed === true, 20_000, 'the client to close the connection');
  });

  it('a server that never answers: the request times out and its connection is closed', async () => {
    const local = await server(() => {});
    const outcome = await post(local.url(), { timeoutMs: 200 });
    expect(outcome).toMatchObject({ timedOut: true, cancelled: false, http: { status: null } });
    await until(() => local.requests[0]?.closed === true, 20_000, 'the connection to close');
  });

  it('aborting the signal aborts the request at once: cancelled, and the server sees the connection close', async () => {
    const local = await server(() => {});
    const controller = new AbortController();
    const pending = post(local.url(), { signal: controller.signal });
    await local.waitForRequests(1);
    controller.abort();
    const outcome = await pending;
    expect(outcome).toMatchObject({ cancelled: true, timedOut: false, started: true });
    await until(() => local.requests[0]?.closed === true, 20_000, 'the connection to close');
  });

  it('a signal aborted before the call sends nothing', async () => {
    const local = await server();
    const controller = new AbortController();
    controller.abort();
    const outcome = await post(local.url(), { signal: controller.signal });
    expect(outcome).toMatchObject({ started: false, cancelled: true });
    expect(local.requests).toHaveLength(0);
  });

  it('only http: and https: URLs are requested', async () => {
    const outcome = await post('file:///etc/passwd');
    expect(outcome.http?.error).toMatch(/unsupported URL scheme "file:"/);
  });
});
