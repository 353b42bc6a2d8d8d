// Bounds of the JSON reader and of one file's diagnostics: nesting deeper than MAX_JSON_DEPTH is a located error
// (the recursive parser never sees it), and a file's diagnostics stop at MAX_DIAGNOSTICS_PER_FILE plus one summary.
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../../src/config/diagnostic.js';
import { FileDiagnostics, MAX_DIAGNOSTICS_PER_FILE } from '../../../src/config/file-diagnostics.js';
import { MAX_JSON_DEPTH, parseJsonText } from '../../../src/config/json-locate.js';

const nested = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('JSON nesting limit', () => {
  it('10,000 nested arrays are an error naming the file and the first bracket too deep, not a stack overflow', () => {
    const result = parseJsonText('/x/settings.json', `{\n  "hooks": ${nested(10_000)}\n}`);
    expect(result.status).toBe('error');
    if (result.status !== 'error') return;
    // "{" is level 1; the array opening level 129 is the 128th "[" on line 2, which starts at column 12.
    expect(result.diagnostic).toMatchObject({ severity: 'error', file: '/x/settings.json', line: 2, column: 12 + MAX_JSON_DEPTH - 1, code: 'too-deep' });
    expect(result.diagnostic.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels at line 2, column ${12 + MAX_JSON_DEPTH - 1}; file skipped`);
  });

  it('objects count as levels too, and so does a deep value that is also invalid JSON', () => {
    const objects = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    expect(parseJsonText('/x/a.json', objects)).toMatchObject({ status: 'error', diagnostic: { code: 'too-deep', line: 1, column: 5 * MAX_JSON_DEPTH + 1 } });
    expect(parseJsonText('/x/b.json', '['.repeat(50_000))).toMatchObject({ status: 'error', diagnostic: { code: 'too-deep' } });
  });

  it(`exactly ${MAX_JSON_DEPTH} levels parse; brackets inside strings are not levels`, () => {
    const atLimit = parseJsonText('/x/settings.json', nested(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe('ok');
    expect(parseJsonText('/x/settings.json', nested(MAX_JSON_DEPTH + 1))).toMatchObject({ status: 'error', diagnostic: { code: 'too-deep' } });
    const text = JSON.stringify({ command: '['.repeat(10_000) + '{'.repeat(10_000) });
    expect(parseJsonText('/x/settings.json', text).status).toBe('ok');
  });
});

describe('FileDiagnostics', () => {
  const file = '/x/settings.json';

  it(`keeps the first ${MAX_DIAGNOSTICS_PER_FILE}, then one summary with the count, the worst severity and where the first omitted one is`, () => {
    const collected = new FileDiagnostics(file);
    let built = 0;
    for (let i = 0; i < 150_000; i++) {
      const severity = i === 149_999 ? 'error' : 'warning';
      collected.add(severity, () => {
        built++;
        return diagnostic(severity, `problem ${i}`, { file, line: i + 1, column: 3, field: `hooks[${i}]`, code: 'x' });
      });
    }
    const list = collected.list();
    expect(list).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(list.slice(0, MAX_DIAGNOSTICS_PER_FILE).map((entry) => entry.message)).toEqual(Array.from({ length: MAX_DIAGNOSTICS_PER_FILE }, (_, i) => `problem ${i}`));
    expect(list.at(-1)).toEqual({
      severity: 'error',
      message: `and 149950 more problem(s) in ${file} (the first at line 51, column 3), not listed`,
      file,
      line: 51,
      column: 3,
      field: 'hooks[50]',
      code: 'more-problems',
    });
    // Locating a problem can cost as much as the file is long: omitted ones (but the first) are never built.
    expect(built).toBe(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(collected.errorCount).toBe(1);
  });

  it('under the cap the list is exactly what was added', () => {
    const collected = new FileDiagnostics(file);
    collected.add('info', () => diagnostic('info', 'one', { file }));
    expect(collected.list()).toEqual([{ severity: 'info', message: 'one', file }]);
  });
});
