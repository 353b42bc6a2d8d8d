// Makes one HTTP handler's request: POST the body, read at most the cap of the response, enforce timeout and cancel.
// The ONLY module in hookd that does network I/O for handlers; it never follows redirects and never retries.
import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { emptyOutput } from './capture.js';
import type { CapturedOutput, HttpPostRequest, ProcessOutcome } from './types.js';

/** setTimeout overflows above this and fires at once; longer timeouts mean "no timeout". */
const MAX_TIMER_MS = 2_147_483_647;

/** node:http and node:https, loaded by the first HTTP handler's request rather than at every start (~13 ms of one). */
let transports: { readonly http: typeof import('node:http').request; readonly https: typeof import('node:https').request } | undefined;
function requestFor(protocol: string): typeof import('node:http').request {
  if (transports === undefined) {
    const load = createRequire(import.meta.url);
    transports = { http: (load('node:http') as typeof import('node:http')).request, https: (load('node:https') as typeof import('node:https')).request };
  }
  return protocol === 'https:' ? transports.https : transports.http;
}

type Ending = { readonly reason: 'done' | 'timeout' | 'cancel'; readonly error?: string };

export function postHttp(request: HttpPostRequest): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const base = { exitCode: null, signal: null, stderr: emptyOutput() } as const;
  // A cancel that arrived before we got here must not send anything (its listeners would never fire).
  if (request.signal?.aborted) {
    return Promise.resolve({ ...base, started: false, timedOut: false, cancelled: true, durationMs: 0, stdout: emptyOutput() });
  }
  const refused = (error: string): Promise<ProcessOutcome> =>
    Promise.resolve({ ...base, started: true, timedOut: false, cancelled: false, durationMs: performance.now() - startedAt, stdout: emptyOutput(), http: { status: null, error } });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refused(`invalid URL "${request.url}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused(`unsupported URL scheme "${url.protocol}" (only http: and https:)`);

  const body = Buffer.from(request.body, 'utf8');
  let client: ClientRequest;
  try {
    client = requestFor(url.protocol)(url, {
      method: 'POST',
      headers: requestHeaders(request.headers, body.length),
      agent: false, // one connection per run, closed after it: nothing lingers once the run is over
    });
  } catch (error) {
    // Node validates header names and values synchronously (e.g. a CR/LF in an interpolated value).
    return refused(`invalid request: ${describeError(error)}`);
  }

  return new Promise<ProcessOutcome>((resolve) => {
    const limit = Math.max(0, Math.floor(request.maxOutputBytes));
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let totalBytes = 0;
    let status: number | null = null;
    let location: string | undefined;
    let response: IncomingMessage | undefined;
    let timer: NodeJS.Timeout | undefined;
    let ended = false;

    const end = (ending: Ending): void => {
      if (ended) return;
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      // Whatever is still open is closed now: a huge or endless body is never read past the cap.
      response?.destroy();
      client.destroy();
      const stdout: CapturedOutput = {
        text: Buffer.concat(kept, keptBytes).toString('utf8'),
        bytes: keptBytes,
        totalBytes,
        truncated: totalBytes > keptBytes,
      };
      const error = ending.reason === 'timeout' ? undefined : ending.error;
      resolve({
        ...base,
        started: true,
        timedOut: ending.reason === 'timeout',
        cancelled: ending.reason === 'cancel',
        durationMs: performance.now() - startedAt,
        stdout,
        http: { status, ...(error !== undefined ? { error } : {}), ...(location !== undefined ? { location } : {}) },
      });
    };
    const onAbort = (): void => end({ reason: 'cancel' });

    client.on('error', (error) => end({ reason: 'done', error: describeError(error) }));
    client.on('response', (incoming) => {
      response = incoming;
      status = incoming.statusCode ?? null;
      const header = incoming.headers.location;
      if (typeof header === 'string') location = header;
      incoming.on('data', (chunk: Buffer) => {
        totalBytes += chunk.length;
        if (keptBytes < limit) {
          const take = Math.min(chunk.length, limit - keptBytes);
          kept.push(Buffer.from(chunk.subarray(0, take)));
          keptBytes += take;
        }
        // Past the cap: stop reading (the connection is closed) and report the cut.
        if (totalBytes > limit) end({ reason: 'done' });
      });
      incoming.on('end', () => end({ reason: 'done' }));
      incoming.on('error', (error) => end({ reason: 'done', error: `the response body broke off: ${describeError(error)}` }));
      incoming.on('close', () => {
        if (!incoming.complete) end({ reason: 'done', error: 'the connection closed before the response body ended' });
      });
    });

    if (request.timeoutMs > 0 && request.timeoutMs <= MAX_TIMER_MS) timer = setTimeout(() => end({ reason: 'timeout' }), request.timeoutMs);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    client.end(body);
  });
}

/** The hook's headers over the defaults (`Content-Type: application/json`); Content-Length is always the body's. */
function requestHeaders(headers: Readonly<Record<string, string>>, bodyBytes: number): Record<string, string> {
  const result: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') continue;
    if (lower === 'content-type') delete result['content-type'];
    result[name] = value;
  }
  result['content-length'] = String(bodyBytes);
  return result;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
