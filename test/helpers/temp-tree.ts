// Scratch directory trees for config tests: relative path → JSON value (written indented) or raw text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { scratchDir } from './scratch.js';

export function writeTree(root: string, files: Record<string, unknown>): void {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

/** A fresh temp dir with `files` written into it (removed after the test file). */
export function tempTree(files: Record<string, unknown> = {}, prefix = 'hookd-tree-'): string {
  const root = scratchDir(prefix);
  writeTree(root, files);
  return root;
}
