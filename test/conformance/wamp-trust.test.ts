// Conformance of WAMP's project trust (seed 002, "Where hooks live") through the real engine, the wamp dialect and the
// real process runner: the project file runs only once the project is trusted (with the user's file beside it), an
// edit of a trusted project still runs (trust is per project, not per content), revoking trust kills the project's
// running hook trees and answers the event with a warning, and a Cloud session's workspace needs no trust at all.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventParams } from '../../src/protocol/index.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { isAlive, killProcessesWithEnv, processesWithEnv, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/procs/', import.meta.url));
const TEST_MARK = 'HOOKD_TEST_MARK';
/** A bound no loaded machine reaches (the fixture hooks would sleep 100 s). */
const DEADLINE_MS = 30_000;

let mark = '';
beforeEach(() => {
  mark = randomUUID();
});
afterEach(() => {
  // Only a failed test can leave processes behind.
  killProcessesWithEnv(TEST_MARK, mark);
});

type Scene = { workspace: string; home: string; key: string; out: string; context: LoadContext };

function scene(extra: Partial<LoadContext> = {}): Scene {
  const root = scratchDir('hookd-wamp-trust-');
  const workspace = join(root, 'project');
  const home = join(root, 'home');
  const out = join(root, 'out');
  for (const dir of [workspace, home, out]) mkdirSync(dir, { recursive: true });
  return { workspace, home, out, key: `wamp-project:${workspace}`, context: { workspace, home, ...extra } };
}

function writeHooks(dir: string, hooks: unknown): void {
  mkdirSync(join(dir, '.wamp'), { recursive: true });
  writeFileSync(join(dir, '.wamp', 'hooks.json'), JSON.stringify({ hooks }, null, 2));
}

/** A PreToolUse group for every tool whose one handler runs `command`. */
const preToolUse = (command: string) => ({ PreToolUse: [{ hooks: [{ type: 'command', command }] }] });
/** A hook that leaves `<out>/<label>` when it ran. */
const touching = (s: Scene, label: string) => preToolUse(`touch '${join(s.out, label)}'`);

function engineFor(s: Scene): Engine {
  const engine = new Engine({ dialect: wampDialect, runner: createProcessRunner(), workspace: s.workspace, baseEnv: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', [TEST_MARK]: mark } });
  engine.load(s.context);
  return engine;
}

let runs = 0;
const call = (): EventParams => ({ session: { id: 'wamp-conformance' }, runId: `run-${++runs}`, toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: 'call_1' });
const ranLabels = (result: { runs: readonly { hookId: string; status: string }[] }) => result.runs.filter((run) => run.status === 'ok').map((run) => run.hookId.split(':')[0]);

describe('wamp: project trust', () => {
  it('"`<project>/.wamp/hooks.json` | Only after you trust the project, together with yours": untrusted, only the user file runs; trusted, both run, the user\'s first', async () => {
    const s = scene();
    writeHooks(s.home, touching(s, 'user'));
    writeHooks(s.workspace, touching(s, 'project'));
    const engine = engineFor(s);
    expect(engine.trustKeys()).toEqual([s.key]);
    expect(engine.hooks().map((hook) => [hook.scope, hook.enabled, hook.trust])).toEqual([
      ['user', true, undefined],
      ['project', false, 'untrusted'],
    ]);
    expect(ranLabels((await engine.dispatch('PreToolUse', call())).result)).toEqual(['user']);

    await engine.setTrusted(s.key, true);
    expect(ranLabels((await engine.dispatch('PreToolUse', call())).result)).toEqual(['user', 'project']);
  });

  it('trust is per project, not per content: an edit of a trusted project\'s file still runs after a reload', async () => {
    const s = scene();
    writeHooks(s.workspace, touching(s, 'v1'));
    const engine = engineFor(s);
    await engine.setTrusted(s.key, true, null);
    expect((await engine.dispatch('PreToolUse', call())).result.runs.map((run) => run.status)).toEqual(['ok']);
    writeHooks(s.workspace, touching(s, 'v2'));
    engine.reload(s.context);
    expect(engine.trustState(s.key)).toBe('trusted');
    const { result } = await engine.dispatch('PreToolUse', call());
    expect(result.runs.map((run) => run.status)).toEqual(['ok']);
    expect(existsSync(join(s.out, 'v2'))).toBe(true);
  });

  it('"Revoking trust in a project stops its hook commands at once, including any that are still running": the running tree dies (every PID), the event is answered with a warning, and the next send runs without the project hooks', async () => {
    const s = scene();
    const pidFile = join(s.out, 'pids');
    writeHooks(s.home, touching(s, 'user'));
    writeHooks(s.workspace, preToolUse(`${TEST_MARK}=${mark} HOOKD_PIDFILE='${pidFile}' exec sh '${join(FIXTURES, 'setsid-double-fork.sh')}'`));
    const engine = engineFor(s);
    await engine.setTrusted(s.key, true);

    const dispatching = engine.dispatch('PreToolUse', call());
    expect(await waitUntil(async () => (await readFixtureRecord(pidFile)).pids.length >= 2, DEADLINE_MS)).toBe(true);
    const { pids, tags } = await readFixtureRecord(pidFile);
    expect(pids.filter(isAlive)).toHaveLength(2);

    expect(await engine.setTrusted(s.key, false)).toBe(1);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(processesWithEnv('HOOKD_RUN_TAG', tags[0] ?? '')).toEqual([]);
    expect(processesWithEnv(TEST_MARK, mark)).toEqual([]);

    const message = `stopped: trust in "${s.key}" was revoked while it ran`;
    const { result, cancelled } = await dispatching;
    expect(cancelled).toBe(false);
    expect(result.runs.map((run) => [run.hookId.split(':')[0], run.status, run.failureClass, run.message])).toEqual([
      ['user', 'ok', null, undefined],
      ['project', 'error', 'untrusted', message],
    ]);
    expect(result.warnings).toEqual([expect.stringContaining(message)]);
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(ranLabels((await engine.dispatch('PreToolUse', call())).result)).toEqual(['user']);
  });

  it('"A Cloud session trusts its own workspace, so a repository\'s project hooks run there as they do in a trusted project": no trust key, they run at once', async () => {
    const s = scene({ trustWorkspace: true });
    writeHooks(s.workspace, touching(s, 'project'));
    const engine = engineFor(s);
    expect(engine.trustKeys()).toEqual([]);
    expect(engine.hooks()).toMatchObject([{ scope: 'project', enabled: true }]);
    expect(engine.hooks()[0]?.trustKey).toBeUndefined();
    expect(engine.diagnostics().filter((entry) => entry.code === 'untrusted')).toEqual([]);
    expect(ranLabels((await engine.dispatch('PreToolUse', call())).result)).toEqual(['project']);
    // A revoke names no key of this session's hooks: nothing to stop, they keep running.
    expect(await engine.setTrusted(s.key, false)).toBe(0);
    expect(ranLabels((await engine.dispatch('PreToolUse', call())).result)).toEqual(['project']);
  });
});
