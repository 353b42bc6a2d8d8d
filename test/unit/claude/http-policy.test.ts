// Claude Code's HTTP hook allowlists (allowedHttpHookUrls with `*`, httpHookAllowedEnvVars) and the http handler's
// response rules, as pure functions.
import { describe, expect, it } from 'vitest';
import { applyHttpPolicy, mergeHttpSettings, urlMatches } from '../../../src/dialects/claude/http-policy.js';
import { readHttpResponse } from '../../../src/dialects/claude/http-response.js';
import type { HttpHandler } from '../../../src/engine/dialect.js';
import type { ProcessOutcome } from '../../../src/runner/types.js';

const handler: HttpHandler = { type: 'http', url: 'https://hooks.example.com/pre', headers: {}, allowedEnvVars: ['A', 'B'], timeoutMs: 1000, onFailure: 'continue' };

describe('allowedHttpHookUrls patterns', () => {
  it.each([
    ['https://hooks.example.com/*', 'https://hooks.example.com/pre', true],
    ['https://hooks.example.com/*', 'https://hooks.example.com.evil.test/pre', false],
    ['http://localhost:*', 'http://localhost:8080/x', true],
    ['http://localhost:*', 'https://localhost:8080/x', false],
    ['https://*.example.com/hook', 'https://a.b.example.com/hook', true],
    ['https://*.example.com/hook', 'https://a.example.com/hook/more', false],
    ['https://exact.test/x', 'https://exact.test/x', true],
    ['https://exact.test/x', 'https://exact.test/xy', false],
    ['*', 'http://anything', true],
    ['a*b*a', 'aba', true],
    ['a*a', 'a', false],
  ])('"%s" matches "%s": %s', (pattern, url, expected) => {
    expect(urlMatches(pattern, url)).toBe(expected);
  });

  it('a URL of 100k characters against 1,000 stars is decided without backtracking blow-up', () => {
    const pattern = `${'*a'.repeat(1000)}b`;
    expect(urlMatches(pattern, 'a'.repeat(100_000))).toBe(false);
  });
});

describe('HTTP hook policy', () => {
  it('arrays merge across settings files; a file without the setting adds nothing; undefined everywhere is no restriction', () => {
    expect(mergeHttpSettings([{}, {}])).toEqual({});
    expect(mergeHttpSettings([{ allowedUrls: ['a'] }, {}, { allowedUrls: ['b'], allowedEnvVars: [] }])).toEqual({ allowedUrls: ['a', 'b'], allowedEnvVars: [] });
  });

  it('no policy: the handler is unchanged', () => {
    expect(applyHttpPolicy(handler, {})).toEqual({ handler });
  });

  it('an empty allowedHttpHookUrls blocks every http hook; a non-matching one names the allowed patterns', () => {
    expect(applyHttpPolicy(handler, { allowedUrls: [] })).toEqual({ refused: expect.stringContaining('empty list') });
    expect(applyHttpPolicy(handler, { allowedUrls: ['http://localhost:*'] })).toEqual({ refused: expect.stringContaining('"http://localhost:*"') });
  });

  it('httpHookAllowedEnvVars intersects each hook\'s allowedEnvVars', () => {
    expect(applyHttpPolicy(handler, { allowedEnvVars: ['B', 'C'] })).toEqual({ handler: { ...handler, allowedEnvVars: ['B'] } });
  });
});

const outcome = (http: ProcessOutcome['http'], body = '', truncated = false): ProcessOutcome => ({
  started: true,
  exitCode: null,
  signal: null,
  timedOut: false,
  cancelled: false,
  durationMs: 1,
  stdout: { text: body, bytes: Buffer.byteLength(body), totalBytes: Buffer.byteLength(body) + (truncated ? 1 : 0), truncated },
  stderr: { text: '', bytes: 0, totalBytes: 0, truncated: false },
  ...(http !== undefined ? { http } : {}),
});

describe('http response rules', () => {
  it('2xx + empty (or whitespace) body = success with no output', () => {
    expect(readHttpResponse(outcome({ status: 200 }))).toEqual({ kind: 'empty' });
    expect(readHttpResponse(outcome({ status: 204 }, ' \n'))).toEqual({ kind: 'empty' });
  });

  it('2xx + JSON object = the hook\'s JSON output', () => {
    expect(readHttpResponse(outcome({ status: 201 }, '{"continue":false}'))).toEqual({ kind: 'json', value: { continue: false } });
  });

  it.each(['plain text', '[1,2]', '"x"', '{"broken"', 'null'])('2xx + other body %j = a non-blocking invalid_output error', (body) => {
    expect(readHttpResponse(outcome({ status: 200 }, body))).toMatchObject({ kind: 'failed', failureClass: 'invalid_output' });
  });

  it('a truncated 2xx body is never parsed', () => {
    expect(readHttpResponse(outcome({ status: 200 }, '{"a":1}', true))).toMatchObject({ kind: 'failed', failureClass: 'output_truncated' });
  });

  it('non-2xx, redirects and connection errors are http_error with the status in the message', () => {
    expect(readHttpResponse(outcome({ status: 500 }, 'oops'))).toEqual({ kind: 'failed', failureClass: 'http_error', message: 'HTTP 500: oops' });
    expect(readHttpResponse(outcome({ status: 301, location: 'https://x/' }))).toMatchObject({ failureClass: 'http_error', message: expect.stringContaining('https://x/') });
    expect(readHttpResponse(outcome({ status: null, error: 'connect ECONNREFUSED' }))).toMatchObject({ failureClass: 'http_error', message: expect.stringContaining('ECONNREFUSED') });
    expect(readHttpResponse(outcome({ status: 200, error: 'the connection closed before the response body ended' }))).toMatchObject({ failureClass: 'http_error' });
  });
});
