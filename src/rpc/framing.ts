// Which framing the client speaks: the option values, detection from the first non-whitespace byte, and the
// reader/writer pair that defers to the framed ones once input shows the framing. Parses no JSON itself.
import { EventEmitter } from 'node:events';
import { attachStreamHandlers, type ByteSource } from './stream-listeners.js';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  Disposable,
  type DataCallback,
  type Message,
  type MessageReader,
  type MessageWriter,
} from 'vscode-jsonrpc/node';

export const FRAMINGS = ['auto', 'ndjson', 'content-length'] as const;
export type Framing = (typeof FRAMINGS)[number];
export type ConcreteFraming = Exclude<Framing, 'auto'>;

export function isFraming(value: string): value is Framing {
  return (FRAMINGS as readonly string[]).includes(value);
}

/**
 * `{` or `[` → NDJSON; `C`/`c` (a Content-Length header) → content-length; whitespace → undefined (look further).
 * Any other byte → NDJSON, whose reader answers the bad line with -32700 and keeps serving.
 */
export function detectFraming(byte: number): ConcreteFraming | undefined {
  switch (byte) {
    case 0x20: // space
    case 0x09: // tab
    case 0x0a: // \n
    case 0x0d: // \r
      return undefined;
    case 0x43: // C
    case 0x63: // c
      return 'content-length';
    default:
      return 'ndjson';
  }
}

export type FramedReaderFactory = (framing: ConcreteFraming, input: ByteSource) => MessageReader;

/**
 * The framed reader's input once the framing is known: each chunk of the real input is handed on in the same call
 * (a PassThrough added a transform, a push and a second 'data' event per chunk), and its end as 'end' then 'close'.
 * No buffering: the framed reader is listening before the first chunk is relayed.
 */
class ByteRelay extends EventEmitter implements ByteSource {
  #ended = false;

  write(bytes: Buffer): void {
    if (!this.#ended) this.emit('data', bytes);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.emit('end');
    this.emit('close');
  }
}

/**
 * Reads input until its first non-whitespace byte, picks the framing, then relays everything from that byte on
 * (the peeked chunk first) to the reader `select` builds. Leading whitespace is dropped.
 */
export class DetectingMessageReader extends AbstractMessageReader {
  private readonly input: NodeJS.ReadableStream;
  private readonly select: FramedReaderFactory;
  private relay: ByteRelay | undefined;
  private framed: MessageReader | undefined;
  private closed = false;
  private detach: () => void = () => {};

  constructor(input: NodeJS.ReadableStream, select: FramedReaderFactory) {
    super();
    this.input = input;
    this.select = select;
  }

  listen(callback: DataCallback): Disposable {
    this.detach = attachStreamHandlers(this.input, {
      data: (bytes) => {
        if (this.relay !== undefined) {
          this.relay.write(bytes);
          return;
        }
        for (let i = 0; i < bytes.length; i++) {
          const framing = detectFraming(bytes[i]!);
          if (framing === undefined) continue;
          this.start(framing, callback).write(bytes.subarray(i));
          return;
        }
      },
      end: () => this.endInput(),
      close: () => this.endInput(),
      error: (error) => this.fireError(error),
    });
    return Disposable.create(() => this.detach());
  }

  override dispose(): void {
    this.detach();
    this.framed?.dispose();
    super.dispose();
  }

  private start(framing: ConcreteFraming, callback: DataCallback): ByteRelay {
    const relay = new ByteRelay();
    const framed = this.select(framing, relay);
    framed.onError((error) => this.fireError(error));
    framed.onClose(() => this.closeOnce());
    framed.onPartialMessage((info) => this.firePartialMessage(info));
    framed.listen(callback);
    this.relay = relay;
    this.framed = framed;
    return relay;
  }

  private endInput(): void {
    if (this.relay === undefined) this.closeOnce();
    else this.relay.end();
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }
}

type Pending = { readonly message: Message; readonly resolve: () => void; readonly reject: (error: unknown) => void };

/** Holds messages (e.g. early notifications) until the framing is known, then forwards everything to the framed writer. */
export class DeferredMessageWriter extends AbstractMessageWriter {
  private target: MessageWriter | undefined;
  private pending: Pending[] = [];
  private ended = false;

  attach(target: MessageWriter): void {
    this.target = target;
    target.onError((event) => this.fireError(...event));
    target.onClose(() => this.fireClose());
    const pending = this.pending;
    this.pending = [];
    for (const { message, resolve, reject } of pending) target.write(message).then(resolve, reject);
    if (this.ended) target.end();
  }

  write(message: Message): Promise<void> {
    if (this.target !== undefined) return this.target.write(message);
    return new Promise((resolve, reject) => this.pending.push({ message, resolve, reject }));
  }

  end(): void {
    if (this.target !== undefined) this.target.end();
    else this.ended = true;
  }

  override dispose(): void {
    const pending = this.pending;
    this.pending = [];
    for (const { reject } of pending) reject(new Error('writer disposed before the framing was known'));
    this.target?.dispose();
    super.dispose();
  }
}
