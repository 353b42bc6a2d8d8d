// Gemini's matcher (§4.2 "Matcher: tool events → new RegExp(matcher).test(toolName) (unanchored), literal equality if
// the regex is invalid; lifecycle events → exact string equality with the trigger/source; ""/"*"/no matcher = all").
import { describe, expect, it } from 'vitest';
import { compileGeminiMatcher } from '../../../src/dialects/gemini/matcher.js';
import { geminiDialect } from '../../../src/dialects/gemini/index.js';

const test = (event: Parameters<typeof compileGeminiMatcher>[0], matcher: string | undefined, targets: (string | undefined)[]) => {
  const compiled = compileGeminiMatcher(event, matcher);
  if (!compiled.ok) throw new Error(compiled.error);
  return targets.map((target) => compiled.matches(target));
};

describe('§4.2 Gemini matchers', () => {
  it('12 "replace|write_file" — an alternation matches either tool and not run_shell_command', () => {
    expect(test('PreToolUse', 'replace|write_file', ['replace', 'write_file', 'run_shell_command'])).toEqual([true, true, false]);
  });

  it('13 "^run_sh.ll_command$" — a regex matches run_shell_command', () => {
    expect(test('PreToolUse', '^run_sh.ll_command$', ['run_shell_command', 'xrun_shell_command'])).toEqual([true, false]);
  });

  it('"unanchored": write matches write_file and mcp_fs_write', () => {
    expect(test('PostToolUse', 'write', ['write_file', 'mcp_fs_write', 'read_file'])).toEqual([true, true, false]);
  });

  it('"literal equality if the regex is invalid": "read_file(" matches only a tool named exactly that, with a warning', () => {
    const compiled = compileGeminiMatcher('PreToolUse', 'read_file(');
    expect(compiled.ok && compiled.warning).toContain('not a valid regular expression');
    expect(test('PreToolUse', 'read_file(', ['read_file(', 'read_file'])).toEqual([true, false]);
  });

  it('JavaScript semantics without the u flag (Annex B): a lookahead and "\\-" work as in new RegExp(matcher)', () => {
    expect(test('PreToolUse', '^(?!run_shell_command$)', ['write_file', 'run_shell_command'])).toEqual([true, false]);
    expect(test('PreToolUse', 'mcp\\-x', ['mcp-x'])).toEqual([true]);
  });

  it('lifecycle events compare exactly: "startup" on SessionStart matches startup, not startup2 nor resume (no regex)', () => {
    expect(test('SessionStart', 'startup', ['startup', 'startup2', 'resume'])).toEqual([true, false, false]);
    expect(test('PreCompact', 'auto|manual', ['auto', 'auto|manual'])).toEqual([false, true]);
  });

  it('""/"*"/none match all; the matcher is trimmed first (" * " too)', () => {
    for (const matcher of [undefined, '', '*', '  *  ']) expect(test('PreToolUse', matcher, ['anything'])).toEqual([true]);
    expect(test('PreToolUse', '  replace  ', ['replace'])).toEqual([true]);
  });

  it('an event without a target (BeforeAgent, or an empty tool name) ignores the matcher, as Gemini\'s planner does', () => {
    expect(test('UserPromptSubmit', 'whatever', [undefined])).toEqual([true]);
    expect(test('PreToolUse', 'replace', [''])).toEqual([true]);
  });

  it('the dialect\'s compileMatcher (hooks/dryRun) never refuses a matcher: Gemini has no invalid one', () => {
    expect(geminiDialect.compileMatcher?.('PreToolUse', '(')).toMatchObject({ matches: expect.any(Function) });
  });
});
