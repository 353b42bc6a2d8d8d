// Attaches a reader's data/end/close/error listeners to an input stream and returns the detach function.
// Owns listener bookkeeping only; what the events mean is the reader's business.

export type StreamHandlers = {
  readonly data: (chunk: Buffer) => void;
  readonly end: () => void;
  readonly close: () => void;
  readonly error: (error: Error) => void;
};

/** What a reader needs of its input: the four events above (a Readable, or the framing relay). */
export interface ByteSource {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

export function attachStreamHandlers(input: ByteSource, handlers: StreamHandlers): () => void {
  const onData = (chunk: Buffer | string) => handlers.data(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  input.on('data', onData);
  input.on('end', handlers.end);
  input.on('close', handlers.close);
  input.on('error', handlers.error);
  return () => {
    input.off('data', onData);
    input.off('end', handlers.end);
    input.off('close', handlers.close);
    input.off('error', handlers.error);
  };
}
