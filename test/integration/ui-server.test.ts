// hookd ui's HTTP layer over real sockets with a recording backend (no dialect): the security checks (token, Host,
// Origin, Content-Type), the bounded body, pbi-agent's status codes and error shapes, the page and its CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewActionError, type ReviewAction } from '../../src/review/review-context.js';
import type { UiBackend } from '../../src/ui/ui-backend.js';
import { startUiServer, type RunningUiServer } from '../../src/ui/ui-server.js';
import { apiHeaders, uiRequest } from '../helpers/ui-http.js';

const LISTING = { dialect: 'pbi', hooks: [], diagnostics: [], review_required_count: 0, trust_bypass_active: false, warnings: [] };

class RecordingBackend implements UiBackend {
  readonly calls: Array<{ action: ReviewAction | 'list'; key?: string }> = [];
  async list(): Promise<unknown> {
    this.calls.push({ action: 'list' });
    return LISTING;
  }
  async act(action: ReviewAction, key: string): Promise<unknown> {
    this.calls.push({ action, key });
    if (key === 'missing') throw new ReviewActionError('not_found', `hook not found: ${key}`);
    if (key === 'managed') throw new ReviewActionError('not_allowed', 'managed hooks cannot be disabled or enabled manually.');
    if (key === 'unwritable') throw new ReviewActionError('persistence', 'could not write the state file');
    if (key === 'bug') throw new Error('a bug');
    return { ...LISTING, acted: action };
  }
}

const backend = new RecordingBackend();
let ui: RunningUiServer;
const logged: string[] = [];

beforeAll(async () => {
  ui = await startUiServer({ backend, log: (line) => logged.push(line) });
});
afterAll(async () => {
  await ui.close();
});

const post = (path: string, body: string, headers: Record<string, string> = apiHeaders(ui.token)) => uiRequest({ port: ui.port, method: 'POST', path, headers, body });

describe('hookd ui server: security', () => {
  it('listens on 127.0.0.1 only, on a port the system picked, with a 64-hex-digit token in the printed URL', () => {
    const address = ui.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(ui.port).toBeGreaterThan(0);
    expect(ui.token).toMatch(/^[0-9a-f]{64}$/);
    expect(ui.url).toBe(`http://127.0.0.1:${ui.port}/?token=${ui.token}`);
  });

  it('refuses every request without the token (401), with a wrong one, and ?token= anywhere but GET /', async () => {
    const before = backend.calls.length;
    expect((await uiRequest({ port: ui.port, path: '/' })).status).toBe(401);
    expect((await uiRequest({ port: ui.port, path: '/api/hooks' })).status).toBe(401);
    expect((await uiRequest({ port: ui.port, path: '/api/hooks', headers: { Authorization: `Bearer ${ui.token.replace(/.$/, 'x')}` } })).status).toBe(401);
    expect((await uiRequest({ port: ui.port, path: `/?token=${ui.token.slice(1)}` })).status).toBe(401);
    expect((await uiRequest({ port: ui.port, path: `/api/hooks?token=${ui.token}` })).status).toBe(401);
    const refused = await post('/api/hooks/trust', '{"key":"k"}', { 'Content-Type': 'application/json' });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(backend.calls.length).toBe(before);
  });

  it('answers GET / with ?token= and any path with the Bearer header', async () => {
    expect((await uiRequest({ port: ui.port, path: `/?token=${ui.token}` })).status).toBe(200);
    expect((await uiRequest({ port: ui.port, path: '/', headers: { Authorization: `Bearer ${ui.token}` } })).status).toBe(200);
    const listing = await uiRequest({ port: ui.port, path: '/api/hooks', headers: { Authorization: `Bearer ${ui.token}` } });
    expect(listing.status).toBe(200);
    expect(listing.json()).toEqual(LISTING);
  });

  it('refuses a Host other than 127.0.0.1:<port> or localhost:<port> with 403 (DNS rebinding), even with the token', async () => {
    for (const host of ['evil.example', `evil.example:${ui.port}`, '127.0.0.1', `127.0.0.1:${ui.port + 1}`, `[::1]:${ui.port}`, `0.0.0.0:${ui.port}`]) {
      const answer = await uiRequest({ port: ui.port, path: `/?token=${ui.token}`, host, headers: { Authorization: `Bearer ${ui.token}` } });
      expect(answer.status, host).toBe(403);
    }
    expect((await uiRequest({ port: ui.port, path: `/?token=${ui.token}`, host: `localhost:${ui.port}` })).status).toBe(200);
  });

  it('refuses a POST from a foreign Origin (403, cross-site POST) and accepts its own origin or none', async () => {
    const before = backend.calls.length;
    for (const origin of ['http://evil.example', `http://127.0.0.1:${ui.port + 1}`, 'null', `https://127.0.0.1:${ui.port}`]) {
      expect((await post('/api/hooks/trust', '{"key":"k"}', apiHeaders(ui.token, { Origin: origin }))).status, origin).toBe(403);
    }
    expect(backend.calls.length).toBe(before);
    expect((await post('/api/hooks/trust', '{"key":"k"}', apiHeaders(ui.token, { Origin: `http://127.0.0.1:${ui.port}` }))).status).toBe(200);
    expect((await post('/api/hooks/trust', '{"key":"k"}', apiHeaders(ui.token, { Origin: `http://localhost:${ui.port}` }))).status).toBe(200);
    expect((await post('/api/hooks/trust', '{"key":"k"}')).status).toBe(200);
  });

  it('refuses a POST that is not Content-Type: application/json (403: a form or text/plain is what a cross-site page can send)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await post('/api/hooks/trust', '{"key":"k"}', { Authorization: `Bearer ${ui.token}`, 'Content-Type': type })).status, type).toBe(403);
    }
    expect((await post('/api/hooks/trust', '{"key":"k"}', { Authorization: `Bearer ${ui.token}` })).status).toBe(403);
    expect((await post('/api/hooks/trust', '{"key":"k"}', apiHeaders(ui.token, { 'Content-Type': 'application/json; charset=utf-8' }))).status).toBe(200);
  });
});

describe('hookd ui server: the API', () => {
  it('POST /api/hooks/{trust,disable,enable} hand the key to the backend and answer its listing', async () => {
    for (const action of ['trust', 'disable', 'enable'] as const) {
      const answer = await post(`/api/hooks/${action}`, JSON.stringify({ key: `key-${action}` }));
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual({ ...LISTING, acted: action });
      expect(backend.calls.at(-1)).toEqual({ action, key: `key-${action}` });
    }
  });

  it('unknown key: 404 {"detail": "Hook not found."}', async () => {
    const answer = await post('/api/hooks/trust', '{"key":"missing"}');
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Hook not found.' });
  });

  it("missing key: 422 with FastAPI's shape", async () => {
    const answer = await post('/api/hooks/disable', '{}');
    expect(answer.status).toBe(422);
    expect(answer.json()).toEqual({ detail: [{ type: 'missing', loc: ['body', 'key'], msg: 'Field required', input: {} }] });
    expect((await post('/api/hooks/disable', '{"key": 5}')).json()).toEqual({ detail: [{ type: 'string_type', loc: ['body', 'key'], msg: 'Input should be a valid string', input: 5 }] });
    expect((await post('/api/hooks/disable', '[]')).status).toBe(422);
  });

  it('bad JSON: 400; a refused action (managed): 400 with its reason; a failed write: 500 with its reason', async () => {
    const bad = await post('/api/hooks/trust', '{"key": ');
    expect(bad.status).toBe(400);
    expect(bad.json()).toHaveProperty('detail');
    const managed = await post('/api/hooks/disable', '{"key":"managed"}');
    expect(managed.status).toBe(400);
    expect(managed.json()).toEqual({ detail: 'managed hooks cannot be disabled or enabled manually.' });
    expect((await post('/api/hooks/trust', '{"key":"unwritable"}')).json()).toEqual({ detail: 'could not write the state file' });
  });

  it('a body over 64 KiB: 413, whether declared or streamed; one of 64 KiB is read', async () => {
    const big = JSON.stringify({ key: 'k', pad: 'x'.repeat(64 * 1024) });
    expect((await post('/api/hooks/trust', big)).status).toBe(413);
    const exact = JSON.stringify({ key: 'k', pad: '' });
    const padded = exact.replace('""', `"${'x'.repeat(64 * 1024 - exact.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(64 * 1024);
    expect((await post('/api/hooks/trust', padded)).status).toBe(200);
  });

  it('an internal error is 500 with a generic detail and a stderr line, and the server keeps answering', async () => {
    const answer = await post('/api/hooks/trust', '{"key":"bug"}');
    expect(answer.status).toBe(500);
    expect(answer.json()).toEqual({ detail: 'Internal error (see hookd ui stderr).' });
    expect(logged.some((line) => line.includes('a bug'))).toBe(true);
    expect((await uiRequest({ port: ui.port, path: '/api/hooks', headers: { Authorization: `Bearer ${ui.token}` } })).status).toBe(200);
  });

  it('unknown paths are 404, wrong methods 405', async () => {
    const auth = { Authorization: `Bearer ${ui.token}` };
    expect((await uiRequest({ port: ui.port, path: '/api/nothing', headers: auth })).status).toBe(404);
    expect((await uiRequest({ port: ui.port, path: '/api/hooks/trust', headers: auth })).status).toBe(405);
    expect((await post('/api/hooks', '{}')).status).toBe(405);
  });
});

describe('hookd ui server: the page', () => {
  it('is one HTML document titled Hooks, with a nonce CSP, no external resource, and the DOM contract ids', async () => {
    const page = await uiRequest({ port: ui.port, path: `/?token=${ui.token}` });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.text).toContain('<title>Hooks</title>');
    expect(page.text).toContain('Review declarative command hooks before they can run.');
    expect(page.text).toContain(`<script nonce="${nonce}">`);
    expect(page.text.match(/<script/g)).toHaveLength(1);
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const id of ['warnings', 'status', 'hooks']) expect(page.text).toContain(`id="${id}"`);
    expect(page.text).toContain('role="status"');
    expect(page.text).not.toContain(ui.token);
    const again = await uiRequest({ port: ui.port, path: `/?token=${ui.token}` });
    expect(String(again.headers['content-security-policy'])).not.toBe(csp);
  });
});
