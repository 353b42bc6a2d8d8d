// Two real node processes (the built codex review store, as two hookd sidecars would use it) trusting 200 different
// keys each into one $CODEX_HOME/config.toml at the same time: the cross-process lock and the re-read under it lose
// nothing, the user's own lines stay byte for byte at the top, and the file stays valid TOML. Both processes are gone
// afterwards (checked by PID).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readCodexConfig } from '../../src/dialects/codex/config-toml.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const WRITER = fileURLToPath(new URL('../fixtures/codex/state-writer.mjs', import.meta.url));
const BUILT_STORE = fileURLToPath(new URL('../../dist/dialects/codex/state-store.js', import.meta.url));
const KEYS_PER_PROCESS = 200;
const IN_FLIGHT = 10;
const USER_CONFIG = '# mine\nmodel = "gpt-5.4"\n\n[projects."/work/repo"]\ntrust_level = "trusted" # yes\n';

const children: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
  const pids = children.map((child) => child.pid).filter((pid): pid is number => pid !== undefined);
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
});

function startWriter(configPath: string, prefix: string) {
  const child = spawn(process.execPath, [WRITER, configPath, prefix, String(KEYS_PER_PROCESS), String(IN_FLIGHT)], { stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('codex config.toml: concurrent writers', () => {
  it('two processes each trusting 200 different keys at once: all 400 entries present, user lines kept, file valid', async () => {
    expect(existsSync(BUILT_STORE), 'run `npm run build` first').toBe(true);
    const codexHome = join(scratchDir('hookd-codex-concurrency-'), '.codex');
    mkdirSync(codexHome);
    const configPath = join(codexHome, 'config.toml');
    writeFileSync(configPath, USER_CONFIG);
    const prefixes = [`${codexHome}/hooks.json:pre_tool_use:0:`, '/ws/two/.codex/hooks.json:stop:1:'];
    const writers = prefixes.map((prefix) => startWriter(configPath, prefix));
    expect(await waitUntil(() => writers.every((writer) => writer.output().includes('ready\n')), 60_000)).toBe(true);
    for (const writer of writers) writer.child.stdin.write('go\n');
    const codes = await Promise.all(writers.map((writer) => writer.exited));
    expect(codes, writers.map((writer) => writer.output()).join('\n')).toEqual([0, 0]);

    const read = readCodexConfig(configPath);
    expect(read.diagnostics).toEqual([]);
    expect(read.hookState.size).toBe(2 * KEYS_PER_PROCESS);
    for (const prefix of prefixes)
      for (let n = 0; n < KEYS_PER_PROCESS; n++) expect(read.hookState.get(`${prefix}${n}`)).toEqual({ enabled: true, trustedHash: `sha256:${String(n).padStart(64, '0')}` });
    const text = readFileSync(configPath, 'utf8');
    expect(text.startsWith(USER_CONFIG)).toBe(true);
    expect(text.match(/^\[hooks\.state\./gm)?.length).toBe(2 * KEYS_PER_PROCESS);
    expect(readdirSync(codexHome)).toEqual(['config.toml']);
  }, 180_000);
});
