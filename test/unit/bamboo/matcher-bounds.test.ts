// Bamboo matchers are re2js (linear time), but linear in program size × name length: a 3 KB pattern of
// `(?:.{1000})` groups on a 64 KB name takes about a minute in re2js. The cost stays bounded: patterns over 4096
// characters are refused, and a test too big for this thread runs in the worker under a deadline.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/bamboo/matcher.js';
import { MAX_PATTERN_LENGTH } from '../../../src/matching/bounded-matcher.js';
import { setMatcherWarningSink } from '../../../src/matching/matcher-warnings.js';
import { setMatchDeadlineMs } from '../../../src/matching/regex-worker.js';

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  setMatcherWarningSink((message) => warnings.push(message));
});
afterEach(() => setMatcherWarningSink(undefined));

function compiled(pattern: string) {
  const result = compileMatcher(pattern, 'PreToolUse matcher');
  if (!result.ok) throw new Error(`${pattern}: ${result.error}`);
  return result.matches;
}

describe('bamboo matchers have a bounded cost', () => {
  it(`a pattern over ${MAX_PATTERN_LENGTH} characters is refused, saying why`, () => {
    const result = compileMatcher(`^(${'x'.repeat(MAX_PATTERN_LENGTH)})$`);
    expect(result).toEqual({ ok: false, kind: 'too-long', error: `the pattern is ${MAX_PATTERN_LENGTH + 4} characters long, over the limit of ${MAX_PATTERN_LENGTH}` });
  });

  it('a name too long to test in this thread is tested in the worker and gets the right answer', () => {
    setMatchDeadlineMs(20_000);
    const huge = `mcp__${'x'.repeat(2_000_000)}`;
    expect(compiled('^mcp__')(huge)).toBe(true);
    expect(compiled('^mcp__x+$')(huge)).toBe(true);
    expect(compiled('y$')(huge)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('a huge program on a huge name runs past the deadline: no match, one warning, disabled afterwards', () => {
    setMatchDeadlineMs(250);
    const pattern = '(?:.{1000})'.repeat(300);
    const matches = compiled(pattern);
    expect(matches('x'.repeat(65_536))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PreToolUse matcher');
    expect(matches('x'.repeat(300_000))).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('ordinary names stay in this thread (no worker, no warning), even with large programs', () => {
    setMatchDeadlineMs(1); // a worker test would time out at once: answering proves it ran here
    expect(compiled('.{1000}')('x'.repeat(3000))).toBe(true);
    expect(compiled('(?:.{1000})'.repeat(3))('x'.repeat(1200))).toBe(false);
    expect(compiled('^Bash$')('Bash')).toBe(true);
    expect(warnings).toEqual([]);
  });
});
