import { describe, expect, it } from 'vitest';
import { compileMatcher, type MatchFn } from '../../../src/dialects/claude/matcher.js';

function compiled(matcher: string | undefined): MatchFn {
  const result = compileMatcher(matcher);
  if (!result.ok) throw new Error(result.error);
  return result.matches;
}

describe('claude matchers', () => {
  it('"*", "" or omitted match every occurrence', () => {
    for (const matcher of ['*', '', undefined]) {
      const matches = compiled(matcher);
      expect(matches('Bash')).toBe(true);
      expect(matches('mcp__memory__create')).toBe(true);
      expect(matches('')).toBe(true);
    }
  });

  it('a value made only of letters, digits and _ is an exact name (no substring match)', () => {
    const matches = compiled('Bash');
    expect(matches('Bash')).toBe(true);
    expect(matches('BashOutput')).toBe(false);
    expect(matches('bash')).toBe(false);
  });

  it('an exact list separated by | matches each listed name exactly', () => {
    const matches = compiled('Edit|Write');
    expect(matches('Edit')).toBe(true);
    expect(matches('Write')).toBe(true);
    expect(matches('NotebookEdit')).toBe(false);
    expect(matches('MultiEdit')).toBe(false);
  });

  it('an exact list separated by , with whitespace tolerated (comma lists since v2.1.191)', () => {
    const matches = compiled(' Edit , Write| Read ');
    expect(matches('Edit')).toBe(true);
    expect(matches('Write')).toBe(true);
    expect(matches('Read')).toBe(true);
    expect(matches('Edit ')).toBe(false);
  });

  it('hyphens are in the exact set (since v2.1.195): "code-reviewer" is an exact name, not a regex', () => {
    const matches = compiled('code-reviewer|test-runner');
    expect(matches('code-reviewer')).toBe(true);
    expect(matches('test-runner')).toBe(true);
    expect(matches('my-code-reviewer')).toBe(false);
  });

  it('"mcp__memory" (exact set) matches nothing but that exact name; use mcp__memory__.* for the server', () => {
    expect(compiled('mcp__memory')('mcp__memory__create_entities')).toBe(false);
    expect(compiled('mcp__memory__.*')('mcp__memory__create_entities')).toBe(true);
  });

  it('anything else is an unanchored JavaScript regex: Edit.* also matches NotebookEdit', () => {
    const matches = compiled('Edit.*');
    expect(matches('Edit')).toBe(true);
    expect(matches('NotebookEdit')).toBe(true);
    expect(matches('Write')).toBe(false);
    expect(compiled('^Write$')('Write')).toBe(true);
    expect(compiled('^Write$')('WriteFile')).toBe(false);
  });

  it('regexes are compiled as new RegExp(matcher), without the u flag (Annex B)', () => {
    expect(compiled('\\p{Lu}ead')('Read')).toBe(false); // no property escapes: `\p` is `p`
    expect(compiled('\\p{Lu}ead')('p{Lu}ead')).toBe(true);
    expect(compileMatcher('\\q').ok).toBe(true); // an identity escape is only an error in unicode mode
    expect(compiled('mcp__a\\-b__.*')('mcp__a-b__x')).toBe(true);
  });

  it('an invalid regex does not compile and says why', () => {
    const result = compileMatcher('Edit(');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/Invalid regular expression/);
  });

  it('an undefined target (an event without a matcher field) is matched by every matcher', () => {
    for (const matcher of ['*', 'Bash', 'Edit|Write', 'Edit.*']) expect(compiled(matcher)(undefined)).toBe(true);
  });
});
