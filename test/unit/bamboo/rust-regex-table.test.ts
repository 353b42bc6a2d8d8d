// Bamboo matchers against the real Rust `regex` crate: test/fixtures/bamboo/rust-regex-cases.json holds, for each
// pattern, whether regex 1.13.2 accepts it and its `is_match` on each tool name, produced by the oracle in
// test/fixtures/bamboo/rust-regex-oracle (see its README.md). hookd must agree on every accepted pattern, refuse
// every pattern Rust refuses, and refuse the rest only where the case says so, naming the construct.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/dialects/bamboo/matcher.js';
import { compileEventMatcher } from '../../../src/dialects/bamboo/event-matcher.js';

type OracleCase = {
  readonly pattern: string;
  readonly rust: { readonly ok: true } | { readonly ok: false; readonly error: string };
  readonly matches?: ReadonlyArray<{ readonly target: string; readonly isMatch: boolean }>;
  /** Rust accepts the pattern but hookd refuses it; the refusal must contain this. */
  readonly refusal?: string;
  /** A seeded random pattern: hookd may refuse it (as unsupported) where it cannot translate exactly. */
  readonly random?: boolean;
};

const ALL_CASES: readonly OracleCase[] = JSON.parse(readFileSync(new URL('../../fixtures/bamboo/rust-regex-cases.json', import.meta.url), 'utf8'));
const CASES = ALL_CASES.filter((c) => c.random !== true);
const RANDOM_CASES = ALL_CASES.filter((c) => c.random === true);

const show = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

describe('Rust regex table (expected results from the regex crate)', () => {
  it('the table covers verbose mode, set operations, word boundaries, Unicode classes and refusals', () => {
    expect(CASES.length).toBeGreaterThan(200);
    expect(CASES.filter((c) => !c.rust.ok).length).toBeGreaterThan(30);
    expect(CASES.filter((c) => c.refusal !== undefined).length).toBeGreaterThan(10);
  });

  for (const oracle of CASES) {
    const name = oracle.rust.ok
      ? oracle.refusal !== undefined
        ? `${show(oracle.pattern)}: Rust accepts it, hookd refuses it naming ${oracle.refusal}`
        : `${show(oracle.pattern)} matches as in Rust`
      : `${show(oracle.pattern)} is refused as in Rust (${oracle.rust.error.split('\n').pop()})`;
    it(name, () => {
      const compiled = compileMatcher(oracle.pattern);
      if (!oracle.rust.ok) {
        expect(compiled.ok).toBe(false);
        return;
      }
      if (oracle.refusal !== undefined) {
        expect(compiled.ok, 'hookd should refuse it').toBe(false);
        if (compiled.ok) return;
        expect(compiled.kind).toBe('unsupported');
        expect(compiled.error).toContain(oracle.refusal);
        return;
      }
      if (!compiled.ok && oracle.random === true && compiled.kind === 'unsupported') return;
      if (!compiled.ok) throw new Error(`hookd refused a pattern Rust accepts: ${compiled.error}`);
      const got = (oracle.matches ?? []).map(({ target }) => ({ target, isMatch: compiled.matches(target) }));
      expect(got).toEqual(oracle.matches);
    });
  }

  it('seeded random patterns: hookd agrees with Rust on every one it accepts, refuses every one Rust refuses', () => {
    let refused = 0;
    const disagreements: string[] = [];
    for (const oracle of RANDOM_CASES) {
      const compiled = compileMatcher(oracle.pattern);
      if (!oracle.rust.ok) {
        if (compiled.ok) disagreements.push(`${JSON.stringify(oracle.pattern)}: Rust refuses it (${oracle.rust.error.split('\n').pop()}), hookd accepts it`);
        continue;
      }
      if (!compiled.ok) {
        if (compiled.kind !== 'unsupported') disagreements.push(`${JSON.stringify(oracle.pattern)}: Rust accepts it, hookd calls it invalid: ${compiled.error}`);
        refused++;
        continue;
      }
      for (const { target, isMatch } of oracle.matches ?? []) {
        if (compiled.matches(target) !== isMatch) disagreements.push(`${JSON.stringify(oracle.pattern)} on ${JSON.stringify(target)}: Rust ${isMatch}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(RANDOM_CASES.length).toBeGreaterThanOrEqual(500);
    expect(refused).toBeLessThan(RANDOM_CASES.length / 3);
  });

  it('a refusal reaches the diagnostic as unsupported-matcher; a Rust syntax error as invalid-matcher', () => {
    expect(compileEventMatcher('PreToolUse', '\\pL')).toMatchObject({ ok: false, code: 'unsupported-matcher', error: expect.stringContaining("cannot be run with the meaning it has in Rust's regex: the Unicode class `\\pL`") });
    expect(compileEventMatcher('PreToolUse', '(Bash')).toMatchObject({ ok: false, code: 'invalid-matcher', error: 'matcher is not a valid Rust regular expression: unclosed group' });
  });
});
