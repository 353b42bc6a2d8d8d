// Appends whole lines to a size-capped, rotating file that several processes may share: each batch of whole lines is
// one write(2) on an O_APPEND descriptor, rotation (FILE → FILE.1 → … → FILE.<keep>) happens under a proper-lockfile
// lock, and a writer whose file was rotated by another process reopens the path. Asynchronous, in order, bounded:
// never throws, never blocks its caller; what it cannot write is dropped, counted and reported.
import { closeSync, openSync } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { lock } from 'proper-lockfile';

export const DEFAULT_AUDIT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_AUDIT_KEEP_FILES = 3;
/** Lines waiting for the disk beyond this many bytes are dropped (and counted) instead of queued. */
export const DEFAULT_AUDIT_MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** One write carries at most this many bytes of lines (a single longer line is written alone). */
const MAX_BATCH_BYTES = 256 * 1024;
/** How long a writer waits for another process's rotation lock before it writes into the full file anyway. */
const ROTATE_LOCK_WAIT_MS = 2000;
const ROTATE_LOCK_STALE_MS = 10_000;

export type AuditFileSettings = {
  readonly path: string;
  readonly maxBytes?: number;
  readonly keepFiles?: number;
  readonly maxQueuedBytes?: number;
  /** Something went wrong (a write failed, records were dropped): one line for stderr. Must not throw. */
  readonly onProblem: (message: string) => void;
  /** The line that says `count` records were dropped, written before the next line that makes it. */
  readonly droppedLine: (count: number) => string;
};

/** Opens (creating) the file once to see that it can be appended to; the reason when it cannot. */
export function probeAppendable(path: string): string | undefined {
  try {
    closeSync(openSync(path, 'a'));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A queued line, or the place where records were dropped (written as one note saying how many). */
type QueueItem = Buffer | { dropped: number };

export class AuditFileWriter {
  readonly path: string;
  readonly #maxBytes: number;
  readonly #keepFiles: number;
  readonly #maxQueuedBytes: number;
  readonly #settings: AuditFileSettings;
  #queue: QueueItem[] = [];
  #queuedBytes = 0;
  /** A run of drops was reported on stderr; reset once a line is written again. */
  #reportedDrops = false;
  #handle: FileHandle | undefined;
  #draining: Promise<void> | undefined;
  #lastWriteProblem: string | undefined;
  #totalDropped = 0;

  constructor(settings: AuditFileSettings) {
    this.path = settings.path;
    this.#maxBytes = settings.maxBytes ?? DEFAULT_AUDIT_MAX_BYTES;
    this.#keepFiles = settings.keepFiles ?? DEFAULT_AUDIT_KEEP_FILES;
    this.#maxQueuedBytes = settings.maxQueuedBytes ?? DEFAULT_AUDIT_MAX_QUEUED_BYTES;
    this.#settings = settings;
  }

  /** Records dropped so far (queue full or a failed write), whether or not a later line has said so yet. */
  get droppedTotal(): number {
    return this.#totalDropped;
  }

  /** Queues one whole line (ending in "\n"); false when it was dropped because the queue is full. */
  enqueue(line: string): boolean {
    const bytes = Buffer.from(line, 'utf8');
    if (this.#queuedBytes + bytes.length > this.#maxQueuedBytes && this.#queue.length > 0) {
      this.#drop(1);
      this.#reportDrops(`the disk is slower than records come (more than ${this.#maxQueuedBytes} bytes waiting)`);
      return false;
    }
    this.#queue.push(bytes);
    this.#queuedBytes += bytes.length;
    this.#kick();
    return true;
  }

  /** Starts draining unless it runs; a line queued while the last drain was finishing starts the next one. */
  #kick(): void {
    if (this.#draining !== undefined) return;
    this.#draining = this.#drain()
      .catch((error: unknown) => {
        // A bug here must not become an unhandled rejection (that would end the sidecar), nor a retry loop.
        this.#totalDropped += this.#queue.filter((item) => Buffer.isBuffer(item)).length;
        this.#queue = [];
        this.#queuedBytes = 0;
        this.#settings.onProblem(`audit log ${this.path}: writer failed: ${(error as Error).message}; queued records dropped`);
      })
      .finally(() => {
        this.#draining = undefined;
        if (this.#hasLines()) this.#kick();
      });
  }

  /** Resolves once every queued line is written (or dropped), or after `timeoutMs`, whichever is first. */
  async flush(timeoutMs = 1000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    try {
      while (this.#draining !== undefined) await Promise.race([this.#draining, deadline.then(() => Promise.reject(new Error('timeout')))]);
    } catch {
      // the deadline passed: what is still queued is written later if the process lives
    } finally {
      clearTimeout(timer);
    }
  }

  /** Flushes, then closes the file. */
  async close(timeoutMs = 1000): Promise<void> {
    await this.flush(timeoutMs);
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close().catch(() => {});
  }

  /** A drop note alone is not written: it waits for the next line. */
  #hasLines(): boolean {
    return this.#queue.some((item) => Buffer.isBuffer(item));
  }

  /** Counts `count` dropped records at the end of the queue, where the next line written will say so. */
  #drop(count: number): void {
    this.#totalDropped += count;
    const last = this.#queue.at(-1);
    if (last !== undefined && !Buffer.isBuffer(last)) last.dropped += count;
    else this.#queue.push({ dropped: count });
  }

  #reportDrops(why: string): void {
    if (this.#reportedDrops) return;
    this.#reportedDrops = true;
    this.#settings.onProblem(`audit log ${this.path}: dropping records: ${why}; the next record written says how many`);
  }

  async #drain(): Promise<void> {
    while (this.#hasLines()) {
      const batch: Buffer[] = [];
      let batchBytes = 0;
      let records = 0;
      let notedDrops = 0;
      while (this.#queue.length > 0) {
        const item = this.#queue[0]!;
        const bytes = Buffer.isBuffer(item) ? item : Buffer.from(this.#settings.droppedLine(item.dropped), 'utf8');
        if (batch.length > 0 && batchBytes + bytes.length > MAX_BATCH_BYTES) break;
        this.#queue.shift();
        batch.push(bytes);
        batchBytes += bytes.length;
        if (Buffer.isBuffer(item)) {
          records += 1;
          this.#queuedBytes -= item.length;
        } else notedDrops += item.dropped;
      }
      try {
        await this.#write(batch);
        this.#lastWriteProblem = undefined;
        if (records > 0) this.#reportedDrops = false;
      } catch (error) {
        const message = (error as Error).message;
        await this.#closeHandle();
        // Said once per kind of failure, not per batch. This batch and whatever queued meanwhile are dropped and
        // counted (the next line that makes it says how many); the next record appended tries the file again.
        if (this.#lastWriteProblem !== message) this.#settings.onProblem(`audit log ${this.path}: cannot write: ${message}; its records are dropped and counted`);
        this.#lastWriteProblem = message;
        const queuedLines = this.#queue.filter((item) => Buffer.isBuffer(item)).length;
        const queuedNotes = this.#queue.reduce((sum, item) => sum + (Buffer.isBuffer(item) ? 0 : item.dropped), 0);
        this.#queue = [];
        this.#queuedBytes = 0;
        this.#totalDropped -= notedDrops + queuedNotes;
        this.#drop(records + notedDrops + queuedLines + queuedNotes);
        return;
      }
    }
  }

  /** Writes the lines, rotating first whenever the next line would take the file past maxBytes. */
  async #write(lines: Buffer[]): Promise<void> {
    let handle = await this.#currentHandle();
    let size = (await handle.stat()).size;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for (const line of lines) {
      if (size + pendingBytes > 0 && size + pendingBytes + line.length > this.#maxBytes) {
        await this.#writeAll(handle, pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await this.#rotate(line.length);
        handle = await this.#currentHandle();
        size = (await handle.stat()).size;
      }
      pending.push(line);
      pendingBytes += line.length;
    }
    await this.#writeAll(handle, pending, pendingBytes);
  }

  /** One write(2) of whole lines; O_APPEND puts it at the end of the file whoever else appends. */
  async #writeAll(handle: FileHandle, lines: Buffer[], bytes: number): Promise<void> {
    if (bytes === 0) return;
    const buffer = lines.length === 1 ? lines[0]! : Buffer.concat(lines, bytes);
    let offset = 0;
    // A regular file takes the whole buffer at once; the loop only guards against a short write (e.g. a full disk).
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
      if (bytesWritten <= 0) throw new Error('the file took no more bytes');
      offset += bytesWritten;
    }
  }

  /** The open file at the path: reopened when another process rotated it away (a new inode under the name). */
  async #currentHandle(): Promise<FileHandle> {
    if (this.#handle !== undefined) {
      const [atPath, ours] = await Promise.all([stat(this.path).catch(() => undefined), this.#handle.stat()]);
      if (atPath !== undefined && atPath.ino === ours.ino && atPath.dev === ours.dev) return this.#handle;
      await this.#closeHandle();
    }
    this.#handle = await open(this.path, 'a');
    return this.#handle;
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close().catch(() => {});
  }

  /**
   * Under the lock, and only if the file is still too full for the next line (another process may have rotated it
   * already): FILE.<keep-1> → FILE.<keep> (replacing the oldest), …, FILE → FILE.1. Without the lock (another process
   * holds it too long) the line goes into the full file: a file may grow past the cap, no record is lost.
   */
  async #rotate(nextLineBytes: number): Promise<void> {
    let release: (() => Promise<void>) | undefined;
    try {
      release = await lock(this.path, {
        lockfilePath: `${this.path}.lock`,
        realpath: false,
        stale: ROTATE_LOCK_STALE_MS,
        retries: { retries: Math.ceil(ROTATE_LOCK_WAIT_MS / 10), minTimeout: 2, maxTimeout: 20, factor: 1.3, randomize: true, maxRetryTime: ROTATE_LOCK_WAIT_MS },
        // The default throws from a timer; a lock lost mid-rotation only risks a rotation done twice.
        onCompromised: () => {},
      });
    } catch (error) {
      this.#settings.onProblem(`audit log ${this.path}: not rotated (cannot take ${this.path}.lock: ${(error as Error).message}); writing on past the size cap`);
      return;
    }
    try {
      const current = await stat(this.path).catch(() => undefined);
      if (current === undefined || current.size === 0 || current.size + nextLineBytes <= this.#maxBytes) return;
      if (this.#keepFiles === 0) {
        await unlink(this.path);
      } else {
        for (let index = this.#keepFiles - 1; index >= 1; index -= 1) {
          await rename(`${this.path}.${index}`, `${this.path}.${index + 1}`).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          });
        }
        await rename(this.path, `${this.path}.1`);
      }
    } catch (error) {
      this.#settings.onProblem(`audit log ${this.path}: rotation failed: ${(error as Error).message}`);
    } finally {
      await release().catch(() => {});
    }
  }
}
