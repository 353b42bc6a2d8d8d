// The supervisor frame codec (src/runner/supervisor/frames.ts) against docs/supervisor.md's byte layout: requests as
// the C side reads them, replies decoded whole, byte by byte and at random splits (fast-check), malformed frames as
// ERROR without losing the channel, and an oversized length as the one thing that breaks it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeRaw,
  encodeRelease,
  encodeSignal,
  encodeSpawn,
  encodeStrings,
  hasNul,
  MAX_FRAME_BYTES,
  Reply,
  ReplyDecoder,
  Request,
  type ReplyFrame,
  type SpawnFrame,
} from '../../../src/runner/supervisor/frames.js';

/** What the C side does with a SPAWN frame: the header, the four counts, the NUL-terminated strings, then stdin. */
function parseSpawn(frame: Buffer): SpawnFrame & { readonly type: number } {
  const length = frame.readUInt32LE(0);
  expect(length).toBe(frame.length - 4);
  const type = frame[4]!;
  const runId = frame.readUInt32LE(5);
  const maxOutputBytes = frame.readUInt32LE(9);
  const argc = frame.readUInt32LE(13);
  const envc = frame.readUInt32LE(17);
  const stdinBytes = frame.readUInt32LE(21);
  let offset = 25;
  const next = (): string => {
    const end = frame.indexOf(0, offset);
    expect(end).toBeGreaterThanOrEqual(offset);
    const text = frame.toString('utf8', offset, end);
    offset = end + 1;
    return text;
  };
  const cwd = next();
  const file = next();
  const argv = Array.from({ length: argc }, next);
  const env = Array.from({ length: envc }, next);
  expect(frame.length - offset).toBe(stdinBytes);
  return { type, runId, maxOutputBytes, cwd, file, argv, env, stdin: frame.toString('utf8', offset) };
}

/** The supervisor's side of replies, as native/hookd-supervisor.c writes them. */
function encodeReply(frame: ReplyFrame): Buffer {
  const payload = (() => {
    switch (frame.type) {
      case Reply.Ready: {
        const head = Buffer.alloc(8);
        head.writeUInt32LE(frame.version, 0);
        head.writeUInt32LE(frame.pid, 4);
        return Buffer.concat([head, Buffer.from(frame.features)]);
      }
      case Reply.Spawned:
        return u32(frame.pid);
      case Reply.SpawnFailed:
        return Buffer.concat([u32(frame.errno), Buffer.from(frame.code)]);
      case Reply.Data:
        return Buffer.concat([Buffer.from([frame.stream]), frame.bytes]);
      case Reply.Eof: {
        const body = Buffer.alloc(9);
        body[0] = frame.stream;
        body.writeBigUInt64LE(BigInt(frame.totalBytes), 1);
        return body;
      }
      case Reply.Exited: {
        const body = Buffer.alloc(9);
        body.writeInt32LE(frame.code, 0);
        body.writeInt32LE(frame.signal, 4);
        body[8] = frame.treeEmpty ? 1 : 0;
        return body;
      }
      case Reply.Empty:
        return Buffer.alloc(0);
      case Reply.Released: {
        const body = Buffer.alloc(16);
        body.writeBigUInt64LE(BigInt(frame.stdoutBytes), 0);
        body.writeBigUInt64LE(BigInt(frame.stderrBytes), 8);
        return body;
      }
      case Reply.Error:
        return Buffer.from(frame.message);
    }
  })();
  return encodeRaw(frame.type, frame.runId, payload);
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

const runId = fc.integer({ min: 0, max: 0xffffffff });
const u32Value = fc.integer({ min: 0, max: 0xffffffff });
const i32Value = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const total = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const text = fc.string({ unit: 'grapheme', maxLength: 40 });
const stream = fc.constantFrom(1, 2);

const replyFrame: fc.Arbitrary<ReplyFrame> = fc.oneof(
  fc.record({ type: fc.constant(Reply.Ready), runId: fc.constant(0), version: u32Value, pid: u32Value, features: text }),
  fc.record({ type: fc.constant(Reply.Spawned), runId, pid: u32Value }),
  fc.record({ type: fc.constant(Reply.SpawnFailed), runId, errno: u32Value, code: text }),
  fc.record({ type: fc.constant(Reply.Data), runId, stream, bytes: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) }),
  fc.record({ type: fc.constant(Reply.Eof), runId, stream, totalBytes: total }),
  fc.record({ type: fc.constant(Reply.Exited), runId, code: i32Value, signal: i32Value, treeEmpty: fc.boolean() }),
  fc.record({ type: fc.constant(Reply.Empty), runId }),
  fc.record({ type: fc.constant(Reply.Released), runId, stdoutBytes: total, stderrBytes: total }),
  fc.record({ type: fc.constant(Reply.Error), runId, message: text }),
);

/** Splits `bytes` at the given cut points (any order, duplicates allowed). */
function split(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}

function decodeAll(chunks: readonly Buffer[]): ReplyFrame[] {
  const decoder = new ReplyDecoder();
  const frames = chunks.flatMap((chunk) => decoder.push(Buffer.from(chunk)));
  expect(decoder.broken).toBeUndefined();
  return frames;
}

describe('supervisor frames: requests (hookd → supervisor)', () => {
  it('SPAWN carries maxOutputBytes, argc (argv[0] included), envc, stdinBytes, then cwd\\0 file\\0 argv…\\0 env…\\0 and the stdin bytes', () => {
    const frame: SpawnFrame = {
      runId: 7,
      maxOutputBytes: 65_536,
      cwd: '/tmp/wörk',
      file: 'sh',
      argv: ['sh', '-c', 'echo "€"'],
      env: ['PATH=/usr/bin:/bin', 'EMPTY='],
      stdin: '{"hook_event_name":"PreToolUse","ü":1}',
    };
    const encoded = encodeSpawn(frame);
    expect(parseSpawn(encoded)).toEqual({ type: Request.Spawn, ...frame });
  });

  it('SPAWN round trip for any strings without NUL and any stdin (NUL included: it has a length)', () => {
    const noNul = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((value) => !hasNul(value));
    fc.assert(
      fc.property(
        fc.record({
          runId,
          maxOutputBytes: u32Value,
          cwd: noNul,
          file: noNul,
          argv: fc.array(noNul, { minLength: 1, maxLength: 6 }),
          env: fc.array(noNul, { maxLength: 6 }),
          stdin: fc.string({ unit: 'grapheme', maxLength: 200 }),
        }),
        (frame) => {
          expect(parseSpawn(encodeSpawn(frame))).toEqual({ type: Request.Spawn, ...frame });
        },
      ),
    );
  });

  it('SPAWN with part of the environment encoded once (encodeStrings) is byte for byte the SPAWN with every entry given', () => {
    const noNul = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((value) => !hasNul(value));
    fc.assert(
      fc.property(fc.array(noNul, { maxLength: 6 }), fc.array(noNul, { maxLength: 3 }), noNul, (shared, own, stdin) => {
        const base = { runId: 9, maxOutputBytes: 100, cwd: '/', file: 'sh', argv: ['sh', '-c', 'true'], stdin };
        const whole = encodeSpawn({ ...base, env: [...shared, ...own] });
        const split = encodeSpawn({ ...base, encodedEnv: encodeStrings(shared), env: own });
        expect(split.equals(whole)).toBe(true);
      }),
    );
  });

  it('SIGNAL is one byte (15 or 9) and RELEASE has no payload', () => {
    expect([...encodeSignal(42, 15)]).toEqual([6, 0, 0, 0, Request.Signal, 42, 0, 0, 0, 15]);
    expect([...encodeSignal(0xffffffff, 9)]).toEqual([6, 0, 0, 0, Request.Signal, 255, 255, 255, 255, 9]);
    expect([...encodeRelease(258)]).toEqual([5, 0, 0, 0, Request.Release, 2, 1, 0, 0]);
  });

  it('hasNul finds the strings that cannot cross as C strings', () => {
    expect(hasNul('a\0b')).toBe(true);
    expect(hasNul('\0')).toBe(true);
    expect(hasNul('plain € text')).toBe(false);
  });
});

describe('supervisor frames: replies (supervisor → hookd)', () => {
  it('every reply type round-trips, whole, byte by byte and at random splits', () => {
    fc.assert(
      fc.property(fc.array(replyFrame, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 30 }), (frames, cuts) => {
        const bytes = Buffer.concat(frames.map(encodeReply));
        expect(decodeAll([bytes])).toEqual(frames);
        expect(decodeAll(split(bytes, cuts))).toEqual(frames);
      }),
    );
    const frames: ReplyFrame[] = [
      { type: Reply.Ready, runId: 0, version: 1, pid: 4242, features: 'subreaper=1 children=1' },
      { type: Reply.Data, runId: 3, stream: 1, bytes: Buffer.from('héllo') },
      { type: Reply.Exited, runId: 3, code: -1, signal: 9, treeEmpty: false },
    ];
    const bytes = Buffer.concat(frames.map(encodeReply));
    expect(decodeAll([...bytes].map((byte) => Buffer.from([byte])))).toEqual(frames);
  });

  it('DATA bytes do not alias the chunk they were read from (the read buffer may be reused)', () => {
    const chunk = encodeReply({ type: Reply.Data, runId: 1, stream: 2, bytes: Buffer.from('abc') });
    const [frame] = new ReplyDecoder().push(chunk);
    chunk.fill(0);
    expect(frame).toMatchObject({ type: Reply.Data, stream: 2 });
    expect((frame as { bytes: Buffer }).bytes.toString()).toBe('abc');
  });

  it('a short payload of each kind is an ERROR frame for its run, and the next frame still decodes', () => {
    const short: Array<[number, number]> = [
      [Reply.Ready, 7],
      [Reply.Spawned, 3],
      [Reply.SpawnFailed, 3],
      [Reply.Data, 0],
      [Reply.Eof, 8],
      [Reply.Exited, 8],
      [Reply.Released, 15],
    ];
    for (const [type, bytes] of short) {
      const decoder = new ReplyDecoder();
      const frames = decoder.push(Buffer.concat([encodeRaw(type, 9, Buffer.alloc(bytes)), encodeReply({ type: Reply.Empty, runId: 9 })]));
      expect(frames).toHaveLength(2);
      expect(frames[0]).toMatchObject({ type: Reply.Error, runId: 9 });
      expect((frames[0] as { message: string }).message).toMatch(/^malformed [A-Z_]+ frame/);
      expect(frames[1]).toEqual({ type: Reply.Empty, runId: 9 });
      expect(decoder.broken).toBeUndefined();
    }
  });

  it('an unknown type is an ERROR frame and the channel carries on', () => {
    const decoder = new ReplyDecoder();
    const frames = decoder.push(Buffer.concat([encodeRaw(200, 5, Buffer.from('xyz')), encodeReply({ type: Reply.Spawned, runId: 5, pid: 77 })]));
    expect(frames).toEqual([
      { type: Reply.Error, runId: 5, message: 'unknown frame type 200 from the supervisor' },
      { type: Reply.Spawned, runId: 5, pid: 77 },
    ]);
  });

  it(`a length above ${MAX_FRAME_BYTES} bytes (or below the 5-byte header) breaks the channel: nothing more is decoded`, () => {
    for (const length of [MAX_FRAME_BYTES + 1, 4, 0]) {
      const decoder = new ReplyDecoder();
      const frames = decoder.push(Buffer.concat([encodeReply({ type: Reply.Empty, runId: 1 }), encodeRaw(Reply.Data, 1, Buffer.from([1]), length)]));
      expect(frames).toEqual([{ type: Reply.Empty, runId: 1 }]);
      expect(decoder.broken).toContain(String(length));
      expect(decoder.push(encodeReply({ type: Reply.Empty, runId: 2 }))).toEqual([]);
    }
  });
});
