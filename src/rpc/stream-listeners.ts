// Attaches a reader's data/end/close/error listeners to an input stream and returns the detach function.
// Owns listener bookkeeping only; what the events mean is the reader's business.

export type StreamHandlers = {
  readonly data: (chunk: Buffer) => void;
  readonly end: () => void;
  readonly close: () => void;
  readonly error: (error: Error) => void;
};

export function attachStreamHandlers(input: NodeJS.ReadableStream, handlers: StreamHandlers): () => void {
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
