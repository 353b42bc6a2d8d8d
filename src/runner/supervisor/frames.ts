// The framed channel between hookd and its native hook process supervisor (native/hookd-supervisor.c):
// frame types, their payloads, an encoder per request and an incremental decoder. It owns the byte layout only;
// it never spawns, signals or keeps per-run state. docs/supervisor.md is the specification.
//
// Every frame, both ways: u32le N (bytes after this field: 5 + payload) · u8 type · u32le runId · payload.

/** Version of this protocol (layout and rules; 2: a completed run is released unasked); READY carries it and hookd
 * refuses any other. */
export const SUPERVISOR_PROTOCOL_VERSION = 2;
/** Frames larger than this are refused (the supervisor answers ERROR and skips the bytes). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
const HEADER_BYTES = 9;

/** hookd → supervisor. */
export const Request = {
  /** payload: u32 maxOutputBytes · u32 argc (argv[0] included) · u32 envc · u32 stdinBytes · cwd\0 file\0 argv…\0 env…\0 · stdin */
  Spawn: 1,
  /** payload: u8 signal number (15 SIGTERM: the tree's group, plus descendants outside it; 9 SIGKILL: everything, until none is left) */
  Signal: 2,
  /** no payload: the run is over for hookd; the supervisor closes its pipes and answers RELEASED with the totals */
  Release: 3,
} as const;

/** supervisor → hookd. */
export const Reply = {
  /** runId 0 · payload: u32 protocol version · u32 supervisor pid · UTF-8 feature text ("subreaper=1 children=1 pool=64") */
  Ready: 101,
  /** payload: u32 pid of the hook (its own process group, pgid = pid, in the hook session; a lone keeper's: its own session) */
  Spawned: 102,
  /** payload: u32 errno · UTF-8 errno name ("ENOENT"); the run is over (nothing to release) */
  SpawnFailed: 103,
  /** payload: u8 stream (1 stdout, 2 stderr) · kept bytes (never beyond maxOutputBytes per stream) */
  Data: 104,
  /** payload: u8 stream · u64 total bytes the hook wrote to it (kept + dropped); that stream has ended */
  Eof: 105,
  /** payload: i32 exit code (-1 when signalled) · i32 signal number (0 when it exited) · u8 tree empty (1: no descendant is alive) */
  Exited: 106,
  /** no payload: the run's last process is gone (sent once, unless EXITED already said tree empty) */
  Empty: 107,
  /** payload: u64 stdout total · u64 stderr total (answer to RELEASE; the supervisor has forgotten the run) */
  Released: 108,
  /** payload: UTF-8 message; runId 0 when the frame it refers to had none */
  Error: 109,
} as const;

export const STDOUT = 1;
export const STDERR = 2;

export type SpawnFrame = {
  readonly runId: number;
  readonly maxOutputBytes: number;
  readonly cwd: string;
  readonly file: string;
  /** argv[0] first (hookd passes the file as given, as libuv does). */
  readonly argv: readonly string[];
  /** "NAME=value" entries: the hook's complete environment (after `encodedEnv`'s, when given). */
  readonly env: readonly string[];
  /** Entries encoded once by encodeStrings (the part of an environment many runs share), sent before `env`. */
  readonly encodedEnv?: EncodedStrings;
  readonly stdin: string;
};

/** Strings in SPAWN's wire form, each UTF-8 and NUL-terminated, with how many there are. */
export type EncodedStrings = { readonly count: number; readonly bytes: Buffer };

export function encodeStrings(strings: readonly string[]): EncodedStrings {
  let length = 0;
  for (const text of strings) length += Buffer.byteLength(text) + 1;
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const text of strings) {
    offset += bytes.write(text, offset);
    bytes[offset] = 0;
    offset += 1;
  }
  return { count: strings.length, bytes };
}

export type ReplyFrame =
  | { readonly type: typeof Reply.Ready; readonly runId: number; readonly version: number; readonly pid: number; readonly features: string }
  | { readonly type: typeof Reply.Spawned; readonly runId: number; readonly pid: number }
  | { readonly type: typeof Reply.SpawnFailed; readonly runId: number; readonly errno: number; readonly code: string }
  | { readonly type: typeof Reply.Data; readonly runId: number; readonly stream: number; readonly bytes: Buffer }
  | { readonly type: typeof Reply.Eof; readonly runId: number; readonly stream: number; readonly totalBytes: number }
  | { readonly type: typeof Reply.Exited; readonly runId: number; readonly code: number; readonly signal: number; readonly treeEmpty: boolean }
  | { readonly type: typeof Reply.Empty; readonly runId: number }
  | { readonly type: typeof Reply.Released; readonly runId: number; readonly stdoutBytes: number; readonly stderrBytes: number }
  | { readonly type: typeof Reply.Error; readonly runId: number; readonly message: string };

/** A string that cannot cross as a NUL-terminated C string (argv, env, cwd): the spawn must be refused first. */
export function hasNul(text: string): boolean {
  return text.includes('\0');
}

export function encodeSpawn(frame: SpawnFrame): Buffer {
  const head = [frame.cwd, frame.file, ...frame.argv];
  const encoded = frame.encodedEnv;
  let stringBytes = encoded?.bytes.length ?? 0;
  for (const text of head) stringBytes += Buffer.byteLength(text) + 1;
  for (const text of frame.env) stringBytes += Buffer.byteLength(text) + 1;
  const stdinBytes = Buffer.byteLength(frame.stdin);
  const payloadBytes = 16 + stringBytes + stdinBytes;
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + payloadBytes);
  let offset = writeHeader(buffer, Request.Spawn, frame.runId, payloadBytes);
  offset = buffer.writeUInt32LE(Math.min(Math.max(0, Math.floor(frame.maxOutputBytes)), 0xffffffff), offset);
  offset = buffer.writeUInt32LE(frame.argv.length, offset);
  offset = buffer.writeUInt32LE((encoded?.count ?? 0) + frame.env.length, offset);
  offset = buffer.writeUInt32LE(stdinBytes, offset);
  const writeString = (text: string): void => {
    offset += buffer.write(text, offset);
    buffer[offset] = 0;
    offset += 1;
  };
  head.forEach(writeString);
  if (encoded !== undefined) offset += encoded.bytes.copy(buffer, offset);
  frame.env.forEach(writeString);
  buffer.write(frame.stdin, offset);
  return buffer;
}

export function encodeSignal(runId: number, signal: 9 | 15): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 1);
  buffer[writeHeader(buffer, Request.Signal, runId, 1)] = signal;
  return buffer;
}

export function encodeRelease(runId: number): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES);
  writeHeader(buffer, Request.Release, runId, 0);
  return buffer;
}

/** Any frame, for tests that must send what hookd never would (unknown types, short payloads, huge lengths). */
export function encodeRaw(type: number, runId: number, payload: Buffer = Buffer.alloc(0), declaredLength?: number): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  writeHeader(buffer, type, runId, payload.length);
  if (declaredLength !== undefined) buffer.writeUInt32LE(declaredLength, 0);
  payload.copy(buffer, HEADER_BYTES);
  return buffer;
}

function writeHeader(buffer: Buffer, type: number, runId: number, payloadBytes: number): number {
  buffer.writeUInt32LE(5 + payloadBytes, 0);
  buffer[4] = type;
  buffer.writeUInt32LE(runId >>> 0, 5);
  return HEADER_BYTES;
}

/**
 * Incremental decoder of supervisor replies: push() chunks as they arrive, get whole frames back. A frame the
 * decoder cannot read (unknown type, short payload, oversized) comes back as an Error frame, so one bad frame never
 * stops the channel; only an oversized length loses sync, and then `broken` says why.
 */
export class ReplyDecoder {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  broken: string | undefined;

  push(chunk: Buffer): ReplyFrame[] {
    if (this.broken !== undefined) return [];
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    if (this.#pendingBytes < 4) return [];
    let data = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#pendingBytes);
    const frames: ReplyFrame[] = [];
    let offset = 0;
    while (data.length - offset >= 4) {
      const length = data.readUInt32LE(offset);
      if (length < 5 || length > MAX_FRAME_BYTES) {
        this.broken = `the supervisor sent a frame of ${length} bytes`;
        break;
      }
      if (data.length - offset - 4 < length) break;
      const type = data[offset + 4]!;
      const runId = data.readUInt32LE(offset + 5);
      frames.push(decodeReply(type, runId, data.subarray(offset + HEADER_BYTES, offset + 4 + length)));
      offset += 4 + length;
    }
    data = offset === data.length ? Buffer.alloc(0) : data.subarray(offset);
    this.#pending = data.length > 0 ? [data] : [];
    this.#pendingBytes = data.length;
    return frames;
  }
}

function decodeReply(type: number, runId: number, payload: Buffer): ReplyFrame {
  const bad = (what: string): ReplyFrame => ({ type: Reply.Error, runId, message: `malformed ${what} frame from the supervisor (${payload.length} payload bytes)` });
  switch (type) {
    case Reply.Ready:
      if (payload.length < 8) return bad('READY');
      return { type, runId, version: payload.readUInt32LE(0), pid: payload.readUInt32LE(4), features: payload.toString('utf8', 8) };
    case Reply.Spawned:
      if (payload.length < 4) return bad('SPAWNED');
      return { type, runId, pid: payload.readUInt32LE(0) };
    case Reply.SpawnFailed:
      if (payload.length < 4) return bad('SPAWN_FAILED');
      return { type, runId, errno: payload.readUInt32LE(0), code: payload.toString('utf8', 4) };
    case Reply.Data:
      if (payload.length < 1) return bad('DATA');
      // Copy: the chunk the decoder sliced from may be large and is reused.
      return { type, runId, stream: payload[0]!, bytes: Buffer.from(payload.subarray(1)) };
    case Reply.Eof:
      if (payload.length < 9) return bad('EOF');
      return { type, runId, stream: payload[0]!, totalBytes: Number(payload.readBigUInt64LE(1)) };
    case Reply.Exited:
      if (payload.length < 9) return bad('EXITED');
      return { type, runId, code: payload.readInt32LE(0), signal: payload.readInt32LE(4), treeEmpty: payload[8] === 1 };
    case Reply.Empty:
      return { type, runId };
    case Reply.Released:
      if (payload.length < 16) return bad('RELEASED');
      return { type, runId, stdoutBytes: Number(payload.readBigUInt64LE(0)), stderrBytes: Number(payload.readBigUInt64LE(8)) };
    case Reply.Error:
      return { type, runId, message: payload.toString('utf8') };
    default:
      return { type: Reply.Error, runId, message: `unknown frame type ${type} from the supervisor` };
  }
}
