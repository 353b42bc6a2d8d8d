// Exiting the built sidecar with a long kill grace (2000 ms, past its exit deadline) while a SIGTERM-ignoring tree
// of 12 runs: whichever way hookd is told to go, every hook process is SIGKILLed before it is gone.
// Polled until hookd has exited and every recorded PID is dead; no timing assertions.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, killProcessesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
const LONG_GRACE_MS = 2_000;
const TREE_SIZE = 12;
/** Deadlines for polling only: without the fix the tree lives 100 s and the poll runs out. */
const DEADLINE_MS = 15_000;

const cleanups: Array<() => void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

type Ending = { readonly name: string; readonly graceVia: 'flag' | 'initialize'; readonly end: (sidecar: Sidecar) => void };

const ENDINGS: readonly Ending[] = [
  { name: 'stdin EOF', graceVia: 'initialize', end: (sidecar) => sidecar.child.stdin.end() },
  { name: 'SIGTERM', graceVia: 'flag', end: (sidecar) => sidecar.child.kill('SIGTERM') },
  { name: 'SIGINT', graceVia: 'initialize', end: (sidecar) => sidecar.child.kill('SIGINT') },
  { name: 'SIGHUP', graceVia: 'flag', end: (sidecar) => sidecar.child.kill('SIGHUP') },
  {
    // Written together: the exit arrives while shutdown's kill is still in its 2000 ms grace.
    name: 'shutdown + exit',
    graceVia: 'initialize',
    end: (sidecar) => {
      sidecar.send({ jsonrpc: '2.0', id: sidecar.nextId(), method: 'shutdown' });
      sidecar.notify('exit');
    },
  },
];

describe(`exiting with killGraceMs ${LONG_GRACE_MS} while a SIGTERM-ignoring tree of ${TREE_SIZE} runs`, () => {
  it.each(ENDINGS)('$name (grace via $graceVia): hookd exits and every hook process is gone', async ({ graceVia, end }) => {
    const mark = randomUUID();
    const workspace = makeWorkspace('hookd-exit-grace-');
    cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
    cleanups.push(() => killProcessesWithEnv(TEST_MARK, mark));
    const pidFile = join(workspace, 'pids');
    writeClaudeSettings(workspace, oneHook('PreToolUse', `HOOKD_PIDFILE='${pidFile}' sh '${join(PROCS, 'ignore-term-tree.sh')}'`));

    const sidecar = new Sidecar('ndjson', graceVia === 'flag' ? ['--kill-grace-ms', String(LONG_GRACE_MS)] : [], { ...process.env, [TEST_MARK]: mark });
    cleanups.push(() => sidecar.child.kill('SIGKILL'));
    await sidecar.initialize(workspace, graceVia === 'initialize' ? { options: { killGraceMs: LONG_GRACE_MS } } : {});
    void sidecar.call('hooks/PreToolUse', { session: { id: 'exit-grace' }, toolName: 'Bash', toolInput: { command: 'ls' } }).catch(() => undefined);
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= TREE_SIZE, DEADLINE_MS)).toBe(true);
    const { pids } = await readFixtureRecord(pidFile);
    expect(pids.filter(isAlive)).toHaveLength(TREE_SIZE);

    let exited = false;
    void sidecar.exited.then(() => (exited = true));
    end(sidecar);
    expect(await waitUntil(() => exited, DEADLINE_MS)).toBe(true);
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS), `alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });
});
