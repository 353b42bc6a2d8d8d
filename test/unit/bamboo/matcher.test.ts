import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/bamboo/matcher.js';
import { compileEventMatcher } from '../../../src/dialects/bamboo/event-matcher.js';
import { matchTarget } from '../../../src/dialects/bamboo/match-target.js';

function matches(pattern: string | undefined, target: string | undefined): boolean {
  const compiled = compileMatcher(pattern);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matches(target);
}

function errorOf(pattern: string): string {
  const compiled = compileMatcher(pattern);
  if (compiled.ok) throw new Error(`${pattern} compiled`);
  return compiled.error;
}

describe('bamboo matcher: a Rust regex searched in the tool name', () => {
  it('omitted matches every tool', () => {
    expect(matches(undefined, 'Bash')).toBe(true);
    expect(matches(undefined, 'Write')).toBe(true);
  });

  it('is unanchored like Regex::is_match: "Bash" matches "MyBashTool"; ^...$ anchors', () => {
    expect(matches('Bash', 'MyBashTool')).toBe(true);
    expect(matches('^Bash$', 'MyBashTool')).toBe(false);
    expect(matches('^Bash$', 'Bash')).toBe(true);
    expect(matches('', 'Anything')).toBe(true);
  });

  it('agrees with re2js Matcher.find() (the unanchored search) on a table of patterns', () => {
    const patterns = ['^(Write|Edit)$', 'Edit', '(?i)bash', 'a|b', '^$'];
    const names = ['Write', 'Edit', 'NotebookEdit', 'bash', 'BASH', 'x', ''];
    for (const pattern of patterns) {
      for (const name of names) expect(matches(pattern, name), `${pattern} ~ ${name}`).toBe(RE2JS.compile(pattern).matcher(name).find());
    }
  });

  it('is case-sensitive unless (?i)', () => {
    expect(matches('^bash$', 'Bash')).toBe(false);
    expect(matches('(?i)^bash$', 'Bash')).toBe(true);
  });

  it('supports Rust syntax: \\A and \\z anchors, (?P<name>…) and (?<name>…) groups, POSIX classes, \\b', () => {
    expect(matches('\\ABash\\z', 'Bash')).toBe(true);
    expect(matches('\\ABash\\z', 'Bash2')).toBe(false);
    expect(matches('^(?P<tool>Write|Edit)$', 'Edit')).toBe(true);
    expect(matches('^(?<tool>Write|Edit)$', 'Write')).toBe(true);
    expect(matches('^[[:alpha:]]+$', 'Bash')).toBe(true);
    expect(matches('\\bEdit\\b', 'Multi Edit')).toBe(true);
  });

  it('runs in linear time: ^(a+)+$ on a long non-matching name returns at once', () => {
    const started = performance.now();
    expect(matches('^(a+)+$', `${'a'.repeat(100_000)}b`)).toBe(false);
    // Not a timing assertion on the machine's speed: a backtracking engine would not return at all.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses look-around and backreferences (Rust regex has neither), in Rust\'s words', () => {
    const lookAround = 'look-around, including look-ahead and look-behind, is not supported';
    expect(errorOf('^(?=Bash)')).toBe(`${lookAround}: \`(?=\``);
    expect(errorOf('Bash(?!x)')).toBe(`${lookAround}: \`(?!\``);
    expect(errorOf('(?<=a)b')).toBe(`${lookAround}: \`(?<=\``);
    expect(errorOf('(?<!a)b')).toBe(`${lookAround}: \`(?<!\``);
    expect(errorOf('(a)\\1')).toBe('backreferences are not supported');
  });

  it('computes class set operations and nested classes exactly (they used to be refused)', () => {
    expect(matches('^[a-z&&[^b]]$', 'b')).toBe(false);
    expect(matches('^[a-z&&[^b]]$', 'c')).toBe(true);
    expect(matches('^[a[bc]]$', 'c')).toBe(true);
    expect(matches('^[a-z--b]$', 'b')).toBe(false);
    // a literal `[` or `&` outside a class, an escaped `\[` and a leading `]` are fine
    expect(matches('\\[x\\]', '[x]')).toBe(true);
    expect(matches('[]a]', ']')).toBe(true);
    expect(matches('a&&b', 'a&&b')).toBe(true);
  });

  it('reports invalid syntax in Rust\'s words', () => {
    expect(errorOf('(Bash')).toBe('unclosed group');
    expect(errorOf('[')).toBe('unclosed character class `[`');
    expect(matches('(?x) Bash', 'Bash')).toBe(true);
  });
});

describe('event matchers', () => {
  it('only PreToolUse and PostToolUse take a matcher', () => {
    for (const event of ['PreToolUse', 'PostToolUse'] as const) expect(compileEventMatcher(event, '^Bash$').ok).toBe(true);
    for (const event of ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd', 'PreCompact', 'Notification'] as const) {
      expect(compileEventMatcher(event, 'x')).toEqual({ ok: false, code: 'matcher-not-supported', error: `matcher is supported only for PreToolUse and PostToolUse, not ${event}` });
      expect(compileEventMatcher(event, undefined).ok).toBe(true);
    }
  });

  it('the match target is the tool name on tool events and nothing elsewhere', () => {
    const params = { session: { id: 's' }, toolName: 'Bash', toolInput: {}, prompt: 'p' };
    expect(matchTarget('PreToolUse', params)).toBe('Bash');
    expect(matchTarget('PostToolUse', params)).toBe('Bash');
    expect(matchTarget('UserPromptSubmit', params)).toBeUndefined();
    expect(matchTarget('Notification', { ...params, notificationType: 'x' })).toBeUndefined();
  });
});
