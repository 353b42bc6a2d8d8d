// `hookd test` (the built CLI) interrupted while its hooks run: SIGTERM, SIGINT or SIGHUP kills every hook process
// (a SIGTERM-ignoring tree of 12, so SIGKILL must follow) and exits 128 + the signal's number, printing nothing to
// stdout (a --json reader gets no partial report). Polled until the PIDs are gone; no timing assertions.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, killProcessesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const PROCS = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
const TREE_SIZE = 12;
const DEADLINE_MS = 15_000;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A workspace whose PreToolUse hook runs the SIGTERM-ignoring tree; the handler JSON for --handler too. */
function treeWorkspace() {
  const workspace = makeWorkspace('hookd-cli-signals-');
  cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
  const pidFile = join(workspace, 'pids');
  const command = `HOOKD_PIDFILE='${pidFile}' sh '${join(PROCS, 'ignore-term-tree.sh')}'`;
  writeClaudeSettings(workspace, oneHook('PreToolUse', command));
  return { workspace, pidFile, handler: JSON.stringify({ type: 'command', command }) };
}

function startHookd(args: string[]) {
  const mark = randomUUID();
  cleanups.push(() => killProcessesWithEnv(TEST_MARK, mark));
  const child = spawn(process.execPath, [HOOKD_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, [TEST_MARK]: mark } });
  cleanups.push(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

const CASES = [
  { signal: 'SIGTERM', code: 143 },
  { signal: 'SIGINT', code: 130 },
  { signal: 'SIGHUP', code: 129 },
] as const;

describe('hookd test interrupted while its hooks run', () => {
  it.each(CASES)('$signal: every hook process gone, exit $code, nothing on stdout (--json)', async ({ signal, code }) => {
    const { workspace, pidFile } = treeWorkspace();
    const hookd = startHookd(['test', 'PreToolUse', '--workspace', workspace, '--home', workspace, '--json']);
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= TREE_SIZE, DEADLINE_MS)).toBe(true);
    const { pids } = await readFixtureRecord(pidFile);
    expect(pids.filter(isAlive)).toHaveLength(TREE_SIZE);

    hookd.child.kill(signal);
    expect(await hookd.exited).toEqual({ code, signal: null });
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS), `alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(hookd.output().stdout).toBe('');
    expect(hookd.output().stderr).toContain(signal);
  });

  it('SIGINT during `hookd test --handler`: the handler tree is killed too, exit 130', async () => {
    const { workspace, pidFile, handler } = treeWorkspace();
    const hookd = startHookd(['test', 'PreToolUse', '--handler', handler, '--workspace', workspace, '--home', workspace]);
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= TREE_SIZE, DEADLINE_MS)).toBe(true);
    const { pids } = await readFixtureRecord(pidFile);

    hookd.child.kill('SIGINT');
    expect(await hookd.exited).toEqual({ code: 130, signal: null });
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), DEADLINE_MS), `alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(hookd.output().stdout).toBe('');
  });
});
