// Run snapshots: every event of a run uses the configuration of the run's start (beginRun or its first event),
// whatever reloads happen meanwhile; endRun releases it; a dialect may opt an event out; the table is bounded.
import { describe, expect, it } from 'vitest';
import type { Dialect, HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { EMPTY_SNAPSHOT, type RegistrySnapshot } from '../../../src/engine/registry.js';
import { RunSnapshots } from '../../../src/engine/run-snapshots.js';
import type { EventName } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const context = { workspace: '/ws', home: '/h' };

/** Configuration generation `n`: one PreToolUse and one Stop hook named after it. */
const generation = (n: number): HookSpec[] => [hook(`pre-v${n}`, 'PreToolUse', 'allow'), hook(`stop-v${n}`, 'Stop', 'none')];

function versionedEngine(overrides: Partial<Dialect> = {}) {
  let hooks = generation(1);
  const dialect = fakeDialect([], { load: () => ({ hooks, diagnostics: [], sources: ['/fake/settings.json'] }), ...overrides });
  const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
  engine.load(context);
  const reloadTo = (n: number) => {
    hooks = generation(n);
    engine.reload(context);
  };
  const ran = async (event: EventName, runId?: string): Promise<string[]> => {
    const { result } = await engine.dispatch(event, eventParams(runId !== undefined ? { runId } : {}));
    return result.runs.map((run) => run.hookId);
  };
  return { engine, reloadTo, ran };
}

describe('run snapshots through the engine', () => {
  it("events of a run use the snapshot taken at the run's first event, even after a reload", async () => {
    const { reloadTo, ran } = versionedEngine();
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
    reloadTo(2);
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
    expect(await ran('Stop', 'r1')).toEqual(['stop-v1']);
    reloadTo(3);
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
  });

  it('another run, or an event without a run, sees the current configuration', async () => {
    const { reloadTo, ran } = versionedEngine();
    await ran('PreToolUse', 'r1');
    reloadTo(2);
    expect(await ran('PreToolUse', 'r2')).toEqual(['pre-v2']);
    expect(await ran('PreToolUse')).toEqual(['pre-v2']);
    reloadTo(3);
    expect(await ran('PreToolUse', 'r2')).toEqual(['pre-v2']);
    expect(await ran('PreToolUse')).toEqual(['pre-v3']);
  });

  it('beginRun takes the snapshot before any event of the run; it is idempotent', async () => {
    const { engine, reloadTo, ran } = versionedEngine();
    expect(engine.beginRun('r1')).toEqual({ began: true, hooks: 2 });
    reloadTo(2);
    expect(engine.beginRun('r1')).toEqual({ began: false, hooks: 2 });
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
  });

  it('endRun releases the snapshot: the run id then begins afresh with the current configuration', async () => {
    const { engine, reloadTo, ran } = versionedEngine();
    engine.beginRun('r1');
    reloadTo(2);
    expect(engine.endRun('r1')).toBe(true);
    expect(engine.endRun('r1')).toBe(false);
    expect(engine.endRun('never-begun')).toBe(false);
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v2']);
  });

  it('an event the dialect says uses the current configuration reads it inside a run; the others keep the snapshot', async () => {
    const seen: EventName[] = [];
    const { engine, reloadTo, ran } = versionedEngine({
      usesCurrentConfig: (event) => {
        seen.push(event);
        return event === 'Stop';
      },
    });
    engine.beginRun('r1');
    reloadTo(2);
    expect(await ran('Stop', 'r1')).toEqual(['stop-v2']);
    expect(await ran('PreToolUse', 'r1')).toEqual(['pre-v1']);
    expect(seen).toEqual(['Stop', 'PreToolUse']);
  });
});

describe('RunSnapshots', () => {
  const snap = (id: string): RegistrySnapshot => ({ ...EMPTY_SNAPSHOT, sources: [id] });

  it('the first call for a run begins it with the given snapshot; later calls return that one', () => {
    const runs = new RunSnapshots();
    expect(runs.snapshotFor('r', snap('one'))).toEqual({ snapshot: snap('one'), began: true });
    const again = runs.snapshotFor('r', snap('two'));
    expect(again.began).toBe(false);
    expect(again.snapshot.sources).toEqual(['one']);
    expect(runs.size).toBe(1);
  });

  it('past the limit the oldest open run is forgotten', () => {
    const runs = new RunSnapshots(2);
    runs.snapshotFor('a', snap('a'));
    runs.snapshotFor('b', snap('b'));
    runs.snapshotFor('c', snap('c'));
    expect(runs.size).toBe(2);
    expect(runs.snapshotFor('b', snap('late')).snapshot.sources).toEqual(['b']);
    expect(runs.snapshotFor('c', snap('late')).snapshot.sources).toEqual(['c']);
    // 'a' was evicted: it begins again with what it is given now (which evicts 'b', now the oldest).
    expect(runs.snapshotFor('a', snap('late'))).toEqual({ snapshot: snap('late'), began: true });
    expect(runs.size).toBe(2);
    expect(runs.snapshotFor('c', snap('later')).snapshot.sources).toEqual(['c']);
  });

  it('end releases one run and says whether it was open', () => {
    const runs = new RunSnapshots(2);
    runs.snapshotFor('a', snap('a'));
    expect(runs.end('a')).toBe(true);
    expect(runs.end('a')).toBe(false);
    expect(runs.size).toBe(0);
  });
});
