// The bonsai configuration through the built sidecar: initialize reads the global and project .bonsai/config.toml
// (diagnostics with file, line and field; a TOML syntax error costs only its file), both files are watched (an edit
// reloads, a broken edit keeps the last good hooks), hooks/dryRun takes one table as JSON, and `hookd test --input`
// reads the seed's wire object. Every wait polls a condition with a deadline.
import { execFile } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const RELOAD_DEADLINE_MS = 15_000;
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

function setup() {
  const root = scratchDir('hookd-bonsai-e2e-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  for (const dir of [join(home, '.bonsai'), join(workspace, '.bonsai')]) mkdirSync(dir, { recursive: true });
  return { root, home, workspace, globalFile: join(home, '.bonsai', 'config.toml'), projectFile: join(workspace, '.bonsai', 'config.toml') };
}

/** Saves through a temp file renamed over the target, as editors do. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function start(s: ReturnType<typeof setup>) {
  const sidecar = new Sidecar('ndjson', ['--log-level', 'debug']);
  open.push(sidecar);
  const init = await sidecar.initialize(s.workspace, { dialect: 'bonsai', home: s.home, options: { trustStorePath: join(s.root, 'trust.json') } });
  return { sidecar, init };
}

const reloads = (sidecar: Sidecar): RpcMessage[] => sidecar.notifications.filter((message) => message.method === 'hooks/diagnostics' && (message.params as any)?.trigger === 'reload');
async function waitForReload(sidecar: Sidecar, count: number): Promise<any> {
  const arrived = await waitUntil(() => reloads(sidecar).length >= count, RELOAD_DEADLINE_MS);
  expect(arrived, `reload notification ${count}; stderr:\n${sidecar.stderr.split('\n').slice(-30).join('\n')}`).toBe(true);
  return reloads(sidecar)[count - 1]!.params;
}

const ids = async (sidecar: Sidecar): Promise<string[]> => (await sidecar.request('hooks/list')).hooks.map((hook: any) => hook.id);
const shell = (name: string, event: string, more = '') => `[[hooks]]\nname = "${name}"\nevent = "${event}"\naction = { type = "shell", command = "true" }\n${more}\n`;

describe('bonsai configuration over the protocol', () => {
  it('initialize: hooks of both files, a bad entry as a diagnostic with file, line and field, a TOML syntax error costing only its file', async () => {
    const s = setup();
    writeFileSync(s.globalFile, `${shell('fmt', 'PostFileWrite')}${shell('slow', 'PreBash', 'timeout_secs = 9000')}`);
    writeFileSync(s.projectFile, `[[hooks]]\nname = "x"\nevent = "PreBash"\naction = { type = "shell" command = "true" }\n`);
    const { init } = await start(s);
    expect(init.dialect).toBe('bonsai');
    // The bad entry is listed too, as invalid (it never fires); the good one is active.
    expect(init.hooks.map((hook: any) => [hook.name, hook.state])).toEqual([
      ['fmt', 'active'],
      ['slow', 'invalid'],
    ]);
    expect(init.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'error', file: s.globalFile, line: 10, field: 'hooks[1].timeout_secs', code: 'invalid-timeout' }),
        expect.objectContaining({ severity: 'error', file: s.projectFile, line: 4, column: expect.any(Number), code: 'toml-syntax' }),
      ]),
    );
  });

  it('both files are watched: an edit reloads; an edit that does not parse keeps the last good hooks', async () => {
    const s = setup();
    writeFileSync(s.globalFile, shell('one', 'SessionStart'));
    const { sidecar, init } = await start(s);
    expect(init.hooks.map((hook: any) => hook.id)).toEqual(['global:one']);

    save(s.projectFile, `[[hooks]]\nname = "judge"\nevent = "PreFileWrite"\naction = { type = "llm_prompt", prompt = "Review." }\n`);
    expect(await waitForReload(sidecar, 1)).toMatchObject({ hooks: 2 });
    expect(await ids(sidecar)).toEqual(['global:one', 'project:judge']);

    save(s.globalFile, `[[hooks]\nname = "broken"\n`);
    const second = await waitForReload(sidecar, 2);
    expect(await ids(sidecar)).toEqual(['global:one', 'project:judge']);
    expect(second.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', file: s.globalFile, code: 'toml-syntax', line: 1 })]));

    save(s.globalFile, shell('two', 'SessionStart'));
    await waitForReload(sidecar, 3);
    expect(await ids(sidecar)).toEqual(['global:two', 'project:judge']);
  });

  it('hooks/dryRun runs one [[hooks]] table given as JSON, with the production validation', async () => {
    const s = setup();
    const { sidecar } = await start(s);
    const ran = await sidecar.request('hooks/dryRun', { event: 'PreBash', handler: { action: { type: 'shell', command: 'cat > /dev/null; exit 0' }, timeout_secs: 5 } });
    expect(ran.result.runs).toEqual([expect.objectContaining({ hookId: 'dry-run:dry-run', status: 'ok', exitCode: 0 })]);
    const bad = await sidecar.request('hooks/dryRun', { event: 'PreBash', handler: { action: { type: 'http', url: 'file:///etc/passwd' } } });
    expect(bad.result).toBeUndefined();
    expect(bad.diagnostics).toEqual([expect.objectContaining({ severity: 'error', field: 'handler.action.url', code: 'invalid-url' })]);
  });
});

describe('hookd test --input with the seed wire object', () => {
  it("reads the seed's JSON object (event, session_id, cwd, tool_name, file_path, tool_args, command, exit_code, output_excerpt, diff) as the event's params", async () => {
    const s = setup();
    writeFileSync(s.globalFile, `[[hooks]]\nname = "rust-only"\nevent = "PreFileWrite"\nmatcher = { path = "src/**/*.rs", tool = "write" }\naction = { type = "shell", command = "cat > /dev/null" }\n`);
    const input = join(s.root, 'input.json');
    writeFileSync(
      input,
      JSON.stringify({
        event: 'PreFileWrite',
        session_id: '…',
        cwd: '/path/to/project',
        tool_name: 'write',
        file_path: 'src/main.rs',
        tool_args: { path: 'src/main.rs' },
        command: null,
        exit_code: null,
        output_excerpt: null,
        diff: 'diff --bonsai modified src/main.rs\n-old\n+new\n',
      }),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [HOOKD_BIN, 'test', '--dialect', 'bonsai', '--workspace', s.workspace, '--home', s.home, '--input', input], { timeout: 30_000 });
    expect(stdout).toContain('read as PreFileWrite params');
    expect(stdout).toMatch(/PreFileWrite: 1 hook\(s\) matched/);
    expect(stdout).toContain('global:rust-only: ok');
  });
});
