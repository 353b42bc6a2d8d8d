// The registry with a configuration of 200,000 hooks: building a snapshot (first load and a reload that keeps a
// rejected file's last good hooks) never spreads a list into a call, whose argument count is limited.
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { snapshotFrom, snapshotKeepingLastGood } from '../../../src/engine/registry.js';
import { hook } from './fakes.js';

const A = '/cfg/a.json';
const B = '/cfg/b.json';
const COUNT = 200_000;

const many = (source: string, prefix: string): HookSpec[] => Array.from({ length: COUNT }, (_, i) => ({ ...hook(`${prefix}${i}`, 'PreToolUse', 'allow'), source }));

describe('registry snapshots of 200,000 hooks', () => {
  it('a reload that rejects the file keeps its 200,000 last good hooks, in place', () => {
    const previous = snapshotFrom({ hooks: [...many(A, 'a'), { ...hook('b0', 'Stop', 'allow'), source: B }], diagnostics: [], sources: [A, B] });
    expect(previous.hooks).toHaveLength(COUNT + 1);
    const next = snapshotKeepingLastGood(previous, { hooks: [{ ...hook('b1', 'Stop', 'allow'), source: B }], diagnostics: [], sources: [A, B], rejectedSources: [A] });
    expect(next.hooks).toHaveLength(COUNT + 1);
    expect(next.hooks[0]?.id).toBe('a0');
    expect(next.hooks.at(-1)?.id).toBe('b1');
    expect(next.diagnostics).toEqual([{ severity: 'info', file: A, code: 'kept-last-good', message: `${A} is invalid: keeping the ${COUNT} hook(s) last loaded from it until it is fixed` }]);
  });

  it('a reload with 200,000 new hooks from a valid file and hooks from a file not among the sources', () => {
    const previous = snapshotFrom({ hooks: [], diagnostics: [], sources: [A, B] });
    const next = snapshotKeepingLastGood(previous, { hooks: [...many(B, 'b'), ...many('/elsewhere.json', 'x')], diagnostics: [], sources: [A, B], rejectedSources: [A] });
    expect(next.hooks).toHaveLength(2 * COUNT);
    expect(next.hooks[COUNT]?.id).toBe('x0');
  });
});
