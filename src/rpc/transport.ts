// Assembles the message reader and writer for one pair of byte streams: framing (forced or detected), the
// message gate, and the error replies the gate sends through the same writer. Dispatches nothing itself.
import type { MessageReader, MessageWriter, ResponseMessage } from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { ContentLengthMessageReader, createContentLengthWriter } from './content-length.js';
import { DeferredMessageWriter, DetectingMessageReader, type ConcreteFraming, type Framing } from './framing.js';
import { IdTokens } from './id-tokens.js';
import { GatedMessageReader } from './message-gate.js';
import { NdjsonMessageReader, NdjsonMessageWriter } from './ndjson.js';
import type { ByteSource } from './stream-listeners.js';

export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export type TransportOptions = {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  readonly framing: Framing;
  readonly maxMessageBytes: number;
  readonly logger: Logger;
  /** Sees every error response the gate writes itself (rejected messages, framing errors), e.g. to await its flush. */
  readonly onGateResponse?: (written: Promise<void>) => void;
};

export type Transport = { readonly reader: MessageReader; readonly writer: MessageWriter };

export function createTransport(options: TransportOptions): Transport {
  if (options.framing !== 'auto') return createFramedTransport(options.framing, options.input, options);
  const writer = new DeferredMessageWriter();
  const reader = new DetectingMessageReader(options.input, (framing, input) => {
    options.logger.debug(`framing detected: ${framing}`);
    const framed = createFramedTransport(framing, input, options);
    writer.attach(framed.writer);
    return framed.reader;
  });
  return { reader, writer };
}

function createFramedTransport(framing: ConcreteFraming, input: ByteSource, options: TransportOptions): Transport {
  const { output, maxMessageBytes, logger } = options;
  // One table per connection: the gate swaps ids vscode-jsonrpc cannot carry for tokens, the writer swaps them back.
  const tokens = new IdTokens();
  const writer = framing === 'ndjson' ? new NdjsonMessageWriter(output, tokens) : createContentLengthWriter(output, tokens);
  const raw = framing === 'ndjson' ? new NdjsonMessageReader(input, { maxMessageBytes }) : new ContentLengthMessageReader(input, { maxMessageBytes });
  const respond = (response: ResponseMessage) => {
    const written = writer.write(response);
    options.onGateResponse?.(written);
    written.catch((error: unknown) => logger.debug(`could not send an error response: ${String(error)}`));
  };
  return { reader: new GatedMessageReader(raw, respond, logger, tokens), writer };
}
