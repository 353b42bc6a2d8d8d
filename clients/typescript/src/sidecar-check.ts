// Is the program started as hookd the hookd sidecar? Watches its stdout while `initialize` is pending for output
// that cannot be JSON-RPC (an HTTP server's banner), and checks `serverInfo.name` of the answer. Decides; never kills.
import type { HookdReadable } from './process-types.js';

/** `serverInfo.name` of the hookd sidecar's `initialize` answer. */
export const SIDECAR_SERVER_NAME = 'hookd';
const EXCERPT_CHARS = 200;
const CONTENT_LENGTH = 'content-length';

/** Could `text` (the first bytes of stdout) still be the start of an NDJSON or Content-Length message? */
export function looksLikeProtocol(text: string): boolean {
  const start = text.trimStart();
  if (start === '' || start.startsWith('{')) return true;
  const head = start.slice(0, CONTENT_LENGTH.length).toLowerCase();
  return CONTENT_LENGTH.startsWith(head);
}

/**
 * Calls `onForeign` with the first line (≤ 200 chars) once stdout shows output that is not protocol; stops watching
 * as soon as the output looks like protocol. Returns the function that stops watching.
 */
export function watchForForeignOutput(stdout: HookdReadable, onForeign: (text: string) => void): () => void {
  let seen = '';
  let done = false;
  const onData = (chunk: unknown) => {
    seen = (seen + (typeof chunk === 'string' ? chunk : String(chunk))).slice(0, 4 * EXCERPT_CHARS);
    if (looksLikeProtocol(seen)) {
      if (seen.trimStart().length >= CONTENT_LENGTH.length || seen.trimStart().startsWith('{')) stop();
      return;
    }
    // A write reaches the pipe whole (up to PIPE_BUF): report the first line now rather than wait for more.
    stop();
    onForeign(seen.split(/\r?\n/).find((line) => line.trim() !== '')?.slice(0, EXCERPT_CHARS) ?? seen.slice(0, EXCERPT_CHARS));
  };
  const onEnd = () => stop();
  function stop(): void {
    if (done) return;
    done = true;
    stdout.off('data', onData);
    stdout.off('end', onEnd);
  }
  stdout.on('data', onData);
  stdout.on('end', onEnd);
  return stop;
}
