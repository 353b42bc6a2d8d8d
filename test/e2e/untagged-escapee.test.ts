// A hook descendant that calls setsid and clears its environment (no run tag), cancelled through the built sidecar
// on both spawn paths (HOOKD_SPAWN_PATH=supervisor|node). Supervisor path: it re-parented to the run's keeper and
// dies with the run; nothing is reported as escaped. Pure-Node path, the known hole (docs/supervisor.md,
// "Containment compared"): it survives the cancel, and hookd names its PID in the run (escapedPids) and in a warning
// on stderr; the test kills the escapee itself.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, killPids, readFixtureRecord, SPAWN_PATHS_UNDER_TEST, waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const DEADLINE_MS = 15_000;

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts hookd on `spawnPath` with the escapee fixture as its PreToolUse hook, cancels the event once both PIDs exist. */
async function cancelWhileEscapeeRuns(spawnPath: 'supervisor' | 'node') {
  const workspace = makeWorkspace('hookd-escapee-');
  cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
  const pidFile = join(workspace, 'pids');
  writeClaudeSettings(workspace, oneHook('PreToolUse', `HOOKD_PIDFILE='${pidFile}' exec sh '${join(PROCS, 'untagged-escapee.sh')}'`));
  const sidecar = new Sidecar('ndjson', [], { ...process.env, HOOKD_SPAWN_PATH: spawnPath });
  cleanups.push(() => sidecar.close());
  const initialized = (await sidecar.initialize(workspace)) as { spawnPath?: { active?: string } };
  expect(initialized.spawnPath?.active).toBe(spawnPath);

  const id = sidecar.nextId();
  const reply = sidecar.call('hooks/PreToolUse', { session: { id: 'escapee' }, toolName: 'Bash', toolInput: { command: 'ls' } }, id);
  expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= 2, DEADLINE_MS)).toBe(true);
  const [hook, escapee] = (await readFixtureRecord(pidFile)).pids as [number, number];
  cleanups.push(() => killPids([escapee]));
  sidecar.notify('$/cancelRequest', { id });

  const response = await reply;
  expect(response.error?.code).toBe(-32800);
  const run = (response.error?.data as { runs: Array<Record<string, unknown>> }).runs[0];
  return { sidecar, hook, escapee, run };
}

describe.runIf(SPAWN_PATHS_UNDER_TEST.includes('supervisor'))('a hook descendant with setsid and a cleared environment (supervisor path)', () => {
  it('dies with the cancelled run (it re-parented to the keeper), and nothing is reported as escaped', async () => {
    const { hook, escapee, run } = await cancelWhileEscapeeRuns('supervisor');
    expect(run).toMatchObject({ status: 'cancelled' });
    expect(run).not.toHaveProperty('escapedPids');
    expect(isAlive(hook)).toBe(false);
    expect(await waitUntil(() => !isAlive(escapee), DEADLINE_MS)).toBe(true);
  });
});

describe('a hook descendant with setsid and a cleared environment (node path: known hole)', () => {
  it('survives a cancel, and hookd names its PID in the run and in a warning', async () => {
    const { sidecar, hook, escapee, run } = await cancelWhileEscapeeRuns('node');
    expect(run).toMatchObject({ status: 'cancelled', escapedPids: [escapee] });
    expect(isAlive(hook)).toBe(false);
    expect(isAlive(escapee)).toBe(true);
    expect(await waitUntil(() => sidecar.stderr.includes(String(escapee)), DEADLINE_MS)).toBe(true);
  });
});
