// Dialect.readsPerRun through the engine with a test-only dialect: the first event of a new run reads the files again
// (synchronously, before the run's snapshot), the run keeps what it read, what the load said (and matchers naming no
// registered tool) is the run's first answered result's `warnings`, and a file that fails keeps its last good hooks.
import { describe, expect, it } from 'vitest';
import type { Dialect, HookSpec, LoadResult } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { EMPTY_SNAPSHOT } from '../../../src/engine/registry.js';
import { MAX_RUN_LOAD_WARNINGS, PendingRunWarnings, diagnosticWarning, runLoadWarnings } from '../../../src/engine/run-reads.js';
import { toolKindsOf } from '../../../src/engine/tool-kinds.js';
import type { EventName } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams, manualRunner } from './manual-runner.js';

const FILE = '/fake/settings.json';
const context = { workspace: '/ws', home: '/h' };
const generation = (n: number): HookSpec[] => [hook(`pre-v${n}`, 'PreToolUse', 'none'), hook(`stop-v${n}`, 'Stop', 'none')];

/** A dialect that reads per run and whose load returns `state.next` (counting loads). */
function perRunEngine(options: { readsPerRun?: boolean; tools?: string[]; overrides?: Partial<Dialect> } = {}) {
  const state = { next: { hooks: generation(1), diagnostics: [], sources: [FILE] } as LoadResult, loads: 0, throwNext: false };
  const dialect = fakeDialect([], {
    readsPerRun: options.readsPerRun ?? true,
    load: () => {
      state.loads++;
      if (state.throwNext) throw new Error('dialect bug');
      return state.next;
    },
    ...options.overrides,
  });
  const runner = scriptedRunner();
  const engine = new Engine({ dialect, runner, workspace: '/ws', ...(options.tools ? { toolKinds: toolKindsOf(options.tools) } : {}) });
  engine.load(context);
  const send = async (event: EventName, runId?: string) => (await engine.dispatch(event, eventParams(runId !== undefined ? { runId } : {}))).result;
  const ran = async (event: EventName, runId?: string) => (await send(event, runId)).runs.map((run) => run.hookId);
  return { engine, state, runner, send, ran };
}

describe('Dialect.readsPerRun', () => {
  it('the first event of a new run reads the files again before its snapshot: an edit applies from the next run, a running run keeps its hooks', async () => {
    const { state, ran } = perRunEngine();
    // Edited after initialize, with no watcher and no reload: the next run still sees it.
    state.next = { hooks: generation(2), diagnostics: [], sources: [FILE] };
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v2']);
    state.next = { hooks: generation(3), diagnostics: [], sources: [FILE] };
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v2']);
    expect(await ran('Stop', 'r1')).toEqual(['stop-v2']);
    expect(await ran('PreToolUse', 'r2')).toEqual(['pre-v3']);
  });

  it('reads once per run, not once per event', async () => {
    const { state, ran } = perRunEngine();
    const before = state.loads;
    await ran('PreToolUse', 'r1');
    await ran('PreToolUse', 'r1');
    await ran('Stop', 'r1');
    expect(state.loads).toBe(before + 1);
    await ran('PreToolUse', 'r2');
    expect(state.loads).toBe(before + 2);
  });

  it('a dialect without readsPerRun does not read when a run begins (the snapshot is of the current configuration)', async () => {
    const { state, ran } = perRunEngine({ readsPerRun: false });
    const before = state.loads;
    state.next = { hooks: generation(2), diagnostics: [], sources: [FILE] };
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
    expect(state.loads).toBe(before);
  });

  it('an event without a runId does not read (it uses the configuration current now)', async () => {
    const { state, ran } = perRunEngine();
    const before = state.loads;
    state.next = { hooks: generation(2), diagnostics: [], sources: [FILE] };
    expect(await ran('PreToolUse')).toEqual(['pre-v1']);
    expect(state.loads).toBe(before);
  });

  it("the load's diagnostics are the run's first result's warnings (file:line:column), and only the first's", async () => {
    const { state, send } = perRunEngine();
    state.next = {
      hooks: generation(2),
      diagnostics: [
        { severity: 'warning', file: FILE, line: 3, column: 7, field: 'hooks.Bogus', code: 'unknown-event', message: 'unknown event "Bogus" (ignored)' },
        { severity: 'warning', file: FILE, line: 9, message: 'unknown field "colour"' },
      ],
      sources: [FILE],
    };
    const first = await send('PreToolUse', 'r1');
    expect(first.warnings).toEqual([`${FILE}:3:7: unknown event "Bogus" (ignored)`, `${FILE}:9: unknown field "colour"`]);
    const second = await send('Stop', 'r1');
    expect(second.warnings).toBeUndefined();
    // The next run reads again and says it again.
    expect((await send('PreToolUse', 'r2')).warnings).toHaveLength(2);
  });

  it("the load's warnings come before the hooks' own warnings in the first result", async () => {
    const { state, send } = perRunEngine({
      overrides: { merge: () => ({ decision: 'none', continue: true, warnings: ['a hook printed plain text'] }) },
    });
    state.next = { hooks: generation(2), diagnostics: [{ severity: 'warning', file: FILE, line: 2, message: 'unknown field "x"' }], sources: [FILE] };
    expect((await send('PreToolUse', 'r1')).warnings).toEqual([`${FILE}:2: unknown field "x"`, 'a hook printed plain text']);
  });

  it('a file that fails to parse keeps the last good hooks; its error and the kept-last-good note are the warnings', async () => {
    const { state, send } = perRunEngine();
    state.next = { hooks: generation(2), diagnostics: [], sources: [FILE] };
    expect((await send('PreToolUse', 'r1')).runs.map((run) => run.hookId)).toEqual(['pre-v2']);
    state.next = {
      hooks: [hook('half-parsed', 'PreToolUse', 'block')],
      diagnostics: [{ severity: 'error', file: FILE, line: 4, column: 12, code: 'syntax', message: 'expected a comma' }],
      sources: [FILE],
      rejectedSources: [FILE],
    };
    const result = await send('PreToolUse', 'r2');
    expect(result.runs.map((run) => run.hookId)).toEqual(['pre-v2']);
    expect(result.warnings?.[0]).toBe(`${FILE}:4:12: error: expected a comma`);
    expect(result.warnings?.[1]).toContain('keeping the 2 hook(s) last loaded from it');
  });

  it('matchers naming no tool the client registered at initialize are warnings of the run (none when it registered none)', async () => {
    const exact = (name: string) => (target: string | undefined) => target === name;
    const guarded: HookSpec = { ...hook('guard', 'PreToolUse', 'none'), matcher: 'Bash', matches: exact('Bash'), location: { file: FILE, line: 5 } };
    const overrides: Partial<Dialect> = {
      toolEvents: ['PreToolUse'],
      compileMatcher: (_event, matcher) => ({ matches: (target) => target === matcher }),
    };
    const registered = perRunEngine({ tools: ['shell', 'write'], overrides });
    registered.state.next = { hooks: [guarded], diagnostics: [], sources: [FILE] };
    const warnings = (await registered.send('PreToolUse', 'r1')).warnings ?? [];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^${FILE}:5: matcher "Bash" matches no tool`));

    const none = perRunEngine({ overrides });
    none.state.next = { hooks: [guarded], diagnostics: [], sources: [FILE] };
    expect((await none.send('PreToolUse', 'r1')).warnings).toBeUndefined();
  });

  it('runs/begin (beginRun) reads too; the warnings go to the first event of the run', async () => {
    const { engine, state, send } = perRunEngine();
    state.next = { hooks: generation(2), diagnostics: [{ severity: 'warning', file: FILE, line: 1, message: 'w' }], sources: [FILE] };
    expect(engine.beginRun('r1')).toEqual({ began: true, hooks: 2 });
    state.next = { hooks: generation(3), diagnostics: [], sources: [FILE] };
    const loads = state.loads;
    expect(engine.beginRun('r1')).toEqual({ began: false, hooks: 2 });
    expect(state.loads).toBe(loads);
    const first = await send('PreToolUse', 'r1');
    expect(first.runs.map((run) => run.hookId)).toEqual(['pre-v2']);
    expect(first.warnings).toEqual([`${FILE}:1: w`]);
  });

  it('a load that throws keeps the hooks read before, and says so as a warning (the event is still answered)', async () => {
    const { state, send } = perRunEngine();
    state.throwNext = true;
    const result = await send('PreToolUse', 'r1');
    expect(result.runs.map((run) => run.hookId)).toEqual(['pre-v1']);
    expect(result.warnings).toEqual(['reading the hook files for this run failed (dialect bug); the hooks read before stay in effect']);
  });

  it('a first event that was cancelled leaves the warnings for the next answered result of the run', async () => {
    const state = { next: { hooks: generation(1), diagnostics: [{ severity: 'warning', file: FILE, line: 1, message: 'w' }], sources: [FILE] } as LoadResult };
    const runner = manualRunner();
    const engine = new Engine({ dialect: fakeDialect([], { readsPerRun: true, load: () => state.next }), runner, workspace: '/ws' });
    engine.load(context);
    const controller = new AbortController();
    const pending = engine.dispatch('PreToolUse', eventParams({ runId: 'r1' }), { signal: controller.signal });
    controller.abort();
    const cancelled = await pending;
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.result.warnings).toBeUndefined();
    const next = engine.dispatch('Stop', eventParams({ runId: 'r1' }));
    // Poll (no timing): the manual runner holds the Stop hook until told.
    const running = () => runner.runs.find((run) => !run.settled && run.request.command.kind === 'shell');
    for (let i = 0; i < 10_000 && running() === undefined; i++) await new Promise((resolve) => setImmediate(resolve));
    running()?.finish();
    expect((await next).result.warnings).toEqual([`${FILE}:1: w`]);
  });

  it('endRun drops what the run still held', async () => {
    const { engine, state, send } = perRunEngine();
    state.next = { hooks: generation(2), diagnostics: [{ severity: 'warning', file: FILE, line: 1, message: 'w' }], sources: [FILE] };
    engine.beginRun('r1');
    engine.endRun('r1');
    state.next = { hooks: generation(2), diagnostics: [], sources: [FILE] };
    expect((await send('PreToolUse', 'r1')).warnings).toBeUndefined();
  });
});

describe('run load warnings', () => {
  it('format: file:line:column, file:line, file, or the message alone; errors say so; a message naming its file is not prefixed twice', () => {
    expect(diagnosticWarning({ severity: 'warning', file: '/a', line: 2, column: 3, message: 'm' })).toBe('/a:2:3: m');
    expect(diagnosticWarning({ severity: 'error', file: '/a', line: 2, message: 'm' })).toBe('/a:2: error: m');
    expect(diagnosticWarning({ severity: 'warning', file: '/a', message: 'm' })).toBe('/a: m');
    expect(diagnosticWarning({ severity: 'warning', file: '/a', message: '/a is invalid' })).toBe('/a is invalid');
    expect(diagnosticWarning({ severity: 'info', message: 'm' })).toBe('m');
  });

  it(`at most ${MAX_RUN_LOAD_WARNINGS} are listed, then one line counts the rest`, () => {
    const diagnostics = Array.from({ length: MAX_RUN_LOAD_WARNINGS + 7 }, (_, index) => ({ severity: 'warning' as const, message: `w${index}` }));
    const warnings = runLoadWarnings(fakeDialect([]), { ...EMPTY_SNAPSHOT, diagnostics }, new Map());
    expect(warnings).toHaveLength(MAX_RUN_LOAD_WARNINGS + 1);
    expect(warnings.at(-1)).toBe('and 7 more problem(s) in the hook files, not listed');
  });

  it('PendingRunWarnings: taken once, nothing held for an empty list, bounded (the oldest run forgotten)', () => {
    const pending = new PendingRunWarnings(2);
    pending.hold('a', ['wa']);
    pending.hold('b', []);
    expect(pending.size).toBe(1);
    pending.hold('b', ['wb']);
    pending.hold('c', ['wc']);
    expect(pending.size).toBe(2);
    expect(pending.take('a')).toEqual([]);
    expect(pending.take('b')).toEqual(['wb']);
    expect(pending.take('b')).toEqual([]);
    expect(pending.take('c')).toEqual(['wc']);
  });
});
