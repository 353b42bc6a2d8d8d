// The per-run tag: an environment variable with a random value that every process of one hook run inherits.
// It only names and creates tags; finding processes by tag is proc-scan.ts's job.
import { randomUUID } from 'node:crypto';

export const RUN_TAG_VARIABLE = 'HOOKD_RUN_TAG';

export function createRunTag(): string {
  return randomUUID();
}

/** The `NAME=value` entry as it appears in a process's environment block. */
export function runTagEntry(tag: string): string {
  return `${RUN_TAG_VARIABLE}=${tag}`;
}
