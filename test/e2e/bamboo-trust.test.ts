// The bamboo trust gate against the built sidecar: project-local hooks (<workspace>/.bamboo/hooks.json) do not run
// until the client trusts "workspace:<workspace>"; trust/set applies at once, persists in the trust store (or only
// for the session), and a corrupt store trusts nothing and is never overwritten.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-trust' };
const preToolUse = { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_trust_1' };

type Scenario = { setup: BambooSetup; order: string; trustStore: string; key: string };

/** The user's file and the project-local file each have one PreToolUse handler appending its name to `order`. */
function scenario(): Scenario {
  const setup = bambooSetup();
  const order = join(makeWorkspace('hookd-trust-out-'), 'order');
  const appendName = (name: string) => ({ PreToolUse: [{ hooks: [{ type: 'command', command: `printf '%s\\n' ${name} >> '${order}'` }] }] });
  writeBambooConfig(setup.userFile, appendName('user'));
  writeBambooConfig(setup.projectFile, appendName('project'));
  // initializeBamboo puts the trust store here.
  return { setup, order, trustStore: join(setup.dataDir, '..', 'trust.json'), key: `workspace:${setup.workspace}` };
}

async function session_(scene: Scenario): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = bambooSidecar(scene.setup);
  open.push(sidecar);
  const init = await initializeBamboo(sidecar, scene.setup);
  return { sidecar, init };
}

const ran = (scene: Scenario): string[] => (existsSync(scene.order) ? readFileSync(scene.order, 'utf8').split('\n').filter(Boolean) : []);

/** Runs PreToolUse once and returns the names appended during it plus the result. */
async function dispatch(sidecar: Sidecar, scene: Scenario): Promise<{ names: string[]; result: any }> {
  const before = ran(scene).length;
  const result = await sidecar.request('hooks/PreToolUse', preToolUse);
  return { names: ran(scene).slice(before), result };
}

const projectHook = (hooks: Array<{ source: string }>, scene: Scenario) => hooks.find((hook) => hook.source === scene.setup.projectFile) as any;
const untrustedWarnings = (diagnostics: Array<{ code?: string }>) => diagnostics.filter((diagnostic) => diagnostic.code === 'untrusted') as any[];

describe('"Project-local hook discovery requires a separate trust gate" (bamboo, built sidecar)', () => {
  it('a project-local hook does not run until trusted, while the user\'s own file runs', async () => {
    const scene = scenario();
    const { sidecar, init } = await session_(scene);

    const { names, result } = await dispatch(sidecar, scene);
    expect(names).toEqual(['user']);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0].source).toBe(scene.setup.userFile);
    expect(result.runs.some((run: { source: string }) => run.source === scene.setup.projectFile)).toBe(false);

    const listed = await sidecar.request('hooks/list');
    expect(projectHook(listed.hooks, scene)).toMatchObject({ event: 'PreToolUse', enabled: false, trust: 'untrusted', trustKey: scene.key });
    const userHook = listed.hooks.find((hook: { source: string }) => hook.source === scene.setup.userFile);
    expect(userHook).toMatchObject({ enabled: true });
    expect(userHook.trust).toBeUndefined();

    const warnings = untrustedWarnings(init.diagnostics);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', file: scene.setup.projectFile });
    expect(warnings[0].message).toContain(scene.setup.projectFile);
    expect(untrustedWarnings(listed.diagnostics)).toHaveLength(1);
  });

  it('trust/list shows the key the project file needs, untrusted, with its source and the store path', async () => {
    const scene = scenario();
    const { sidecar } = await session_(scene);
    expect(await sidecar.request('trust/list')).toEqual({
      entries: [{ key: scene.key, trusted: false, state: 'untrusted', hooks: 1, sources: [scene.setup.projectFile], currentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }],
      storePath: scene.trustStore,
    });
  });

  it('trust/set {trusted: true} lets it run at once and records the key in the trust store', async () => {
    const scene = scenario();
    const { sidecar } = await session_(scene);
    const answer = await sidecar.request('trust/set', { trusted: true });
    const hash = expect.stringMatching(/^sha256:[0-9a-f]{64}$/);
    expect(answer.entries).toEqual([{ key: scene.key, trusted: true, state: 'trusted', hooks: 1, sources: [scene.setup.projectFile], currentHash: hash, trustedHash: hash }]);
    expect(projectHook(answer.hooks, scene)).toMatchObject({ enabled: true, trust: 'trusted' });
    expect(untrustedWarnings(answer.diagnostics)).toEqual([]);

    const { names, result } = await dispatch(sidecar, scene);
    expect(names).toEqual(['user', 'project']);
    expect(result.runs.map((run: { source: string }) => run.source)).toEqual([scene.setup.userFile, scene.setup.projectFile]);
    expect(Object.keys(JSON.parse(readFileSync(scene.trustStore, 'utf8')).trusted)).toEqual([scene.key]);
  });

  it('trust/set with an explicit key trusts just that key', async () => {
    const scene = scenario();
    const { sidecar } = await session_(scene);
    await sidecar.request('trust/set', { key: scene.key, trusted: true });
    expect((await dispatch(sidecar, scene)).names).toEqual(['user', 'project']);
  });

  it('persisted: a second session with the same trust store trusts it from the store; trust/set {trusted: false} gates it again, also for later sessions', async () => {
    const scene = scenario();
    const first = await session_(scene);
    await first.sidecar.request('trust/set', { trusted: true });
    await first.sidecar.close();

    const second = await session_(scene);
    expect(projectHook(second.init.hooks, scene)).toMatchObject({ enabled: true, trust: 'trusted' });
    expect(untrustedWarnings(second.init.diagnostics)).toEqual([]);
    expect((await second.sidecar.request('trust/list')).entries[0]).toMatchObject({ key: scene.key, trusted: true });
    expect((await dispatch(second.sidecar, scene)).names).toEqual(['user', 'project']);

    const distrusted = await second.sidecar.request('trust/set', { trusted: false });
    expect(projectHook(distrusted.hooks, scene)).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect(untrustedWarnings(distrusted.diagnostics)).toHaveLength(1);
    expect((await dispatch(second.sidecar, scene)).names).toEqual(['user']);
    expect(JSON.parse(readFileSync(scene.trustStore, 'utf8')).trusted).toEqual({});
    await second.sidecar.close();

    const third = await session_(scene);
    expect(projectHook(third.init.hooks, scene)).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect((await dispatch(third.sidecar, scene)).names).toEqual(['user']);
  });

  it('persist: false trusts only this session: the store is not written and a new session does not trust it', async () => {
    const scene = scenario();
    const first = await session_(scene);
    const answer = await first.sidecar.request('trust/set', { trusted: true, persist: false });
    expect(answer.entries[0]).toMatchObject({ key: scene.key, trusted: true });
    expect((await dispatch(first.sidecar, scene)).names).toEqual(['user', 'project']);
    expect(existsSync(scene.trustStore)).toBe(false);
    await first.sidecar.close();

    const second = await session_(scene);
    expect(projectHook(second.init.hooks, scene)).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect((await dispatch(second.sidecar, scene)).names).toEqual(['user']);
  });

  it.each([
    ['not JSON', () => '{"version": 1, "trusted": {'],
    ['valid JSON of the wrong shape (even though it names the key)', (key: string) => JSON.stringify({ version: 2, trusted: { [key]: { trustedAt: '2026-01-01T00:00:00Z' } } })],
  ])('a corrupt trust store (%s): a warning diagnostic, nothing trusted, and trust/set answers an error rather than overwriting it', async (_what, content) => {
    const scene = scenario();
    const corrupt = content(scene.key);
    writeFileSync(scene.trustStore, corrupt);
    const { sidecar, init } = await session_(scene);

    const warning = init.diagnostics.find((diagnostic: { file?: string; code?: string }) => diagnostic.file === scene.trustStore);
    expect(warning).toMatchObject({ severity: 'warning' });
    expect(warning.message).toContain(scene.trustStore);
    expect(projectHook(init.hooks, scene)).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect((await dispatch(sidecar, scene)).names).toEqual(['user']);

    const response = await sidecar.call('trust/set', { trusted: true });
    expect(response.error?.code).toBe(-32010);
    expect(response.error?.message).toContain(scene.trustStore);
    expect(readFileSync(scene.trustStore, 'utf8')).toBe(corrupt);
    // The refused trust/set changed nothing in the session either.
    expect(projectHook((await sidecar.request('hooks/list')).hooks, scene)).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect((await dispatch(sidecar, scene)).names).toEqual(['user']);

    // Trusting for this session only needs no store: it works, and the file is still untouched.
    await sidecar.request('trust/set', { trusted: true, persist: false });
    expect((await dispatch(sidecar, scene)).names).toEqual(['user', 'project']);
    expect(readFileSync(scene.trustStore, 'utf8')).toBe(corrupt);
  });
});
