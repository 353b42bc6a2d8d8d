// Reads one request body with a size cap and a deadline, so no client can make `hookd ui` buffer without end or wait
// forever. Returns the text or why it was refused; parsing it is api-routes.ts's.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_DEADLINE_MS = 10_000;

export type BodyRead = { readonly kind: 'ok'; readonly text: string } | { readonly kind: 'too_large' } | { readonly kind: 'timeout' } | { readonly kind: 'aborted' };

export function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES, deadlineMs = BODY_DEADLINE_MS): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ kind: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyRead): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onError);
      // Keep draining what is left so the socket stays usable for the answer; its bytes are dropped.
      if (result.kind !== 'ok') request.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish({ kind: 'too_large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') });
    const onError = (): void => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), deadlineMs);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onError);
  });
}
