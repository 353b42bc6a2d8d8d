// Two real node processes (the built pbi review store, as two hookd sidecars would use it) trusting 1,000 different
// keys each into one hooks_state.json at the same time: the cross-process lock and the re-read under it lose nothing,
// and the file stays valid and in pbi-agent's format. Both processes are gone afterwards (checked by PID).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readHookState, renderHookState } from '../../src/dialects/pbi/state-file.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const WRITER = fileURLToPath(new URL('../fixtures/pbi/state-writer.mjs', import.meta.url));
const BUILT_STORE = fileURLToPath(new URL('../../dist/dialects/pbi/state-file.js', import.meta.url));
const KEYS_PER_PROCESS = 1000;
const IN_FLIGHT = 20;

const children: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
  const pids = children.map((child) => child.pid).filter((pid): pid is number => pid !== undefined);
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
});

type Writer = { readonly child: ChildProcessWithoutNullStreams; readonly output: () => string; readonly exited: Promise<number | null> };

function startWriter(statePath: string, prefix: string): Writer {
  const child = spawn(process.execPath, [WRITER, statePath, prefix, String(KEYS_PER_PROCESS), String(IN_FLIGHT)], { stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('pbi hooks_state.json: concurrent writers', () => {
  it('two processes each trusting 1,000 different keys at once into one file: all 2,000 entries present, file valid', async () => {
    expect(existsSync(BUILT_STORE), 'run `npm run build` first').toBe(true);
    const home = scratchDir('hookd-pbi-concurrency-');
    const statePath = join(home, '.pbi-agent', 'hooks_state.json');
    const prefixes = ['project:/ws-one/.agents/hooks.json:PreToolUse::sha256:a:', 'global:/home/two/.pbi-agent/hooks.json:Stop::sha256:b:'];
    const writers = prefixes.map((prefix) => startWriter(statePath, prefix));
    // Both ready before either starts, so their writes overlap.
    expect(await waitUntil(() => writers.every((writer) => writer.output().includes('ready\n')), 60_000)).toBe(true);
    for (const writer of writers) writer.child.stdin.write('go\n');
    const codes = await Promise.all(writers.map((writer) => writer.exited));
    expect(codes, writers.map((writer) => writer.output()).join('\n')).toEqual([0, 0]);
    for (const writer of writers) expect(writer.output()).toMatch(/done \d+/);

    const snapshot = readHookState(statePath);
    expect(snapshot.problem).toBeUndefined();
    const keys = Object.keys(snapshot.state);
    expect(keys.length).toBe(2 * KEYS_PER_PROCESS);
    for (const prefix of prefixes)
      for (let n = 0; n < KEYS_PER_PROCESS; n++) expect(snapshot.state[`${prefix}${n}`]).toEqual({ enabled: true, trusted_hash: `sha256:h${n}` });
    // The bytes are pbi-agent's format of that state (sorted, 2-space indent, trailing newline), nothing else.
    expect(readFileSync(statePath, 'utf8')).toBe(renderHookState(snapshot.state));
    // No temp file or lock directory is left.
    expect(readdirSync(join(home, '.pbi-agent'))).toEqual(['hooks_state.json']);
  }, 180_000);
});
