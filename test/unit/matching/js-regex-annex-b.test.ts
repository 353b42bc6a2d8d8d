// The `annex-b` translation (Claude Code compiles matchers as `new RegExp(matcher)`, no flags): random strings over an
// alphabet of regex-significant characters, kept when JavaScript accepts them, must answer what JavaScript answers,
// whichever engine hookd picks. Also pins that `unicode` mode is unchanged and that surrogate targets leave re2js.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileJsRegex } from '../../../src/matching/js-regex-matcher.js';
import { translateJsRegex } from '../../../src/matching/js-regex-to-re2.js';
import { setMatchDeadlineMs } from '../../../src/matching/regex-worker.js';

beforeAll(() => setMatchDeadlineMs(20_000));

const PATTERN_UNITS = ['a', 'b', '1', '2', '0', '_', '-', ',', ' ', '\\', '{', '}', '[', ']', '(', ')', '^', '$', '.', '*', '+', '?', '|', 'c', 'k', 'x', 'u', 'p', 'B', 'd', 'w', 's', 'D', 'W', '<', '>', ':', '='];
const TARGET_UNITS = ['a', 'b', '1', '0', '_', '-', ',', ' ', '\\', '{', '}', '[', ']', '\n', '\u0011', '\u001f', 'c', 'k', 'x', 'u', 'p', 'B', 'é', '😀', '\ud800'];

function validWithoutU(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

describe('annex-b: compiled matchers agree with new RegExp(p).test', () => {
  it('on random strings of regex syntax (fixed seed)', () => {
    const patterns = fc.array(fc.constantFrom(...PATTERN_UNITS), { minLength: 1, maxLength: 12 }).map((units) => units.join(''));
    const targets = fc.array(fc.array(fc.constantFrom(...TARGET_UNITS), { maxLength: 8 }).map((units) => units.join('')), { minLength: 1, maxLength: 6 });
    let translated = 0;
    fc.assert(
      fc.property(patterns, targets, (source, cases) => {
        fc.pre(validWithoutU(source));
        const compiled = compileJsRegex(source, 'test', 'annex-b');
        expect(compiled.ok, source).toBe(true);
        if (!compiled.ok) return;
        if (compiled.notice === undefined) translated++;
        const oracle = new RegExp(source);
        for (const target of cases) expect(compiled.matches(target), `${JSON.stringify(source)} on ${JSON.stringify(target)}`).toBe(oracle.test(target));
      }),
      { seed: 0x5eed_b, numRuns: 3000 },
    );
    expect(translated).toBeGreaterThan(500); // most of them ran on re2js, so the translation itself was judged
  });

  it('patterns valid only without the u flag compile (Claude Code accepts them) and mean what JavaScript says', () => {
    for (const [pattern, yes, no] of [
      ['\\-', '-', 'a'],
      ['a{', 'a{', 'a'],
      [']', ']', 'a'],
      ['\\_', '_', 'a'],
      ['\\k', 'k', 'a'],
      ['^\\c1$', '\\c1', '\u0011'],
      ['^[\\c1]$', '\u0011', '1'],
    ] as const) {
      expect(() => new RegExp(pattern, 'u'), pattern).toThrow();
      const compiled = compileJsRegex(pattern, 'test', 'annex-b');
      expect(compiled.ok && compiled.notice === undefined, pattern).toBe(true);
      if (!compiled.ok) continue;
      expect(compiled.matches(yes), `${pattern} on ${yes}`).toBe(true);
      expect(compiled.matches(no), `${pattern} on ${no}`).toBe(false);
    }
  });

  it('an astral target is judged over code units (`^.$` does not match one emoji without u), a u-mode matcher over code points', () => {
    const annexB = compileJsRegex('^.$', 'test', 'annex-b');
    const unicode = compileJsRegex('^.$', 'test', 'unicode');
    expect(annexB.ok && unicode.ok).toBe(true);
    if (!annexB.ok || !unicode.ok) return;
    expect(annexB.matches('😀')).toBe(false);
    expect(annexB.matches('\ud800')).toBe(true);
    expect(unicode.matches('😀')).toBe(true);
  });

  it('unicode mode keeps its strict grammar', () => {
    expect(compileJsRegex('\\-', 'test', 'unicode').ok).toBe(false);
    expect(translateJsRegex('\\p{Lu}', 'unicode').ok).toBe(false);
    expect(translateJsRegex('\\p{Lu}', 'annex-b').ok).toBe(true);
    const repeatedU = compileJsRegex('^\\u{2}$', 'test', 'annex-b'); // `u` twice, not U+0002
    expect(repeatedU.ok && repeatedU.matches('uu') && !repeatedU.matches('\u0002')).toBe(true);
  });
});
