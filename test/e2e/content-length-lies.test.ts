// Content-Length framing against the built sidecar: after each lie a client's framing can tell, hookd answers what
// it can (-32700 / -32600 with id null) and a following good `ping` is answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { waitUntil } from '../helpers/processes.js';

const PARSE = -32700;
const TOO_LARGE = -32600;
const body = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const framed = (id: string) => `Content-Length: ${Buffer.byteLength(body(id))}\r\n\r\n${body(id)}`;
const LIE = body('lie');
const N = Buffer.byteLength(LIE);

const LIES: Array<{ name: string; bytes: string; errors: number[]; answered?: boolean }> = [
  { name: 'a header line without a colon', bytes: `Content-Length ${N}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a negative length', bytes: `Content-Length: -${N}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a fractional length', bytes: `Content-Length: ${N}.5\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a hex length', bytes: `Content-Length: 0x${N.toString(16)}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a missing length', bytes: `Content-Type: application/json\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'conflicting Content-Length headers', bytes: `Content-Length: ${N}\r\nContent-Length: ${N + 1}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length too short', bytes: `Content-Length: 10\r\n\r\n${LIE}`, errors: [PARSE, PARSE] },
  { name: 'a length too long', bytes: `Content-Length: ${N + 500}\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a length of 2^40', bytes: `Content-Length: ${2 ** 40}\r\n\r\n${LIE}`, errors: [TOO_LARGE] },
  { name: 'a body that is not JSON', bytes: 'Content-Length: 6\r\n\r\n{nope}', errors: [PARSE] },
  { name: 'a charset other than UTF-8', bytes: `Content-Length: ${N}\r\nContent-Type: application/json; charset=utf-16\r\n\r\n${LIE}`, errors: [PARSE] },
  { name: 'a header section over 8 KiB', bytes: `X-Pad: ${'a'.repeat(10_000)}\r\n\r\n`, errors: [PARSE] },
  { name: 'garbage that is no header', bytes: 'hello\r\n', errors: [PARSE] },
  { name: 'LF-only line ends (accepted)', bytes: `Content-Length: ${N}\n\n${LIE}`, errors: [], answered: true },
  { name: 'identical repeated lengths (accepted)', bytes: `Content-Length: ${N}\r\ncontent-length: ${N}\r\n\r\n${LIE}`, errors: [], answered: true },
];

describe('Content-Length lies against the built sidecar', () => {
  let sidecar: Sidecar;
  beforeAll(() => {
    sidecar = new Sidecar('content-length', ['--framing', 'content-length']);
  });
  afterAll(async () => {
    await sidecar.close();
  });

  it.each(LIES.map((lie, index) => ({ ...lie, index })))('$name → answered, then a good ping is answered', async ({ bytes, errors, answered, index }) => {
    const before = sidecar.errorsWithoutId.length;
    sidecar.responses.delete('lie');
    sidecar.writeRaw(bytes + framed(`after-${index}`));
    const reply = await sidecar.waitFor(`after-${index}`);
    expect(reply.error).toBeUndefined();
    expect(reply.result).toBeDefined();
    expect(await waitUntil(() => sidecar.errorsWithoutId.length >= before + errors.length, 5_000)).toBe(true);
    expect(sidecar.errorsWithoutId.slice(before).map((m) => m.error?.code)).toEqual(errors);
    expect(sidecar.responses.get('lie')?.result !== undefined).toBe(answered === true);
  });

  it('nothing but protocol messages came out', () => {
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });
});

describe('Content-Length end of input', () => {
  it('a partial message at EOF is answered -32700, and hookd exits', async () => {
    const sidecar = new Sidecar('content-length');
    sidecar.writeRaw(`${framed('first')}Content-Length: 40\r\n\r\n{"jsonrpc"`);
    expect((await sidecar.waitFor('first')).result).toBeDefined();
    sidecar.child.stdin.end();
    await sidecar.exited;
    expect(sidecar.errorsWithoutId.map((m) => [m.error?.code, m.error?.message])).toEqual([
      [PARSE, 'parse error: input ended after 10 of the 40 bytes its Content-Length declared'],
    ]);
  });
});
