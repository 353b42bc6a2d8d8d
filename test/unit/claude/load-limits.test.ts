// Hostile settings files for the claude loader: what is not a regular file, a file over the size cap, nesting
// 10,000 deep, and 150,000 bad or duplicate entries each give a bounded diagnostic naming the file, never an
// exception, and the other settings files still load.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../../src/config/file-diagnostics.js';
import type { LoadContext, LoadResult } from '../../../src/engine/dialect.js';
import { endSentinelWriters, fifoWithSentinelWriter, nestedArrays, sparseFile } from '../../helpers/special-files.js';
import { scratchDir } from '../../helpers/scratch.js';

const posix = process.platform !== 'win32';
let root: string;
let context: LoadContext;
let userFile: string;
let projectFile: string;

beforeEach(() => {
  root = scratchDir('hookd-claude-limits-');
  userFile = join(root, 'home', '.claude', 'settings.json');
  projectFile = join(root, 'ws', '.claude', 'settings.json');
  mkdirSync(dirname(userFile), { recursive: true });
  mkdirSync(dirname(projectFile), { recursive: true });
  // The user's file is fine: whatever the project file is, this hook still loads.
  writeFileSync(userFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo user' }] }] } }));
  context = { workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: join(root, 'managed.json') };
});

afterEach(async () => {
  await endSentinelWriters();
});

const ofProject = (result: LoadResult) => result.diagnostics.filter((entry) => entry.file === projectFile);

/** The project file's one error; `words` in its message (which names the file when it could not be read at all). */
function expectOnlyProjectError(result: LoadResult, code: string, words: string, namesFile = true): void {
  expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
  const [only, ...rest] = ofProject(result);
  expect(rest).toEqual([]);
  expect(only).toMatchObject({ severity: 'error', file: projectFile, code });
  if (namesFile) expect(only?.message).toContain(projectFile);
  expect(only?.message).toContain(words);
}

/** `n` handlers in one PreToolUse group, each made by `handler(i)`. */
const manyHandlers = (n: number, handler: (i: number) => unknown) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: Array.from({ length: n }, (_, i) => handler(i)) }] } });

describe('claude settings files that are not regular files', () => {
  it.runIf(posix)('a FIFO as .claude/settings.json: "is a FIFO, not a regular file", without waiting for a writer', () => {
    fifoWithSentinelWriter(projectFile);
    expectOnlyProjectError(claudeDialect.load(context), 'not-regular-file', 'is a FIFO, not a regular file');
  });

  it.runIf(existsSync('/dev/zero'))('a symlink to /dev/zero: "is a character device", never read', () => {
    symlinkSync('/dev/zero', projectFile);
    expectOnlyProjectError(claudeDialect.load(context), 'not-regular-file', 'is a character device, not a regular file');
  });

  it('a directory where the file should be: "is a directory"', () => {
    mkdirSync(projectFile);
    expectOnlyProjectError(claudeDialect.load(context), 'not-regular-file', 'is a directory, not a regular file');
  });

  it('a sparse 3 GiB file: its size and the 4 MiB limit, never read', () => {
    sparseFile(projectFile, 3 * 1024 ** 3);
    expectOnlyProjectError(claudeDialect.load(context), 'file-too-large', 'is 3 GiB, over the 4 MiB limit');
  });
});

describe('claude settings files too deep or too many problems', () => {
  it('a value nested 10,000 levels deep is a "too-deep" error naming the file, not a stack overflow', () => {
    writeFileSync(projectFile, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "extra": ${nestedArrays(10_000)}}]}]}}`);
    expectOnlyProjectError(claudeDialect.load(context), 'too-deep', 'nested deeper than 128 levels at line 1', false);
  });

  it(`150,000 invalid handlers: the first ${MAX_DIAGNOSTICS_PER_FILE} errors, then one "and 149950 more" summary`, () => {
    const text = manyHandlers(150_000, () => ({ type: 'command' }));
    writeFileSync(projectFile, text);
    // The first omitted problem is the 51st handler's (a missing "command" points at its handler object).
    const firstOmittedColumn = text.indexOf('{"type"') + 50 * '{"type":"command"},'.length + 1;
    const result = claudeDialect.load(context);
    const listed = ofProject(result);
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed.slice(0, -1).every((entry) => entry.severity === 'error' && entry.code === 'invalid-field')).toBe(true);
    expect(listed.at(-1)).toMatchObject({ severity: 'error', file: projectFile, code: 'more-problems', field: 'hooks.PreToolUse[0].hooks[50].command' });
    expect(listed.at(-1)?.message).toBe(`and 149950 more problem(s) in ${projectFile} (the first at line 1, column ${firstOmittedColumn}), not listed`);
    expect(JSON.stringify(result.diagnostics).length).toBeLessThan(64 * 1024);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
  });

  it('10,000 unknown events: capped the same way (the omitted ones are never located)', () => {
    const events = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`Nope${i}`, []]));
    writeFileSync(projectFile, JSON.stringify({ hooks: events }));
    const listed = ofProject(claudeDialect.load(context));
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed.at(-1)).toMatchObject({ severity: 'warning', code: 'more-problems' });
    expect(listed.at(-1)?.message).toContain('and 9950 more problem(s)');
  });

  it('10,000 identical handlers run once; their "duplicate-handler" notes are capped too', () => {
    writeFileSync(projectFile, manyHandlers(10_000, () => ({ type: 'command', command: 'echo same' })));
    const result = claudeDialect.load(context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]', 'project:PreToolUse[0].hooks[0]']);
    const listed = ofProject(result);
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed.slice(0, -1).every((entry) => entry.code === 'duplicate-handler')).toBe(true);
    expect(listed.at(-1)).toMatchObject({ severity: 'info', code: 'more-problems' });
    expect(listed.at(-1)?.message).toContain('and 9949 more problem(s)');
  });
});
