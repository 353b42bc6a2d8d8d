// The two wire framings hookd detects: Content-Length (vscode-jsonrpc's own reader and writer) and newline-
// delimited JSON (the small reader and writer below). Bytes ↔ messages only; no protocol vocabulary here.
// Public types come from vscode-jsonrpc's environment-neutral entry (no Node types in this client's .d.ts).
import type { Readable, Writable } from 'node:stream';
import { AbstractMessageReader, AbstractMessageWriter, Disposable, type DataCallback, type Message, type MessageReader, type MessageWriter } from 'vscode-jsonrpc';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { HookdReadable, HookdWritable } from './process-types.js';

export const FRAMINGS = ['content-length', 'ndjson'] as const;
export type Framing = (typeof FRAMINGS)[number];

export type HookdTransport = { readonly reader: MessageReader; readonly writer: MessageWriter };

/** The framing every hookd client uses unless told otherwise (the Python and Rust clients speak NDJSON too). */
export const DEFAULT_FRAMING: Framing = 'ndjson';

/** Reader and writer over hookd's stdout and stdin (Node streams). hookd answers in the framing of the first message it reads. */
export function createTransport(input: HookdReadable, output: HookdWritable, framing: Framing = DEFAULT_FRAMING): HookdTransport {
  if (framing === 'ndjson') return { reader: new NdjsonMessageReader(input), writer: new NdjsonMessageWriter(output) };
  return { reader: new StreamMessageReader(input as Readable, 'utf-8'), writer: new StreamMessageWriter(output as Writable, 'utf-8') };
}

const LF = 0x0a;

/** One JSON message per `\n`-terminated line; blank lines skipped, `\r\n` accepted; a bad line is an error event. */
export class NdjsonMessageReader extends AbstractMessageReader {
  #pending: Buffer[] = [];
  #closed = false;
  #detach: (() => void) | undefined;

  constructor(private readonly input: HookdReadable) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer | string) => this.#onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk, callback);
    const onEnd = () => this.#close();
    const onError = (error: Error) => this.fireError(error);
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    this.input.on('error', onError);
    this.#detach = () => {
      this.input.off('data', onData);
      this.input.off('end', onEnd);
      this.input.off('close', onEnd);
      this.input.off('error', onError);
    };
    return Disposable.create(() => this.#detach?.());
  }

  override dispose(): void {
    this.#detach?.();
    super.dispose();
  }

  #onData(chunk: Buffer, callback: DataCallback): void {
    let start = 0;
    for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
      this.#pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.#pending).toString('utf8').trim();
      this.#pending = [];
      start = newline + 1;
      if (line === '') continue;
      let message: Message;
      try {
        message = JSON.parse(line) as Message;
      } catch (error) {
        this.fireError(new Error(`hookd wrote a line that is not JSON: ${line.slice(0, 200)}`, { cause: error }));
        continue;
      }
      callback(message);
    }
    if (start < chunk.length) this.#pending.push(chunk.subarray(start));
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.fireClose();
  }
}

/** Writes each message as one line of JSON; resolves once the stream took it. */
export class NdjsonMessageWriter extends AbstractMessageWriter implements MessageWriter {
  #errors = 0;

  constructor(private readonly output: HookdWritable) {
    super();
    output.on('error', (error: Error) => this.fireError(error));
    output.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    return new Promise((resolve, reject) => {
      const onWritten = (error: Error | null | undefined) => {
        if (error) {
          this.#errors += 1;
          this.fireError(error, message, this.#errors);
          reject(error);
        } else resolve();
      };
      if (this.output.destroyed || this.output.writableEnded) {
        onWritten(new Error('hookd input is closed'));
        return;
      }
      this.output.write(`${JSON.stringify(message)}\n`, 'utf8', onWritten);
    });
  }

  end(): void {
    this.output.end();
  }
}
