// Replaces a file's content atomically: a uniquely named temp file in the same directory is written, fsynced
// and renamed over the target, then the directory is fsynced. Readers see the old or the new content, never a
// mix, and a crash leaves one of the two. No locking: writers that must not lose each other's updates lock first.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export type AtomicWriteOptions = {
  /** Permission bits of the new file (default 0600: private). */
  readonly mode?: number;
  /** Called after the data is durable and before the rename; throwing abandons the write (the target is untouched). */
  readonly beforeRename?: () => void;
};

/** Where the temp file goes: beside the target (rename is only atomic within one filesystem), unique per call. */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

export async function writeFileAtomic(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const temporary = temporaryPathFor(path);
  const file = await open(temporary, 'wx', options.mode ?? 0o600);
  try {
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    options.beforeRename?.();
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes the rename itself durable. Platforms that cannot open or fsync a directory (Windows) skip it. */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
  } catch (error) {
    if (process.platform === 'win32') return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
  } finally {
    await handle.close();
  }
}
