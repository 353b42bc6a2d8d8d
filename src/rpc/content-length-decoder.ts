// Splits a byte stream into Content-Length framed bodies, ours because vscode-jsonrpc's StreamMessageReader wedges
// on a bad header and buffers any declared length whole. Owns framing errors and resynchronisation; parses no JSON.
import { messageTooLargeError, parseError, type RpcError } from './errors.js';
import { parseHeaderLine, readHeaderSection, shown, type HeaderField } from './content-length-header.js';

export const DEFAULT_MAX_HEADER_BYTES = 8 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const EMPTY = Buffer.alloc(0);
/** Where to look for the next message after a framing error: any `Content-Length:`, in any case. */
const ANY_HEADER = /content-length:/i;
/**
 * A whole Content-Length header line. It can never occur inside a valid JSON body (a raw line end cannot be in a
 * string, and these letters cannot be outside one), so finding it in a body proves the declared length was a lie.
 */
const HEADER_LINE = /content-length:[ \t]*[0-9]+[ \t]*\r?\n/i;
/** Bytes of a body kept from one chunk to the next so HEADER_LINE is found across chunk boundaries. */
const SCAN_OVERLAP = 256;
const HEADER_PREFIX_BYTES = 'content-length:'.length;

export type ContentLengthDecoderOptions = { readonly maxMessageBytes: number; readonly maxHeaderBytes?: number };

export type ContentLengthDecoderEvents = {
  /** A whole body. Returns false when it is not a message (not JSON): the decoder then resynchronises inside it. */
  readonly body: (bytes: Buffer) => boolean;
  readonly error: (error: RpcError) => void;
};

type BodyState = {
  readonly kind: 'body';
  readonly length: number;
  received: number;
  /** The body so far; undefined while discarding (over the size cap, or a charset hookd cannot read). */
  readonly chunks: Buffer[] | undefined;
  tail: Buffer;
};
type State = { readonly kind: 'header' } | { readonly kind: 'hunt' } | BodyState;

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === LF || byte === CR;
}

function lastBytes(buffer: Buffer, count: number): Buffer {
  return Buffer.from(buffer.subarray(Math.max(0, buffer.length - count)));
}

/**
 * Header lines end with CRLF or a bare LF; blank bytes between messages are skipped; a header section over
 * `maxHeaderBytes` is an error. On a bad header it answers one -32700 and skips to the next `Content-Length:` (its
 * body, when the bad section was whole, is skipped with it). A body
 * in which a whole Content-Length header line appears is cut short there (-32700) and reading restarts at that line; a
 * body that is not JSON restarts at a `Content-Length:` inside it, if any. A declared length over `maxMessageBytes` is
 * answered -32600 at once and its bytes are dropped as they stream (still watched for a header line). At end of input
 * an unfinished header or body is answered -32700.
 */
export class ContentLengthDecoder {
  private readonly maxMessageBytes: number;
  private readonly maxHeaderBytes: number;
  private readonly events: ContentLengthDecoderEvents;
  private state: State = { kind: 'header' };
  /** Header state: the section so far. Hunt state: the last bytes seen, for a header split across chunks. */
  private pending: Buffer = EMPTY;
  private sectionStarted = false;
  private lineStart = 0;
  private fields: HeaderField[] = [];

  constructor(options: ContentLengthDecoderOptions, events: ContentLengthDecoderEvents) {
    this.maxMessageBytes = options.maxMessageBytes;
    this.maxHeaderBytes = options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES;
    this.events = events;
  }

  /** Bytes held right now (header so far, body so far, scan overlap): bounded by the caps, whatever is declared. */
  get bufferedBytes(): number {
    const state = this.state;
    if (state.kind !== 'body') return this.pending.length;
    return state.tail.length + (state.chunks === undefined ? 0 : state.received);
  }

  push(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0) {
      const state = this.state;
      if (state.kind === 'header') data = this.readHeader(data);
      else if (state.kind === 'hunt') data = this.hunt(data);
      else data = this.readBody(state, data);
    }
  }

  end(): void {
    const state = this.state;
    if (state.kind === 'header' && this.sectionStarted) this.fail('input ended inside a Content-Length header');
    if (state.kind === 'body' && state.chunks !== undefined) {
      this.fail(`input ended after ${state.received} of the ${state.length} bytes its Content-Length declared`);
    }
    this.toHeader();
  }

  private fail(reason: string): void {
    this.events.error(parseError(reason));
  }

  private toHeader(): void {
    this.state = { kind: 'header' };
    this.pending = EMPTY;
    this.sectionStarted = false;
    this.lineStart = 0;
    this.fields = [];
  }

  /**
   * A bad header: answered once, then the next `Content-Length:` is looked for in `from` (the bytes after a whole
   * section that failed, or from the second byte of one that broke off: a header may start inside a bad line).
   */
  private headerError(from: Buffer, reason: string): Buffer {
    this.fail(`bad Content-Length header: ${reason}`);
    this.toHeader();
    this.state = { kind: 'hunt' };
    return from;
  }

  private readHeader(data: Buffer): Buffer {
    let buffer = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    if (!this.sectionStarted) {
      let start = 0;
      while (start < buffer.length && isBlank(buffer[start]!)) start++;
      buffer = buffer.subarray(start);
      if (buffer.length === 0) return EMPTY;
      this.sectionStarted = true;
    }
    for (;;) {
      const newline = buffer.indexOf(LF, this.lineStart);
      if (newline === -1 || newline >= this.maxHeaderBytes) {
        if (buffer.length > this.maxHeaderBytes) return this.headerError(buffer.subarray(1), `the header section is longer than ${this.maxHeaderBytes} bytes`);
        this.pending = Buffer.from(buffer);
        return EMPTY;
      }
      const end = newline > this.lineStart && buffer[newline - 1] === CR ? newline - 1 : newline;
      const line = buffer.toString('latin1', this.lineStart, end);
      this.lineStart = newline + 1;
      if (line.length > 0) {
        const field = parseHeaderLine(line);
        if (field === undefined) return this.headerError(buffer.subarray(1), `${shown(line)} is not a "Name: value" header line`);
        this.fields.push(field);
        continue;
      }
      const verdict = readHeaderSection(this.fields);
      const rest = buffer.subarray(this.lineStart);
      if (verdict.kind === 'error') return this.headerError(rest, verdict.reason);
      this.toHeader();
      let keep = true;
      if (verdict.length > this.maxMessageBytes) {
        this.events.error(messageTooLargeError(verdict.length, this.maxMessageBytes));
        keep = false;
      } else if (verdict.unreadable !== undefined) {
        this.fail(verdict.unreadable);
        keep = false;
      }
      if (verdict.length === 0) {
        if (keep) this.events.body(EMPTY);
        return rest;
      }
      this.state = { kind: 'body', length: verdict.length, received: 0, chunks: keep ? [] : undefined, tail: EMPTY };
      return rest;
    }
  }

  private hunt(data: Buffer): Buffer {
    const buffer = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    const at = buffer.toString('latin1').search(ANY_HEADER);
    if (at === -1) {
      this.pending = lastBytes(buffer, HEADER_PREFIX_BYTES - 1);
      return EMPTY;
    }
    this.toHeader();
    return buffer.subarray(at);
  }

  private readBody(state: BodyState, data: Buffer): Buffer {
    const take = Math.min(data.length, state.length - state.received);
    const piece = data.subarray(0, take);
    const window = state.tail.length === 0 ? piece : Buffer.concat([state.tail, piece]);
    const at = window.toString('latin1').search(HEADER_LINE);
    if (at !== -1) {
      const offset = state.received - state.tail.length + at;
      if (state.chunks !== undefined) this.fail(`a Content-Length header at byte ${offset} cuts short the body of ${state.length} bytes declared`);
      this.toHeader();
      return Buffer.concat([window.subarray(at), data.subarray(take)]);
    }
    state.received += take;
    state.chunks?.push(piece);
    state.tail = lastBytes(window, SCAN_OVERLAP);
    const rest = data.subarray(take);
    if (state.received < state.length) return rest;
    this.toHeader();
    if (state.chunks === undefined) return rest;
    const body = state.chunks.length === 1 ? state.chunks[0]! : Buffer.concat(state.chunks, state.length);
    if (this.events.body(body)) return rest;
    const header = body.subarray(1).toString('latin1').search(ANY_HEADER);
    return header === -1 ? rest : Buffer.concat([body.subarray(header + 1), rest]);
  }
}
