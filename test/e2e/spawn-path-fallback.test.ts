// A hookd built without a C compiler (a copy of dist/ with no native/build/hookd-supervisor next to it, as `npm ci`
// leaves it where `cc` is missing): hook processes run on the pure-Node path, and hookd says so in the initialize
// result, in `hookd check` and once on stderr. Also HOOKD_SPAWN_PATH: node forces the fallback, an invalid value is
// a warning, and where the binary exists (always under CI) the default is the supervisor.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPERVISOR_PROTOCOL_VERSION } from '../../src/runner/supervisor/frames.js';
import { copyBuiltPackage, REPO_ROOT } from '../helpers/repo-copy.js';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const FALLBACK_WARNING = /hook processes run on the pure-Node path: .*built without a C compiler — install cc and run npm run build/;
const SUPERVISOR_BUILT = existsSync(join(REPO_ROOT, 'native', 'build', 'hookd-supervisor'));

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the built package with an empty native/: hookd as built without a compiler. */
function buildWithoutSupervisor(): string {
  const root = scratchDir('hookd-no-cc-');
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return copyBuiltPackage(root, 'none');
}

function workspaceWithTrueHook(): string {
  const workspace = makeWorkspace('hookd-fallback-');
  cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
  writeClaudeSettings(workspace, oneHook('PreToolUse', 'echo ran'));
  return workspace;
}

const bash = { session: { id: 'fallback' }, toolName: 'Bash', toolInput: { command: 'ls' } };
const environment = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env = { ...process.env, ...extra };
  if (extra.HOOKD_SPAWN_PATH === undefined) delete env.HOOKD_SPAWN_PATH;
  return env;
};

describe('spawn path fallback and report', () => {
  it('"npm ci on a fresh machine without a compiler still works": hooks run on the pure-Node path, initialize says which and why, stderr warns once', async () => {
    const bin = buildWithoutSupervisor();
    const sidecar = new Sidecar('ndjson', [], environment(), undefined, bin);
    cleanups.push(() => sidecar.close());
    const initialized = (await sidecar.initialize(workspaceWithTrueHook())) as { spawnPath: { active: string; requested: string; detail: string } };
    expect(initialized.spawnPath.active).toBe('node');
    expect(initialized.spawnPath.requested).toBe('auto');
    expect(initialized.spawnPath.detail).toMatch(/native\/build\/hookd-supervisor does not exist \(hookd was built without a C compiler/);
    for (let round = 0; round < 3; round += 1) {
      const result = (await sidecar.call('hooks/PreToolUse', bash)) as { result?: { runs?: Array<{ status: string; exitCode: number }> } };
      expect(result.result?.runs?.map((run) => [run.status, run.exitCode])).toEqual([['ok', 0]]);
    }
    expect(sidecar.stderr.match(new RegExp(FALLBACK_WARNING.source, 'g'))).toHaveLength(1);
  });

  it('hookd check names the active spawn path: the pure-Node runner without the binary (one warning), with --json too', () => {
    const bin = buildWithoutSupervisor();
    const workspace = workspaceWithTrueHook();
    const text = spawnSync(process.execPath, [bin, 'check', '--workspace', workspace, '--home', workspace], { encoding: 'utf8', env: environment() });
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^hook processes start through the pure-Node runner: .*built without a C compiler/m);
    expect(text.stderr.match(new RegExp(FALLBACK_WARNING.source, 'g'))).toHaveLength(1);
    const json = spawnSync(process.execPath, [bin, 'check', '--json', '--workspace', workspace, '--home', workspace], { encoding: 'utf8', env: environment() });
    expect(JSON.parse(json.stdout).spawnPath).toMatchObject({ active: 'node', requested: 'auto' });
  });

  it('HOOKD_SPAWN_PATH=node forces the fallback (no warning: it was asked for); an invalid value warns and reads as auto', async () => {
    const forced = new Sidecar('ndjson', [], environment({ HOOKD_SPAWN_PATH: 'node' }));
    cleanups.push(() => forced.close());
    const initialized = (await forced.initialize(workspaceWithTrueHook())) as { spawnPath: { active: string; requested: string } };
    expect(initialized.spawnPath).toMatchObject({ active: 'node', requested: 'node' });
    await forced.call('hooks/PreToolUse', bash);
    expect(forced.stderr).not.toMatch(/pure-Node path/);

    const invalid = new Sidecar('ndjson', [], environment({ HOOKD_SPAWN_PATH: 'fork' }));
    cleanups.push(() => invalid.close());
    const answered = (await invalid.initialize(workspaceWithTrueHook())) as { spawnPath: { requested: string } };
    expect(answered.spawnPath.requested).toBe('auto');
    expect(invalid.stderr).toMatch(/HOOKD_SPAWN_PATH="fork" is not auto, supervisor or node: using auto/);
  });

  it.skipIf(!SUPERVISOR_BUILT && !process.env.CI)('where the binary was built (always under CI), the default is the native supervisor, in initialize and in hookd check', async () => {
    const sidecar = new Sidecar('ndjson', [], environment());
    cleanups.push(() => sidecar.close());
    const initialized = (await sidecar.initialize(workspaceWithTrueHook())) as { spawnPath: { active: string; detail: string } };
    expect(initialized.spawnPath.active).toBe('supervisor');
    expect(initialized.spawnPath.detail).toMatch(new RegExp(`^native supervisor .*hookd-supervisor \\(pid \\d+, protocol ${SUPERVISOR_PROTOCOL_VERSION}, subreaper=1`));
    const check = spawnSync(process.execPath, [HOOKD_BIN, 'check', '--workspace', workspaceWithTrueHook()], { encoding: 'utf8', env: environment() });
    expect(check.stdout).toMatch(/^hook processes start through the native supervisor: native supervisor /m);
    expect(check.stderr).toBe('');
  });
});
