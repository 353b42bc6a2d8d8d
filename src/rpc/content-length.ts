// Content-Length framing (LSP, vscode-jsonrpc). The reader is ours (content-length-decoder.ts): the library's
// StreamMessageReader wedged the connection on a bad header and buffered any declared length whole. The writer stays
// the library's StreamMessageWriter with our serializer. Owns turning bodies into messages; never validates shape.
import {
  AbstractMessageReader,
  Disposable,
  StreamMessageWriter,
  type ContentTypeEncoder,
  type DataCallback,
  type Message,
  type MessageWriter,
} from 'vscode-jsonrpc/node';
import { ContentLengthDecoder } from './content-length-decoder.js';
import { parseError, RpcError } from './errors.js';
import type { IdTokens } from './id-tokens.js';
import { parseMessageText } from './raw-ids.js';
import { serializeMessage } from './serialize.js';
import { attachStreamHandlers, type ByteSource } from './stream-listeners.js';

export type ContentLengthReaderOptions = { readonly maxMessageBytes: number; readonly maxHeaderBytes?: number };

/**
 * Reads Content-Length framed messages with ContentLengthDecoder (framing errors become -32700 / -32600 RpcErrors
 * for the gate, and reading goes on) and parses each body as UTF-8 JSON (not JSON → a -32700 RpcError). Errors of the
 * input stream itself pass through unchanged. End of input closes the reader, with or without a 'close' event.
 */
export class ContentLengthMessageReader extends AbstractMessageReader {
  private readonly input: ByteSource;
  private readonly decoder: ContentLengthDecoder;
  private callback: DataCallback | undefined;
  private closed = false;
  private detach: () => void = () => {};

  constructor(input: ByteSource, options: ContentLengthReaderOptions) {
    super();
    this.input = input;
    this.decoder = new ContentLengthDecoder(options, {
      body: (bytes) => this.deliver(bytes),
      error: (error) => this.fireError(error),
    });
  }

  /** Bytes the decoder holds right now (for tests: a huge declared length is never buffered). */
  get bufferedBytes(): number {
    return this.decoder.bufferedBytes;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    this.detach = attachStreamHandlers(this.input, {
      data: (chunk) => this.decoder.push(chunk),
      end: () => {
        this.decoder.end();
        this.closeOnce();
      },
      close: () => this.closeOnce(),
      error: (error) => this.fireError(error),
    });
    return Disposable.create(() => this.detach());
  }

  override dispose(): void {
    this.detach();
    super.dispose();
  }

  /** false when the body is not JSON, so the decoder resynchronises inside it. */
  private deliver(bytes: Buffer): boolean {
    let value: unknown;
    try {
      value = parseMessageText(bytes.toString('utf8'));
    } catch (error) {
      this.fireError(error instanceof RpcError ? error : parseError(error));
      return error instanceof RpcError;
    }
    try {
      this.callback?.(value as Message);
    } catch (error) {
      this.fireError(error);
    }
    return true;
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }
}

export function createContentLengthWriter(output: NodeJS.WritableStream, tokens: IdTokens): MessageWriter {
  const encoder: ContentTypeEncoder = {
    name: 'application/json',
    encode: (message: Message) => Promise.resolve(Buffer.from(serializeMessage(message, tokens), 'utf8')),
  };
  return new StreamMessageWriter(output, { charset: 'utf-8', contentTypeEncoder: encoder });
}
