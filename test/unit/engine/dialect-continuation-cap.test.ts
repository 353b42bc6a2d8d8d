// Dialect.continuationCap through the engine with a test-only dialect: at most `limit` consecutive blocks are honoured
// per run (or per session); the next is not (decision "none", `unresolved` = its reason, a note); hooks see
// stopHookActive true after a honoured block of their run; the stopBlockCap option does not apply.
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { DialectContinuations } from '../../../src/engine/run-continuations.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const context = { workspace: '/ws', home: '/h' };

/** A Stop hook whose answer the test sets (`answer.next`: block or none); stdin shows the stopHookActive it was given. */
function cappedEngine(per: 'run' | 'session', overrides: Partial<Dialect> = {}, stopBlockCap?: number) {
  const answer = { next: 'block' };
  const dialect = fakeDialect([hook('stop', 'Stop', 'answer'), hook('prompt', 'UserPromptSubmit', 'answer')], {
    continuationCap: { limit: 2, per },
    renderStdin: (ctx) => JSON.stringify({ event: ctx.event, stopHookActive: ctx.params.stopHookActive === true }),
    interpret: (_ctx, _hook, outcome) =>
      outcome.cancelled ? { status: 'cancelled', failureClass: 'cancelled', decision: 'none' } : { status: 'ok', failureClass: null, decision: answer.next === 'block' ? 'block' : 'none', reason: 'tests still fail' },
    merge: (_ctx, verdicts) => ({ decision: verdicts.some((v) => v.decision === 'block') ? 'block' : 'none', continue: true, ...(verdicts[0]?.reason ? { reason: verdicts[0].reason } : {}) }),
    ...overrides,
  });
  const runner = scriptedRunner();
  const engine = new Engine({ dialect, runner, workspace: '/ws', ...(stopBlockCap !== undefined ? { stopBlockCap } : {}) });
  engine.load(context);
  const send = async (event: EventName, extra: Partial<EventParams> = {}) => (await engine.dispatch(event, eventParams({ prompt: 'hi', ...extra }))).result;
  const stopHookActiveSeen = () =>
    runner.requests.map((request) => JSON.parse(request.stdin) as { event: string; stopHookActive: boolean }).filter((stdin) => stdin.event === 'Stop').map((stdin) => stdin.stopHookActive);
  return { engine, runner, answer, send, stopHookActiveSeen };
}

describe('Dialect.continuationCap per run', () => {
  it('blocks 1 and 2 of a run are honoured; the 3rd is not: decision none, unresolved = its reason, a note, continue true', async () => {
    const { send } = cappedEngine('run');
    for (const n of [1, 2]) {
      const honoured = await send('Stop', { runId: 'r1' });
      expect(honoured.decision, `block ${n}`).toBe('block');
      expect(honoured.reason).toBe('tests still fail');
      expect(honoured.unresolved).toBeUndefined();
    }
    const third = await send('Stop', { runId: 'r1' });
    expect(third.decision).toBe('none');
    expect(third.continue).toBe(true);
    expect(third.unresolved).toBe('tests still fail');
    expect(third.notes.join('\n')).toContain('Stop hooks blocked 3 consecutive times in this run, past the cap of 2');
    // The run was meant to finish: a further block in it is not honoured either.
    expect((await send('Stop', { runId: 'r1' })).unresolved).toBe('tests still fail');
  });

  it('hooks see stopHookActive true after a honoured block of their run, and false in a run without one', async () => {
    const { send, answer, stopHookActiveSeen } = cappedEngine('run');
    answer.next = 'none';
    await send('Stop', { runId: 'r0' });
    answer.next = 'block';
    await send('Stop', { runId: 'r1' });
    await send('Stop', { runId: 'r1' });
    await send('Stop', { runId: 'r2' });
    expect(stopHookActiveSeen()).toEqual([false, false, true, false]);
  });

  it('a client that says stopHookActive true keeps it true', async () => {
    const { send, stopHookActiveSeen } = cappedEngine('run');
    await send('Stop', { runId: 'r1', stopHookActive: true });
    expect(stopHookActiveSeen()).toEqual([true]);
  });

  it('each run counts on its own; a prompt inside the run does not start the count afresh', async () => {
    const { send, answer } = cappedEngine('run');
    await send('Stop', { runId: 'r1' });
    await send('Stop', { runId: 'r1' });
    expect((await send('Stop', { runId: 'r2' })).decision).toBe('block');
    answer.next = 'none';
    await send('UserPromptSubmit', { runId: 'r1' });
    answer.next = 'block';
    expect((await send('Stop', { runId: 'r1' })).decision).toBe('none');
  });

  it('an answer that does not block ends the consecutive count', async () => {
    const { send, answer } = cappedEngine('run');
    await send('Stop', { runId: 'r1' });
    await send('Stop', { runId: 'r1' });
    answer.next = 'none';
    await send('Stop', { runId: 'r1' });
    answer.next = 'block';
    expect((await send('Stop', { runId: 'r1' })).decision).toBe('block');
    expect((await send('Stop', { runId: 'r1' })).decision).toBe('block');
    expect((await send('Stop', { runId: 'r1' })).decision).toBe('none');
  });

  it("the stopBlockCap option does not apply to a dialect with its own cap", async () => {
    const { send } = cappedEngine('run', {}, 8);
    await send('Stop', { runId: 'r1' });
    await send('Stop', { runId: 'r1' });
    expect((await send('Stop', { runId: 'r1' })).decision).toBe('none');
  });

  it('a block with continue false is not a continuation and is not counted', async () => {
    const { send } = cappedEngine('run', { merge: () => ({ decision: 'block', continue: false, reason: 'halt' }) });
    for (let i = 0; i < 4; i++) expect((await send('Stop', { runId: 'r1' })).unresolved).toBeUndefined();
  });
});

describe('Dialect.continuationCap per session', () => {
  it('counts across runs of the session; a user prompt starts it afresh; stopHookActive is left as the client gave it', async () => {
    const { send, answer, stopHookActiveSeen } = cappedEngine('session');
    expect((await send('Stop', { runId: 'a' })).decision).toBe('block');
    expect((await send('Stop', { runId: 'b' })).decision).toBe('block');
    const third = await send('Stop', { runId: 'c' });
    expect(third.decision).toBe('none');
    expect(third.unresolved).toBe('tests still fail');
    expect(third.notes.join('\n')).toContain('in this session');
    answer.next = 'none';
    await send('UserPromptSubmit');
    answer.next = 'block';
    expect((await send('Stop')).decision).toBe('block');
    expect(stopHookActiveSeen()).toEqual([false, false, false, false]);
    // Another session has its own count.
    expect((await send('Stop', { session: { id: 's2' } })).decision).toBe('block');
  });
});

describe('DialectContinuations', () => {
  const stop = (runId: string): EventParams => eventParams({ runId });

  it('is bounded: past the limit the least recently used run is forgotten', () => {
    const counts = new DialectContinuations({ limit: 2, per: 'run' }, 2);
    counts.record('Stop', stop('a'), true);
    counts.record('Stop', stop('b'), true);
    counts.record('Stop', stop('a'), true);
    counts.record('Stop', stop('c'), true);
    expect(counts.size).toBe(2);
    // 'b' was forgotten; 'a' still counts (its next block is the 3rd).
    expect(counts.withStopHookActive('Stop', stop('b')).stopHookActive).toBeUndefined();
    expect(counts.record('Stop', stop('a'), true)).toEqual({ honour: false, count: 3 });
  });

  it('a run whose Stop never blocked keeps no entry', () => {
    const counts = new DialectContinuations({ limit: 2, per: 'run' });
    counts.record('Stop', stop('a'), false);
    expect(counts.size).toBe(0);
  });
});
