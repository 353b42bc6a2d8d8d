// Claude Code evaluates matchers as `new RegExp(matcher)` (no flags): whatever engine hookd picks (re2js after
// translation, or JavaScript's own in the bounded worker), every compiled matcher must answer exactly what
// `new RegExp(pattern).test(target)` answers. JavaScript is the oracle (none of these patterns is catastrophic).
import { beforeAll, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/claude/matcher.js';
import { JS_DIGIT, JS_DOT, JS_WHITESPACE, JS_WORD, MAX_CODE_POINT, type CodePointSet } from '../../../src/matching/code-point-set.js';
import { setMatchDeadlineMs } from '../../../src/matching/regex-worker.js';

// A loaded machine must not turn a slow worker into a wrong answer here; the deadline itself is tested elsewhere.
beforeAll(() => setMatchDeadlineMs(20_000));

const EXACT_SET = /^[A-Za-z0-9_\- ,|]+$/;

/** Patterns that must run in linear time (no notice): the common shapes and every construct that is translated. */
const LINEAR_PATTERNS = [
  'mcp__.*',
  'mcp__memory__.*',
  '^Bash$',
  'Notebook.*',
  'Edit.*',
  '^(Edit|Write)$',
  '^mcp__[a-z]+__(read|write)_.*$',
  'Bash|^Read$',
  '.*',
  '.',
  '^.$',
  '^..$',
  '^.+$',
  '\\s',
  '\\S+',
  '^\\s*$',
  '\\w+',
  '^\\W',
  '\\d',
  '\\D{2}',
  '\\bBash\\b',
  '\\Bash',
  'a\\B',
  '[A-Z][a-z]+',
  '[^A-Za-z]',
  '[\\w-]+$',
  '[\\s\\S]',
  '[^\\s\\d]',
  '[.*+?]',
  '[\\]\\[]',
  '[\\b]',
  '[\\-a]',
  '[a\\-z]',
  '[]',
  '[^]',
  'x[^]*y',
  '\\u0042ash',
  '\\u{1F600}',
  '\\x41',
  '\\x2e',
  '\\.',
  '\\/',
  '\\^\\$',
  '\\cJ',
  '\\t|\\n|\\v|\\f|\\r',
  '\\0',
  'é',
  '[à-ÿ]',
  '\\u2028',
  '\u00a0',
  '(?<name>Bash)',
  '(?:Edit|Write)+',
  'a{2}',
  'a{2,}',
  'a{1,3}$',
  'a*?b',
  '^$',
  '^a|',
  '(|x)y',
  '$^',
  'Bash$',
  '^[Bb]ash$',
  // surrogate escapes: exact in re2js on targets without surrogates; the others go to JavaScript
  '\\uD83D\\uDE00',
  '\\uD800',
  '[\\uD800-\\uDBFF]',
  // Annex B (valid only without the u flag), each as Claude Code's `new RegExp(matcher)` reads it
  '\\-',
  'mcp__my\\-server__.*',
  '\\_',
  'a{',
  'a{1',
  'a{,5}',
  'x{1,2',
  '{',
  '}',
  ']',
  '^]$',
  'a{2}{',
  '\\p{Lu}ash',
  '\\P{L}',
  '\\u{2}',
  '\\u00',
  '\\uZZZZ',
  '\\xZ',
  '\\x4',
  '\\c1',
  '\\c',
  '[\\c1]',
  '[\\c_]',
  '[\\c*]',
  '\\k',
  '\\a\\e\\g',
  '\\ ',
  '[\\w-a]',
  '[a-\\d]',
  '[\\s-\\d]',
  '[\\B]',
  '[\\p]',
  '\\%\\@\\#',
];

/** Patterns only JavaScript's engine runs: they go to the worker and say so. */
const BACKTRACKING_PATTERNS = [
  '^(?!Bash$)',
  '(?=Edit)Edit.*',
  '(?<=mcp__)memory',
  '(?<!Notebook)Edit$',
  '^(\\w)\\1',
  '(?<c>a)\\k<c>',
  'a{1001}',
  // code units outside the BMP: without the u flag `😀` is two units (a quantifier binds the second)
  '😀',
  '^😀+$',
  // Annex B forms the translation leaves to JavaScript
  '\\12',
  '(a)\\2',
  '(?=a)*b',
  '[\\1]',
];

const TARGETS = [
  'Bash',
  'bash',
  'BashOutput',
  'Edit',
  'Write',
  'NotebookEdit',
  'MultiEdit',
  'Read',
  'mcp__memory__create_entities',
  'mcp__github__read_file',
  'Task',
  '',
  'a',
  'aa',
  'aaa',
  'aab',
  'x\ny',
  'x y',
  'a\u00a0b',
  'tab\there',
  '\u2028',
  '\r',
  'é',
  'ÿ',
  '😀',
  '😁x',
  '\ud800',
  'a\udc00',
  '.',
  '/',
  '-',
  '[]',
  '\u0008',
  '\u0000',
  '^$',
  '12',
  'a'.repeat(1001),
];

function compiled(pattern: string) {
  const result = compileMatcher(pattern);
  if (!result.ok) throw new Error(`${pattern}: ${result.error}`);
  return result;
}

describe('claude regex matchers answer what JavaScript answers', () => {
  it('the table uses real regexes (not exact names) and each one is valid JavaScript', () => {
    for (const pattern of [...LINEAR_PATTERNS, ...BACKTRACKING_PATTERNS]) {
      expect(EXACT_SET.test(pattern), pattern).toBe(false);
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it.each(LINEAR_PATTERNS)('%s: runs in linear time and agrees with new RegExp(p).test on every target', (pattern) => {
    const { matches, notice } = compiled(pattern);
    expect(notice).toBeUndefined();
    const oracle = new RegExp(pattern);
    for (const target of TARGETS) expect(matches(target), `${pattern} on ${JSON.stringify(target)}`).toBe(oracle.test(target));
  });

  it.each(BACKTRACKING_PATTERNS)('%s: runs on the bounded JavaScript engine, says so, and agrees with the oracle', (pattern) => {
    const { matches, notice } = compiled(pattern);
    expect(notice).toContain("JavaScript's backtracking engine");
    const oracle = new RegExp(pattern);
    for (const target of TARGETS) expect(matches(target), `${pattern} on ${JSON.stringify(target)}`).toBe(oracle.test(target));
  });

  it('a target too long for this thread is tested in the worker and still gets the right answer', () => {
    const huge = `mcp__${'x'.repeat(2_000_000)}`;
    expect(compiled('mcp__.*').matches(huge)).toBe(true);
    expect(compiled('^mcp__x*y$').matches(huge)).toBe(false);
  });
});

describe('the classes `.`, `\\s`, `\\w`, `\\d`: the code-point sets, and matchers using them agree with new RegExp(p)', () => {
  const classes: Array<[string, CodePointSet]> = [
    ['.', JS_DOT],
    ['\\s', JS_WHITESPACE],
    ['\\w', JS_WORD],
    ['\\d', JS_DIGIT],
  ];

  it.each(classes)('%s: the code-point set equals JavaScript on every code point', (source, set) => {
    const oracle = new RegExp(`^${source}$`, 'u');
    const wrong: number[] = [];
    for (let codePoint = 0; codePoint <= MAX_CODE_POINT; codePoint++) {
      if (oracle.test(String.fromCodePoint(codePoint)) !== set.has(codePoint)) wrong.push(codePoint);
    }
    expect(wrong.map((codePoint) => codePoint.toString(16))).toEqual([]);
  });

  it.each(classes)('%s, its negation and classes of it: the compiled matcher agrees at every edge of the set', (source, set) => {
    const edges = new Set<number>([0, MAX_CODE_POINT]);
    for (const [low, high] of set.ranges) for (const codePoint of [low - 1, low, high, high + 1]) if (codePoint >= 0 && codePoint <= MAX_CODE_POINT) edges.add(codePoint);
    const patterns = source === '.' ? ['^.$', '^[^.]$'] : [`^${source}$`, `^${source.toUpperCase()}$`, `^[${source}x]$`, `^[^${source}x]$`];
    for (const pattern of patterns) {
      const { matches } = compiled(pattern);
      const oracle = new RegExp(pattern); // as Claude Code compiles it (astral targets are two code units there)
      for (const codePoint of edges) {
        const target = String.fromCodePoint(codePoint);
        expect(matches(target), `${pattern} on U+${codePoint.toString(16)}`).toBe(oracle.test(target));
      }
    }
  });
});
