// proper-lockfile, loaded by the first lock (the trust store's writes, the audit log's rotation) rather than at every
// sidecar start: with the graceful-fs it patches fs with, its modules were a measurable part of a start's CPU.
// Owns loading only; each caller owns its lock's options.
import type { lock as Lock } from 'proper-lockfile';

let lockfileModule: Promise<typeof import('proper-lockfile')> | undefined;

/** proper-lockfile's `lock`, loaded on the first call. */
export async function lockFile(...args: Parameters<typeof Lock>): ReturnType<typeof Lock> {
  const { lock } = await (lockfileModule ??= import('proper-lockfile'));
  return lock(...args);
}
