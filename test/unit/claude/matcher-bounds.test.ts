// A catastrophic Claude matcher cannot freeze hookd: the backtracking shapes that re2js can express run there in
// linear time; lookaround and backreferences run in the worker under a deadline, and one that runs past it counts as
// not matching, is reported naming its place and pattern, and stops matching for the session. Long regexes are refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/claude/matcher.js';
import { parseSettings } from '../../../src/dialects/claude/parse-settings.js';
import { parseJsonText } from '../../../src/config/json-locate.js';
import { MAX_PATTERN_LENGTH } from '../../../src/matching/bounded-matcher.js';
import { setMatcherWarningSink } from '../../../src/matching/matcher-warnings.js';
import { setMatchDeadlineMs } from '../../../src/matching/regex-worker.js';

/** 41 characters that make each catastrophic pattern below backtrack for hours, then one that fails the match. */
const A_NAME = `${'a'.repeat(41)}!`;
const LOWER_NAME = `${'abcdefghijklmnopqrstuvwxyz'}${'abcdefghijklmno'}!`;

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  setMatcherWarningSink((message) => warnings.push(message));
  // Any deadline bounds a pattern that needs hours; a short one keeps the test quick.
  setMatchDeadlineMs(250);
});
afterEach(() => setMatcherWarningSink(undefined));

function compiled(pattern: string, label?: string) {
  const result = compileMatcher(pattern, label);
  if (!result.ok) throw new Error(`${pattern}: ${result.error}`);
  return result;
}

describe('catastrophic matchers that re2js can express run in linear time', () => {
  // JavaScript would backtrack for hours on these names; the answers are what it gives once it is done (`$` can
  // match the empty string at the end after zero repetitions, so the unanchored star patterns match).
  it.each([
    ['(a+)+$', A_NAME, false],
    ['^(a|a)*$', A_NAME, false],
    ['([a-z]+)*$', LOWER_NAME, true],
    ['^([a-z]+)*$', LOWER_NAME, false],
    ['^(\\w+\\s?)*$', `${'word '.repeat(20)}!`, false],
  ] as const)('%s on a 42-character name answers in this thread (no notice, no warning) as JavaScript would', (pattern, name, expected) => {
    const { matches, notice } = compiled(pattern);
    expect(notice).toBeUndefined();
    expect(matches(name)).toBe(expected);
    const easy = name.slice(0, 8);
    expect(matches(easy)).toBe(new RegExp(pattern).test(easy));
    expect(warnings).toEqual([]);
  });
});

describe('catastrophic lookaround and backreferences run in the worker under a deadline', () => {
  it.each([
    ['^(?=(a+)+$)', A_NAME],
    ['^(?!(a+)+$)x', A_NAME],
    ['^(a+)+\\1$', A_NAME],
    ['^((a|a)*)\\1$', A_NAME],
  ])('%s on a 42-character name: no match, one warning naming the place and the pattern, disabled afterwards', (pattern, name) => {
    const { matches, notice } = compiled(pattern, '/repo/.claude/settings.json hooks.PreToolUse[3].matcher');
    expect(notice).toMatch(/backtracking engine/);
    expect(matches(name)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(JSON.stringify(pattern));
    expect(warnings[0]).toContain('/repo/.claude/settings.json hooks.PreToolUse[3].matcher');
    expect(warnings[0]).toMatch(/disabled until its configuration is loaded again/);
    // One bad pattern costs one deadline: from now on it answers at once, even where it would match.
    expect(matches(name)).toBe(false);
    expect(matches('aaaa')).toBe(false);
    expect(warnings).toHaveLength(1);
    // An undefined target (an event without a match field) still matches, as for every matcher.
    expect(matches(undefined)).toBe(true);
  });

  it('the worker is replaced after a timeout: other backtracking matchers still answer correctly', () => {
    const bad = compiled('^(?=(a+)+$)');
    const good = compiled('^(?!Bash$)');
    expect(bad.matches(A_NAME)).toBe(false);
    setMatchDeadlineMs(20_000); // the good matcher must not depend on how busy the machine is
    expect(good.matches('Bash')).toBe(false);
    expect(good.matches('Edit')).toBe(true);
    expect(warnings).toHaveLength(1);
  });

  it('compiling again (a reload) gives the pattern a fresh chance', () => {
    expect(compiled('^(?=(a+)+$)').matches(A_NAME)).toBe(false);
    setMatchDeadlineMs(20_000);
    expect(compiled('^(?=(a+)+$)').matches('aaaa')).toBe(true);
  });
});

describe('limits and diagnostics', () => {
  it(`a regex longer than ${MAX_PATTERN_LENGTH} characters is refused with matcher-too-long`, () => {
    const long = `^(${Array.from({ length: 700 }, (_, index) => `Tool${index}`).join('|')})$`;
    expect(long.length).toBeGreaterThan(MAX_PATTERN_LENGTH);
    const result = compileMatcher(long);
    expect(result).toMatchObject({ ok: false, code: 'matcher-too-long' });
    expect(compileMatcher(long.slice(0, MAX_PATTERN_LENGTH - 2) + ')$').ok).toBe(true);
  });

  it('an exact-name list is not a regex and has no length limit', () => {
    const names = Array.from({ length: 1000 }, (_, index) => `Tool${index}`).join('|');
    const result = compileMatcher(names);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.matches('Tool999')).toBe(true);
  });

  it('the settings parser reports a backtracking matcher (info) and a too-long one (error), each at its matcher', () => {
    const group = (matcher: string) => ({ matcher, hooks: [{ type: 'command', command: 'true' }] });
    const settings = { hooks: { PreToolUse: [group('^(?!Bash$)'), group('mcp__.*'), group(`(${'x'.repeat(MAX_PATTERN_LENGTH)})`)] } };
    const read = parseJsonText('/repo/.claude/settings.json', JSON.stringify(settings, null, 2));
    if (read.status !== 'ok') throw new Error('the test settings do not parse');
    const parsed = parseSettings(read.document, '/repo');
    expect(parsed.hooks).toHaveLength(2);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ severity: 'info', code: 'matcher-backtracking', field: 'hooks.PreToolUse[0].matcher' }),
      expect.objectContaining({ severity: 'error', code: 'matcher-too-long', field: 'hooks.PreToolUse[2].matcher' }),
    ]);
  });
});
