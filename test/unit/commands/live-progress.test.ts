// The live line's text and its terminal-only rule (live-progress.ts), without processes: the redraw itself is
// tested on a real pseudo-terminal in test/e2e/cli-live-progress.test.ts.
import { describe, expect, it } from 'vitest';
import { LIVE_LINE_AFTER_MS, liveLineText, liveProgress } from '../../../src/commands/live-progress.js';

describe('liveLineText', () => {
  it('shows nothing for a hook running under a second', () => {
    expect(liveLineText(new Map([['a', 0]]), LIVE_LINE_AFTER_MS - 1, 0)).toBe('');
    expect(liveLineText(new Map(), 5000, 0)).toBe('');
  });

  it('names the longest-running hook with its seconds and how many more run', () => {
    const running = new Map([
      ['user:PreToolUse[0].hooks[1]', 600],
      ['user:PreToolUse[0].hooks[0]', 0],
    ]);
    expect(liveLineText(running, 2400, 0)).toBe('⠋ user:PreToolUse[0].hooks[0] running 2.4 s (+1 more)');
    expect(liveLineText(running, 2400, 1).startsWith('⠙ ')).toBe(true);
  });

  it('is cut to the terminal width so that it never wraps', () => {
    const text = liveLineText(new Map([['x'.repeat(200), 0]]), 1500, 0, 40);
    expect([...text]).toHaveLength(39);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('liveProgress', () => {
  it('is off for a stream that is not a terminal', () => {
    expect(liveProgress({ write: () => true, isTTY: false })).toBeUndefined();
    expect(liveProgress({ write: () => true })).toBeUndefined();
  });

  it('on a terminal, draws nothing for a hook that ends before a second', () => {
    const written: string[] = [];
    const live = liveProgress({ write: (chunk: string | Uint8Array) => (written.push(String(chunk)), true), isTTY: true, columns: 80 })!;
    live.onProgress({ sessionId: 's', event: 'Stop', hookId: 'h', phase: 'started' });
    live.onProgress({ sessionId: 's', event: 'Stop', hookId: 'h', phase: 'finished' });
    live.stop();
    expect(written).toEqual([]);
  });
});
