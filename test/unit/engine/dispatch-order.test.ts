// dispatchOrder: configured hooks by position, programmatic hooks by priority, ties configured first; and the
// same order through Engine.dispatch (runs[] and the order the runner and the client were called).
import { describe, expect, it } from 'vitest';
import type { InvokeClientHook } from '../../../src/engine/client-hook.js';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { dispatchOrder } from '../../../src/engine/registry.js';
import type { ProcessRunner } from '../../../src/runner/types.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

function programmatic(id: string, priority?: number): HookSpec {
  return {
    id,
    event: 'PreToolUse',
    matches: () => true,
    handler: { type: 'client', name: id, timeoutMs: 1000, onFailure: 'continue' },
    source: 'client',
    scope: 'client',
    ...(priority !== undefined ? { priority } : {}),
  };
}

const configured = [hook('c0', 'PreToolUse', 'c0'), hook('c1', 'PreToolUse', 'c1'), hook('c2', 'PreToolUse', 'c2')];
const ids = (hooks: readonly HookSpec[]) => hooks.map((entry) => entry.id);

describe('dispatchOrder', () => {
  it('configured hooks keep their configured order', () => {
    expect(ids(dispatchOrder(configured, []))).toEqual(['c0', 'c1', 'c2']);
    const reversedInput = [...configured].reverse();
    expect(ids(dispatchOrder(reversedInput, []))).toEqual(['c2', 'c1', 'c0']);
  });

  it('a programmatic hook with priority 0.5 runs between configured #0 and #1', () => {
    expect(ids(dispatchOrder(configured, [programmatic('p', 0.5)]))).toEqual(['c0', 'p', 'c1', 'c2']);
  });

  it('a tie with a configured position runs the configured hook first', () => {
    expect(ids(dispatchOrder(configured, [programmatic('p0', 0), programmatic('p1', 1)]))).toEqual(['c0', 'p0', 'c1', 'p1', 'c2']);
  });

  it('a programmatic hook without priority runs after every configured hook', () => {
    expect(ids(dispatchOrder(configured, [programmatic('late'), programmatic('p', 1.5)]))).toEqual(['c0', 'c1', 'p', 'c2', 'late']);
    // Even after a configured hook placed far away by an explicit priority.
    const far = { ...hook('far', 'PreToolUse', 'far'), priority: 1e9 };
    expect(ids(dispatchOrder([far], [programmatic('late')]))).toEqual(['far', 'late']);
  });

  it('a negative priority runs before everything', () => {
    expect(ids(dispatchOrder(configured, [programmatic('p', 1.5), programmatic('first', -1)]))).toEqual(['first', 'c0', 'c1', 'p', 'c2']);
  });

  it('equal programmatic priorities run in registration order', () => {
    expect(ids(dispatchOrder(configured, [programmatic('x', 0.5), programmatic('y', 0.5), programmatic('z', 0.5)]))).toEqual(['c0', 'x', 'y', 'z', 'c1', 'c2']);
    expect(ids(dispatchOrder([], [programmatic('u'), programmatic('v'), programmatic('w')]))).toEqual(['u', 'v', 'w']);
  });

  it('does not modify its inputs', () => {
    const input = [programmatic('b', 2), programmatic('a', 1)];
    dispatchOrder(configured, input);
    expect(ids(input)).toEqual(['b', 'a']);
  });
});

/** An engine whose runner and client both append to one call log, so the interleaving is visible. */
function loggedEngine(hooks: HookSpec[], execution: 'sequential' | 'parallel', clientDelayMs: Record<string, number> = {}) {
  const calls: string[] = [];
  const scripted = scriptedRunner();
  const runner: ProcessRunner = {
    findExecutable: scripted.findExecutable,
    run(request) {
      calls.push(`run:${request.command.kind === 'shell' ? request.command.script : request.command.file}`);
      return scripted.run(request);
    },
  };
  const invokeClientHook: InvokeClientHook = async (request) => {
    calls.push(`invoke:${request.hookId}`);
    const delay = clientDelayMs[request.hookId] ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return { exitCode: 0, stderr: '' };
  };
  const engine = new Engine({ dialect: fakeDialect(hooks, { execution }), runner, workspace: '/ws', invokeClientHook });
  engine.load({ workspace: '/ws', home: '/h' });
  return { engine, calls };
}

function registered(engine: Engine, params: Parameters<Engine['registerClientHook']>[0]): string {
  const answer = engine.registerClientHook(params);
  if (!('hookId' in answer)) throw new Error(answer.error);
  return answer.hookId;
}

describe('dispatch order through Engine.dispatch', () => {
  it('a sequential dialect calls the runner and the client in priority order and reports runs in that order', async () => {
    const { engine, calls } = loggedEngine([hook('c0', 'PreToolUse', 'allow'), hook('c1', 'PreToolUse', 'ask')], 'sequential');
    const last = registered(engine, { event: 'PreToolUse', name: 'last' });
    const middle = registered(engine, { event: 'PreToolUse', priority: 0.5, name: 'middle' });
    const first = registered(engine, { event: 'PreToolUse', priority: -1, name: 'first' });
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(calls).toEqual([`invoke:${first}`, 'run:allow', `invoke:${middle}`, 'run:ask', `invoke:${last}`]);
    expect(result.runs.map((run) => run.hookId)).toEqual([first, 'c0', middle, 'c1', last]);
    expect(result.runs.map((run) => run.handlerType)).toEqual(['client', 'command', 'client', 'command', 'client']);
  });

  it('a parallel dialect reports runs in dispatch order even when the first hook finishes last', async () => {
    const clientDelays: Record<string, number> = {};
    const { engine } = loggedEngine([hook('c0', 'PreToolUse', 'allow')], 'parallel', clientDelays);
    const firstId = registered(engine, { event: 'PreToolUse', priority: -1 });
    clientDelays[firstId] = 30;
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual([firstId, 'c0']);
  });

  it('a programmatic hook of another event is not dispatched', async () => {
    const { engine, calls } = loggedEngine([hook('c0', 'PreToolUse', 'allow')], 'sequential');
    registered(engine, { event: 'Stop', priority: -1 });
    await engine.dispatch('PreToolUse', eventParams());
    expect(calls).toEqual(['run:allow']);
  });

  it('configured positions count disabled and untrusted hooks: a priority means the same whatever is enabled', async () => {
    // "Configured handlers of an event have priorities 0, 1, 2, … in configuration order" (RegisterHookParams.priority).
    const off = { ...hook('c0', 'PreToolUse', 'off'), disabled: true };
    const untrusted = { ...hook('c1', 'PreToolUse', 'untrusted'), trustKey: 'workspace:/ws' };
    const { engine, calls } = loggedEngine([off, untrusted, hook('c2', 'PreToolUse', 'allow'), hook('c3', 'PreToolUse', 'ask')], 'sequential');
    const p = registered(engine, { event: 'PreToolUse', priority: 2.5 });
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual(['c2', p, 'c3']);
    expect(calls).toEqual(['run:allow', `invoke:${p}`, 'run:ask']);

    engine.setTrusted('workspace:/ws', true);
    calls.length = 0;
    const trusted = await engine.dispatch('PreToolUse', eventParams());
    expect(trusted.result.runs.map((run) => run.hookId)).toEqual(['c1', 'c2', p, 'c3']);
  });
});
