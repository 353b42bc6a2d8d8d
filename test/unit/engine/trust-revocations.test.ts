// Revoking trust stops running hooks: the per-key revocation signal (aborted at a revoke, then replaced), and the
// engine's use of it — setTrusted(key, false) kills every run of a hook with that key, foreground and async, reports
// each as status "error", failureClass "untrusted", and answers the event (not a cancel). No processes here (the
// manual runner sees the abort); test/integration/trust-revocation.test.ts kills real process trees.
import { describe, expect, it } from 'vitest';
import type { AsyncSettled } from '../../../src/engine/async-runs.js';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { TrustRevocations, revokedBeforeStart, revokedWhileRunning } from '../../../src/engine/trust-revocations.js';
import { waitUntil } from '../../helpers/processes.js';
import { fakeDialect, hook } from './fakes.js';
import { eventParams, manualRunner } from './manual-runner.js';

const KEY = 'wamp-project:/ws';
const OTHER = 'wamp-project:/elsewhere';
const MESSAGE = `stopped: trust in "${KEY}" was revoked while it ran`;

const project = (id: string, command: string, extra: Partial<HookSpec> = {}): HookSpec => ({ ...hook(id, 'PreToolUse', command), source: '/ws/.fake/hooks.json', trustKey: KEY, ...extra });
const user = (id: string, command: string): HookSpec => ({ ...hook(id, 'PreToolUse', command), source: '/home/u/.fake/hooks.json', scope: 'user' });

function engineWith(hooks: HookSpec[], execution: 'parallel' | 'sequential' = 'parallel') {
  const runner = manualRunner();
  const settled: AsyncSettled[] = [];
  const engine = new Engine({ dialect: fakeDialect(hooks, { execution }), runner, workspace: '/ws', onAsyncSettled: (entry) => settled.push(entry) });
  engine.load({ workspace: '/ws', home: '/home/u' });
  return { engine, runner, settled };
}

describe('TrustRevocations', () => {
  it('a revoke aborts the signal of the key and replaces it; other keys keep theirs', async () => {
    const revocations = new TrustRevocations();
    const first = revocations.signal(KEY);
    const other = revocations.signal(OTHER);
    expect(revocations.signal(KEY)).toBe(first);
    expect(await revocations.revoke(KEY)).toBe(0);
    expect(first.aborted).toBe(true);
    expect(other.aborted).toBe(false);
    const next = revocations.signal(KEY);
    expect(next).not.toBe(first);
    expect(next.aborted).toBe(false);
  });

  it('a revoke resolves once every run it stopped has settled, with their count; runs that settled before are not counted', async () => {
    const revocations = new TrustRevocations();
    let finishA!: () => void;
    let finishB!: () => void;
    const a = revocations.track(KEY, new Promise<void>((resolve) => (finishA = resolve)));
    void revocations.track(KEY, new Promise<void>((resolve) => (finishB = resolve)));
    void revocations.track(OTHER, new Promise<void>(() => {}));
    finishA();
    await a;
    expect(await waitUntil(() => revocations.runningCount === 2, 5_000)).toBe(true);
    let revoked: number | undefined;
    const revoking = revocations.revoke(KEY).then((count) => (revoked = count));
    await Promise.resolve();
    expect(revoked).toBeUndefined();
    finishB();
    await revoking;
    expect(revoked).toBe(1);
    expect(revocations.runningCount).toBe(1);
  });

  it('the messages name the key', () => {
    expect(revokedWhileRunning(KEY)).toBe(MESSAGE);
    expect(revokedBeforeStart(KEY)).toBe(`not started: trust in "${KEY}" was revoked before it ran`);
  });
});

describe('the engine: revoking trust stops running hooks', () => {
  it('"Revoking trust in a project stops its hook commands at once, including any that are still running": the run is killed, reported status "error", failureClass "untrusted", and the event is answered, not cancelled', async () => {
    const { engine, runner } = engineWith([user('u', 'allow'), project('p', 'deny')]);
    await engine.setTrusted(KEY, true);
    const dispatching = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 2, 5_000)).toBe(true);

    const revoking = engine.setTrusted(KEY, false);
    expect(runner.named('deny')?.request.signal?.aborted).toBe(true);
    expect(runner.named('allow')?.request.signal?.aborted).toBe(false);
    expect(await revoking).toBe(1);
    expect(runner.named('deny')?.settled).toBe(true);

    runner.named('allow')?.finish();
    const { result, cancelled } = await dispatching;
    expect(cancelled).toBe(false);
    expect(result.runs.map((run) => [run.hookId, run.status, run.failureClass, run.message])).toEqual([
      ['u', 'ok', null, undefined],
      ['p', 'error', 'untrusted', MESSAGE],
    ]);
    // The killed hook's answer never counts: the user hook's allow is the event's decision.
    expect(result.decision).toBe('allow');
    expect(engine.inFlightCount).toBe(0);
  });

  it('an async (background) run of a hook with the key is killed too and settles as an "untrusted" failure', async () => {
    const { engine, runner, settled } = engineWith([project('bg', 'deny', { handler: { type: 'command', command: 'deny', timeoutMs: 1000, onFailure: 'continue', async: { rewake: false } } })]);
    await engine.setTrusted(KEY, true);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.asyncRuns?.map((run) => run.hookId)).toEqual(['bg']);
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    expect(engine.backgroundCount).toBe(1);

    expect(await engine.setTrusted(KEY, false)).toBe(1);
    expect(runner.runs[0]?.abortSeen).toBe(true);
    expect(await waitUntil(() => settled.length === 1, 5_000)).toBe(true);
    expect(settled[0]?.verdict).toMatchObject({ status: 'error', failureClass: 'untrusted', message: MESSAGE });
    expect(settled[0]?.output).toMatchObject({ hookId: 'bg', status: 'error', message: MESSAGE });
    expect(engine.backgroundCount).toBe(0);
  });

  it('a hook the dispatch picked but had not started yet (sequential plan) does not start after the revoke, reported the same way', async () => {
    const { engine, runner } = engineWith([user('u', 'allow'), project('p', 'deny')], 'sequential');
    await engine.setTrusted(KEY, true);
    const dispatching = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    expect(await engine.setTrusted(KEY, false)).toBe(0);
    runner.named('allow')?.finish();
    const { result, cancelled } = await dispatching;
    expect(cancelled).toBe(false);
    expect(runner.runs.map((run) => run.name)).toEqual(['allow']);
    expect(result.runs.map((run) => [run.hookId, run.status, run.failureClass, run.message])).toEqual([
      ['u', 'ok', null, undefined],
      ['p', 'error', 'untrusted', revokedBeforeStart(KEY)],
    ]);
  });

  it('revoking another key, or trusting, stops nothing', async () => {
    const { engine, runner } = engineWith([project('p', 'deny')]);
    await engine.setTrusted(KEY, true);
    const dispatching = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    expect(await engine.setTrusted(OTHER, false)).toBe(0);
    expect(await engine.setTrusted(KEY, true)).toBe(0);
    expect(runner.runs[0]?.abortSeen).toBe(false);
    runner.runs[0]?.finish();
    const { result } = await dispatching;
    expect(result.runs.map((run) => run.status)).toEqual(['ok']);
    expect(result.decision).toBe('deny');
  });

  it('a cancel of the request is still a cancel (status "cancelled"), and after a revoke and a new trust the hooks run again', async () => {
    const { engine, runner } = engineWith([project('p', 'deny')]);
    await engine.setTrusted(KEY, true);
    const controller = new AbortController();
    const cancelledDispatch = engine.dispatch('PreToolUse', eventParams(), { signal: controller.signal });
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    controller.abort();
    const cancelled = await cancelledDispatch;
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.result.runs.map((run) => [run.status, run.failureClass])).toEqual([['cancelled', 'cancelled']]);

    await engine.setTrusted(KEY, false);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
    await engine.setTrusted(KEY, true);
    const again = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 2, 5_000)).toBe(true);
    expect(runner.runs[1]?.request.signal?.aborted).toBe(false);
    runner.runs[1]?.finish();
    expect((await again).result.runs.map((run) => [run.hookId, run.status])).toEqual([['p', 'ok']]);
  });

  it('hooks without a trust key are never touched by a revoke', async () => {
    const { engine, runner } = engineWith([user('u', 'allow')]);
    const dispatching = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    expect(await engine.setTrusted(KEY, false)).toBe(0);
    expect(runner.runs[0]?.abortSeen).toBe(false);
    runner.runs[0]?.finish();
    expect((await dispatching).result.runs.map((run) => run.status)).toEqual(['ok']);
  });
});
