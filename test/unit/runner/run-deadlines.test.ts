// RunDeadlines (src/runner/run-deadlines.ts): one timer for every run's timeout — each due callback once, none after
// cancel, the timer re-armed for the earliest deadline, no timer work for a run that ends first. Fake timers and an
// injected clock: the order and count of calls is what is asserted, never a wall-clock time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunDeadlines } from '../../../src/runner/run-deadlines.js';

let clock = 0;
const advance = (ms: number): void => {
  clock += ms;
  vi.advanceTimersByTime(ms);
};

beforeEach(() => {
  clock = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RunDeadlines', () => {
  it('calls a run back once its timeout has passed, not before, and only once', () => {
    const deadlines = new RunDeadlines(() => clock);
    const due = vi.fn();
    deadlines.add(100, due);
    advance(99);
    expect(due).not.toHaveBeenCalled();
    advance(1);
    expect(due).toHaveBeenCalledTimes(1);
    advance(1_000);
    expect(due).toHaveBeenCalledTimes(1);
    expect(deadlines.size).toBe(0);
  });

  it('a cancelled deadline is never called and leaves the set at once', () => {
    const deadlines = new RunDeadlines(() => clock);
    const due = vi.fn();
    const deadline = deadlines.add(100, due);
    expect(deadlines.size).toBe(1);
    deadline.cancel();
    expect(deadlines.size).toBe(0);
    advance(200);
    expect(due).not.toHaveBeenCalled();
  });

  it('many runs with the same timeout share one timer; runs that end first cost no timer work', () => {
    const deadlines = new RunDeadlines(() => clock);
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const runs = Array.from({ length: 100 }, () => deadlines.add(60_000, () => {}));
    expect(vi.getTimerCount()).toBe(1);
    for (const run of runs) run.cancel();
    expect(cleared).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1); // armed until it fires, then not re-armed: nothing is waiting
    advance(60_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an earlier deadline added later re-arms the timer; each fires at its own time, in order', () => {
    const deadlines = new RunDeadlines(() => clock);
    const order: string[] = [];
    deadlines.add(300, () => order.push('300'));
    deadlines.add(100, () => order.push('100'));
    deadlines.add(200, () => order.push('200'));
    expect(vi.getTimerCount()).toBe(1);
    advance(100);
    expect(order).toEqual(['100']);
    advance(100);
    expect(order).toEqual(['100', '200']);
    advance(100);
    expect(order).toEqual(['100', '200', '300']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a timer that fires before the clock reaches a deadline re-arms for it instead of calling early', () => {
    const deadlines = new RunDeadlines(() => clock);
    const due = vi.fn();
    deadlines.add(100, due);
    // Node may fire a timer a little before performance.now() reaches its time: the clock lags the timer here.
    clock += 99.5;
    vi.advanceTimersByTime(100);
    expect(due).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    advance(1);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('a callback that cancels another due run stops it; one that adds a run gets it timed too', () => {
    const deadlines = new RunDeadlines(() => clock);
    const second = vi.fn();
    const added = vi.fn();
    let other: { cancel(): void } | undefined;
    deadlines.add(100, () => {
      other?.cancel();
      deadlines.add(50, added);
    });
    other = deadlines.add(100, second);
    advance(100);
    expect(second).not.toHaveBeenCalled();
    advance(50);
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('no timeout (0, negative, Infinity, beyond what setTimeout can wait) adds no deadline', () => {
    const deadlines = new RunDeadlines(() => clock);
    for (const timeoutMs of [0, -5, Number.POSITIVE_INFINITY, 2 ** 31]) deadlines.add(timeoutMs, () => {});
    expect(deadlines.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
