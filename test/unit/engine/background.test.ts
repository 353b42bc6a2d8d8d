// dispatchInBackground: the hooks run with nobody waiting, tracked like any dispatch, so abortAll (shutdown) and
// cancelSession reach them.
import { describe, expect, it } from 'vitest';
import { Engine, type EventDispatch } from '../../../src/engine/engine.js';
import { waitUntil } from '../../helpers/processes.js';
import { fakeDialect, hook } from './fakes.js';
import { eventParams, manualRunner } from './manual-runner.js';

function backgroundEngine() {
  const runner = manualRunner();
  const dialect = fakeDialect([hook('a', 'PreToolUse', 'allow'), hook('b', 'PreToolUse', 'deny')]);
  const engine = new Engine({ dialect, runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/h' });
  return { engine, runner };
}

describe('dispatchInBackground', () => {
  it('runs the hooks and reports to onDone when they finish', async () => {
    const { engine, runner } = backgroundEngine();
    const done: EventDispatch[] = [];
    engine.dispatchInBackground('PreToolUse', eventParams(), ({ dispatch }) => dispatch && done.push(dispatch));
    expect(await waitUntil(() => runner.runs.length === 2, 5_000)).toBe(true);
    expect(runner.runs.map((run) => run.name)).toEqual(['allow', 'deny']);
    expect(engine.inFlightCount).toBe(1);
    expect(done).toEqual([]);
    for (const run of runner.runs) run.finish();
    expect(await waitUntil(() => done.length === 1, 5_000)).toBe(true);
    expect(done[0]?.cancelled).toBe(false);
    expect(done[0]?.result.runs.map((run) => run.hookId)).toEqual(['a', 'b']);
    expect(done[0]?.result.decision).toBe('deny');
    expect(engine.inFlightCount).toBe(0);
  });

  it('abortAll aborts the background runs (the runner sees the abort) and resolves once they settled', async () => {
    const { engine, runner } = backgroundEngine();
    const done: EventDispatch[] = [];
    engine.dispatchInBackground('PreToolUse', eventParams(), ({ dispatch }) => dispatch && done.push(dispatch));
    engine.dispatchInBackground('PreToolUse', eventParams({ session: { id: 's2' } }), () => {});
    expect(await waitUntil(() => runner.runs.length === 4, 5_000)).toBe(true);
    expect(runner.runs.some((run) => run.abortSeen)).toBe(false);

    await engine.abortAll();
    expect(runner.runs.every((run) => run.request.signal?.aborted === true && run.abortSeen && run.settled)).toBe(true);
    expect(engine.inFlightCount).toBe(0);
    expect(await waitUntil(() => done.length === 1, 5_000)).toBe(true);
    expect(done[0]?.cancelled).toBe(true);
    expect(done[0]?.result.runs.map((run) => run.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('a reporter that throws does not become an unhandled rejection, and a failing dispatch reaches onSettled as an error', async () => {
    const { engine, runner } = backgroundEngine();
    const errors: unknown[] = [];
    engine.dispatchInBackground('PreToolUse', eventParams(), () => {
      throw new Error('reporter broke');
    });
    expect(await waitUntil(() => runner.runs.length === 2, 5_000)).toBe(true);
    for (const run of runner.runs) run.finish();
    expect(await waitUntil(() => engine.inFlightCount === 0, 5_000)).toBe(true);
    // params without a session make the dispatch itself throw: a bug path that must still be reported
    engine.dispatchInBackground('PreToolUse', {} as never, ({ error }) => errors.push(error));
    expect(await waitUntil(() => errors.length === 1, 5_000)).toBe(true);
    expect(errors[0]).toBeInstanceOf(Error);
  });

  it("cancelSession reaches a background dispatch of that session only", async () => {
    const { engine, runner } = backgroundEngine();
    engine.dispatchInBackground('PreToolUse', eventParams(), () => {});
    engine.dispatchInBackground('PreToolUse', eventParams({ session: { id: 's2' } }), () => {});
    expect(await waitUntil(() => runner.runs.length === 4, 5_000)).toBe(true);
    expect(engine.cancelSession('s1')).toBe(1);
    expect(runner.runs.map((run) => run.abortSeen)).toEqual([true, true, false, false]);
    for (const run of runner.runs) run.finish();
    expect(await waitUntil(() => engine.inFlightCount === 0, 5_000)).toBe(true);
  });
});
