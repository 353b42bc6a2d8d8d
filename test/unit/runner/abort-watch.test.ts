import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { unwatchAbort, watchAbort } from '../../../src/runner/abort-watch.js';

describe('abort-watch', () => {
  it('calls every watcher once when the signal aborts, through one abort listener on the signal', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    for (const name of ['a', 'b', 'c']) watchAbort(controller.signal, () => calls.push(name));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('does not call a watcher that stopped watching, and keeps calling the others', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const first = (): void => void calls.push('first');
    watchAbort(controller.signal, first);
    watchAbort(controller.signal, () => calls.push('second'));
    unwatchAbort(controller.signal, first);
    controller.abort();
    expect(calls).toEqual(['second']);
  });

  it('a watcher stopped by another from inside the abort is not called', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const later = (): void => void calls.push('later');
    watchAbort(controller.signal, () => {
      calls.push('first');
      unwatchAbort(controller.signal, later);
    });
    watchAbort(controller.signal, later);
    controller.abort();
    expect(calls).toEqual(['first']);
  });

  it('never calls a watcher of a signal aborted before it watched, as addEventListener would not', () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    watchAbort(controller.signal, () => {
      called = true;
    });
    expect(called).toBe(false);
  });

  it('a watcher added from inside the abort is not called (the signal has aborted)', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    watchAbort(controller.signal, () => {
      calls.push('first');
      watchAbort(controller.signal, () => calls.push('added'));
    });
    controller.abort();
    expect(calls).toEqual(['first']);
  });

  it('a watcher that throws does not keep the others from being called (the error is still reported)', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    watchAbort(controller.signal, () => {
      throw new Error('boom');
    });
    watchAbort(controller.signal, () => calls.push('second'));
    // EventTarget reports a listener's error as an uncaught exception on the next tick: caught here, and only here.
    const uncaught: unknown[] = [];
    const listeners = process.rawListeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', (error) => void uncaught.push(error));
    try {
      controller.abort();
      await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const listener of listeners) process.on('uncaughtException', listener as (error: Error) => void);
    }
    expect(calls).toEqual(['second']);
    expect(uncaught).toEqual([new Error('boom')]);
  });

  it('unwatching a signal nobody watches does nothing', () => {
    expect(() => unwatchAbort(new AbortController().signal, () => undefined)).not.toThrow();
  });

  it('a signal watched again after its runs ended still has one listener', () => {
    const controller = new AbortController();
    const callbacks = Array.from({ length: 50 }, () => () => undefined);
    for (const callback of callbacks) watchAbort(controller.signal, callback);
    for (const callback of callbacks) unwatchAbort(controller.signal, callback);
    let called = 0;
    watchAbort(controller.signal, () => void (called += 1));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    expect(called).toBe(1);
  });
});
