// The checks every request to `hookd ui` passes before anything else runs: Host is the server's own loopback address
// (no DNS rebinding), the per-launch token is presented, and a POST is JSON from no origin or the server's own (no
// cross-site POST). Decides only; reads no body and touches no hook.
import type { IncomingMessage } from 'node:http';
import { detail, type ApiAnswer } from './api-errors.js';
import { tokenMatches } from './ui-token.js';

export type GuardSettings = { readonly port: number; readonly token: string };

/** The Host values the server answers to: its loopback address by number or as localhost, with its port. */
export function allowedHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The origins a browser sends for the server's own page. */
export function ownOrigins(port: number): readonly string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1];
}

/** The token a request presents: `Authorization: Bearer <t>`, or `?token=<t>` on GET / only (the URL the command prints). */
export function presentedToken(request: IncomingMessage, url: URL): string | undefined {
  const fromHeader = bearerToken(request.headers.authorization);
  if (fromHeader !== undefined) return fromHeader;
  if ((request.method === 'GET' || request.method === 'HEAD') && url.pathname === '/') return url.searchParams.get('token') ?? undefined;
  return undefined;
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const [type = ''] = value.split(';');
  return type.trim().toLowerCase() === 'application/json';
}

/** undefined when the request may go on; else the answer that refuses it (403 wrong Host or Origin or type, 401 no token). */
export function refusal(request: IncomingMessage, url: URL, settings: GuardSettings): ApiAnswer | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !allowedHosts(settings.port).includes(host)) return detail(403, 'Host not allowed.');
  if (!tokenMatches(settings.token, presentedToken(request, url))) {
    return detail(401, 'Missing or wrong token: use the URL `hookd ui` printed.', { 'WWW-Authenticate': 'Bearer' });
  }
  if (request.method === 'POST') {
    const origin = request.headers.origin;
    if (origin !== undefined && !ownOrigins(settings.port).includes(origin.toLowerCase())) return detail(403, 'Cross-origin request refused.');
    if (!isJsonContentType(request.headers['content-type'])) return detail(403, 'POST needs Content-Type: application/json.');
  }
  return undefined;
}
