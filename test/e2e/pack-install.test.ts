// Installable without a clone: `npm pack` (its `prepare` build running in a copy of the repository) makes a tarball
// with LICENSE, dist/cli.js and the protocol docs but no tests; installed with `npm install -g --prefix`, the bins
// `hookd-sidecar` and `hookd` answer --version and play a session (a PreToolUse hook exiting 2 → deny). And a git
// install (`npm install git+file://…` in a project) builds through `prepare` and runs the same session.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyRepository, npmEnvironment, REPO_ROOT, runTool } from '../helpers/repo-copy.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

/**
 * npm on a loaded 2-core machine: measured 120 s for pack + install and 226 s for the git install (which installs
 * every devDependency from the cache and builds) at load 16; bounds well above that, every wait polled.
 */
const TEST_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 420_000;
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];
const VERSION = '0.1.0';

type Answer = { id?: number; result?: any; error?: { code: number; message: string } };

/** Plays initialize → PreToolUse (a hook exiting 2) → shutdown → exit over NDJSON with the installed program `bin`. */
async function playSession(bin: string, env: NodeJS.ProcessEnv): Promise<{ initialize: any; preToolUse: any; shutdown: Answer; exitCode: number | null }> {
  const workspace = scratchDir('hookd-pack-workspace-');
  mkdirSync(join(workspace, '.claude'));
  writeFileSync(
    join(workspace, '.claude', 'settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "no rm -rf here" >&2; exit 2' }] }] } }),
  );
  const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'pipe'], env, cwd: workspace });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const answers = new Map<number, Answer>();
  const nonProtocol: string[] = [];
  let stderr = '';
  let buffer = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let newline = buffer.indexOf('\n'); newline !== -1; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line === '') continue;
      try {
        const message = JSON.parse(line) as Answer;
        if (typeof message.id === 'number') answers.set(message.id, message);
      } catch {
        nonProtocol.push(line);
      }
    }
  });
  const request = async (id: number, method: string, params?: unknown): Promise<Answer> => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`);
    const answered = await waitUntil(() => answers.has(id) || child.exitCode !== null, STEP_TIMEOUT_MS);
    const answer = answers.get(id);
    if (!answered || answer === undefined) throw new Error(`${bin} did not answer ${method}; stderr:\n${stderr.slice(-2000)}`);
    return answer;
  };
  try {
    const initialize = await request(1, 'initialize', { protocolVersion: '0.1', dialect: 'claude', workspace, home: workspace, clientInfo: { name: 'pack-install-test' } });
    const preToolUse = await request(2, 'hooks/PreToolUse', { session: { id: 's1', cwd: workspace }, toolName: 'Bash', toolInput: { command: 'rm -rf build' } });
    const shutdown = await request(3, 'shutdown');
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'exit' })}\n`);
    child.stdin.end();
    const exitCode = await exited;
    expect(nonProtocol, 'stdout carries the protocol only').toEqual([]);
    return { initialize: initialize.result ?? initialize.error, preToolUse: preToolUse.result ?? preToolUse.error, shutdown, exitCode };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const pid = child.pid;
    if (pid !== undefined) expect(await waitUntil(() => !isAlive(pid), 10_000), `${bin} (${pid}) is gone`).toBe(true);
  }
}

/** What every installed bin must do: print the version, and play the session to a deny and a clean exit. */
async function expectWorkingSidecar(bin: string, env: NodeJS.ProcessEnv): Promise<void> {
  expect(existsSync(bin), `${bin} is installed`).toBe(true);
  expect((await runTool(bin, ['--version'], { cwd: REPO_ROOT, env, timeoutMs: STEP_TIMEOUT_MS })).trim()).toBe(VERSION);
  const session = await playSession(bin, env);
  expect(session.initialize).toMatchObject({ serverInfo: { name: 'hookd', version: VERSION }, dialect: 'claude', diagnostics: [] });
  expect(session.preToolUse).toMatchObject({ event: 'PreToolUse', decision: 'deny' });
  expect(session.preToolUse.reason).toContain('no rm -rf here');
  expect(session.shutdown).toMatchObject({ id: 3, result: null });
  expect(session.exitCode).toBe(0);
}

/** A copy of the repository whose node_modules is the repository's (so `prepare` can build without an install). */
async function repositoryCopy(scratch: string, withNodeModules: boolean): Promise<string> {
  const copy = join(scratch, 'repo');
  mkdirSync(copy);
  expect(await copyRepository(copy)).toBeGreaterThan(50);
  if (withNodeModules) symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

describe('npm pack → npm install -g --prefix → the installed hookd-sidecar', () => {
  it(
    'the tarball holds LICENSE, README, dist/cli.js and the protocol docs, no test files; both bins run a session',
    async () => {
      const scratch = scratchDir('hookd-pack-');
      const tmp = join(scratch, 'tmp');
      mkdirSync(tmp);
      const env = npmEnvironment(tmp);
      const copy = await repositoryCopy(scratch, true);
      const out = join(scratch, 'out');
      mkdirSync(out);
      await runTool('npm', ['pack', '--pack-destination', out, ...NPM_FLAGS], { cwd: copy, env, timeoutMs: STEP_TIMEOUT_MS });
      expect(readdirSync(out)).toEqual([`hookd-sidecar-${VERSION}.tgz`]);
      const tarball = join(out, `hookd-sidecar-${VERSION}.tgz`);

      const entries = (await runTool('tar', ['-tzf', tarball], { cwd: scratch, env, timeoutMs: STEP_TIMEOUT_MS })).split('\n').filter((line) => line !== '');
      for (const required of ['LICENSE', 'README.md', 'package.json', 'dist/cli.js', 'dist/main.js', 'protocol/README.md', 'protocol/schema/protocol.gen.json']) {
        expect(entries, `the tarball has ${required}`).toContain(`package/${required}`);
      }
      // The supervisor's C source and its build script are in it (the install script compiles it); never a binary.
      expect(entries).toContain('package/native/hookd-supervisor.c');
      expect(entries).toContain('package/scripts/build-native.mjs');
      expect(entries.filter((entry) => entry.startsWith('package/native/build'))).toEqual([]);
      const testOnly = entries.filter(
        (entry) =>
          entry !== 'package/scripts/build-native.mjs' &&
          (/(^|\/)(test|tests|fixtures|bench|scripts|clients|src|examples)\//.test(entry.replace(/^package\//, '')) || /\.test\.[cm]?[jt]s$/.test(entry)),
      );
      expect(testOnly, 'nothing test-only or source-only in the tarball').toEqual([]);

      const prefix = join(scratch, 'prefix');
      await runTool('npm', ['install', '-g', '--prefix', prefix, ...NPM_FLAGS, tarball], { cwd: scratch, env, timeoutMs: STEP_TIMEOUT_MS });
      await expectWorkingSidecar(join(prefix, 'bin', 'hookd-sidecar'), env);
      await expectWorkingSidecar(join(prefix, 'bin', 'hookd'), env);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('npm install git+file://… (prepare builds the clone)', () => {
  it(
    'a project-local install from a git repository gets a built dist and a working hookd-sidecar bin',
    async () => {
      const scratch = scratchDir('hookd-git-install-');
      const tmp = join(scratch, 'tmp');
      mkdirSync(tmp);
      const env = npmEnvironment(tmp, { GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 'test@example.invalid' });
      const repo = await repositoryCopy(scratch, false);
      await runTool('git', ['init', '-q'], { cwd: repo, env, timeoutMs: STEP_TIMEOUT_MS });
      await runTool('git', ['add', '-A'], { cwd: repo, env, timeoutMs: STEP_TIMEOUT_MS });
      await runTool('git', ['commit', '-q', '-m', 'snapshot'], { cwd: repo, env, timeoutMs: STEP_TIMEOUT_MS });
      const project = join(scratch, 'project');
      mkdirSync(project);
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'agent', version: '1.0.0', private: true }));
      await runTool('npm', ['install', ...NPM_FLAGS, `git+file://${repo}`], { cwd: project, env, timeoutMs: STEP_TIMEOUT_MS });
      expect(existsSync(join(project, 'node_modules', 'hookd-sidecar', 'dist', 'cli.js')), 'prepare built dist/').toBe(true);
      await expectWorkingSidecar(join(project, 'node_modules', '.bin', 'hookd-sidecar'), env);
    },
    TEST_TIMEOUT_MS,
  );
});
