// The shaping of background failure reports: the bounded one-line stderr excerpt, which runs count as failed,
// and the warning line. Pure functions; the e2e test (test/e2e/bamboo-background-failures.test.ts) sends them.
import { describe, expect, it } from 'vitest';
import type { EventDispatch } from '../../../src/engine/engine.js';
import { BackgroundRunParamsSchema, type RunSummary } from '../../../src/protocol/index.js';
import { backgroundFailureLine, backgroundFailures, singleLineExcerpt } from '../../../src/server/background-report.js';

const nothing = { bytes: 0, totalBytes: 0, truncated: false };
const run = (hookId: string, status: RunSummary['status'], more: Partial<RunSummary> = {}): RunSummary => ({
  hookId,
  source: '/data/hooks.json',
  handlerType: 'command',
  status,
  failureClass: status === 'ok' ? null : status === 'timeout' ? 'timeout' : status === 'cancelled' ? 'cancelled' : 'nonzero_exit',
  decision: 'none',
  exitCode: status === 'ok' ? 0 : null,
  signal: null,
  durationMs: 1,
  timedOut: status === 'timeout',
  truncated: false,
  stdout: nothing,
  stderr: nothing,
  ...more,
});
const dispatch = (runs: RunSummary[], runStderr: string[]): EventDispatch => ({
  result: { event: 'Notification', decision: 'none', continue: true, notes: [], runs },
  cancelled: false,
  stdin: '{}',
  runStderr,
});

describe('singleLineExcerpt', () => {
  it('collapses newlines, tabs and control characters (an escape sequence) to single spaces and trims', () => {
    expect(singleLineExcerpt('  first\r\n\tsecond\u001b[31m red\u0000\n\n')).toBe('first second [31m red');
  });

  it('keeps at most 500 characters (code points, never half a surrogate pair) and marks the cut with …', () => {
    expect(singleLineExcerpt('x'.repeat(500))).toBe('x'.repeat(500));
    expect(singleLineExcerpt('x'.repeat(501))).toBe(`${'x'.repeat(500)}…`);
    const emoji = singleLineExcerpt('😀'.repeat(600));
    expect(Array.from(emoji)).toHaveLength(501);
    expect(emoji).toBe(`${'😀'.repeat(500)}…`);
  });

  it('reads a bounded prefix of a huge stderr: mostly blank 64 KiB still gives a short excerpt marked as cut', () => {
    const excerpt = singleLineExcerpt(`start${'\n'.repeat(65_536)}end`);
    expect(excerpt).toBe('start…');
  });

  it('is empty for no stderr', () => {
    expect(singleLineExcerpt('')).toBe('');
  });
});

describe('backgroundFailures', () => {
  it('reports error and timeout runs only, each with its own stderr, in configured order; every report matches the schema', () => {
    const reports = backgroundFailures(
      'Notification',
      's-1',
      dispatch(
        [
          run('a', 'ok'),
          run('b', 'error', { exitCode: 3, message: 'exit code 3: boom (non-blocking)' }),
          run('c', 'cancelled'),
          run('d', 'timeout', { message: 'timed out after 300 ms; its process tree was killed (non-blocking)' }),
          run('e', 'skipped', { failureClass: null }),
        ],
        ['fine', 'boom\nmore', '', 'still waiting', ''],
      ),
    );
    expect(reports.map((report) => [report.hookId, report.status, report.stderrExcerpt])).toEqual([
      ['b', 'error', 'boom more'],
      ['d', 'timeout', 'still waiting'],
    ]);
    for (const report of reports) expect(BackgroundRunParamsSchema.safeParse(report).success).toBe(true);
    expect(reports[0]).toEqual({
      event: 'Notification',
      sessionId: 's-1',
      hookId: 'b',
      source: '/data/hooks.json',
      handlerType: 'command',
      status: 'error',
      failureClass: 'nonzero_exit',
      exitCode: 3,
      signal: null,
      message: 'exit code 3: boom (non-blocking)',
      stderrExcerpt: 'boom more',
    });
  });

  it('the warning line names hook, failure class, status, exit code, signal, the message and the quoted excerpt', () => {
    const [report] = backgroundFailures('Notification', 's-1', dispatch([run('h', 'error', { failureClass: 'signal', signal: 'SIGKILL', message: 'killed by signal SIGKILL (non-blocking)' })], ['"quoted"\n']));
    expect(backgroundFailureLine(report!)).toBe(
      'Notification (background): hook h failed: signal (status error, exit code none, signal SIGKILL): killed by signal SIGKILL (non-blocking); stderr: "\\"quoted\\""',
    );
  });
});
