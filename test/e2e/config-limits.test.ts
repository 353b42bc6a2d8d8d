// Hostile configuration files through the built sidecar, for both dialects: a FIFO, a symlink to /dev/zero, a sparse
// 3 GiB file, a directory, nesting 10,000 deep and 150,000 invalid entries each get `initialize` answered with a
// diagnostic naming the file (never -32603, never a hang), and a hot reload (or hooks/reload) of such a file sends
// `hooks/diagnostics` with that diagnostic. Every wait polls until a deadline; nothing asserts a duration.
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { endSentinelWriters, fifoWithSentinelWriter, nestedArrays, sparseFile } from '../helpers/special-files.js';
import { makeWorkspace } from '../helpers/workspace.js';

const posix = process.platform !== 'win32';
/** Generous: only a failing (hanging) sidecar makes a test wait this long. */
const REQUEST_DEADLINE_MS = 60_000;
const RELOAD_DEADLINE_MS = 20_000;
const MAX_LISTED = 50;

const open: Sidecar[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  await endSentinelWriters();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const stderrTail = (sidecar: Sidecar) => sidecar.stderr.split('\n').slice(-40).join('\n');

/** The whole response to `method`, or a failure naming it (with stderr) when hookd exits or never answers. */
function call(sidecar: Sidecar, method: string, params?: unknown): Promise<RpcMessage> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    sidecar.call(method, params),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${REQUEST_DEADLINE_MS} ms; stderr:\n${stderrTail(sidecar)}`)), REQUEST_DEADLINE_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The result of a response that must not be an error (an internal error would show here with its message). */
function resultOf(response: RpcMessage): any {
  expect(response.error, JSON.stringify(response.error)).toBeUndefined();
  return response.result;
}

async function expectAlive(sidecar: Sidecar): Promise<void> {
  expect(resultOf(await call(sidecar, 'ping'))).toBeDefined();
}

type Diagnostic = { severity: string; message: string; file?: string; code?: string; line?: number; field?: string };
const about = (diagnostics: readonly Diagnostic[], file: string) => diagnostics.filter((entry) => entry.file === file);

function expectNamedError(diagnostics: readonly Diagnostic[], file: string, code: string, words: string): void {
  const found = about(diagnostics, file).find((entry) => entry.severity === 'error' && entry.code === code);
  expect(found, JSON.stringify(diagnostics)).toBeDefined();
  expect(found?.message).toContain(words);
}

const reloads = (sidecar: Sidecar) => sidecar.notifications.filter((message) => message.method === 'hooks/diagnostics' && (message.params as any)?.trigger === 'reload');

async function reloadNumber(sidecar: Sidecar, count: number): Promise<any> {
  const arrived = await waitUntil(() => reloads(sidecar).length >= count, RELOAD_DEADLINE_MS);
  expect(arrived, `hooks/diagnostics (trigger "reload") number ${count} within ${RELOAD_DEADLINE_MS} ms; stderr:\n${stderrTail(sidecar)}`).toBe(true);
  return reloads(sidecar)[count - 1]!.params;
}

/** Each hostile entry: how to make it at `path`, the diagnostic code and the words of its message. */
const HOSTILE: ReadonlyArray<{ name: string; when: boolean; make: (path: string) => void; code: string; words: string }> = [
  { name: 'a FIFO', when: posix, make: fifoWithSentinelWriter, code: 'not-regular-file', words: 'is a FIFO, not a regular file' },
  { name: 'a symlink to /dev/zero', when: existsSync('/dev/zero'), make: (path) => symlinkSync('/dev/zero', path), code: 'not-regular-file', words: 'is a character device, not a regular file' },
  { name: 'a sparse 3 GiB file', when: true, make: (path) => sparseFile(path, 3 * 1024 ** 3), code: 'file-too-large', words: 'is 3 GiB, over the 4 MiB limit' },
  { name: 'a directory', when: true, make: (path) => mkdirSync(path), code: 'not-regular-file', words: 'is a directory, not a regular file' },
  {
    name: 'a value nested 10,000 deep',
    when: true,
    make: (path) => writeFileSync(path, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "x": ${nestedArrays(10_000)}}]}]}, "lifecycle_hooks": ${nestedArrays(10_000)}}`),
    code: 'too-deep',
    words: 'nested deeper than 128 levels',
  },
];

describe('claude: .claude/settings.json that hookd must not read', () => {
  let workspace: string;
  let settingsFile: string;

  beforeEach(() => {
    workspace = makeWorkspace('hookd-limits-claude-');
    dirs.push(workspace);
    mkdirSync(join(workspace, '.claude'), { recursive: true });
    settingsFile = join(workspace, '.claude', 'settings.json');
  });

  const initialize = (sidecar: Sidecar) =>
    call(sidecar, 'initialize', {
      protocolVersion: '0.1',
      clientInfo: { name: 'test-agent' },
      dialect: 'claude',
      workspace,
      home: join(workspace, 'home'),
      options: { managedSettingsPath: join(workspace, 'managed.json') },
    });

  for (const hostile of HOSTILE) {
    it.runIf(hostile.when)(`${hostile.name}: initialize answers with a "${hostile.code}" diagnostic naming the file`, async () => {
      hostile.make(settingsFile);
      const sidecar = new Sidecar();
      open.push(sidecar);
      const result = resultOf(await initialize(sidecar));
      expectNamedError(result.diagnostics, settingsFile, hostile.code, hostile.words);
      expect(result.hooks).toEqual([]);
      await expectAlive(sidecar);
      expect(sidecar.nonProtocolOutput).toEqual([]);
    });
  }

  it(`150,000 invalid handlers: initialize lists ${MAX_LISTED} and one summary, not an internal error or a 27 MB answer`, async () => {
    writeFileSync(settingsFile, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: Array.from({ length: 150_000 }, () => ({ type: 'command' })) }] } }));
    const sidecar = new Sidecar();
    open.push(sidecar);
    const result = resultOf(await initialize(sidecar));
    const listed = about(result.diagnostics, settingsFile);
    expect(listed).toHaveLength(MAX_LISTED + 1);
    expect(listed.at(-1)).toMatchObject({ severity: 'error', code: 'more-problems' });
    expect(listed.at(-1)?.message).toContain(`and 149950 more problem(s) in ${settingsFile}`);
    expect(JSON.stringify(result).length).toBeLessThan(64 * 1024);
    await expectAlive(sidecar);
  });

  it('hooks/reload of a file nested 10,000 deep answers and sends hooks/diagnostics with the "too-deep" error', async () => {
    writeFileSync(settingsFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const sidecar = new Sidecar();
    open.push(sidecar);
    expect(resultOf(await initialize(sidecar)).hooks).toHaveLength(1);
    writeFileSync(settingsFile, `{"hooks": ${nestedArrays(10_000)}}`);
    const reloaded = resultOf(await call(sidecar, 'hooks/reload'));
    expectNamedError(reloaded.diagnostics, settingsFile, 'too-deep', 'nested deeper than 128 levels');
    expectNamedError((await reloadNumber(sidecar, 1)).diagnostics, settingsFile, 'too-deep', 'nested deeper than 128 levels');
  });
});

describe('bamboo: hooks.json that hookd must not read', () => {
  let setup: BambooSetup;

  beforeEach(() => {
    setup = bambooSetup();
    dirs.push(setup.workspace, join(setup.dataDir, '..'));
  });

  async function start(): Promise<{ sidecar: Sidecar; result: any }> {
    const sidecar = bambooSidecar(setup, 'ndjson', ['--log-level', 'debug']);
    open.push(sidecar);
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      initializeBamboo(sidecar, setup),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer to initialize within ${REQUEST_DEADLINE_MS} ms; stderr:\n${stderrTail(sidecar)}`)), REQUEST_DEADLINE_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    return { sidecar, result };
  }

  for (const hostile of HOSTILE) {
    it.runIf(hostile.when)(`${hostile.name}: initialize answers with a "${hostile.code}" diagnostic naming the file`, async () => {
      hostile.make(setup.userFile);
      const { sidecar, result } = await start();
      expectNamedError(result.diagnostics, setup.userFile, hostile.code, hostile.words);
      expect(result.hooks).toEqual([]);
      await expectAlive(sidecar);
    });
  }

  it(`150,000 invalid handlers: initialize lists ${MAX_LISTED}, one summary and the rejection`, async () => {
    // Compact: indented, 150,000 handlers would be over the 4 MiB cap.
    writeFileSync(setup.userFile, JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ hooks: Array.from({ length: 150_000 }, () => ({ type: 'command' })) }] } }));
    const { sidecar, result } = await start();
    const listed = about(result.diagnostics, setup.userFile);
    expect(listed).toHaveLength(MAX_LISTED + 2);
    expect(listed.at(-2)).toMatchObject({ severity: 'error', code: 'more-problems' });
    expect(listed.at(-2)?.message).toContain('and 149950 more problem(s)');
    expect(listed.at(-1)).toMatchObject({ severity: 'warning', code: 'source-rejected' });
    expect(JSON.stringify(result).length).toBeLessThan(64 * 1024);
    await expectAlive(sidecar);
  });

  it('hot reload: a deeply nested save, then a FIFO swapped in, each send hooks/diagnostics; a fixed file loads again', async () => {
    writeBambooConfig(setup.userFile, { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const { sidecar, result } = await start();
    expect(result.hooks).toHaveLength(1);

    const temporary = `${setup.userFile}.tmp`;
    writeFileSync(temporary, `{"lifecycle_hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "x": ${nestedArrays(10_000)}}]}]}}`);
    renameSync(temporary, setup.userFile);
    const deep = await reloadNumber(sidecar, 1);
    expectNamedError(deep.diagnostics, setup.userFile, 'too-deep', 'nested deeper than 128 levels');
    expect(deep.hooks).toBe(1); // the last good hooks stay

    unlinkSync(setup.userFile);
    fifoWithSentinelWriter(setup.userFile);
    const fifo = await reloadNumber(sidecar, 2);
    expectNamedError(fifo.diagnostics, setup.userFile, 'not-regular-file', 'is a FIFO, not a regular file');
    await expectAlive(sidecar);

    writeFileSync(temporary, JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }, { type: 'command', command: 'false' }] }] } }));
    renameSync(temporary, setup.userFile);
    const fixed = await reloadNumber(sidecar, 3);
    expect(fixed.hooks).toBe(2);
    expect(about(fixed.diagnostics, setup.userFile).filter((entry: Diagnostic) => entry.severity === 'error')).toEqual([]);
  });
});
