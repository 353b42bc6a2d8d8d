// One run's hooks/progress (run-progress.ts) under fake timers: which runs report, the `running` timer and its
// end (finished, stop, abort), and the 0.1 shape without options. No processes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressParams } from '../../../src/protocol/index.js';
import type { HookVerdict } from '../../../src/engine/dialect.js';
import { startRunProgress, type RunProgressTarget } from '../../../src/engine/run-progress.js';
import { hook, outcome } from './fakes.js';

const verdict = { status: 'ok', failureClass: null, decision: 'none' } as unknown as HookVerdict;

function target(extra: Partial<RunProgressTarget> = {}) {
  const sent: ProgressParams[] = [];
  const controller = new AbortController();
  return {
    sent,
    controller,
    target: { hook: hook('h', 'Stop', 'ok'), sessionId: 's', event: 'Stop', signal: controller.signal, awaited: true, onProgress: (p: ProgressParams) => sent.push(p), ...extra },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startRunProgress', () => {
  it('without options: only a hook with a statusMessage reports, in the 0.1 shape', () => {
    const silent = target();
    startRunProgress(silent.target).finished(outcome(), verdict);
    expect(silent.sent).toEqual([]);
    const withMessage = target({ hook: hook('h', 'Stop', 'ok', { statusMessage: 'Working' }), requestId: 3 });
    startRunProgress(withMessage.target).finished(outcome(), verdict);
    expect(withMessage.sent).toEqual([
      { requestId: 3, sessionId: 's', event: 'Stop', hookId: 'h', phase: 'started', statusMessage: 'Working' },
      { requestId: 3, sessionId: 's', event: 'Stop', hookId: 'h', phase: 'finished', statusMessage: 'Working' },
    ]);
  });

  it('hooks "all" applies to awaited runs only (not async handlers or fire-and-forget events)', () => {
    const awaited = target({ options: { hooks: 'all' } });
    startRunProgress(awaited.target).finished(outcome({ exitCode: 0 }), verdict);
    expect(awaited.sent.map((p) => p.phase)).toEqual(['started', 'finished']);
    expect(awaited.sent[1]).toMatchObject({ status: 'ok', failureClass: null, exitCode: 0, elapsedMs: 0 });
    const background = target({ options: { hooks: 'all', intervalMs: 100 }, awaited: false });
    startRunProgress(background.target);
    vi.advanceTimersByTime(1000);
    expect(background.sent).toEqual([]);
  });

  it('running every intervalMs with the elapsed time, and nothing after finished', () => {
    const run = target({ options: { hooks: 'all', intervalMs: 100 } });
    const progress = startRunProgress(run.target);
    vi.advanceTimersByTime(350);
    expect(run.sent.map((p) => [p.phase, p.elapsedMs])).toEqual([
      ['started', 0],
      ['running', 100],
      ['running', 200],
      ['running', 300],
    ]);
    progress.finished(outcome(), verdict);
    progress.finished(outcome(), verdict);
    vi.advanceTimersByTime(1000);
    expect(run.sent.map((p) => p.phase)).toEqual(['started', 'running', 'running', 'running', 'finished']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an abort clears the timer at once; stop() does too', () => {
    const aborted = target({ options: { hooks: 'all', intervalMs: 100 } });
    startRunProgress(aborted.target);
    vi.advanceTimersByTime(150);
    aborted.controller.abort();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(aborted.sent.map((p) => p.phase)).toEqual(['started', 'running']);

    const stopped = target({ options: { intervalMs: 100 }, hook: hook('h', 'Stop', 'ok', { statusMessage: 'x' }) });
    startRunProgress(stopped.target).stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
