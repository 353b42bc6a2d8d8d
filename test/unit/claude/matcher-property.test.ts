// Property: for regexes generated from a small grammar of the constructs hookd translates to re2js (Annex-B forms
// included), the compiled Claude matcher runs in linear time (no backtracking notice) and answers what
// `new RegExp(p).test(t)` (no flags, as Claude Code compiles matchers) answers on random short targets. Fixed seed; an oracle case that takes long (JavaScript backtracking) is skipped, not judged.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/claude/matcher.js';
import { setMatchDeadlineMs } from '../../../src/matching/regex-worker.js';

beforeAll(() => setMatchDeadlineMs(20_000));

const SEED = 0x8a7c11;
const SLOW_ORACLE_MS = 50;

/** Characters that matter to the translation: ASCII word and non-word, line terminators, JS-only spaces, astral, a lone surrogate. */
const TARGET_UNITS = ['a', 'b', 'A', 'Z', '_', '1', ' ', '-', '.', '\n', '\r', '\t', '\u00a0', '\u2028', '\ufeff', 'é', '😀', '\ud800'];

const atoms = fc.constantFrom(
  'a',
  'b',
  'A',
  '_',
  '1',
  '.',
  '\\s',
  '\\S',
  '\\w',
  '\\W',
  '\\d',
  '\\D',
  '\\.',
  '-',
  ' ',
  'é',
  '\\u0061',
  '\\u{1F600}',
  '\\x62',
  '\\n',
  '\\t',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[\\s\\d]',
  '[^\\w]',
  '[.]',
  '[^]',
  '[\\u00a0-\\u00ff]',
  // Annex B
  '\\-',
  '\\_',
  '{',
  '}',
  ']',
  'a{',
  '\\c',
  '[\\c1]',
  '[\\w-a]',
  '\\p',
  '\\k',
  '\\xZ',
);
const assertions = fc.constantFrom('^', '$', '\\b', '\\B');
const quantifiers = fc.constantFrom('', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '+?');

const { pattern } = fc.letrec<{ pattern: string; term: string; group: string }>((tie) => ({
  pattern: fc.oneof(
    { depthSize: 'small' },
    fc.array(tie('term'), { minLength: 1, maxLength: 4 }).map((terms) => terms.join('')),
    fc.tuple(tie('pattern'), tie('pattern')).map(([left, right]) => `${left}|${right}`),
  ),
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(atoms, quantifiers).map(([atom, quantifier]) => atom + quantifier),
    assertions,
    fc.tuple(tie('group'), quantifiers).map(([group, quantifier]) => group + quantifier),
  ),
  group: fc.tuple(fc.constantFrom('(', '(?:', '(?<g>'), tie('pattern')).map(([open, body]) => `${open}${body})`),
}));

const targets = fc.array(fc.constantFrom(...TARGET_UNITS), { maxLength: 10 }).map((units) => units.join(''));

/** The oracle's answer, or undefined when JavaScript took too long to give it. */
function oracle(source: string, target: string): boolean | undefined {
  const regex = new RegExp(source);
  const started = performance.now();
  const answer = regex.test(target);
  return performance.now() - started > SLOW_ORACLE_MS ? undefined : answer;
}

describe('generated regexes: the compiled matcher and JavaScript agree', () => {
  it('on random patterns and targets (fixed seed)', () => {
    fc.assert(
      fc.property(pattern, fc.array(targets, { minLength: 1, maxLength: 8 }), (source, cases) => {
        let valid = true;
        try {
          new RegExp(source);
        } catch {
          valid = false; // e.g. two groups named g: not a pattern this property is about
        }
        fc.pre(valid && !/^[A-Za-z0-9_\- ,|]+$/.test(source));
        const compiled = compileMatcher(source);
        expect(compiled.ok).toBe(true);
        if (!compiled.ok) return;
        expect(compiled.notice, source).toBeUndefined();
        for (const target of cases) {
          const expected = oracle(source, target);
          if (expected === undefined) continue;
          expect(compiled.matches(target), `${source} on ${JSON.stringify(target)}`).toBe(expected);
        }
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });
});
