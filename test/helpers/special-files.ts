// Hostile filesystem entries for config tests: FIFOs (with a sentinel writer), symlinks to devices, sparse huge
// files, and deeply nested JSON. Every process started here is ended (and awaited) by endSentinelWriters().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, ftruncateSync } from 'node:fs';

const writers: ChildProcess[] = [];

export function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr.toString()}`);
}

/**
 * A FIFO at `path` plus a writer that opens it, writes nothing and closes. A reader that wrongly opens it blocking is
 * released by that writer and reads 0 bytes, so the test fails on its assertion instead of hanging.
 */
export function fifoWithSentinelWriter(path: string): void {
  mkfifo(path);
  writers.push(spawn('sh', ['-c', ': > "$1"', 'sh', path], { stdio: 'ignore' }));
}

/** A writer still blocked in open(2) waits for a reader that never comes: kill each one and wait until it exited. */
export async function endSentinelWriters(): Promise<void> {
  await Promise.all(
    writers.splice(0).map((writer) => {
      if (writer.exitCode !== null || writer.signalCode !== null) return undefined;
      const gone = new Promise((resolve) => writer.once('exit', resolve));
      writer.kill('SIGKILL');
      return gone;
    }),
  );
}

/** A file of `bytes` bytes that uses no disk (ftruncate makes it sparse). */
export function sparseFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

/** `depth` nested arrays around 0: `[[[0]]]`. */
export function nestedArrays(depth: number): string {
  return '['.repeat(depth) + '0' + ']'.repeat(depth);
}
