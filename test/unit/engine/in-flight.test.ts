// The in-flight registry: a session cancel aborts the signal every dispatch of the session runs with — its own
// controller's, or the caller's own signal (aborted through the caller's abort) when the caller lends it.
import { describe, expect, it } from 'vitest';
import { InFlightRegistry } from '../../../src/engine/in-flight.js';

/** A dispatch that runs until its signal aborts, and reports the signal it was given. */
function untilAborted(seen: AbortSignal[]) {
  return (signal: AbortSignal) =>
    new Promise<string>((resolve) => {
      seen.push(signal);
      signal.addEventListener('abort', () => resolve('aborted'), { once: true });
    });
}

describe('in-flight registry', () => {
  it('with a lent signal, the dispatch runs on that very signal and a session cancel aborts it through the lender', async () => {
    const registry = new InFlightRegistry();
    const lender = new AbortController();
    const seen: AbortSignal[] = [];
    let lent = 0;
    const running = registry.track('s1', lender.signal, untilAborted(seen), () => (lent += 1, lender.abort()));
    expect(seen[0]).toBe(lender.signal);
    expect(registry.cancelSession('other')).toBe(0);
    expect(registry.cancelSession('s1')).toBe(1);
    expect(lent).toBe(1);
    expect(await running).toBe('aborted');
    expect(registry.size).toBe(0);
    expect(registry.cancelSession('s1')).toBe(0);
  });

  it('without one, the dispatch gets a controller of its own that follows the outer signal and the session cancel', async () => {
    const registry = new InFlightRegistry();
    const outer = new AbortController();
    const seen: AbortSignal[] = [];
    const first = registry.track('s1', outer.signal, untilAborted(seen));
    const second = registry.track('s1', outer.signal, untilAborted(seen));
    expect(seen[0]).not.toBe(outer.signal);
    outer.abort();
    expect(await Promise.all([first, second])).toEqual(['aborted', 'aborted']);
    const third = registry.track('s2', undefined, untilAborted(seen));
    expect(registry.cancelSession('s2')).toBe(1);
    expect(await third).toBe('aborted');
  });

  it('abortAll aborts lent and own signals alike and resolves once every dispatch settled', async () => {
    const registry = new InFlightRegistry();
    const lender = new AbortController();
    const seen: AbortSignal[] = [];
    const lentRun = registry.track('s1', lender.signal, untilAborted(seen), () => lender.abort());
    const ownRun = registry.track('s2', undefined, untilAborted(seen));
    await registry.abortAll();
    expect(seen.every((signal) => signal.aborted)).toBe(true);
    expect(await Promise.all([lentRun, ownRun])).toEqual(['aborted', 'aborted']);
  });
});
