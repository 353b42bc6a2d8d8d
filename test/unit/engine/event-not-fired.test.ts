// Dialect.eventNotFired through the engine with a test-only dialect: an event the dialect does not fire runs nothing
// and answers decision none, continue true, notFired and a note; seenInSession counts fired dispatches only; the
// history's tools are the initialize tools; a not-fired event neither opens a run nor reads the files.
import { describe, expect, it } from 'vitest';
import type { Dialect, EventHistory } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { FiredEvents } from '../../../src/engine/fired-events.js';
import { toolKindsOf } from '../../../src/engine/tool-kinds.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const context = { workspace: '/ws', home: '/h' };

/** Not fired: a second SessionStart of a session, a UserPromptSubmit of a goal turn, a tool event for an unregistered tool. */
function rules(event: EventName, params: EventParams, history: EventHistory): string | undefined {
  if (event === 'SessionStart' && history.seenInSession('SessionStart')) return 'SessionStart fires on the first message of a conversation only';
  if (event === 'UserPromptSubmit' && params.turnKind === 'goal') return 'a Goal continuation is not a prompt';
  if (event === 'PreToolUse' && history.tools.size > 0 && !history.tools.has(params.toolName ?? '')) return `"${params.toolName}" is not a tool the client registered`;
  return undefined;
}

function notFiringEngine(options: { tools?: string[]; overrides?: Partial<Dialect> } = {}) {
  let loads = 0;
  const hooks = [hook('start', 'SessionStart', 'none'), hook('prompt', 'UserPromptSubmit', 'none'), hook('pre', 'PreToolUse', 'deny')];
  const dialect = fakeDialect(hooks, {
    events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'Stop'],
    eventNotFired: rules,
    load: () => {
      loads++;
      return { hooks, diagnostics: [{ severity: 'warning', file: '/f', line: 1, message: 'w' }], sources: ['/f'] };
    },
    ...options.overrides,
  });
  const runner = scriptedRunner();
  const engine = new Engine({ dialect, runner, workspace: '/ws', ...(options.tools ? { toolKinds: toolKindsOf(options.tools) } : {}) });
  engine.load(context);
  const send = async (event: EventName, extra: Partial<EventParams> = {}) => (await engine.dispatch(event, eventParams({ prompt: 'hi', ...extra }))).result;
  return { engine, runner, send, loads: () => loads };
}

describe('Dialect.eventNotFired', () => {
  it('an event that does not fire runs no hook: no runs, decision none, continue true, notFired and a note', async () => {
    const { runner, send } = notFiringEngine();
    const result = await send('UserPromptSubmit', { turnKind: 'goal' });
    expect(runner.requests).toHaveLength(0);
    expect(result).toMatchObject({ event: 'UserPromptSubmit', decision: 'none', continue: true, notFired: 'a Goal continuation is not a prompt', runs: [] });
    expect(result.notes).toEqual(['UserPromptSubmit does not fire here: a Goal continuation is not a prompt; no hook ran']);
    expect(await send('UserPromptSubmit', { turnKind: 'message' })).not.toHaveProperty('notFired');
    expect(runner.requests).toHaveLength(1);
  });

  it('seenInSession counts fired dispatches: the second SessionStart of a session does not fire, another session is its own', async () => {
    const { runner, send } = notFiringEngine();
    expect((await send('SessionStart')).runs).toHaveLength(1);
    expect((await send('SessionStart')).notFired).toBe('SessionStart fires on the first message of a conversation only');
    expect((await send('SessionStart', { session: { id: 's2' } })).runs).toHaveLength(1);
    expect(runner.requests).toHaveLength(2);
  });

  it('an event that did not fire does not count as seen', async () => {
    const seen: boolean[] = [];
    const { send } = notFiringEngine({
      overrides: {
        eventNotFired: (event, params, history) => {
          if (event === 'UserPromptSubmit') seen.push(history.seenInSession('UserPromptSubmit'));
          return rules(event, params, history);
        },
      },
    });
    await send('UserPromptSubmit', { turnKind: 'goal' });
    await send('UserPromptSubmit', { turnKind: 'message' });
    await send('UserPromptSubmit', { turnKind: 'message' });
    expect(seen).toEqual([false, false, true]);
  });

  it('of two concurrent first events of a session only one fires', async () => {
    const { runner, engine } = notFiringEngine();
    const [a, b] = await Promise.all([engine.dispatch('SessionStart', eventParams()), engine.dispatch('SessionStart', eventParams())]);
    expect([a.result.notFired === undefined, b.result.notFired === undefined].sort()).toEqual([false, true]);
    expect(runner.requests).toHaveLength(1);
  });

  it("the history's tools are the tools the client registered at initialize", async () => {
    const registered = notFiringEngine({ tools: ['shell', 'write'] });
    expect((await registered.send('PreToolUse', { toolName: 'Read' })).notFired).toBe('"Read" is not a tool the client registered');
    expect((await registered.send('PreToolUse', { toolName: 'shell' })).decision).toBe('deny');
    const none = notFiringEngine();
    expect((await none.send('PreToolUse', { toolName: 'Read' })).decision).toBe('deny');
  });

  it('with readsPerRun, an event that does not fire neither reads the files nor opens the run; the first fired event does', async () => {
    const { send, loads } = notFiringEngine({ overrides: { readsPerRun: true } });
    const before = loads();
    const skipped = await send('UserPromptSubmit', { turnKind: 'goal', runId: 'goal-1' });
    expect(skipped.notFired).toBeDefined();
    expect(loads()).toBe(before);
    const tool = await send('PreToolUse', { runId: 'goal-1', toolName: 'shell' });
    expect(loads()).toBe(before + 1);
    expect(tool.warnings).toEqual(['/f:1: w']);
  });
});

describe('hooks/explain of an event that does not fire', () => {
  it('says first that the event would not fire, and why; an event that fires gets no such note', () => {
    const { engine } = notFiringEngine();
    const explained = engine.explain('UserPromptSubmit', eventParams({ prompt: 'hi', turnKind: 'goal' }));
    expect(explained.notes[0]).toBe('UserPromptSubmit would not fire here: a Goal continuation is not a prompt; no hook would run');
    expect(engine.explain('UserPromptSubmit', eventParams({ prompt: 'hi' })).notes.join('\n')).not.toContain('would not fire');
  });
});

describe('FiredEvents', () => {
  it('is bounded: past the limit the session fired in least recently is forgotten', () => {
    const fired = new FiredEvents(2);
    fired.markFired('a', 'SessionStart');
    fired.markFired('b', 'SessionStart');
    fired.markFired('a', 'Stop');
    fired.markFired('c', 'SessionStart');
    expect(fired.size).toBe(2);
    expect(fired.history('a', new Map()).seenInSession('SessionStart')).toBe(true);
    expect(fired.history('b', new Map()).seenInSession('SessionStart')).toBe(false);
  });
});
