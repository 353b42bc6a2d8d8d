// Unit tests of WAMP matchers (src/dialects/wamp/matcher.ts): every tool, exact-name lists, unanchored JavaScript regexes
// run with bounded cost, no translation of Claude Code's tool names.
import { describe, expect, it } from 'vitest';
import { compileWampMatcher } from '../../../src/dialects/wamp/matcher.js';

const compile = (matcher: string | undefined) => {
  const compiled = compileWampMatcher(matcher);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled;
};
const TOOLS = ['shell', 'write', 'edit', 'apply_patch', 'mcp__github__create_issue', 'Bash', 'shell2'];
const matched = (matcher: string | undefined) => TOOLS.filter((tool) => compile(matcher).matches(tool));

describe('wamp matcher', () => {
  it('omitted, empty and * match every tool', () => {
    for (const matcher of [undefined, '', '*']) expect(matched(matcher)).toEqual(TOOLS);
  });

  it('plain names and | lists are exact and case-sensitive', () => {
    expect(matched('shell')).toEqual(['shell']);
    expect(matched('shell|write')).toEqual(['shell', 'write']);
    expect(matched('apply_patch|mcp__github__create_issue')).toEqual(['apply_patch', 'mcp__github__create_issue']);
    expect(matched('Shell')).toEqual([]);
    expect(matched('shell|')).toEqual(['shell']);
  });

  it('Bash is not translated to shell', () => {
    expect(matched('Bash')).toEqual(['Bash']);
    expect(compile('Bash').matches('shell')).toBe(false);
  });

  it('anything else is an unanchored JavaScript regex', () => {
    expect(matched('sh.ll')).toEqual(['shell', 'shell2']);
    expect(matched('mcp__github__.*')).toEqual(['mcp__github__create_issue']);
    expect(matched('^(write|edit)$')).toEqual(['write', 'edit']);
    expect(matched('it')).toEqual([]); // plain name: exact
    expect(matched('i.')).toEqual(['write', 'edit', 'mcp__github__create_issue']);
    // A comma or space is not a list separator in WAMP: the matcher is a regex (matching the literal text).
    expect(matched('shell, write')).toEqual([]);
  });

  it('JavaScript-only syntax (lookahead, backreference) keeps its JavaScript meaning, with a notice', () => {
    const lookahead = compileWampMatcher('^(?!shell$).*');
    expect(lookahead.ok && lookahead.notice).toContain('backtracking');
    expect(TOOLS.filter((tool) => lookahead.ok && lookahead.matches(tool))).toEqual(TOOLS.filter((tool) => tool !== 'shell'));
    const backref = compileWampMatcher('(l)\\1');
    expect(TOOLS.filter((tool) => backref.ok && backref.matches(tool))).toEqual(['shell', 'shell2']);
  });

  it('a catastrophic pattern is linear on re2js', () => {
    const compiled = compile('^(a+)+$');
    // No notice: it runs on re2js (linear time); on a backtracking engine this test would not finish.
    expect(compiled.notice).toBeUndefined();
    expect(compiled.matches(`${'a'.repeat(5000)}b`)).toBe(false);
  });

  it('invalid regex and over-long patterns are refused', () => {
    expect(compileWampMatcher('(')).toMatchObject({ ok: false, code: 'invalid-regex' });
    expect(compileWampMatcher(`(${'a'.repeat(5000)})`)).toMatchObject({ ok: false, code: 'matcher-too-long' });
  });

  it('an event without a tool (undefined target) always matches', () => {
    expect(compile('shell').matches(undefined)).toBe(true);
    expect(compile('sh.ll').matches(undefined)).toBe(true);
  });
});
