// The known hole, detected through the built sidecar: a hook descendant that calls setsid and clears its environment
// (no run tag) survives the cancel; hookd names it in the run (escapedPids) and in a warning on stderr.
// The test kills the escapee itself.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const DEADLINE_MS = 15_000;

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a hook descendant with setsid and a cleared environment (known hole)', () => {
  it('survives a cancel, and hookd names its PID in the run and in a warning', async () => {
    const workspace = makeWorkspace('hookd-escapee-');
    cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
    const pidFile = join(workspace, 'pids');
    writeClaudeSettings(workspace, oneHook('PreToolUse', `HOOKD_PIDFILE='${pidFile}' exec sh '${join(PROCS, 'untagged-escapee.sh')}'`));
    const sidecar = new Sidecar();
    cleanups.push(() => sidecar.close());
    await sidecar.initialize(workspace);

    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/PreToolUse', { session: { id: 'escapee' }, toolName: 'Bash', toolInput: { command: 'ls' } }, id);
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= 2, DEADLINE_MS)).toBe(true);
    const [hook, escapee] = (await readFixtureRecord(pidFile)).pids as [number, number];
    cleanups.push(() => {
      try {
        process.kill(escapee, 'SIGKILL');
      } catch {
        // already gone
      }
    });
    sidecar.notify('$/cancelRequest', { id });

    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    expect((response.error?.data as { runs: Array<Record<string, unknown>> }).runs[0]).toMatchObject({ status: 'cancelled', escapedPids: [escapee] });
    expect(isAlive(hook)).toBe(false);
    expect(isAlive(escapee)).toBe(true);
    expect(await waitUntil(() => sidecar.stderr.includes(String(escapee)), DEADLINE_MS)).toBe(true);
  });
});
