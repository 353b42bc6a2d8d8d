// Reads the file a CLI flag names (--input, --handler-file), or stdin for "-", bounded: regular files only, at most
// MAX_INPUT_BYTES, never blocking on a FIFO or device. Throws UsageError naming the flag; parses nothing.
import { readConfigFile, formatBytes } from '../config/read-config-file.js';
import { UsageError } from './load-options.js';

/** The protocol's message cap: an event's params given on the command line may be as large as over the wire. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export async function readInputFile(flag: string, path: string, maxBytes = MAX_INPUT_BYTES): Promise<string> {
  if (path === '-') return readStdin(flag, maxBytes);
  const read = readConfigFile(path, { maxBytes });
  if (read.status === 'missing') throw new UsageError(`${flag} ${path}: no such file`);
  if (read.status === 'rejected') throw new UsageError(`${flag} ${path}: it ${read.reason}`);
  return read.bytes.toString('utf8');
}

async function readStdin(flag: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      process.stdin.destroy();
      throw new UsageError(`${flag} -: standard input is over the ${formatBytes(maxBytes)} limit`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
