import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { ContentLengthMessageReader } from '../../../src/rpc/content-length.js';
import type { RpcError } from '../../../src/rpc/errors.js';
import { waitFor } from './wire-client.js';

const PARSE = ErrorCodes.ParseError;
const TOO_LARGE = ErrorCodes.InvalidRequest;
const body = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const framed = (id: string) => `Content-Length: ${Buffer.byteLength(body(id))}\r\n\r\n${body(id)}`;
const LIE = body('lie');
const LIE_BYTES = Buffer.byteLength(LIE);

function reader(options: { maxMessageBytes?: number; maxHeaderBytes?: number } = {}) {
  const input = new PassThrough();
  const read = new ContentLengthMessageReader(input, { maxMessageBytes: options.maxMessageBytes ?? 1_000, ...options });
  const ids: unknown[] = [];
  const errors: RpcError[] = [];
  read.onError((error) => errors.push(error as RpcError));
  read.listen((message) => ids.push((message as { id?: unknown }).id));
  return { input, read, ids, errors };
}

/** Every lie a client's framing can tell, then a good ping ("after") that must be read. */
const LIES: Array<{ name: string; bytes: string; errors: number[]; read?: string[] }> = [
  { name: 'a header line without a colon', bytes: `Content-Length ${LIE_BYTES}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a space before the colon', bytes: `Content-Length : ${LIE_BYTES}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a negative length', bytes: `Content-Length: -${LIE_BYTES}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a fractional length', bytes: `Content-Length: ${LIE_BYTES}.5\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a hex length', bytes: `Content-Length: 0x${LIE_BYTES.toString(16)}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a signed length', bytes: `Content-Length: +${LIE_BYTES}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'an empty length', bytes: `Content-Length: \r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length with a control byte', bytes: `Content-Length: 4\u00002\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'no Content-Length at all', bytes: `Content-Type: application/json\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'conflicting Content-Length headers', bytes: `Content-Length: ${LIE_BYTES}\r\nContent-Length: ${LIE_BYTES + 1}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length shorter than the body', bytes: `Content-Length: 10\r\n\r\n${LIE}`, errors: [PARSE, PARSE] },
  { name: 'a length longer than the body', bytes: `Content-Length: ${LIE_BYTES + 500}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length ending inside the next header line', bytes: `Content-Length: ${LIE_BYTES + 17}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length of 2^40 (over the cap)', bytes: `Content-Length: ${2 ** 40}\r\n\r\n${LIE}`, errors: [TOO_LARGE] },
  { name: 'a length of zero', bytes: 'Content-Length: 0\r\n\r\n', errors: [PARSE] },
  { name: 'a body that is not JSON', bytes: 'Content-Length: 5\r\n\r\n{nope', errors: [PARSE] },
  { name: 'a charset hookd cannot read', bytes: `Content-Length: ${LIE_BYTES}\r\nContent-Type: application/json; charset=latin1\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a header section over the cap', bytes: `X-Pad: ${'a'.repeat(10_000)}\r\n\r\n`, errors: [PARSE] },
  { name: 'bytes that are no header at all', bytes: 'hello there\r\n', errors: [PARSE] },
  { name: 'an NDJSON line', bytes: `${LIE}\n`, errors: [PARSE] },
  { name: 'a long run of bytes without a line end', bytes: 'x'.repeat(100_000), errors: [PARSE] },
  // Accepted as they are (no error; the message itself is read):
  { name: 'LF-only line ends', bytes: `Content-Length: ${LIE_BYTES}\n\n${LIE}`, errors: [], read: ['lie'] },
  { name: 'mixed line ends', bytes: `Content-Length: ${LIE_BYTES}\n\r\n${LIE}`, errors: [], read: ['lie'] },
  { name: 'identical repeated Content-Length headers', bytes: `Content-Length: ${LIE_BYTES}\r\ncontent-length: ${LIE_BYTES}\r\n\r\n${LIE}`, errors: [], read: ['lie'] },
  { name: 'any case, blanks around the value, leading zeros', bytes: `CONTENT-length:  \t00${LIE_BYTES} \r\n\r\n${LIE}`, errors: [], read: ['lie'] },
  { name: 'a UTF-8 charset, quoted, and other headers', bytes: `X-Trace: 1\r\nContent-Type: application/vscode-jsonrpc; charset="UTF-8"\r\nContent-Length: ${LIE_BYTES}\r\n\r\n${LIE}`, errors: [], read: ['lie'] },
  { name: 'blank lines before the header', bytes: `\r\n\r\n \n${framed('lie')}\r\n`, errors: [], read: ['lie'] },
];

describe('ContentLengthMessageReader: every lie is answered, then the next message is read', () => {
  it.each(LIES)('$name (one write)', async ({ bytes, errors, read = [] }) => {
    const { input, ids, errors: seen } = reader();
    input.write(bytes + framed('after'));
    await waitFor(() => ids.includes('after'));
    expect(ids).toEqual([...read, 'after']);
    expect(seen.map((error) => error.code)).toEqual(errors);
  });

  it.each(LIES.filter(({ bytes }) => bytes.length < 1_000))('$name (one byte per write)', async ({ bytes, errors, read = [] }) => {
    const { input, ids, errors: seen } = reader();
    for (const byte of Buffer.from(bytes + framed('after'))) input.write(Buffer.of(byte));
    await waitFor(() => ids.includes('after'));
    expect(ids).toEqual([...read, 'after']);
    expect(seen.map((error) => error.code)).toEqual(errors);
  });

  it('errors name what was wrong', async () => {
    const { input, ids, errors } = reader();
    input.write(`Content-Length: -5\r\n\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nContent-Length: ${2 ** 40}\r\n\r\n${framed('after')}`);
    await waitFor(() => ids.includes('after'));
    expect(errors.map((error) => error.message)).toEqual([
      'parse error: bad Content-Length header: Content-Length "-5" is not a decimal byte count',
      'parse error: bad Content-Length header: conflicting Content-Length headers (4 and 5)',
      `message of ${2 ** 40} bytes exceeds the limit of 1000 bytes`,
    ]);
  });

  it('a body cut short by a header line says where', async () => {
    const { input, ids, errors } = reader();
    input.write(`Content-Length: 900\r\n\r\n${LIE}${framed('after')}`);
    await waitFor(() => ids.includes('after'));
    expect(errors.map((error) => error.message)).toEqual([
      `parse error: a Content-Length header at byte ${LIE_BYTES} cuts short the body of 900 bytes declared`,
    ]);
  });

  it('a body that is not JSON restarts at a Content-Length header inside it', async () => {
    const { input, ids, errors } = reader();
    // The declared length ends just after the next header's name: only the failed parse reveals the header.
    const cut = `${LIE}Content-Length: ${Buffer.byteLength(body('after'))}`.length - 1;
    input.write(`Content-Length: ${cut}\r\n\r\n${LIE}${framed('after')}`);
    await waitFor(() => ids.includes('after'));
    expect(errors.map((error) => error.code)).toEqual([PARSE]);
  });
});

describe('ContentLengthMessageReader: end of input', () => {
  it.each([
    ['inside a header', 'Content-Length: 4', 'parse error: input ended inside a Content-Length header'],
    ['inside a body', `Content-Length: 40\r\n\r\n{"jsonrpc"`, 'parse error: input ended after 10 of the 40 bytes its Content-Length declared'],
  ])('a partial message %s is answered -32700', async (_where, bytes, message) => {
    const { input, read, errors } = reader();
    let closed = false;
    read.onClose(() => (closed = true));
    input.end(bytes);
    await waitFor(() => closed);
    expect(errors.map((error) => [error.code, error.message])).toEqual([[PARSE, message]]);
  });

  it('blank bytes after the last message are not a partial message', async () => {
    const { input, read, ids, errors } = reader();
    let closed = false;
    read.onClose(() => (closed = true));
    input.end(`${framed('last')}\r\n`);
    await waitFor(() => closed);
    expect(ids).toEqual(['last']);
    expect(errors).toEqual([]);
  });
});

describe('ContentLengthMessageReader: nothing is buffered beyond the caps', () => {
  it('a declared length of 2^40 followed by 96 MiB is dropped as it streams (never buffered)', async () => {
    const { input, read, ids, errors } = reader({ maxMessageBytes: 64 * 1024 * 1024 });
    input.write(`Content-Length: ${2 ** 40}\r\n\r\n`);
    const mebibyte = Buffer.alloc(1024 * 1024, 'x');
    let most = 0;
    for (let i = 0; i < 96; i++) {
      input.write(mebibyte);
      await new Promise((resolve) => setImmediate(resolve));
      most = Math.max(most, read.bufferedBytes);
    }
    expect(errors.map((error) => error.code)).toEqual([TOO_LARGE]);
    expect(most).toBeLessThanOrEqual(512);
    input.write(framed('after'));
    await waitFor(() => ids.includes('after'));
  });

  it('junk after a bad header is scanned with a bounded carry, and a header section is capped', async () => {
    const { input, read, ids } = reader({ maxHeaderBytes: 1_024 });
    input.write('Content-Length: nope\r\n\r\n');
    let most = 0;
    for (let i = 0; i < 64; i++) {
      input.write(Buffer.alloc(64 * 1024, 'y'));
      await new Promise((resolve) => setImmediate(resolve));
      most = Math.max(most, read.bufferedBytes);
    }
    expect(most).toBeLessThan(32);
    input.write(framed('after'));
    await waitFor(() => ids.includes('after'));
    input.write('X-Long: ');
    for (let i = 0; i < 16; i++) {
      input.write(Buffer.alloc(1_000, 'z'));
      await new Promise((resolve) => setImmediate(resolve));
      most = Math.max(most, read.bufferedBytes);
    }
    expect(most).toBeLessThanOrEqual(1_024 + 1_000);
  });
});
