// Engine.dryRun runs one handler that is not in the configuration, ignoring its matcher, and leaves the
// registry alone; dryRunHandler validates the request before anything runs.
import { describe, expect, it } from 'vitest';
import type { Dialect, HookSpec } from '../../../src/engine/dialect.js';
import { dryRunHandler } from '../../../src/engine/dry-run.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const commands = (runner: ReturnType<typeof scriptedRunner>) =>
  runner.requests.map((request) => (request.command.kind === 'shell' ? request.command.script : request.command.file));

function engineWith(configured: HookSpec[], overrides: Partial<Dialect> = {}) {
  const runner = scriptedRunner();
  const engine = new Engine({ dialect: fakeDialect(configured, overrides), runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/h' });
  return { engine, runner };
}

const neverMatching = (id: string, command: string): HookSpec => ({ ...hook(id, 'PreToolUse', command), matcher: 'Nothing', matches: () => false });

describe('Engine.dryRun', () => {
  it('runs the given hook even though its matcher does not match, and only that hook', async () => {
    const { engine, runner } = engineWith([hook('configured', 'PreToolUse', 'allow')]);
    const { result, cancelled } = await engine.dryRun(neverMatching('candidate', 'deny'), 'PreToolUse', eventParams());
    expect(cancelled).toBe(false);
    expect(commands(runner)).toEqual(['deny']);
    expect(result.runs.map((run) => run.hookId)).toEqual(['candidate']);
    expect(result.decision).toBe('deny');
  });

  it('does not touch the registry: hooks, snapshot and later dispatches are unchanged', async () => {
    const { engine, runner } = engineWith([hook('configured', 'PreToolUse', 'allow')]);
    const listed = engine.hooks();
    const snapshot = engine.snapshot;
    await engine.dryRun(neverMatching('candidate', 'deny'), 'PreToolUse', eventParams());
    expect(engine.hooks()).toEqual(listed);
    expect(engine.snapshot).toBe(snapshot);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual(['configured']);
    expect(commands(runner)).toEqual(['deny', 'allow']);
  });

  it('is cancellable like any dispatch', async () => {
    const { engine, runner } = engineWith([]);
    const controller = new AbortController();
    controller.abort();
    const { cancelled, result } = await engine.dryRun(hook('candidate', 'PreToolUse', 'deny'), 'PreToolUse', eventParams(), { signal: controller.signal });
    expect(cancelled).toBe(true);
    expect(runner.requests).toEqual([]);
    expect(result.runs.map((run) => run.status)).toEqual(['cancelled']);
  });
});

describe('dryRunHandler', () => {
  const loadContext = { workspace: '/ws', home: '/h' };
  const dryRunnable = (parsed: HookSpec | undefined) =>
    engineWith([hook('configured', 'PreToolUse', 'allow')], {
      syntheticParams: () => eventParams({ toolName: 'Synthetic' }),
      parseHandler: (_raw) => ({ ...(parsed ? { hook: parsed } : {}), diagnostics: parsed ? [] : [{ severity: 'error', message: 'bad handler', field: 'handler' }] }),
    });

  it('an event the dialect does not have is an invalid request naming it', async () => {
    const { engine, runner } = dryRunnable(hook('h', 'PreToolUse', 'deny'));
    const outcome = await dryRunHandler(engine, loadContext, { event: 'PostCompact', handler: {} });
    expect(outcome).toEqual({ kind: 'invalid-request', message: expect.stringContaining('"PostCompact"') });
    expect(runner.requests).toEqual([]);
  });

  it('a handler the dialect rejects is reported as diagnostics and never runs', async () => {
    const { engine, runner } = dryRunnable(undefined);
    const outcome = await dryRunHandler(engine, loadContext, { event: 'PreToolUse', handler: { nonsense: true } });
    expect(outcome).toMatchObject({ kind: 'done', cancelled: false, diagnostics: [{ severity: 'error', message: 'bad handler' }] });
    expect(outcome).not.toHaveProperty('result');
    expect(runner.requests).toEqual([]);
  });

  it('a valid handler runs on the synthetic params; the registry is unchanged', async () => {
    const { engine, runner } = dryRunnable(neverMatching('parsed', 'ask'));
    const listed = engine.hooks();
    const outcome = await dryRunHandler(engine, loadContext, { event: 'PreToolUse', handler: {} });
    expect(outcome).toMatchObject({ kind: 'done', cancelled: false, diagnostics: [], input: { event: 'PreToolUse' } });
    if (outcome.kind !== 'done') return;
    expect(outcome.result?.runs.map((run) => run.hookId)).toEqual(['parsed']);
    expect(commands(runner)).toEqual(['ask']);
    expect(engine.hooks()).toEqual(listed);
  });

  it('`input` is the very stdin the handler read, not a second rendering (envelopes may carry the clock)', async () => {
    let renders = 0;
    const { engine, runner } = engineWith([], {
      syntheticParams: () => eventParams(),
      parseHandler: () => ({ hook: hook('parsed', 'PreToolUse', 'allow'), diagnostics: [] }),
      renderStdin: () => JSON.stringify({ render: ++renders }),
    });
    const outcome = await dryRunHandler(engine, loadContext, { event: 'PreToolUse', handler: {} });
    expect(outcome).toMatchObject({ kind: 'done', input: JSON.parse(runner.requests[0]!.stdin) });
    expect(renders).toBe(1);
  });
});
