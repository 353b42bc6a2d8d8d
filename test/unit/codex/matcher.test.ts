// Codex's matcher (src/dialects/codex/matcher.ts), pinned to hook-systems §3.3 "Matcher code" and the cases of Codex's
// own common.rs tests (matcher_omitted_matches_all_occurrences, exact_matcher_supports_pipe_alternatives, …), plus the
// tool aliases of HookToolName (apply_patch ≈ Write, Edit; spawn_agent ≈ Agent). No process runs here.
import { describe, expect, it } from 'vitest';
import { compileCodexMatcher, type CodexMatcher } from '../../../src/dialects/codex/matcher.js';

function compiled(matcher: string | undefined): (target: string | undefined) => boolean {
  const result: CodexMatcher = compileCodexMatcher(matcher);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(matcher)} to compile: ${result.error}`);
  return result.matches;
}

describe('codex matcher (§3.3)', () => {
  it('§3.3 "\\"\\"/\\"*\\"/omitted = all"', () => {
    for (const matcher of [undefined, '', '*']) {
      const matches = compiled(matcher);
      expect(matches('Bash')).toBe(true);
      expect(matches('mcp__memory__create_entities')).toBe(true);
    }
  });

  it('§3.3 "a matcher made only of [A-Za-z0-9_|] is split on | and compared exactly": Edit|Write matches Edit and Write, not Bash (observed 12)', () => {
    const matches = compiled('Edit|Write');
    expect(matches('Edit')).toBe(true);
    expect(matches('Write')).toBe(true);
    expect(matches('Bash')).toBe(false);
    expect(matches('MultiEdit')).toBe(false);
  });

  it('§3.3 exact matching: "Bash" does not match "BashOutput", "mcp__memory" does not match "mcp__memory__create_entities"', () => {
    expect(compiled('Bash')('Bash')).toBe(true);
    expect(compiled('Bash')('BashOutput')).toBe(false);
    expect(compiled('bash')('Bash')).toBe(false);
    expect(compiled('mcp__memory')('mcp__memory__create_entities')).toBe(false);
    expect(compiled('mcp__memory__create_entities')('mcp__memory__create_entities')).toBe(true);
  });

  it('§3.3 "otherwise compiled as a Rust regex and tested unanchored": ^Ba.h$ matches Bash (observed 13), ^Bash matches BashOutput', () => {
    expect(compiled('^Ba.h$')('Bash')).toBe(true);
    expect(compiled('^Ba.h$')('Bashh')).toBe(false);
    expect(compiled('^Bash')('BashOutput')).toBe(true);
    expect(compiled('B.sh')('MyBashTool')).toBe(true);
    expect(compiled('mcp__.*__write.*')('mcp__filesystem__write_file')).toBe(true);
    expect(compiled('mcp__.*__write.*')('mcp__filesystem__read_file')).toBe(false);
  });

  it('a "-" or "." makes the matcher a regex (Codex\'s exact set is only [A-Za-z0-9_|]): "read-file" is searched, "a.b" matches "axb"', () => {
    expect(compiled('a.b')('axb')).toBe(true);
    expect(compiled('read-file')('my_read-file_tool')).toBe(true);
  });

  it('§3.3 "invalid regex → warning" — "[" and "(" do not compile, with Rust\'s reason', () => {
    for (const matcher of ['[', '(', 'a{2,1}']) {
      const result = compileCodexMatcher(matcher);
      expect(result.ok, matcher).toBe(false);
      if (!result.ok) {
        expect(result.code).toBe('invalid-regex');
        expect(result.error.length).toBeGreaterThan(0);
      }
    }
  });

  it('a regex hookd cannot run with Rust\'s exact meaning is refused, never matched another way; over 4096 characters is refused', () => {
    const long = compileCodexMatcher(`(${'a'.repeat(5000)})`);
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.code).toBe('matcher-too-long');
  });

  it('§3.3 "apply_patch (matched as apply_patch, Edit or Write)" and "spawn_agent also matches Agent"', () => {
    expect(compiled('Edit')('apply_patch')).toBe(true);
    expect(compiled('Write')('apply_patch')).toBe(true);
    expect(compiled('apply_patch')('apply_patch')).toBe(true);
    expect(compiled('^Edit$')('apply_patch')).toBe(true);
    expect(compiled('Agent')('spawn_agent')).toBe(true);
    expect(compiled('Bash')('apply_patch')).toBe(false);
    // Aliases are of the tool, not of the matcher: an Edit tool is not apply_patch.
    expect(compiled('apply_patch')('Edit')).toBe(false);
    expect(compiled('Agent')('constructor')).toBe(false);
  });

  it('an empty alternative matches only an empty name ("a||b": a, b and "", as Codex\'s split compares)', () => {
    const matches = compiled('a||b');
    expect(matches('a')).toBe(true);
    expect(matches('')).toBe(true);
    expect(matches('c')).toBe(false);
  });

  it('an event without a match field (undefined target) matches, hookd\'s convention', () => {
    expect(compiled('Bash')(undefined)).toBe(true);
    expect(compiled('^B')(undefined)).toBe(true);
  });
});
