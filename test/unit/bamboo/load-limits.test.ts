// Hostile hooks.json files for the bamboo loader: what is not a regular file, a file over the size cap, nesting
// 10,000 deep and 150,000 bad entries each reject that file with a bounded diagnostic naming it, never an exception;
// the other file still loads.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBambooHooks } from '../../../src/dialects/bamboo/load.js';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../../src/config/file-diagnostics.js';
import type { LoadContext, LoadResult } from '../../../src/engine/dialect.js';
import { snapshotFrom } from '../../../src/engine/registry.js';
import { endSentinelWriters, fifoWithSentinelWriter, nestedArrays, sparseFile } from '../../helpers/special-files.js';
import { scratchDir } from '../../helpers/scratch.js';

const posix = process.platform !== 'win32';
let root: string;
let context: LoadContext;
let userFile: string;
let projectFile: string;

beforeEach(() => {
  root = scratchDir('hookd-bamboo-limits-');
  userFile = join(root, 'home', '.bamboo', 'hooks.json');
  projectFile = join(root, 'ws', '.bamboo', 'hooks.json');
  mkdirSync(dirname(userFile), { recursive: true });
  mkdirSync(dirname(projectFile), { recursive: true });
  // The user's file is fine: whatever the project file is, this hook still loads.
  writeFileSync(userFile, JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo user' }] }] } }));
  context = { workspace: join(root, 'ws'), home: join(root, 'home'), env: {} };
});

afterEach(async () => {
  await endSentinelWriters();
});

const ofProject = (result: LoadResult) => result.diagnostics.filter((entry) => entry.file === projectFile);
/** The engine's note on a first load of the rejected project file. */
const rejectionNote = (result: LoadResult) => snapshotFrom(result).diagnostics.find((entry) => entry.file === projectFile && entry.code === 'source-rejected');

/** The project file is rejected with one error (`words` in it) and the source-rejected note; the user hook loads. */
function expectProjectRejected(result: LoadResult, code: string, words: string, namesFile = true): void {
  expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
  expect(result.rejectedSources).toEqual([projectFile]);
  const [error, ...rest] = ofProject(result);
  expect(rest).toEqual([]);
  expect(error).toMatchObject({ severity: 'error', file: projectFile, code, field: '(root)' });
  if (namesFile) expect(error?.message).toContain(projectFile);
  expect(error?.message).toContain(words);
  expect(rejectionNote(result)).toMatchObject({ severity: 'warning', code: 'source-rejected' });
}

describe('bamboo hooks files that are not regular files', () => {
  it.runIf(posix)('a FIFO as hooks.json: "is a FIFO, not a regular file", without waiting for a writer', () => {
    fifoWithSentinelWriter(projectFile);
    expectProjectRejected(loadBambooHooks(context), 'not-regular-file', 'is a FIFO, not a regular file');
  });

  it.runIf(existsSync('/dev/zero'))('a symlink to /dev/zero: "is a character device", never read', () => {
    symlinkSync('/dev/zero', projectFile);
    expectProjectRejected(loadBambooHooks(context), 'not-regular-file', 'is a character device, not a regular file');
  });

  it('a directory where the file should be: "is a directory"', () => {
    mkdirSync(projectFile);
    expectProjectRejected(loadBambooHooks(context), 'not-regular-file', 'is a directory, not a regular file');
  });

  it('a sparse 3 GiB file: its size and the 4 MiB limit, never read', () => {
    sparseFile(projectFile, 3 * 1024 ** 3);
    expectProjectRejected(loadBambooHooks(context), 'file-too-large', 'is 3 GiB, over the 4 MiB limit');
  });
});

describe('bamboo hooks files too deep or with too many problems', () => {
  it('a value nested 10,000 levels deep in lifecycle_hooks is a "too-deep" error, not a stack overflow', () => {
    writeFileSync(projectFile, `{"lifecycle_hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "extra": ${nestedArrays(10_000)}}]}]}}`);
    expectProjectRejected(loadBambooHooks(context), 'too-deep', 'nested deeper than 128 levels at line 1', false);
  });

  it(`150,000 invalid handlers: the first ${MAX_DIAGNOSTICS_PER_FILE} errors, one summary, and the rejection counts them all`, () => {
    const handlers = Array.from({ length: 150_000 }, () => ({ type: 'command' }));
    writeFileSync(projectFile, JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ hooks: handlers }] } }));
    const result = loadBambooHooks(context);
    expect(result.rejectedSources).toEqual([projectFile]);
    const listed = ofProject(result);
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed.slice(0, MAX_DIAGNOSTICS_PER_FILE).every((entry) => entry.severity === 'error' && entry.code === 'missing-field')).toBe(true);
    const [summary] = listed.slice(MAX_DIAGNOSTICS_PER_FILE);
    const rejected = rejectionNote(result);
    expect(summary).toMatchObject({ severity: 'error', file: projectFile, code: 'more-problems', field: 'lifecycle_hooks.PreToolUse[0].hooks[50].command' });
    expect(summary?.message).toMatch(/^and 149950 more problem\(s\) in /);
    expect(rejected).toMatchObject({ severity: 'warning', code: 'source-rejected' });
    expect(rejected?.message).toContain('has 150000 error(s)');
    expect(JSON.stringify(result.diagnostics).length).toBeLessThan(64 * 1024);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
  });

  it('10,000 unknown events and unknown group fields: capped the same way', () => {
    const events = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`Nope${i}`, []]));
    writeFileSync(projectFile, JSON.stringify({ lifecycle_hooks: events }));
    const listed = ofProject(loadBambooHooks(context));
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed.at(-1)).toMatchObject({ severity: 'error', code: 'more-problems' });
    expect(listed.at(-1)?.message).toContain('and 9950 more problem(s)');
  });
});
