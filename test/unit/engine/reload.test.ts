// Engine.reload keeps the last good hooks of files the dialect rejects, updates every other file, and never
// disturbs a dispatch already running on the previous snapshot.
import { describe, expect, it } from 'vitest';
import type { HookSpec, LoadResult } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import type { Diagnostic } from '../../../src/protocol/index.js';
import { waitUntil } from '../../helpers/processes.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams, manualRunner } from './manual-runner.js';

const A = '/cfg/a.json';
const B = '/cfg/b.json';

const from = (source: string, spec: HookSpec): HookSpec => ({ ...spec, source });
const ids = (hooks: readonly HookSpec[]) => hooks.map((entry) => entry.id);

/** A dialect whose next load returns whatever the test put in `next`. */
function changingDialect(first: LoadResult) {
  const state = { next: first };
  const dialect = fakeDialect([], { load: () => state.next });
  return { dialect, state };
}

const context = { workspace: '/ws', home: '/h' };

describe('Engine.reload', () => {
  it('a rejected file keeps its previous hooks (with a kept-last-good info) while the other files update', async () => {
    const { dialect, state } = changingDialect({
      hooks: [from(A, hook('a1', 'PreToolUse', 'allow')), from(A, hook('a2', 'Stop', 'allow')), from(B, hook('b1', 'PreToolUse', 'ask'))],
      diagnostics: [],
      sources: [A, B],
    });
    const runner = scriptedRunner();
    const engine = new Engine({ dialect, runner, workspace: '/ws' });
    engine.load(context);

    const syntaxError: Diagnostic = { severity: 'error', file: A, code: 'syntax', message: 'unexpected token' };
    state.next = {
      // What the dialect still made of the broken file must not be used either.
      hooks: [from(A, hook('a-broken', 'PreToolUse', 'block')), from(B, hook('b2', 'PreToolUse', 'deny'))],
      diagnostics: [syntaxError],
      sources: [A, B],
      rejectedSources: [A],
    };
    const snapshot = engine.reload(context);
    expect(ids(snapshot.hooks)).toEqual(['a1', 'a2', 'b2']);
    expect(engine.snapshot).toBe(snapshot);
    expect(snapshot.diagnostics).toContainEqual(syntaxError);
    const kept = snapshot.diagnostics.filter((diagnostic) => diagnostic.code === 'kept-last-good');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ severity: 'info', file: A });
    expect(kept[0]?.message).toContain('2 hook(s)');
    expect(engine.diagnostics()).toContainEqual(kept[0]);

    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual(['a1', 'b2']);
    expect(result.decision).toBe('deny');
  });

  it('kept hooks stay in the position of their file among the sources', () => {
    const { dialect, state } = changingDialect({
      hooks: [from(A, hook('a1', 'PreToolUse', 'allow')), from(B, hook('b1', 'PreToolUse', 'ask'))],
      diagnostics: [],
      sources: [A, B],
    });
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    engine.load(context);
    state.next = { hooks: [from(A, hook('a2', 'PreToolUse', 'allow'))], diagnostics: [], sources: [A, B], rejectedSources: [B] };
    expect(ids(engine.reload(context).hooks)).toEqual(['a2', 'b1']);
    state.next = { hooks: [from(B, hook('b3', 'PreToolUse', 'ask'))], diagnostics: [], sources: [A, B], rejectedSources: [A] };
    expect(ids(engine.reload(context).hooks)).toEqual(['a2', 'b3']);
  });

  it('once the file is fixed its new hooks replace the kept ones and the info goes away', () => {
    const { dialect, state } = changingDialect({ hooks: [from(A, hook('a1', 'PreToolUse', 'allow'))], diagnostics: [], sources: [A] });
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    engine.load(context);
    state.next = { hooks: [], diagnostics: [], sources: [A], rejectedSources: [A] };
    expect(ids(engine.reload(context).hooks)).toEqual(['a1']);
    // Still broken on the next reload: still the last good hooks, not nothing.
    expect(ids(engine.reload(context).hooks)).toEqual(['a1']);
    state.next = { hooks: [from(A, hook('a3', 'PreToolUse', 'deny'))], diagnostics: [], sources: [A] };
    const fixed = engine.reload(context);
    expect(ids(fixed.hooks)).toEqual(['a3']);
    expect(fixed.diagnostics.some((diagnostic) => diagnostic.code === 'kept-last-good')).toBe(false);
  });

  it('without rejections a reload is the new load result as is (removed files lose their hooks)', () => {
    const { dialect, state } = changingDialect({
      hooks: [from(A, hook('a1', 'PreToolUse', 'allow')), from(B, hook('b1', 'PreToolUse', 'ask'))],
      diagnostics: [],
      sources: [A, B],
    });
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    engine.load(context);
    state.next = { hooks: [from(B, hook('b2', 'PreToolUse', 'ask'))], diagnostics: [], sources: [B] };
    const snapshot = engine.reload(context);
    expect(ids(snapshot.hooks)).toEqual(['b2']);
    expect(snapshot.sources).toEqual([B]);
  });

  it('on the first load a rejected file contributes nothing, and a reload that still rejects it keeps nothing', async () => {
    const { dialect, state } = changingDialect({
      hooks: [from(A, hook('a-partial', 'PreToolUse', 'block')), from(B, hook('b1', 'PreToolUse', 'ask'))],
      diagnostics: [{ severity: 'error', file: A, message: 'bad' }],
      sources: [A, B],
      rejectedSources: [A],
    });
    const runner = scriptedRunner();
    const engine = new Engine({ dialect, runner, workspace: '/ws' });
    expect(ids(engine.load(context).hooks)).toEqual(['b1']);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual(['b1']);

    expect(ids(engine.reload(context).hooks)).toEqual(['b1']);
    state.next = { hooks: [from(A, hook('a1', 'PreToolUse', 'allow')), from(B, hook('b1', 'PreToolUse', 'ask'))], diagnostics: [], sources: [A, B] };
    expect(ids(engine.reload(context).hooks)).toEqual(['a1', 'b1']);
  });

  it('a dispatch started before a reload finishes on its own snapshot; the next one sees the new hooks', async () => {
    const { dialect, state } = changingDialect({
      hooks: [from(A, hook('old1', 'PreToolUse', 'old1')), from(A, hook('old2', 'PreToolUse', 'old2'))],
      diagnostics: [],
      sources: [A],
    });
    const sequential = { ...dialect, execution: 'sequential' as const };
    const runner = manualRunner();
    const engine = new Engine({ dialect: sequential, runner, workspace: '/ws' });
    engine.load(context);

    const before = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 1, 5_000)).toBe(true);
    state.next = { hooks: [from(A, hook('new', 'PreToolUse', 'new'))], diagnostics: [], sources: [A] };
    engine.reload(context);

    // The in-flight dispatch goes on with the hook that is no longer configured.
    runner.named('old1')?.finish();
    expect(await waitUntil(() => runner.runs.length === 2, 5_000)).toBe(true);
    expect(runner.runs[1]?.name).toBe('old2');
    runner.named('old2')?.finish();
    expect((await before).result.runs.map((run) => run.hookId)).toEqual(['old1', 'old2']);

    const after = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => runner.runs.length === 3, 5_000)).toBe(true);
    expect(runner.runs[2]?.name).toBe('new');
    runner.runs[2]?.finish();
    expect((await after).result.runs.map((run) => run.hookId)).toEqual(['new']);
  });
});
