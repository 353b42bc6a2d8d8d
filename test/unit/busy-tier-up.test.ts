import { describe, expect, it } from 'vitest';
import { BUSY_AFTER_REQUESTS, BUSY_INTERRUPT_BUDGET, busyTierUp } from '../../src/busy-tier-up.js';

describe('busyTierUp', () => {
  it('lowers the interrupt budget once, when the Nth request is served, not before and not again', () => {
    const set: string[] = [];
    const note = busyTierUp({ afterRequests: 5, nodeOptions: [], setFlags: (flags) => set.push(flags) });
    for (let i = 0; i < 4; i++) note();
    expect(set).toEqual([]);
    note();
    expect(set).toEqual([`--interrupt-budget=${BUSY_INTERRUPT_BUDGET}`]);
    for (let i = 0; i < 200; i++) note();
    expect(set).toHaveLength(1);
  });

  it('waits for a hundred requests by default', () => {
    const set: string[] = [];
    const note = busyTierUp({ nodeOptions: [], setFlags: (flags) => set.push(flags) });
    for (let i = 0; i < BUSY_AFTER_REQUESTS - 1; i++) note();
    expect(set).toEqual([]);
    note();
    expect(set).toHaveLength(1);
    expect(BUSY_AFTER_REQUESTS).toBe(100);
  });

  it.each([['--interrupt-budget=1000'], ['--max-old-space-size=512 --interrupt_budget=9000']])(
    'leaves a budget the user set in node options alone (%s)',
    (option) => {
      const set: string[] = [];
      const note = busyTierUp({ afterRequests: 1, nodeOptions: ['--enable-source-maps', option], setFlags: (flags) => set.push(flags) });
      for (let i = 0; i < 10; i++) note();
      expect(set).toEqual([]);
    },
  );
});
