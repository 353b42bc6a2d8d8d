// Claude Code picks up direct edits of its settings files; so does hookd's claude dialect, against the built sidecar:
// edits, files created after start, invalid edits that keep the last good hooks, added sources, watch: false, and a
// prompt exit with no watcher left. Every wait polls a condition with a deadline; none sleeps and hopes.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

/** Generous: the watcher reacts ~150 ms after the last event; a loaded machine may take much longer. */
const RELOAD_DEADLINE_MS = 15_000;
const EXIT_DEADLINE_MS = 10_000;

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'reload-session' };
const prompt = { session, prompt: 'hello' };
const contextHook = (text: string) => oneHook('UserPromptSubmit', `echo ${text}`);

async function start(workspace: string, init: Record<string, unknown> = {}) {
  const sidecar = new Sidecar('ndjson', ['--log-level', 'debug']);
  open.push(sidecar);
  const result = await sidecar.initialize(workspace, init);
  return { sidecar, init: result };
}

const reloads = (sidecar: Sidecar): RpcMessage[] =>
  sidecar.notifications.filter((message) => message.method === 'hooks/diagnostics' && (message.params as { trigger?: string } | undefined)?.trigger === 'reload');

/** Waits for reload notification number `count` (1-based) and returns its params. */
async function reloadNumber(sidecar: Sidecar, count: number): Promise<any> {
  const arrived = await waitUntil(() => reloads(sidecar).length >= count, RELOAD_DEADLINE_MS);
  expect(arrived, `hooks/diagnostics (trigger "reload") number ${count}; stderr:\n${sidecar.stderr.split('\n').slice(-40).join('\n')}`).toBe(true);
  return reloads(sidecar)[count - 1]!.params;
}

/** Writes to a temp name and renames over the file, as editors and `claude config` do. */
function atomicWrite(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

describe('Claude Code hot reload (built sidecar)', () => {
  it('"direct edits of settings files are picked up": the next event runs the edited hooks, after a hooks/diagnostics', async () => {
    const workspace = makeWorkspace();
    const file = writeClaudeSettings(workspace, contextHook('v1'));
    const { sidecar } = await start(workspace);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('v1');

    writeFileSync(file, JSON.stringify(contextHook('v2')));
    const first = await reloadNumber(sidecar, 1);
    expect(first).toMatchObject({ trigger: 'reload', changedFiles: [file], hooks: 1, diagnostics: [] });
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('v2');

    atomicWrite(file, JSON.stringify(contextHook('v3')));
    await reloadNumber(sidecar, 2);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('v3');
  });

  it('"files that did not exist at start are picked up": .claude/settings.local.json created later', async () => {
    const workspace = makeWorkspace();
    const { sidecar, init } = await start(workspace);
    expect(init.hooks).toEqual([]);
    const local = writeClaudeSettings(workspace, contextHook('local'), 'settings.local.json');
    const reload = await reloadNumber(sidecar, 1);
    expect(reload.changedFiles).toContain(local);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('local');
  });

  it('"an invalid edit keeps the last good hooks" until the file is fixed, and the diagnostics say so', async () => {
    const workspace = makeWorkspace();
    const file = writeClaudeSettings(workspace, contextHook('good'));
    const { sidecar } = await start(workspace);

    writeFileSync(file, '{\n  "hooks": {\n    "UserPromptSubmit": [,]\n  }\n}');
    const broken = await reloadNumber(sidecar, 1);
    expect(broken.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'error', file, line: 3, code: 'invalid-json' }),
        expect.objectContaining({ file, code: 'kept-last-good' }),
      ]),
    );
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('good');

    writeFileSync(file, JSON.stringify(contextHook('fixed')));
    expect((await reloadNumber(sidecar, 2)).diagnostics).toEqual([]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('fixed');
  });

  it('edits of a plugin hooks file added with hooks/addSource are picked up too', async () => {
    const workspace = makeWorkspace();
    const hooksFile = join(scratchDir('hookd-plugin-'), 'lint', 'hooks', 'hooks.json');
    atomicWrite(hooksFile, JSON.stringify(contextHook('plugin-v1')));
    const { sidecar } = await start(workspace);
    await sidecar.request('hooks/addSource', { source: { scope: 'plugin', path: hooksFile } });
    // hooks/addSource reports its own reload.
    expect((await reloadNumber(sidecar, 1)).changedFiles).toEqual([hooksFile]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('plugin-v1');

    writeFileSync(hooksFile, JSON.stringify(contextHook('plugin-v2')));
    expect((await reloadNumber(sidecar, 2)).changedFiles).toEqual([hooksFile]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('plugin-v2');
  });

  it('"watch: false" starts no watcher; hooks/reload still reads the edit', async () => {
    const workspace = makeWorkspace();
    const file = writeClaudeSettings(workspace, contextHook('v1'));
    const watched = await start(workspace);
    // initialize answers only once the watcher is ready, so its start is in the log by now.
    expect(watched.sidecar.stderr).toContain('source watcher: watching');

    const { sidecar } = await start(workspace, { options: { watch: false } });
    expect(sidecar.stderr).not.toContain('source watcher');
    writeFileSync(file, JSON.stringify(contextHook('v2')));
    const reloaded = await sidecar.request('hooks/reload');
    expect(reloaded.hooks).toEqual([expect.objectContaining({ command: 'echo v2' })]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('v2');
  });

  it('hookd still exits at end of input with its watcher running (the watcher never keeps it alive)', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, contextHook('v1'));
    const { sidecar } = await start(workspace);
    expect(sidecar.stderr).toContain('source watcher: watching');
    sidecar.child.stdin.end();
    let exit: { code: number | null } | undefined;
    void sidecar.exited.then((value) => (exit = value));
    expect(await waitUntil(() => exit !== undefined, EXIT_DEADLINE_MS), `hookd exited after EOF; stderr:\n${sidecar.stderr.slice(-2000)}`).toBe(true);
    expect(exit?.code).not.toBeNull();
  });
});
