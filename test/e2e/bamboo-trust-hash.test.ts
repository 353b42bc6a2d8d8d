// choice: trust of <workspace>/.bamboo/hooks.json is bound to its content (issue 9). trust/set records the sha256 of
// the file's lifecycle_hooks (canonical JSON) with the trust; content that hashes differently (an edit after a git
// pull, a hot reload) makes the hooks "modified" and they do not run until trusted again; reverting the edit makes
// them trusted again; a store entry without a hash (older hookd) trusts no content. Against the built sidecar.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicSave, bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { waitUntil } from '../helpers/processes.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** Only turns a lost notification into a failure; nothing asserts how long a reload takes. */
const RELOAD_DEADLINE_MS = 30_000;
const preToolUse = { session: { id: 'e2e-trust-hash' }, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_hash_1' };

/** A project file whose one PreToolUse handler answers `additional_context: <label>`. */
const config = (label: string) => ({ PreToolUse: [{ hooks: [{ type: 'command', command: `printf '%s' '{"additional_context":"${label}"}'` }] }] });

/** The hash as the doc defines it, computed here on its own: sha256 of compact JSON with sorted keys. */
function expectedHash(lifecycleHooks: unknown): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]))
        : value;
  return `sha256:${createHash('sha256').update(JSON.stringify(sorted(lifecycleHooks))).digest('hex')}`;
}

type Scene = { setup: BambooSetup; store: string; key: string };

function scene(label = 'v1'): Scene {
  const setup = bambooSetup();
  writeBambooConfig(setup.projectFile, config(label));
  return { setup, store: join(setup.dataDir, '..', 'trust.json'), key: `workspace:${setup.workspace}` };
}

async function start(s: Scene, options: Record<string, unknown> = { watch: false }): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = bambooSidecar(s.setup);
  open.push(sidecar);
  const init = await initializeBamboo(sidecar, s.setup, { options: { trustStorePath: s.store, ...options } });
  return { sidecar, init };
}

/** The project hook's label when it ran on a PreToolUse, else undefined. */
async function projectRan(sidecar: Sidecar): Promise<string | undefined> {
  const result = await sidecar.request('hooks/PreToolUse', preToolUse);
  return result.additionalContext;
}

const projectHook = (hooks: Array<{ source: string }>, s: Scene) => hooks.find((hook) => hook.source === s.setup.projectFile) as any;
const trustWarnings = (diagnostics: Array<{ code?: string }>) => diagnostics.filter((entry) => entry.code === 'modified' || entry.code === 'untrusted') as any[];
const storedEntry = (s: Scene) => JSON.parse(readFileSync(s.store, 'utf8')).trusted[s.key];

function reloads(sidecar: Sidecar): RpcMessage[] {
  return sidecar.notifications.filter((message) => message.method === 'hooks/diagnostics' && (message.params as any)?.trigger === 'reload');
}
async function waitForReload(sidecar: Sidecar, count: number): Promise<any> {
  expect(await waitUntil(() => reloads(sidecar).length >= count, RELOAD_DEADLINE_MS), `reload notification ${count}`).toBe(true);
  return reloads(sidecar)[count - 1]!.params;
}

describe('choice: trust is bound to the content of <workspace>/.bamboo/hooks.json (a content hash recorded with it)', () => {
  it('trust/set records sha256 of the canonical lifecycle_hooks with the trust; an edit (a git pull) makes the hooks "modified" in the next session until trusted again', async () => {
    const s = scene('v1');
    const first = await start(s);
    const trusted = await first.sidecar.request('trust/set', { trusted: true });
    const v1 = expectedHash(config('v1'));
    expect(trusted.entries).toEqual([{ key: s.key, trusted: true, state: 'trusted', hooks: 1, sources: [s.setup.projectFile], currentHash: v1, trustedHash: v1 }]);
    expect(storedEntry(s)).toEqual({ trustedAt: expect.any(String), trustedHash: v1 });
    expect(await projectRan(first.sidecar)).toBe('v1');

    // Another session after a `git pull` changed the command.
    writeBambooConfig(s.setup.projectFile, config('v2'));
    const second = await start(s);
    const v2 = expectedHash(config('v2'));
    expect(projectHook(second.init.hooks, s)).toMatchObject({ enabled: false, trust: 'modified', trustKey: s.key });
    const [warning, ...others] = trustWarnings(second.init.diagnostics);
    expect(others).toEqual([]);
    expect(warning).toEqual({
      severity: 'warning',
      file: s.setup.projectFile,
      code: 'modified',
      message: `1 hook(s) in ${s.setup.projectFile} are modified: ${s.setup.projectFile} changed since "${s.key}" was trusted (trusted ${v1}, now ${v2}); they do not run until the client reviews and trusts "${s.key}" again (trust/set)`,
    });
    expect((await second.sidecar.request('trust/list')).entries).toEqual([
      { key: s.key, trusted: false, state: 'modified', hooks: 1, sources: [s.setup.projectFile], currentHash: v2, trustedHash: v1 },
    ]);
    expect(projectHook((await second.sidecar.request('hooks/list')).hooks, s)).toMatchObject({ enabled: false, trust: 'modified' });
    expect(await projectRan(second.sidecar)).toBeUndefined();

    // Reviewed and trusted again: it runs, and the store holds the new hash.
    const again = await second.sidecar.request('trust/set', { trusted: true });
    expect(again.entries[0]).toMatchObject({ state: 'trusted', trustedHash: v2 });
    expect(trustWarnings(again.diagnostics)).toEqual([]);
    expect(await projectRan(second.sidecar)).toBe('v2');
    expect(storedEntry(s).trustedHash).toBe(v2);
  });

  it('reformatting the file (indentation, key order) or editing its other settings keeps the trust', async () => {
    const s = scene('v1');
    const first = await start(s);
    await first.sidecar.request('trust/set', { trusted: true });
    const [handler] = config('v1').PreToolUse[0]!.hooks;
    writeFileSync(
      s.setup.projectFile,
      `{"theme": "dark", "lifecycle_hooks": {"PreToolUse": [{"hooks": [{"command": ${JSON.stringify(handler!.command)}, "type": "command"}]}]}}`,
    );
    const second = await start(s);
    expect(projectHook(second.init.hooks, s)).toMatchObject({ enabled: true, trust: 'trusted' });
    expect(await projectRan(second.sidecar)).toBe('v1');
  });

  it('a hot reload of a trusted file that changes its hooks makes them modified (not run) and hooks/diagnostics says so; reverting the edit makes them trusted again', async () => {
    const s = scene('v1');
    const { sidecar } = await start(s, {});
    await sidecar.request('trust/set', { trusted: true, persist: false });
    expect(await projectRan(sidecar)).toBe('v1');

    // Atomic saves (as editors do): the watcher never reads a half-written file.
    atomicSave(s.setup.projectFile, config('evil'));
    const edited = await waitForReload(sidecar, 1);
    expect(edited).toMatchObject({ trigger: 'reload', changedFiles: [s.setup.projectFile] });
    expect(trustWarnings(edited.diagnostics)).toEqual([expect.objectContaining({ severity: 'warning', code: 'modified', file: s.setup.projectFile })]);
    expect(projectHook((await sidecar.request('hooks/list')).hooks, s)).toMatchObject({ enabled: false, trust: 'modified' });
    expect(await projectRan(sidecar)).toBeUndefined();

    atomicSave(s.setup.projectFile, config('v1'));
    const reverted = await waitForReload(sidecar, 2);
    expect(trustWarnings(reverted.diagnostics)).toEqual([]);
    expect(projectHook((await sidecar.request('hooks/list')).hooks, s)).toMatchObject({ enabled: true, trust: 'trusted' });
    expect(await projectRan(sidecar)).toBe('v1');
  });

  it('a store entry without a content hash (written by an older hookd) trusts no content: modified, with a diagnostic saying why', async () => {
    const s = scene('v1');
    writeFileSync(s.store, JSON.stringify({ version: 1, trusted: { [s.key]: { trustedAt: '2026-01-01T00:00:00.000Z' } } }));
    const { sidecar, init } = await start(s);
    expect(projectHook(init.hooks, s)).toMatchObject({ enabled: false, trust: 'modified' });
    const [warning] = trustWarnings(init.diagnostics);
    expect(warning).toMatchObject({ code: 'modified', file: s.setup.projectFile });
    expect(warning.message).toContain(`"${s.key}" was trusted without a record of its content (an older trust entry)`);
    expect((await sidecar.request('trust/list')).entries[0]).toEqual({
      key: s.key,
      trusted: false,
      state: 'modified',
      hooks: 1,
      sources: [s.setup.projectFile],
      currentHash: expectedHash(config('v1')),
    });
    expect(await projectRan(sidecar)).toBeUndefined();
  });

  it('distrusting removes the entry: untrusted again, whatever the content', async () => {
    const s = scene('v1');
    const { sidecar } = await start(s);
    await sidecar.request('trust/set', { trusted: true });
    const answer = await sidecar.request('trust/set', { trusted: false });
    expect(answer.entries[0]).toMatchObject({ state: 'untrusted', trusted: false });
    expect(answer.entries[0].trustedHash).toBeUndefined();
    expect(storedEntry(s)).toBeUndefined();
  });
});
