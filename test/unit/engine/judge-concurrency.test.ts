// prompt/agent handlers of one dispatch run at most Dialect.maxConcurrentJudges at once (Claude Code: 12); the rest
// queue and still run. mcp_tool handlers are not counted. Also the limiter itself.
import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../../src/engine/concurrency-limit.js';
import type { JudgeAnswer } from '../../../src/engine/delegated-hook.js';
import type { HookSpec, JudgeHandler } from '../../../src/engine/dialect.js';
import { dispatchEvent } from '../../../src/engine/dispatcher.js';
import { fakeDialect, scriptedRunner } from './fakes.js';

const judge: JudgeHandler = { type: 'prompt', prompt: 'ok? $ARGUMENTS', timeoutMs: 30_000, onFailure: 'continue' };
const hooks: HookSpec[] = Array.from({ length: 15 }, (_, index) => ({
  id: `judge-${index}`,
  event: 'Stop',
  matches: () => true,
  handler: judge,
  source: '/fake/settings.json',
  scope: 'project',
}));

async function until(check: () => boolean, deadlineMs = 5_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached before the deadline');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('"at most 12 prompt or agent hooks run at once per event; the rest queue"', () => {
  it('15 judges: 12 are asked at once, the other 3 only as earlier ones answer, and all 15 run', async () => {
    const pending: Array<(answer: JudgeAnswer) => void> = [];
    let inFlight = 0;
    let most = 0;
    const delegated = {
      judge: () =>
        new Promise<JudgeAnswer>((resolve) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          pending.push((answer) => {
            inFlight -= 1;
            resolve(answer);
          });
        }),
    };
    const dialect = fakeDialect(hooks, { maxConcurrentJudges: 12 });
    const done = dispatchEvent(
      { dialect, candidates: hooks, event: 'Stop', params: { session: { id: 's' } }, workspace: '/ws', signal: new AbortController().signal },
      { runner: scriptedRunner(), baseEnv: {}, killGraceMs: 10, maxOutputBytes: 4096, delegated },
    );
    await until(() => pending.length === 12);
    for (let tick = 0; tick < 50; tick++) await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(12); // nothing more was asked while all 12 slots are taken
    for (const answer of pending.splice(0, 2)) answer({ ok: true });
    await until(() => pending.length === 12); // two slots freed: two more asked
    for (const answer of pending.splice(0)) answer({ ok: true });
    await until(() => pending.length === 1);
    pending.splice(0)[0]!({ ok: true });
    const outcome = await done;
    expect(outcome.runs).toHaveLength(15);
    expect(most).toBe(12);
  });

  it('the limiter frees a slot when a task throws, and runs waiting tasks in order', async () => {
    const limit = concurrencyLimit(1);
    const order: string[] = [];
    const failing = limit(async () => {
      order.push('a');
      throw new Error('boom');
    });
    const second = limit(async () => {
      order.push('b');
      return 'b';
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(second).resolves.toBe('b');
    expect(order).toEqual(['a', 'b']);
  });
});
