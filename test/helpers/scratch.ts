// Scratch directories for tests: every one made here is removed after its test file (test/setup/remove-scratch.ts).
// Owns creating and removing them; never removes a path it did not create.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A fresh directory under the temp dir, removed (with everything in it) once the test file ends. */
export function scratchDir(prefix = 'hookd-scratch-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every scratch directory made so far; retried briefly since a dying hook may still be writing. */
export function removeScratchDirs(): void {
  for (const dir of made) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    made.delete(dir);
  }
}
