// Mixed execution (Dialect.execution 'mixed' + vetoes): the vetoing hooks run one after another, the others beside them.
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook } from './fakes.js';
import { eventParams, manualRunner, type ManualRunner } from './manual-runner.js';

/** Polls (never sleeps a fixed time) until `check` holds, failing after the deadline. */
async function until(check: () => boolean, what: string, deadlineMs = 5000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const VETOING = new Set(['v1', 'v2', 'v3']);

function mixedEngine(hooks: HookSpec[], runner: ManualRunner) {
  const dialect = fakeDialect(hooks, {
    execution: 'mixed',
    vetoes: (_context, spec) => VETOING.has(spec.id),
    stopsDispatch: (_context, verdict) => verdict.decision === 'block',
  });
  const engine = new Engine({ dialect, runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/h' });
  return engine;
}

describe('mixed execution', () => {
  it('matching vetoing hooks (blocking pre-hooks) run sequentially, in configured order', async () => {
    const runner = manualRunner();
    const engine = mixedEngine([hook('v1', 'PreToolUse', 'one'), hook('v2', 'PreToolUse', 'two'), hook('v3', 'PreToolUse', 'three')], runner);
    const pending = engine.dispatch('PreToolUse', eventParams());
    await until(() => runner.runs.length === 1, 'the first vetoing hook');
    expect(runner.runs.map((run) => run.name)).toEqual(['one']);
    runner.named('one')!.finish('allow');
    await until(() => runner.runs.length === 2, 'the second vetoing hook');
    expect(runner.named('three')).toBeUndefined();
    runner.named('two')!.finish('allow');
    await until(() => runner.runs.length === 3, 'the third vetoing hook');
    runner.named('three')!.finish('allow');
    const { result } = await pending;
    expect(result.runs.map((run) => run.hookId)).toEqual(['v1', 'v2', 'v3']);
  });

  it('all other matching hooks run concurrently beside the vetoing chain', async () => {
    const runner = manualRunner();
    const engine = mixedEngine([hook('c1', 'PreToolUse', 'ctx1'), hook('v1', 'PreToolUse', 'one'), hook('c2', 'PreToolUse', 'ctx2'), hook('v2', 'PreToolUse', 'two')], runner);
    const pending = engine.dispatch('PreToolUse', eventParams());
    // Both context hooks and the first of the chain start at once; the second of the chain waits for the first.
    await until(() => runner.runs.length === 3, 'the concurrent hooks and the head of the chain');
    expect(runner.runs.map((run) => run.name).sort()).toEqual(['ctx1', 'ctx2', 'one']);
    runner.named('one')!.finish('allow');
    await until(() => runner.runs.length === 4, 'the second vetoing hook');
    // The chain finishes before the concurrent hooks: the dispatch still waits for them.
    runner.named('two')!.finish('allow');
    runner.named('ctx2')!.finish('none');
    runner.named('ctx1')!.finish('none');
    const { result } = await pending;
    // Reported in configured order, never completion order.
    expect(result.runs.map((run) => run.hookId)).toEqual(['c1', 'v1', 'c2', 'v2']);
  });

  it('first block wins: a block ends the chain (later vetoing hooks never start) while the concurrent hooks still finish and are reported', async () => {
    const runner = manualRunner();
    const engine = mixedEngine([hook('v1', 'PreToolUse', 'one'), hook('c1', 'PreToolUse', 'ctx'), hook('v2', 'PreToolUse', 'two'), hook('v3', 'PreToolUse', 'three')], runner);
    const pending = engine.dispatch('PreToolUse', eventParams());
    await until(() => runner.runs.length === 2, 'the head of the chain and the concurrent hook');
    runner.named('one')!.finish('allow');
    await until(() => runner.named('two') !== undefined, 'the second vetoing hook');
    runner.named('two')!.finish('block');
    runner.named('ctx')!.finish('none');
    const { result } = await pending;
    expect(runner.named('three')).toBeUndefined();
    expect(result.runs.map((run) => run.hookId)).toEqual(['v1', 'c1', 'v2']);
    expect(result.decision).toBe('block');
  });

  it('a mixed dialect without vetoes runs every hook concurrently', async () => {
    const runner = manualRunner();
    const dialect = fakeDialect([hook('a', 'PreToolUse', 'one'), hook('b', 'PreToolUse', 'two')], { execution: 'mixed' });
    const engine = new Engine({ dialect, runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    const pending = engine.dispatch('PreToolUse', eventParams());
    await until(() => runner.runs.length === 2, 'both hooks');
    runner.named('two')!.finish('none');
    runner.named('one')!.finish('none');
    expect((await pending).result.runs.map((run) => run.hookId)).toEqual(['a', 'b']);
  });

  it('cancelling a mixed dispatch aborts the chain and the concurrent runs', async () => {
    const runner = manualRunner();
    const engine = mixedEngine([hook('v1', 'PreToolUse', 'one'), hook('c1', 'PreToolUse', 'ctx'), hook('v2', 'PreToolUse', 'two')], runner);
    const controller = new AbortController();
    const pending = engine.dispatch('PreToolUse', eventParams(), { signal: controller.signal });
    await until(() => runner.runs.length === 2, 'the first runs');
    controller.abort();
    const dispatch = await pending;
    expect(dispatch.cancelled).toBe(true);
    expect(runner.runs.every((run) => run.abortSeen)).toBe(true);
    // The chain's later hook never spawned (its run reports cancelled without starting).
    expect(runner.named('two')).toBeUndefined();
    expect(dispatch.result.runs.map((run) => run.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });
});
