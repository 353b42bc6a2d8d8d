// "SessionEnd hooks share a 1.5 s budget raised to the largest configured per-hook timeout up to 60 s
// (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overrides)": the number the claude dialect gives the dispatcher.
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../../src/dialects/claude/index.js';
import { sessionEndBudgetMs } from '../../../../src/dialects/claude/session-end-budget.js';
import type { HookSpec } from '../../../../src/engine/dialect.js';
import type { ServerOptions } from '../../../../src/protocol/index.js';
import { hook } from '../../claude/outcome.js';

const timed = (seconds: number): HookSpec => hook('SessionEnd', { timeoutMs: seconds * 1000, explicitTimeout: true });
const untimed = (): HookSpec => hook('SessionEnd', { timeoutMs: 600_000 });
const budget = (hooks: HookSpec[], env: Record<string, string> = {}, options: ServerOptions = {}) => sessionEndBudgetMs('SessionEnd', hooks, { env, options });

describe('the SessionEnd budget', () => {
  it('1.5 s when no SessionEnd hook configures a timeout (the 600 s default does not count)', () => {
    expect(budget([untimed(), untimed()])).toBe(1_500);
  });

  it('raised to the largest configured timeout, never below 1.5 s, at most 60 s', () => {
    expect(budget([timed(1), untimed()])).toBe(1_500);
    expect(budget([timed(5), timed(12), untimed()])).toBe(12_000);
    expect(budget([timed(90)])).toBe(60_000);
  });

  it('CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overrides it (also past 60 s); a value that is not a positive integer is ignored', () => {
    expect(budget([timed(12)], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '400' })).toBe(400);
    expect(budget([], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '120000' })).toBe(120_000);
    for (const bad of ['', '0', '-5', '1.5', 'soon', '1e3']) expect(budget([timed(12)], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: bad })).toBe(12_000);
  });

  it('the initialize option sessionEndTimeoutMs wins over the environment', () => {
    expect(budget([timed(12)], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '400' }, { sessionEndTimeoutMs: 250 })).toBe(250);
  });

  it('no budget on any other event; the claude dialect hands this function to the dispatcher', () => {
    expect(sessionEndBudgetMs('Stop', [timed(5)], { env: {}, options: {} })).toBeUndefined();
    expect(claudeDialect.dispatchBudgetMs).toBe(sessionEndBudgetMs);
  });

  it('a configured timeout is marked at load (explicitTimeout), a default one is not', () => {
    const parsed = claudeDialect.parseHandler?.({ type: 'command', command: 'x', timeout: 3 }, 'SessionEnd', { workspace: '/ws', home: '/home' });
    const defaulted = claudeDialect.parseHandler?.({ type: 'command', command: 'x' }, 'SessionEnd', { workspace: '/ws', home: '/home' });
    expect(parsed?.hook?.handler).toMatchObject({ timeoutMs: 3_000, explicitTimeout: true });
    expect(defaulted?.hook?.handler).not.toHaveProperty('explicitTimeout');
  });
});
