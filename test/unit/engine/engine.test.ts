import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import type { EventParams } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

const params = (extra: Partial<EventParams> = {}): EventParams => ({ session: { id: 's1' }, toolName: 'Bash', toolInput: {}, ...extra });

function engineWith(hooks = [hook('a', 'PreToolUse', 'allow'), hook('b', 'PreToolUse', 'deny')], delays: Record<string, number> = {}, stopBlockCap?: number) {
  const runner = scriptedRunner(delays);
  const dialect = fakeDialect(hooks);
  const engine = new Engine({ dialect, runner, workspace: '/ws', baseEnv: { BASE: '1' }, ...(stopBlockCap !== undefined ? { stopBlockCap } : {}) });
  engine.load({ workspace: '/ws', home: '/home' });
  return { engine, runner };
}

describe('engine dispatch', () => {
  it('runs concurrently but reports runs in configured order, never completion order', async () => {
    const { engine, runner } = engineWith([hook('slow', 'PreToolUse', 'allow'), hook('fast', 'PreToolUse', 'deny')], { allow: 30, deny: 0 });
    const { result } = await engine.dispatch('PreToolUse', params());
    expect(runner.order).toEqual(['deny', 'allow']);
    expect(result.runs.map((run) => run.hookId)).toEqual(['slow', 'fast']);
    expect(result.reason).toBe('allow,deny');
    expect(result.decision).toBe('deny');
  });

  it('hooks run in the workspace with the base environment plus the dialect environment', async () => {
    const { engine, runner } = engineWith([hook('a', 'PreToolUse', 'allow')]);
    await engine.dispatch('PreToolUse', params());
    expect(runner.requests[0]?.cwd).toBe('/ws');
    expect(runner.requests[0]?.env).toMatchObject({ BASE: '1', FAKE_SESSION: 's1' });
    expect(runner.requests[0]?.stdin).toBe('{"event":"PreToolUse"}');
  });

  it('exec-form handlers are spawned without a shell', async () => {
    const { engine, runner } = engineWith([hook('a', 'PreToolUse', '/bin/echo', { args: ['x'] })]);
    await engine.dispatch('PreToolUse', params());
    expect(runner.requests[0]?.command).toEqual({ kind: 'exec', file: '/bin/echo', args: ['x'] });
  });

  it('an event with no matching hook spawns nothing and decides none', async () => {
    const runner = scriptedRunner();
    const only = { ...hook('a', 'PreToolUse', 'deny'), matches: (target: string | undefined) => target === 'Write' };
    const engine = new Engine({ dialect: fakeDialect([only]), runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    const { result } = await engine.dispatch('PreToolUse', params());
    expect(runner.requests).toHaveLength(0);
    expect(result.decision).toBe('none');
    expect(result.runs).toEqual([]);
  });

  it('a sequential dialect stops dispatch when stopsDispatch says so', async () => {
    const runner = scriptedRunner();
    const dialect = fakeDialect([hook('a', 'PreToolUse', 'allow'), hook('b', 'PreToolUse', 'deny'), hook('c', 'PreToolUse', 'allow')], {
      execution: 'sequential',
      stopsDispatch: (_context, verdict) => verdict.decision === 'deny',
    });
    const engine = new Engine({ dialect, runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    const { result } = await engine.dispatch('PreToolUse', params());
    expect(result.runs.map((run) => run.hookId)).toEqual(['a', 'b']);
    expect(runner.requests).toHaveLength(2);
  });

  it('a snapshot taken at dispatch start is used even if the config is reloaded mid-flight', async () => {
    const runner = scriptedRunner({ allow: 20 });
    let hooks = [hook('old', 'PreToolUse', 'allow')];
    const dialect = fakeDialect([], { load: () => ({ hooks, diagnostics: [], sources: [] }) });
    const engine = new Engine({ dialect, runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    const pending = engine.dispatch('PreToolUse', params());
    hooks = [hook('new', 'PreToolUse', 'deny')];
    engine.load({ workspace: '/ws', home: '/h' });
    expect((await pending).result.runs.map((run) => run.hookId)).toEqual(['old']);
    expect((await engine.dispatch('PreToolUse', params())).result.runs.map((run) => run.hookId)).toEqual(['new']);
  });
});

describe('cancellation', () => {
  it('aborting the request signal cancels the dispatch and reports partial runs', async () => {
    const { engine } = engineWith([hook('a', 'PreToolUse', 'allow'), hook('b', 'PreToolUse', 'deny')], { allow: 0, deny: 10_000 });
    const controller = new AbortController();
    const pending = engine.dispatch('PreToolUse', params(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const { result, cancelled } = await pending;
    expect(cancelled).toBe(true);
    expect(result.runs.map((run) => run.status)).toEqual(['ok', 'cancelled']);
  });

  it('a signal aborted before dispatch starts spawns nothing', async () => {
    const { engine, runner } = engineWith();
    const controller = new AbortController();
    controller.abort();
    const { cancelled, result } = await engine.dispatch('PreToolUse', params(), { signal: controller.signal });
    expect(cancelled).toBe(true);
    expect(runner.requests).toHaveLength(0);
    expect(result.runs.every((run) => run.status === 'cancelled')).toBe(true);
  });

  it('cancelSession aborts every in-flight event of that session only', async () => {
    const { engine } = engineWith([hook('a', 'PreToolUse', 'allow')], { allow: 10_000 });
    const s1 = engine.dispatch('PreToolUse', params());
    const s2 = engine.dispatch('PreToolUse', params({ session: { id: 's2' } }));
    expect(engine.cancelSession('s1')).toBe(1);
    expect((await s1).cancelled).toBe(true);
    expect(engine.inFlightCount).toBe(1);
    expect(engine.cancelSession('s2')).toBe(1);
    expect((await s2).cancelled).toBe(true);
  });

  it('abortAll resolves only after every dispatch settled', async () => {
    const { engine } = engineWith([hook('a', 'PreToolUse', 'allow')], { allow: 10_000 });
    const pending = [engine.dispatch('PreToolUse', params()), engine.dispatch('PreToolUse', params({ session: { id: 'x' } }))];
    await engine.abortAll();
    expect(engine.inFlightCount).toBe(0);
    for (const dispatch of await Promise.all(pending)) expect(dispatch.cancelled).toBe(true);
  });
});

describe('Stop-block cap', () => {
  it('a Stop hook that always blocks is honoured up to the cap, then hookd stops anyway and says why', async () => {
    const { engine } = engineWith([hook('loop', 'Stop', 'block')], {}, 3);
    const decisions: string[] = [];
    for (let i = 0; i < 4; i += 1) decisions.push((await engine.dispatch('Stop', params())).result.decision);
    expect(decisions).toEqual(['block', 'block', 'block', 'none']);
    const capped = await engine.dispatch('Stop', params());
    expect(capped.result.decision).toBe('block'); // the count starts afresh after the cap fired
  });

  it('the note names the cap', async () => {
    const { engine } = engineWith([hook('loop', 'Stop', 'block')], {}, 1);
    await engine.dispatch('Stop', params());
    const { result } = await engine.dispatch('Stop', params());
    expect(result.notes.join(' ')).toMatch(/cap of 1/);
  });

  it('a new user prompt resets the count', async () => {
    const { engine } = engineWith([hook('loop', 'Stop', 'block'), hook('p', 'UserPromptSubmit', 'none')], {}, 1);
    await engine.dispatch('Stop', params());
    await engine.dispatch('UserPromptSubmit', params({ prompt: 'again' }));
    expect((await engine.dispatch('Stop', params())).result.decision).toBe('block');
  });

  it('counts are kept per session', async () => {
    const { engine } = engineWith([hook('loop', 'Stop', 'block')], {}, 1);
    await engine.dispatch('Stop', params());
    expect((await engine.dispatch('Stop', params({ session: { id: 'other' } }))).result.decision).toBe('block');
  });

  it('cap 0 disables the cap', async () => {
    const { engine } = engineWith([hook('loop', 'Stop', 'block')], {}, 0);
    for (let i = 0; i < 12; i += 1) expect((await engine.dispatch('Stop', params())).result.decision).toBe('block');
  });
});

describe('progress', () => {
  it('a hook with a statusMessage sends started and finished progress', async () => {
    const progress: unknown[] = [];
    const runner = scriptedRunner();
    const engine = new Engine({
      dialect: fakeDialect([hook('a', 'PreToolUse', 'allow', { statusMessage: 'Checking…' }), hook('b', 'PreToolUse', 'allow')]),
      runner,
      workspace: '/ws',
      onProgress: (p) => progress.push(p),
    });
    engine.load({ workspace: '/ws', home: '/h' });
    await engine.dispatch('PreToolUse', params(), { requestId: 7 });
    expect(progress).toEqual([
      { requestId: 7, sessionId: 's1', event: 'PreToolUse', hookId: 'a', phase: 'started', statusMessage: 'Checking…' },
      { requestId: 7, sessionId: 's1', event: 'PreToolUse', hookId: 'a', phase: 'finished', statusMessage: 'Checking…' },
    ]);
  });
});
