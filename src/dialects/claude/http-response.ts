// Reads an HTTP handler's response by Claude Code's rules: 2xx + empty body = success with no output, 2xx + a JSON
// object = the hook's JSON output, anything else (other body, non-2xx, no response) = a non-blocking error.
import type { FailureClass } from '../../protocol/index.js';
import { findTooDeep, tooDeepMessage } from '../../protocol/json-depth.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { ProcessOutcome } from '../../runner/types.js';

export type HttpResponse =
  | { readonly kind: 'failed'; readonly failureClass: FailureClass; readonly message: string }
  | { readonly kind: 'empty' }
  /** A JSON object, read like a command's exit-0 stdout. */
  | { readonly kind: 'json'; readonly value: Record<string, unknown> };

const BODY_PREVIEW_CHARS = 200;

export function readHttpResponse(outcome: ProcessOutcome): HttpResponse {
  const http = outcome.http ?? { status: null };
  const status = http.status;
  if (http.error !== undefined) return failed('http_error', status === null ? `HTTP request failed: ${http.error}` : `HTTP ${status}: ${http.error}`);
  if (status === null) return failed('http_error', 'HTTP request failed: no response');
  if (status < 200 || status > 299) {
    if (status >= 300 && status < 400) {
      const target = http.location !== undefined ? ` to ${http.location}` : '';
      return failed('http_error', `HTTP ${status}: redirect${target} not followed (hookd never follows redirects)`);
    }
    return failed('http_error', `HTTP ${status}${preview(outcome.stdout.text)}`);
  }
  if (outcome.stdout.truncated) {
    return failed('output_truncated', `HTTP ${status}: the response body went past ${outcome.stdout.bytes} bytes; reading stopped and it was not parsed`);
  }
  const body = outcome.stdout.text;
  if (body.trim() === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    return failed('invalid_output', `HTTP ${status}: the response body is neither empty nor a JSON object${preview(body)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return failed('invalid_output', `HTTP ${status}: the response body is JSON but not an object${preview(body)}`);
  }
  const tooDeep = findTooDeep(value);
  if (tooDeep !== undefined) return failed('invalid_output', `invalid hook output: ${formatPath(['output', ...tooDeep.path])} is ${tooDeepMessage('hook output')}`);
  return { kind: 'json', value: value as Record<string, unknown> };
}

function failed(failureClass: FailureClass, message: string): HttpResponse {
  return { kind: 'failed', failureClass, message };
}

/** `: <first line of the body, cut>` or nothing. */
function preview(body: string): string {
  const line = body.split(/\r?\n/).find((candidate) => candidate.trim() !== '')?.trim();
  if (line === undefined) return '';
  return `: ${line.length > BODY_PREVIEW_CHARS ? `${line.slice(0, BODY_PREVIEW_CHARS)}…` : line}`;
}
