// choice: a first allow hides a later block (kept); the lint behind `hookd check` that says so stays bounded on huge
// files: at most 50 warnings and a count, and it stops after a fixed number of comparisons.
import { describe, expect, it } from 'vitest';
import { lintShadowing } from '../../../src/dialects/bamboo/shadowing-lint.js';
import { compileEventMatcher } from '../../../src/dialects/bamboo/event-matcher.js';
import type { HookSpec } from '../../../src/engine/dialect.js';

function hook(index: number, matcher?: string): HookSpec {
  const compiled = compileEventMatcher('PreToolUse', matcher);
  if (!compiled.ok) throw new Error(compiled.error);
  return {
    id: `user:PreToolUse[${index}].hooks[0]`,
    event: 'PreToolUse',
    ...(matcher !== undefined ? { matcher } : {}),
    matches: compiled.matches,
    handler: { type: 'command', command: 'true', timeoutMs: 1000, onFailure: 'continue' },
    source: '/h/.bamboo/hooks.json',
    scope: 'user',
  };
}

describe('choice: "A control decision stops normal dispatch" — the allow-hides lint is bounded', () => {
  it('10,000 handlers without matchers: 50 warnings, then one count of the rest', () => {
    const warnings = lintShadowing(Array.from({ length: 10_000 }, (_, index) => hook(index)));
    expect(warnings).toHaveLength(51);
    expect(warnings.at(-1)?.message).toBe('and 9949 more handler(s) an earlier allow can hide, not listed');
    expect(warnings[0]?.message).toContain('handler user:PreToolUse[0].hooks[0] runs before user:PreToolUse[1].hooks[0] on PreToolUse:');
  });

  it('20,000 handlers with disjoint matchers: no warning, and the check stops with an info after its comparison budget', () => {
    const warnings = lintShadowing(Array.from({ length: 20_000 }, (_, index) => hook(index, `^Tool${index}$`)));
    expect(warnings).toEqual([{ severity: 'info', code: 'lint-stopped', message: 'check stopped looking for handlers an earlier allow hides after 200000 comparisons' }]);
  });
});
