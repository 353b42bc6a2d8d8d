// Newline-delimited JSON framing (ACP, MCP, Zed): one message per line. Owns line splitting, the size cap and
// parse errors (reported as RpcErrors for the gate to answer); it never validates message shape.
import { AbstractMessageReader, AbstractMessageWriter, Disposable, type DataCallback, type Message } from 'vscode-jsonrpc/node';
import { attachStreamHandlers, type ByteSource } from './stream-listeners.js';
import { messageTooLargeError, parseError, RpcError } from './errors.js';
import type { IdTokens } from './id-tokens.js';
import { parseMessageText } from './raw-ids.js';
import { serializeMessage } from './serialize.js';
import { TurnWriteBatcher, type Corkable } from '../write-batching.js';

const LF = 0x0a;
const CR = 0x0d;

function isBlank(line: Buffer): boolean {
  for (const byte of line) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== CR) return false;
  }
  return true;
}

export type NdjsonReaderOptions = { readonly maxMessageBytes: number };

/**
 * Splits input on `\n`, strips a trailing `\r`, skips blank lines and parses each line. A line that is not JSON
 * fires a -32700 RpcError; a line over `maxMessageBytes` is counted and dropped as it streams (never buffered
 * whole) and fires a -32600 RpcError. Reading always continues. A last line without `\n` is read at end of input.
 */
export class NdjsonMessageReader extends AbstractMessageReader {
  private readonly input: ByteSource;
  private readonly maxMessageBytes: number;
  private callback: DataCallback | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of the over-long line being dropped, or -1 when not dropping. */
  private droppedBytes = -1;
  private closed = false;
  private detach: () => void = () => {};

  constructor(input: ByteSource, options: NdjsonReaderOptions) {
    super();
    this.input = input;
    this.maxMessageBytes = options.maxMessageBytes;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    this.detach = attachStreamHandlers(this.input, {
      data: (chunk) => this.onData(chunk),
      end: () => {
        this.flush();
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

  private onData(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      const end = newline === -1 ? chunk.length : newline;
      this.append(chunk.subarray(start, end));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.droppedBytes >= 0) {
      this.droppedBytes += piece.length;
      return;
    }
    // One byte of slack for a `\r` that is stripped at the end of the line.
    if (this.pendingBytes + piece.length > this.maxMessageBytes + 1) {
      this.droppedBytes = this.pendingBytes + piece.length;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  private endLine(): void {
    if (this.droppedBytes >= 0) {
      const bytes = this.droppedBytes;
      this.droppedBytes = -1;
      this.fireError(messageTooLargeError(bytes, this.maxMessageBytes));
      return;
    }
    let line = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (isBlank(line)) return;
    if (line.length > this.maxMessageBytes) {
      this.fireError(messageTooLargeError(line.length, this.maxMessageBytes));
      return;
    }
    let value: unknown;
    try {
      value = parseMessageText(line.toString('utf8'));
    } catch (error) {
      this.fireError(error instanceof RpcError ? error : parseError(error));
      return;
    }
    try {
      this.callback?.(value as Message);
    } catch (error) {
      this.fireError(error);
    }
  }

  private flush(): void {
    if (this.pendingBytes > 0 || this.droppedBytes >= 0) this.endLine();
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }
}

/** Writes the serialized message (serialize.ts) + `"\n"` in ONE write, so concurrent messages never interleave. */
export class NdjsonMessageWriter extends AbstractMessageWriter {
  private readonly output: NodeJS.WritableStream;
  private readonly batcher: TurnWriteBatcher;
  private readonly tokens: IdTokens | undefined;
  private errorCount = 0;
  private readonly detach: () => void;

  /** `tokens`: the connection's id tokens, written back as the raw ids they stand for. */
  constructor(output: NodeJS.WritableStream, tokens?: IdTokens) {
    super();
    this.output = output;
    // Replies that complete in one turn (a burst of hook runs ending together) leave in one writev.
    this.batcher = new TurnWriteBatcher(output as Corkable);
    this.tokens = tokens;
    // The 'error' listener stays even after dispose: without one, an EPIPE (the client died) would crash the process.
    output.on('error', (error: Error) => this.fireError(error, undefined, ++this.errorCount));
    const onClose = () => this.fireClose();
    output.on('close', onClose);
    this.detach = () => output.off('close', onClose);
  }

  write(message: Message): Promise<void> {
    let line: string;
    try {
      line = `${serializeMessage(message, this.tokens)}\n`;
    } catch (error) {
      this.fireError(error, message, ++this.errorCount);
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.batcher.beforeWrite();
      this.output.write(line, 'utf8', (error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  end(): void {
    this.output.end();
  }

  override dispose(): void {
    this.detach();
    super.dispose();
  }
}
