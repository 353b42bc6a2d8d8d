import { mkdirSync } from 'node:fs';
import { scratchDir } from '../../helpers/scratch.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/config/canonical-json.js';
import { diagnostic } from '../../../src/config/diagnostic.js';
import { locate, parseJsonText, positionAt, readJsonFile, type JsonDocument } from '../../../src/config/json-locate.js';
import { formatPath } from '../../../src/protocol/issue-text.js';

function parsed(text: string): JsonDocument {
  const result = parseJsonText('/x/settings.json', text);
  if (result.status !== 'ok') throw new Error(JSON.stringify(result));
  return result.document;
}

function parseError(text: string) {
  const result = parseJsonText('/x/settings.json', text);
  if (result.status !== 'error') throw new Error('expected a parse error');
  return result.diagnostic;
}

describe('json-locate', () => {
  it('a missing file is not an error', () => {
    const dir = scratchDir('hookd-json-');
    expect(readJsonFile(join(dir, 'nope.json'))).toEqual({ status: 'missing' });
    expect(readJsonFile(join(dir, 'nope', 'deeper.json'))).toEqual({ status: 'missing' });
  });

  it('an unreadable path (a directory) is an error diagnostic naming the file', () => {
    const dir = scratchDir('hookd-json-');
    mkdirSync(join(dir, 'settings.json'));
    const result = readJsonFile(join(dir, 'settings.json'));
    expect(result.status).toBe('error');
    if (result.status === 'error') expect(result.diagnostic).toMatchObject({ severity: 'error', file: join(dir, 'settings.json'), code: 'not-regular-file' });
  });

  it('invalid JSON is an error naming the file, line and column', () => {
    const d = parseError('{\n  "hooks": {\n    "Stop": [}\n}');
    expect(d).toMatchObject({ severity: 'error', file: '/x/settings.json', line: 3, column: 14, code: 'invalid-json' });
    expect(d.message).toMatch(/line 3, column 14/);
  });

  it('strict mode: comments are not allowed (Claude settings are plain JSON)', () => {
    const d = parseError('{\n  // a comment\n  "hooks": {}\n}');
    expect(d).toMatchObject({ line: 2, column: 3 });
    expect(d.message).toMatch(/comments are not allowed/);
  });

  it('strict mode: trailing commas are not allowed', () => {
    expect(parseError('{\n  "a": [1, 2,],\n}')).toMatchObject({ line: 2, column: 14 });
    expect(parseError('{"a": 1,\n}')).toMatchObject({ line: 2, column: 1 });
  });

  it('a whitespace-only file is an empty document, not an error; a BOM is skipped', () => {
    expect(parsed('  \n').value).toBeUndefined();
    expect(parsed('\uFEFF{"a": 1}').value).toEqual({ a: 1 });
  });

  it('locates a field path at its property key, 1-based', () => {
    const doc = parsed('{\n  "hooks": {\n    "PreToolUse": [\n      { "hooks": [ { "type": "command", "timeout": "x" } ] }\n    ]\n  }\n}');
    expect(locate(doc, ['hooks', 'PreToolUse', 0, 'hooks', 0, 'timeout'])).toEqual({ line: 4, column: 41 });
    expect(locate(doc, ['hooks', 'PreToolUse'])).toEqual({ line: 3, column: 5 });
  });

  it('a missing field is located at the nearest existing ancestor', () => {
    const doc = parsed('{\n  "hooks": {\n    "Stop": [\n      { "hooks": [\n        { "type": "command" }\n      ] }\n    ]\n  }\n}');
    expect(locate(doc, ['hooks', 'Stop', 0, 'hooks', 0, 'command'])).toEqual({ line: 5, column: 9 });
  });

  it('formats field paths as hooks.PreToolUse[0].hooks[1].timeout', () => {
    expect(formatPath(['hooks', 'PreToolUse', 0, 'hooks', 1, 'timeout'])).toBe('hooks.PreToolUse[0].hooks[1].timeout');
    expect(formatPath(['hooks', 'my event'])).toBe('hooks["my event"]');
  });

  it('positions count CRLF line breaks once', () => {
    const doc = parsed('{\r\n"a":\r\n 1}');
    expect(locate(doc, ['a'])).toEqual({ line: 2, column: 1 });
    expect(positionAt([0], 5)).toEqual({ line: 1, column: 6 });
  });

  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe(canonicalJson({ a: [{ c: 2, d: 1 }], b: 1 }));
  });

  it('diagnostic() leaves out what is not known', () => {
    expect(diagnostic('warning', 'm', { file: 'f', line: 2 })).toEqual({ severity: 'warning', message: 'm', file: 'f', line: 2 });
  });
});
