// The HTTP API of `hookd ui`: GET /api/hooks and POST /api/hooks/{trust,disable,enable} with {"key": ...}, answered
// with pbi-agent's shapes and status codes (404 unknown key, 422 no key, 400 refused action or bad JSON, 413 too big).
// Runs after request-guard.ts; never writes a state file itself (the backend does).
import type { IncomingMessage } from 'node:http';
import { ReviewActionError, type ReviewAction } from '../review/review-context.js';
import { detail, validationError, type ApiAnswer } from './api-errors.js';
import { readBody } from './request-body.js';
import type { UiBackend } from './ui-backend.js';

const ACTIONS: readonly ReviewAction[] = ['trust', 'disable', 'enable'];

function actionOf(pathname: string): ReviewAction | undefined {
  const match = /^\/api\/hooks\/([a-z]+)$/.exec(pathname);
  return ACTIONS.find((action) => action === match?.[1]);
}

/** True when the path is one of the API's (so a wrong method is 405, not 404). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api/hooks' || actionOf(pathname) !== undefined;
}

type KeyRead = { readonly kind: 'key'; readonly key: string } | { readonly kind: 'answer'; readonly answer: ApiAnswer };

function keyFromBody(text: string): KeyRead {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'answer', answer: detail(400, 'The request body is not valid JSON.') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'answer', answer: validationError('model_attributes_type', body) };
  const key = (body as Record<string, unknown>).key;
  if (key === undefined) return { kind: 'answer', answer: validationError('missing', body) };
  if (typeof key !== 'string') return { kind: 'answer', answer: validationError('string_type', key) };
  return { kind: 'key', key };
}

function actionFailure(error: unknown): ApiAnswer {
  if (!(error instanceof ReviewActionError)) throw error;
  if (error.kind === 'not_found') return detail(404, 'Hook not found.');
  if (error.kind === 'not_allowed') return detail(400, error.message);
  return detail(500, error.message);
}

export async function apiAnswer(request: IncomingMessage, pathname: string, backend: UiBackend): Promise<ApiAnswer> {
  if (pathname === '/api/hooks') {
    if (request.method !== 'GET') return detail(405, 'Method Not Allowed', { Allow: 'GET' });
    return { status: 200, body: await backend.list() };
  }
  const action = actionOf(pathname);
  if (action === undefined) return detail(404, 'Not Found');
  if (request.method !== 'POST') return detail(405, 'Method Not Allowed', { Allow: 'POST' });
  const read = await readBody(request);
  if (read.kind === 'too_large') return detail(413, 'The request body is larger than 64 KiB.');
  if (read.kind !== 'ok') return detail(408, 'The request body did not arrive in time.');
  const parsed = keyFromBody(read.text);
  if (parsed.kind === 'answer') return parsed.answer;
  try {
    return { status: 200, body: await backend.act(action, parsed.key) };
  } catch (error) {
    return actionFailure(error);
  }
}
