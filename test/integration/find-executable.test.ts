// findExecutable against a real temporary PATH: only executable regular files count, PATH order wins, and a name
// with a slash is a path (never searched on PATH). Lookup only: nothing is started.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/runner/find-executable.js';

let root = '';
let first = '';
let second = '';

async function file(path: string, mode: number): Promise<string> {
  await writeFile(path, '#!/bin/sh\nexit 0\n');
  await chmod(path, mode);
  return path;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'hookd-find-exe-'));
  first = join(root, 'first');
  second = join(root, 'second');
  await mkdir(first);
  await mkdir(second);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const pathOf = (...directories: string[]) => ({ PATH: directories.join(delimiter) });

describe.skipIf(process.platform === 'win32')('findExecutable', () => {
  it('finds an executable file on PATH and returns its absolute path', async () => {
    const tool = await file(join(second, 'tool'), 0o755);
    expect(findExecutable('tool', pathOf(first, second))).toBe(tool);
  });

  it('the first PATH entry that has it wins', async () => {
    const early = await file(join(first, 'tool'), 0o755);
    await file(join(second, 'tool'), 0o755);
    expect(findExecutable('tool', pathOf(first, second))).toBe(early);
  });

  it('a file that is not executable is skipped', async () => {
    await file(join(first, 'tool'), 0o644);
    const later = await file(join(second, 'tool'), 0o700);
    expect(findExecutable('tool', pathOf(first, second))).toBe(later);
    expect(findExecutable('tool', pathOf(first))).toBeUndefined();
  });

  it('a directory of that name is skipped, even an executable one', async () => {
    await mkdir(join(first, 'tool'), { mode: 0o755 });
    const later = await file(join(second, 'tool'), 0o755);
    expect(findExecutable('tool', pathOf(first, second))).toBe(later);
    expect(findExecutable('tool', pathOf(first))).toBeUndefined();
  });

  it('a name with a slash is taken as a path, not searched on PATH', async () => {
    const tool = await file(join(first, 'tool'), 0o755);
    expect(findExecutable(tool, {})).toBe(tool);
    const relativeName = relative(process.cwd(), tool);
    expect(relativeName).toContain('/');
    expect(findExecutable(relativeName, {})).toBe(tool);
    // `first/tool` exists under a PATH entry (root), but a name with a slash never consults PATH.
    expect(findExecutable('first/tool', pathOf(root))).toBeUndefined();
    // A path to a file that is not executable, or to a directory, is not found either.
    const plain = await file(join(second, 'plain'), 0o644);
    expect(findExecutable(plain, {})).toBeUndefined();
    expect(findExecutable(second, {})).toBeUndefined();
  });

  it('a missing name, an empty PATH or no PATH at all is undefined', async () => {
    await file(join(first, 'tool'), 0o755);
    expect(findExecutable('missing-tool', pathOf(first, second))).toBeUndefined();
    expect(findExecutable('tool', { PATH: '' })).toBeUndefined();
    expect(findExecutable('tool', {})).toBeUndefined();
  });
});
