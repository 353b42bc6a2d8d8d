// Content-Length framing (LSP, vscode-jsonrpc) built on the library's StreamMessageReader/Writer; header parsing
// stays theirs. Owns turning a bad body or header into a -32700 RpcError for the gate; never validates shape.
import {
  AbstractMessageReader,
  StreamMessageReader,
  StreamMessageWriter,
  type DataCallback,
  type Disposable,
  type ContentTypeDecoder,
  type ContentTypeEncoder,
  type Message,
  type MessageWriter,
} from 'vscode-jsonrpc/node';
import { messageTooLargeError, parseError, RpcError } from './errors.js';
import { serializeMessage } from './serialize.js';

const jsonEncoder: ContentTypeEncoder = {
  name: 'application/json',
  encode: (message: Message) => Promise.resolve(Buffer.from(serializeMessage(message), 'utf8')),
};

function jsonDecoder(maxMessageBytes: number): ContentTypeDecoder {
  return {
    name: 'application/json',
    decode: (body: Uint8Array) => {
      if (body.byteLength > maxMessageBytes) return Promise.reject(messageTooLargeError(body.byteLength, maxMessageBytes));
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      try {
        return Promise.resolve(JSON.parse(bytes.toString('utf8')) as Message);
      } catch (error) {
        return Promise.reject(parseError(error));
      }
    },
  };
}

export type ContentLengthReaderOptions = { readonly maxMessageBytes: number };

/**
 * The stock StreamMessageReader with a JSON decoder that reports an unparsable body as a -32700 RpcError and an
 * oversized one as -32600. Header errors (no or bad Content-Length) become -32700 too; errors of the input
 * stream itself pass through unchanged. Close fires after every message read before the end was delivered.
 * Note: the stock reader buffers a body whole before the size check.
 */
export class ContentLengthMessageReader extends AbstractMessageReader {
  private readonly inner: StreamMessageReader;
  private readonly streamErrors = new WeakSet<object>();
  private listening: Disposable | undefined;
  private closing = false;
  private closed = false;

  constructor(input: NodeJS.ReadableStream, options: ContentLengthReaderOptions) {
    super();
    // Registered before the inner reader's own listener, so a stream error is known as such when it arrives there.
    input.on('error', (error: Error) => this.streamErrors.add(error));
    this.inner = new StreamMessageReader(input, { charset: 'utf-8', contentTypeDecoder: jsonDecoder(options.maxMessageBytes) });
    this.inner.onError((error) => this.fireError(this.classify(error)));
    // The stock reader closes on the stream's 'close' only; 'end' alone (autoDestroy off) must close too.
    input.on('end', () => this.closeAfterDeliveries());
    this.inner.onClose(() => this.closeAfterDeliveries());
    this.inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    this.listening = this.inner.listen(callback);
    return this.listening;
  }

  override dispose(): void {
    this.listening?.dispose();
    this.inner.dispose();
    super.dispose();
  }

  /**
   * Close only after every body read before the end was delivered: the stock reader hands bodies over from its
   * read semaphore (FIFO, one per macrotask), so the end of input arrives before them. A no-op lock queued on that
   * semaphore now runs after all of them. (The semaphore is private in the pinned vscode-jsonrpc 10.0.0; a unit
   * test pins this ordering.)
   */
  private closeAfterDeliveries(): void {
    if (this.closing) return;
    this.closing = true;
    const semaphore = (this.inner as unknown as { readSemaphore?: { lock?: (thunk: () => void) => Promise<void> } }).readSemaphore;
    if (typeof semaphore?.lock !== 'function') {
      this.closeOnce();
      return;
    }
    semaphore.lock(() => undefined).then(
      () => this.closeOnce(),
      () => this.closeOnce(),
    );
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }

  private classify(error: Error): Error {
    if (error instanceof RpcError || this.streamErrors.has(error)) return error;
    return parseError(error);
  }
}

export function createContentLengthWriter(output: NodeJS.WritableStream): MessageWriter {
  return new StreamMessageWriter(output, { charset: 'utf-8', contentTypeEncoder: jsonEncoder });
}
