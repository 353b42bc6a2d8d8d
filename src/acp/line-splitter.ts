// Splits one direction of an ACP connection (newline-delimited JSON) into its lines, as raw bytes, so that a line the
// proxy does not change is forwarded exactly as it came. It owns the size cap (an over-long line is counted and
// dropped as it streams, never buffered whole); it never parses JSON.

const LF = 0x0a;

export type LineSink = {
  /** One line without its `\n` (a trailing `\r` is kept: the line is forwarded as it came). */
  line(bytes: Buffer): void;
  /** A line longer than the cap was dropped; `bytes` is how long it was. */
  dropped(bytes: number): void;
};

export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #sink: LineSink;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Bytes of the over-long line being dropped, or -1 when not dropping. */
  #droppedBytes = -1;

  constructor(maxLineBytes: number, sink: LineSink) {
    this.#maxLineBytes = maxLineBytes;
    this.#sink = sink;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(LF, start);
      if (newline < 0) {
        this.#keep(chunk.subarray(start));
        return;
      }
      this.#keep(chunk.subarray(start, newline));
      this.#endLine();
      start = newline + 1;
    }
  }

  /** The input ended: a last line without `\n` still counts. */
  end(): void {
    if (this.#pendingBytes > 0 || this.#droppedBytes > 0) this.#endLine();
  }

  #keep(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#droppedBytes >= 0) {
      this.#droppedBytes += part.length;
      return;
    }
    if (this.#pendingBytes + part.length > this.#maxLineBytes) {
      this.#droppedBytes = this.#pendingBytes + part.length;
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    this.#pending.push(part);
    this.#pendingBytes += part.length;
  }

  #endLine(): void {
    if (this.#droppedBytes >= 0) {
      const dropped = this.#droppedBytes;
      this.#droppedBytes = -1;
      this.#sink.dropped(dropped);
      return;
    }
    const line = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    if (line !== undefined && line.length > 0) this.#sink.line(line);
  }
}
