// Sidecar discovery and the serverInfo check: an explicit command first, then $HOOKD_BIN, then the hookd-sidecar
// package's bin, then `hookd-sidecar`, then `hookd` on PATH; a program that is not the sidecar (a fake `hookd` printing an HTTP
// banner, one answering as another server, one exiting) fails with HookdNotSidecarError naming its path, and is gone.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAlive, waitUntil } from '../../../test/helpers/processes.js';
import { findHookd, HookdExitedError, HookdNotSidecarError, packageBin, spawnHookd, type SpawnHookdOptions } from '../src/index.js';
import { looksLikeProtocol } from '../src/sidecar-check.js';
import { DEADLINE_MS, HOOKD_JS, makeWorkspace, testEnv, track, useSidecar } from './helpers.js';

useSidecar();

const FAKE = fileURLToPath(new URL('./fixtures/fake-hookd.mjs', import.meta.url));

/** A bin directory holding the fake under each of `names` (executable copies), and a file it writes its PID to. */
function fakeBin(...names: string[]): { dir: string; pidFile: string } {
  const root = makeWorkspace();
  const dir = join(root, 'bin');
  mkdirSync(dir);
  for (const name of names) copyFileSync(FAKE, join(dir, name));
  return { dir, pidFile: join(root, 'fake.pid') };
}

const pathWith = (dir: string) => `${dir}${delimiter}${process.env.PATH ?? ''}`;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (client) => {
      track(client as never);
      throw new Error('spawnHookd resolved');
    },
    (error: unknown) => error,
  );
}

/** spawnHookd with a generous initialize timeout (a quick failure must not be a timeout) in a fresh workspace. */
function spawnWith(options: Partial<SpawnHookdOptions>): Promise<unknown> {
  const workspace = makeWorkspace();
  return rejection(spawnHookd({ workspace, home: workspace, initializeTimeoutMs: 60_000, ...options }));
}

/** The fake's PID (it wrote it at start) is gone. */
async function expectFakeGone(pidFile: string): Promise<void> {
  expect(existsSync(pidFile), 'the fake ran').toBe(true);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  expect(await waitUntil(() => !isAlive(pid), DEADLINE_MS), `fake hookd ${pid} still alive`).toBe(true);
}

describe('a program that is not the hookd sidecar', () => {
  it('a fake `hookd` on PATH that prints an HTTP banner and waits: HookdNotSidecarError naming its path and what it printed, at once; it is killed', async () => {
    const fake = fakeBin('hookd');
    const error = await spawnWith({ command: 'hookd', env: testEnv({ PATH: pathWith(fake.dir), HOOKD_PIDFILE: fake.pidFile }) });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    const notSidecar = error as HookdNotSidecarError;
    expect({ program: notSidecar.program, via: notSidecar.via }).toEqual({ program: join(fake.dir, 'hookd'), via: 'command' });
    expect(notSidecar.message).toContain(`${join(fake.dir, 'hookd')} is not the hookd sidecar: it printed "Listening on port 3000"`);
    await expectFakeGone(fake.pidFile);
  });

  it('default discovery finds `hookd-sidecar` on PATH (before `hookd`): a fake under that name gives the same error, via PATH', async () => {
    const fake = fakeBin('hookd-sidecar');
    const error = await spawnWith({ env: testEnv({ PATH: pathWith(fake.dir), HOOKD_PIDFILE: fake.pidFile, HOOKD_BIN: undefined }) });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    expect({ program: (error as HookdNotSidecarError).program, via: (error as HookdNotSidecarError).via }).toEqual({ program: join(fake.dir, 'hookd-sidecar'), via: 'PATH' });
    await expectFakeGone(fake.pidFile);
  });

  it('only a fake `hookd` on PATH: the last resort runs it, and the serverInfo check rejects it by path, via PATH; it is killed', async () => {
    const fake = fakeBin('hookd');
    // PATH: the fake and node's own directory (for the fake's `#!/usr/bin/env node`), nothing else.
    const env = testEnv({ PATH: `${fake.dir}${delimiter}${dirname(process.execPath)}`, HOOKD_PIDFILE: fake.pidFile, HOOKD_BIN: undefined });
    expect(findHookd({}, env)).toMatchObject({ file: join(fake.dir, 'hookd'), via: 'PATH' });
    const error = await spawnWith({ env });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    expect((error as HookdNotSidecarError).message).toContain(`${join(fake.dir, 'hookd')} is not the hookd sidecar: it printed "Listening on port 3000"`);
    await expectFakeGone(fake.pidFile);
  });

  it('neither `hookd-sidecar` nor `hookd` on PATH: spawn-failed naming hookd-sidecar', async () => {
    const env = testEnv({ PATH: dirname(process.execPath), HOOKD_BIN: undefined });
    expect(findHookd({}, env)).toMatchObject({ file: 'hookd-sidecar', via: 'PATH' });
    const error = await spawnWith({ env });
    expect(error).toBeInstanceOf(HookdExitedError);
    expect((error as HookdExitedError).reason).toBe('spawn-failed');
    expect((error as HookdExitedError).message).toContain('hookd-sidecar');
  });

  it('$HOOKD_BIN naming a .js file runs it with this Node', () => {
    expect(findHookd({}, testEnv({ HOOKD_BIN: HOOKD_JS }))).toEqual({ file: process.execPath, args: [HOOKD_JS], program: HOOKD_JS, via: 'HOOKD_BIN' });
  });

  it('$HOOKD_BIN pointing at the fake: the error names it, via HOOKD_BIN', async () => {
    const fake = fakeBin('hookd');
    const error = await spawnWith({ env: testEnv({ HOOKD_BIN: join(fake.dir, 'hookd'), HOOKD_PIDFILE: fake.pidFile }) });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    expect((error as HookdNotSidecarError).via).toBe('HOOKD_BIN');
    expect((error as HookdNotSidecarError).message).toContain(`${join(fake.dir, 'hookd')} is not the hookd sidecar: it printed "Listening on port 3000"`);
    await expectFakeGone(fake.pidFile);
  });

  it('a JSON-RPC server that answers initialize as another server: the error says what serverInfo.name it gave', async () => {
    const fake = fakeBin('hookd');
    const error = await spawnWith({ command: join(fake.dir, 'hookd'), env: testEnv({ FAKE_HOOKD_MODE: 'other', HOOKD_PIDFILE: fake.pidFile }) });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    expect((error as HookdNotSidecarError).message).toContain(`${join(fake.dir, 'hookd')} is not the hookd sidecar: it answered initialize as "other-tool", not "hookd"`);
    await expectFakeGone(fake.pidFile);
  });

  it('a program that exits before answering: the error says so with its exit code and the end of its stderr', async () => {
    const fake = fakeBin('hookd');
    const error = await spawnWith({ command: join(fake.dir, 'hookd'), env: testEnv({ FAKE_HOOKD_MODE: 'usage', HOOKD_PIDFILE: fake.pidFile }) });
    expect(error).toBeInstanceOf(HookdNotSidecarError);
    expect((error as HookdNotSidecarError).message).toMatch(/is not the hookd sidecar: it exited \(code 1\) before answering initialize; its stderr ends: "usage: hookd --port N <command>"/);
    await expectFakeGone(fake.pidFile);
  });
});

describe('the discovery order', () => {
  it('$HOOKD_BIN (the built sidecar) wins over a fake hookd-sidecar on PATH; initializeResult is typed as present', async () => {
    const fake = fakeBin('hookd-sidecar');
    const workspace = makeWorkspace();
    const client = track(await spawnHookd({ workspace, home: workspace, env: testEnv({ HOOKD_BIN: HOOKD_JS, PATH: pathWith(fake.dir), HOOKD_PIDFILE: fake.pidFile }) }));
    const name: string = client.initializeResult.serverInfo.name;
    expect(name).toBe('hookd');
    expect(existsSync(fake.pidFile), 'the fake on PATH was never started').toBe(false);
  });

  it('an explicit command wins over $HOOKD_BIN; hookdJs over command', () => {
    const env = { HOOKD_BIN: '/opt/hookd/bin/hookd-sidecar', PATH: '' };
    expect(findHookd({ command: ['/x/hookd', '--log-level', 'info'] }, env)).toEqual({ file: '/x/hookd', args: ['--log-level', 'info'], program: '/x/hookd', via: 'command' });
    expect(findHookd({ hookdJs: '/x/dist/cli.js', command: '/x/hookd' }, env)).toEqual({ file: process.execPath, args: ['/x/dist/cli.js'], program: '/x/dist/cli.js', via: 'hookdJs' });
    expect(findHookd({}, env)).toMatchObject({ file: '/opt/hookd/bin/hookd-sidecar', via: 'HOOKD_BIN' });
  });

  it('the hookd-sidecar package beside the client is found through the module resolver (its bin hookd-sidecar); absent here', () => {
    const root = makeWorkspace();
    const pkg = join(root, 'node_modules', 'hookd-sidecar');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    copyFileSync(FAKE, join(pkg, 'dist', 'cli.js'));
    copyFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), join(pkg, 'package.json'));
    expect(packageBin(join(root, 'consumer.js'))).toBe(join(pkg, 'dist', 'cli.js'));
    expect(packageBin(join(root, '..', 'elsewhere.js'))).toBeUndefined();
  });
});

describe('what counts as protocol output', () => {
  it('the start of an NDJSON message or a Content-Length header (in pieces, after blank lines) is protocol; a banner is not', () => {
    const verdicts = ['{"jsonrpc":"2.0"', '\n\n{', 'Content-Le', 'content-length: 42\r\n', '', 'Listening on port 3000\n', 'Content-Type: text/html'].map(looksLikeProtocol);
    expect(verdicts).toEqual([true, true, true, true, true, false, false]);
  });
});
