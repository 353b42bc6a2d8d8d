// Whatever a user writes as a Bamboo matcher, translating and compiling it is bounded and never throws: every
// pattern ends as a matcher or as a refusal (a diagnostic), never as an exception (an internal error).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/bamboo/matcher.js';

const TOKENS = [
  '(', ')', '[', ']', '^', '$', '\\', '{', '}', ',', '1', '2', '-', '&', '~', '|', '*', '+', '?', 'x', '#', ' ', '\n', ':', 'a',
  'p', 'b', 'P', '<', '>', '=', '!', 'i', 'u', 'U', 'R', 'w', 'd', 's', 'W', 'é', '\ud800', 'k', 'z', 'A', 'start', 'end-half',
  'Greek', '[:alpha:]', '(?x)', '(?i)', '(?-u)', '&&', '--', '~~', '\\b', '\\<', '\\p{', '\\x{',
];

describe('Bamboo matcher translation is total', () => {
  it('any sequence of regex syntax compiles or is refused, and a compiled one answers', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 16 }), (tokens) => {
        const compiled = compileMatcher(tokens.join(''));
        if (compiled.ok) expect(typeof compiled.matches('aé-x Bash')).toBe('boolean');
        else expect(compiled.error.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000, seed: 9 },
    );
  });

  it('deep nesting is refused, not a stack overflow', () => {
    expect(compileMatcher(`${'('.repeat(2000)}a${')'.repeat(2000)}`)).toMatchObject({ ok: false, kind: 'invalid', error: 'groups nest deeper than 250 levels' });
    expect(compileMatcher(`${'['.repeat(2000)}a${']'.repeat(2000)}`)).toMatchObject({ ok: false, kind: 'invalid', error: 'classes nest deeper than 250 levels' });
  });
});
