// Unit tests of single-hook management in the engine (no processes: the scripted runner): states of hooks/list,
// session toggles (by name, kept across reloads), invalid entries listed in place, and hooks/test's firing rules.
import { describe, expect, it } from 'vitest';
import type { HookSpec, InvalidHookEntry, LoadResult } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { hookStatus, withInvalidInPlace, describeInvalidEntry } from '../../../src/engine/hook-status.js';
import { SessionToggles } from '../../../src/engine/session-toggles.js';
import { testHook } from '../../../src/engine/test-hook.js';
import type { HookInfo } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

const session = { id: 's1' };
const named = (name: string, extra: Partial<HookSpec> = {}): HookSpec => ({ ...hook(`project:${name}`, 'PreToolUse', name), name, ...extra });

function engineWith(load: () => LoadResult) {
  const runner = scriptedRunner();
  const engine = new Engine({ dialect: fakeDialect([], { load }), runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/home' });
  return { engine, runner };
}

describe('hookStatus', () => {
  const gated = named('gated', { trustKey: 'k', trustHash: 'sha256:1' });
  const asking = named('asking', { trustKey: 'k2', trustHash: 'sha256:2', approval: { summary: 'make fmt', actionType: 'shell' } });

  it('the session toggle comes first, then parking, then trust', () => {
    expect(hookStatus(named('a'), 'trusted', undefined).state).toBe('active');
    expect(hookStatus(named('a'), 'trusted', false).state).toBe('disabled');
    expect(hookStatus(named('a', { disabled: true, disabledBy: 'enabled = false' }), 'trusted', undefined)).toEqual({ state: 'parked', stateReason: 'enabled = false' });
    expect(hookStatus(named('a', { disabled: true }), 'trusted', true).state).toBe('active');
    expect(hookStatus(gated, 'untrusted', true).state).toBe('untrusted');
  });

  it('a hook that asks for approval is awaiting approval until approved for its current effect, or denied', () => {
    expect(hookStatus(asking, 'untrusted', undefined).state).toBe('awaiting_approval');
    expect(hookStatus(asking, 'modified', undefined).state).toBe('awaiting_approval');
    expect(hookStatus(asking, 'denied', undefined).state).toBe('denied');
    expect(hookStatus(asking, 'trusted', undefined).state).toBe('active');
    expect(hookStatus(gated, 'modified', undefined).state).toBe('modified');
    // A trust word this listing does not know is never reported as active.
    expect(hookStatus(gated, 'something-new', undefined).state).not.toBe('active');
  });
});

describe('SessionToggles', () => {
  it('applies by name (else id) and leaves other hooks untouched (the same object)', () => {
    const toggles = new SessionToggles();
    const a = named('a');
    const b = hook('project:b', 'Stop', 'b');
    toggles.set('a', false);
    toggles.set('project:b', false);
    expect(toggles.apply(a)).toMatchObject({ disabled: true, disabledBy: expect.stringContaining('this session') });
    expect(toggles.apply(b).disabled).toBe(true);
    const c = named('c');
    expect(toggles.apply(c)).toBe(c);
    toggles.set('a', true);
    expect(toggles.apply(a)).toBe(a);
    const parked = named('p', { disabled: true, disabledBy: 'x' });
    toggles.set('p', true);
    expect(toggles.apply(parked).disabled).toBeUndefined();
    expect(toggles.apply(parked).disabledBy).toBeUndefined();
  });
});

describe('Engine.setEnabled', () => {
  it('a disabled hook is not dispatched; the toggle is kept across a reload by name', async () => {
    let version = 1;
    const { engine, runner } = engineWith(() => ({ hooks: [named('guard', { handler: { type: 'command', command: `v${version}`, timeoutMs: 1000, onFailure: 'continue' } })], diagnostics: [], sources: [] }));
    const found = engine.findHook('guard');
    if (found.kind !== 'hook') throw new Error('not found');
    expect(engine.setEnabled(found.hook, false)).toMatchObject({ state: 'disabled', enabled: false, sessionEnabled: false });
    expect((await engine.dispatch('PreToolUse', { session })).result.runs).toEqual([]);
    version = 2;
    engine.reload({ workspace: '/ws', home: '/home' });
    expect(engine.hooks()[0]).toMatchObject({ name: 'guard', state: 'disabled', command: 'v2' });
    expect((await engine.dispatch('PreToolUse', { session })).result.runs).toEqual([]);
    expect(runner.requests).toHaveLength(0);
    engine.setEnabled(found.hook, true);
    expect((await engine.dispatch('PreToolUse', { session })).result.runs).toHaveLength(1);
  });
});

describe('invalid entries', () => {
  const entry = (line: number, name?: string): InvalidHookEntry => ({ source: '/ws/cfg', line, message: `bad at ${line}`, ...(name ? { name } : {}) });
  const info = (id: string, file: string, line?: number): HookInfo =>
    ({ id, event: 'PreToolUse', handlerType: 'command', source: file, scope: 'project', timeoutMs: 1, enabled: true, state: 'active', provenance: { scope: 'project', file, ...(line !== undefined ? { line } : {}) } }) as HookInfo;

  it('are listed in their place in the file, after their file, or at the end', () => {
    const listed = [info('g1', '/home/cfg', 1), info('p1', '/ws/cfg', 1), info('p3', '/ws/cfg', 10)];
    const invalid = [entry(20), entry(5), entry(2)].map((e) => describeInvalidEntry(e, () => 'project'));
    const order = withInvalidInPlace(listed, [...invalid, describeInvalidEntry({ source: '/other', message: 'x' }, () => undefined)]).map((hook) => hook.id);
    expect(order).toEqual(['g1', 'p1', 'invalid:/ws/cfg:2', 'invalid:/ws/cfg:5', 'p3', 'invalid:/ws/cfg:20', 'invalid:/other']);
  });

  it('hooks/list shows them with state invalid and their message; hooks/test does not fire them', async () => {
    const { engine, runner } = engineWith(() => ({ hooks: [named('ok')], diagnostics: [], sources: [], invalid: [entry(3, 'broken')] }));
    const listed = engine.hooks();
    expect(listed.map((hook) => hook.state)).toEqual(['active', 'invalid']);
    expect(listed[1]).toMatchObject({ name: 'broken', enabled: false, stateReason: 'bad at 3', provenance: { file: '/ws/cfg', line: 3 } });
    const outcome = await testHook(engine, '/ws', { name: 'broken' });
    expect(outcome).toMatchObject({ kind: 'done', notRun: expect.stringContaining('invalid') });
    expect(runner.requests).toHaveLength(0);
  });
});

describe('testHook', () => {
  it('fires only the named hook, ignoring its matcher and condition, and spends no once hook', async () => {
    const picky = named('picky', { matches: () => false, matcher: 'Write', applies: () => false, condition: 'never', once: true });
    const { engine, runner } = engineWith(() => ({ hooks: [picky, named('other')], diagnostics: [], sources: [] }));
    const outcome = await testHook(engine, '/ws', { name: 'picky', params: { session, toolName: 'Bash', toolInput: {} } });
    if (outcome.kind !== 'done' || outcome.result === undefined) throw new Error('did not run');
    expect(outcome.result.runs.map((run) => run.hookId)).toEqual(['project:picky']);
    expect(outcome.result.notes.join()).toContain('matcher Write or its condition never');
    expect(runner.requests).toHaveLength(1);
    await testHook(engine, '/ws', { name: 'picky', params: { session, toolName: 'Bash', toolInput: {} } });
    expect(runner.requests).toHaveLength(2);
  });

  it('does not fire a hook that needs trust it lacks', async () => {
    const { engine, runner } = engineWith(() => ({ hooks: [named('gated', { trustKey: 'k' })], diagnostics: [], sources: [] }));
    const outcome = await testHook(engine, '/ws', { name: 'gated', params: { session, toolName: 'Bash', toolInput: {} } });
    expect(outcome).toMatchObject({ kind: 'done', notRun: expect.stringContaining('untrusted') });
    expect(runner.requests).toHaveLength(0);
    engine.setTrusted('k', true);
    expect(await testHook(engine, '/ws', { name: 'gated', params: { session, toolName: 'Bash', toolInput: {} } })).toMatchObject({ kind: 'done', result: { runs: [expect.anything()] } });
  });

  it('an unknown name is an invalid request naming the known ones', async () => {
    const { engine } = engineWith(() => ({ hooks: [named('a')], diagnostics: [], sources: [] }));
    expect(await testHook(engine, '/ws', { name: 'zz' })).toEqual({ kind: 'invalid-request', message: 'name: no hook named "zz" (known: a)' });
  });
});
