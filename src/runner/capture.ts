// Capped capture of one output stream: keeps the first maxBytes, keeps draining and counting the rest.
// It never pauses or closes the stream early (an unread pipe blocks the child) and never retains dropped bytes.
import type { Readable } from 'node:stream';
import type { CapturedOutput } from './types.js';

export type StreamCapture = {
  /** Settles when the stream ended, closed or failed; it may never settle while an escapee holds the pipe. */
  readonly settled: Promise<void>;
  /** Destroys the stream (the run is over) and freezes the capture. Idempotent. */
  stop(): void;
  /** The kept bytes decoded as UTF-8 with replacement, and the counts. */
  result(): CapturedOutput;
};

export function emptyOutput(): CapturedOutput {
  return { text: '', bytes: 0, totalBytes: 0, truncated: false };
}

export function captureStream(stream: Readable | null | undefined, maxBytes: number): StreamCapture {
  const limit = Math.max(0, Math.floor(maxBytes));
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let totalBytes = 0;
  let stopped = false;

  if (stream == null) {
    return { settled: Promise.resolve(), stop() {}, result: emptyOutput };
  }

  const onData = (chunk: Buffer | string): void => {
    if (stopped) return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    totalBytes += buffer.length;
    if (keptBytes >= limit) return;
    const take = Math.min(buffer.length, limit - keptBytes);
    // Copy, so that a kept slice never pins a larger read buffer in memory.
    kept.push(Buffer.from(buffer.subarray(0, take)));
    keptBytes += take;
  };
  stream.on('data', onData);
  stream.on('error', () => {}); // EPIPE/ECONNRESET and destroy errors are not the hook's result

  const settled = new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });

  return {
    settled,
    stop() {
      if (stopped) return;
      stopped = true;
      stream.off('data', onData);
      stream.destroy();
    },
    result() {
      return {
        text: Buffer.concat(kept, keptBytes).toString('utf8'),
        bytes: keptBytes,
        totalBytes,
        truncated: totalBytes > keptBytes,
      };
    },
  };
}
