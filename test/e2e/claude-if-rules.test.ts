// Claude Code's handler-level `if` (one permission rule) and its matcher regex semantics (`new RegExp(matcher)`, no
// `u` flag), against the built sidecar over stdio: which handlers start, guards scoped by `if`, diagnostics, dry runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const session = { id: 'e2e-if' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_if' });
const tool = (toolName: string, toolInput: Record<string, unknown>) => ({ session, toolName, toolInput, toolUseId: 'toolu_if' });
const GUARD = 'echo "blocked by guard" >&2; exit 2';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

type Handler = Record<string, unknown>;

async function sidecarWith(hooks: Record<string, Array<{ matcher?: string; hooks: Handler[] }>>) {
  const workspace = makeWorkspace('hookd-if-');
  const home = join(workspace, 'home');
  mkdirSync(home, { recursive: true });
  const settingsFile = writeClaudeSettings(workspace, { hooks });
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, { home });
  return { sidecar, workspace, home, init, settingsFile };
}

/** A handler that appends its name to `marker` (proof that a process started). */
const recorder = (marker: string, name: string, extra: Handler = {}): Handler => ({ type: 'command', command: `echo ${name} >> '${marker}'`, ...extra });
const started = (marker: string): string[] => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : []);

describe('Claude Code handler-level "if" (built sidecar)', () => {
  it('"a handler with if: Bash(git *) is not started when the rule does not match"', async () => {
    const workspace = makeWorkspace('hookd-if-marker-');
    const marker = join(workspace, 'started');
    const { sidecar } = await sidecarWith({ PreToolUse: [{ matcher: 'Bash', hooks: [recorder(marker, 'git-hook', { if: 'Bash(git *)' }), recorder(marker, 'always')] }] });
    const other = await sidecar.request('hooks/PreToolUse', bash('npm test'));
    expect(other.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PreToolUse[0].hooks[1]']);
    expect(started(marker)).toEqual(['always']);
    const git = await sidecar.request('hooks/PreToolUse', bash('git push origin main'));
    expect(git.runs).toHaveLength(2);
    expect(started(marker).sort()).toEqual(['always', 'always', 'git-hook']);
  });

  it('"a guard that always exits 2 and relies on if for scoping" blocks only what its rule names, never everything', async () => {
    const { sidecar } = await sidecarWith({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: GUARD, if: 'Bash(rm *)' }] },
        { matcher: 'Edit|Write', hooks: [{ type: 'command', command: GUARD, if: 'Edit(src/**)' }] },
      ],
    });
    for (const command of ['ls -la', 'git status', 'echo rm -rf /', 'npm run rm']) {
      const result = await sidecar.request('hooks/PreToolUse', bash(command));
      expect({ command, decision: result.decision, runs: result.runs.length }).toEqual({ command, decision: 'none', runs: 0 });
    }
    for (const command of ['rm -rf build', 'cd x && rm -rf build', 'FORCE=1 rm x', 'echo $(rm -f y)']) {
      const result = await sidecar.request('hooks/PreToolUse', bash(command));
      expect({ command, decision: result.decision }).toEqual({ command, decision: 'deny' });
      expect(result.reason).toContain('blocked by guard');
    }
    expect((await sidecar.request('hooks/PreToolUse', tool('Edit', { file_path: 'docs/a.md', old_string: 'a', new_string: 'b' }))).decision).toBe('none');
    expect((await sidecar.request('hooks/PreToolUse', tool('Edit', { file_path: 'lib/src/a.ts', old_string: 'a', new_string: 'b' }))).decision).toBe('none');
    expect((await sidecar.request('hooks/PreToolUse', tool('Write', { file_path: 'src/a.ts', content: '' }))).decision).toBe('deny');
  });

  it('"the filter fails open (hook runs) when the command cannot be parsed"; a 1 MB command does not hang', async () => {
    const { sidecar } = await sidecarWith({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD, if: 'Bash(git *)' }] }] });
    expect((await sidecar.request('hooks/PreToolUse', bash('echo (unbalanced'))).decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', bash('echo `unterminated'))).decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', bash(`echo ${'x'.repeat(1_000_000)}`))).decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', bash(`echo ${'a && '.repeat(200)}b`))).decision).toBe('none');
  });

  it('"Bash(npm run test:*)" (legacy prefix) and "Bash(git * main)" (glob) match as in Claude Code', async () => {
    const workspace = makeWorkspace('hookd-if-marker-');
    const marker = join(workspace, 'started');
    const { sidecar } = await sidecarWith({
      PreToolUse: [{ matcher: 'Bash', hooks: [recorder(marker, 'prefix', { if: 'Bash(npm run test:*)' }), recorder(marker, 'glob', { if: 'Bash(git * main)' })] }],
    });
    const hooksFor = async (command: string) => (await sidecar.request('hooks/PreToolUse', bash(command))).runs.length;
    expect(await hooksFor('npm run test')).toBe(1);
    expect(await hooksFor('npm run test -- --watch')).toBe(1);
    expect(await hooksFor('npm run testing')).toBe(0);
    expect(await hooksFor('git merge main')).toBe(1);
    expect(await hooksFor('git merge dev')).toBe(0);
    expect(started(marker)).toEqual(['prefix', 'prefix', 'glob']);
  });

  it('"Read(~/.ssh/*)": paths are gitignore-style, ~/ is the home directory, relative paths resolve against the session cwd', async () => {
    const { sidecar, home, workspace } = await sidecarWith({ PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: GUARD, if: 'Read(~/.ssh/*)' }] }] });
    expect((await sidecar.request('hooks/PreToolUse', tool('Read', { file_path: join(home, '.ssh', 'id_rsa') }))).decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', tool('Read', { file_path: join(workspace, 'README.md') }))).decision).toBe('none');
    const fromHome = { ...tool('Read', { file_path: '.ssh/id_ed25519' }), session: { ...session, cwd: home } };
    expect((await sidecar.request('hooks/PreToolUse', fromHome)).decision).toBe('deny');
  });

  it('"mcp__server__*" covers every tool of that server, "mcp__server__tool" one tool; PostToolUse and PermissionRequest honour if too', async () => {
    const { sidecar } = await sidecarWith({
      PostToolUse: [{ matcher: 'mcp__.*', hooks: [{ type: 'command', command: 'echo "mcp feedback" >&2; exit 2', if: 'mcp__github__*' }] }],
      PermissionRequest: [{ hooks: [{ type: 'command', command: 'true', if: 'mcp__github__create_issue' }] }],
    });
    const post = (toolName: string) => ({ ...tool(toolName, {}), toolResponse: {} });
    expect((await sidecar.request('hooks/PostToolUse', post('mcp__github__list_issues'))).runs).toHaveLength(1);
    expect((await sidecar.request('hooks/PostToolUse', post('mcp__gitlab__list_issues'))).runs).toHaveLength(0);
    expect((await sidecar.request('hooks/PermissionRequest', tool('mcp__github__create_issue', {}))).runs).toHaveLength(1);
    expect((await sidecar.request('hooks/PermissionRequest', tool('mcp__github__close_issue', {}))).runs).toHaveLength(0);
  });

  it('"a handler with if on a non-tool event never runs"', async () => {
    const { sidecar, init } = await sidecarWith({ Stop: [{ hooks: [{ type: 'command', command: GUARD, if: 'Bash(git *)' }] }] });
    expect(init.hooks).toHaveLength(0);
    expect((await sidecar.request('hooks/Stop', { session })).decision).toBe('none');
  });

  it('an invalid "if" (not a string, unparsable, several rules) is a diagnostic naming file, line and field; the handler is skipped', async () => {
    const { sidecar, init, settingsFile } = await sidecarWith({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: GUARD, if: 42 },
            { type: 'command', command: GUARD, if: 'Bash(git *' },
            { type: 'command', command: GUARD, if: 'Bash(git *) Edit(src/**)' },
            { type: 'command', command: 'true', if: 'Bash(git *)' },
          ],
        },
      ],
    });
    expect(init.hooks.map((hook: { id: string }) => hook.id)).toEqual(['project:PreToolUse[0].hooks[3]']);
    const problems = init.diagnostics.filter((d: { field?: string }) => d.field?.endsWith('.if'));
    expect(problems.map((d: { field: string; severity: string; file: string }) => [d.field, d.severity, d.file])).toEqual([
      ['hooks.PreToolUse[0].hooks[0].if', 'error', settingsFile],
      ['hooks.PreToolUse[0].hooks[1].if', 'error', settingsFile],
      ['hooks.PreToolUse[0].hooks[2].if', 'error', settingsFile],
    ]);
    for (const problem of problems) expect(problem.line).toBeGreaterThan(1);
    expect(problems[2].message).toContain('several rules');
    expect((await sidecar.request('hooks/PreToolUse', bash('git push'))).decision).toBe('none');
  });

  it('hooks/dryRun reports when "if" kept the handler from starting', async () => {
    const { sidecar } = await sidecarWith({});
    const handler = { type: 'command', command: GUARD, if: 'Bash(git *)' };
    const skipped = await sidecar.request('hooks/dryRun', { event: 'PreToolUse', handler, params: { toolName: 'Bash', toolInput: { command: 'ls' } } });
    expect(skipped.result.runs).toHaveLength(0);
    expect(skipped.result.decision).toBe('none');
    expect(skipped.diagnostics).toEqual([expect.objectContaining({ code: 'condition-not-met', message: expect.stringContaining('Bash(git *)') })]);
    const ran = await sidecar.request('hooks/dryRun', { event: 'PreToolUse', handler, params: { toolName: 'Bash', toolInput: { command: 'git push' } } });
    expect(ran.result.runs).toHaveLength(1);
    expect(ran.result.decision).toBe('deny');
  });
});

describe('`hookd test` reports handlers "if" kept from starting', () => {
  const hookd = (args: string[]) => spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

  it('for the configured hooks and for --handler', () => {
    const workspace = makeWorkspace('hookd-if-cli-');
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD, if: 'Bash(git *)' }] }] } });
    const input = join(workspace, 'params.json');
    writeFileSync(input, JSON.stringify(bash('npm test')));
    const configured = hookd(['test', 'PreToolUse', '--input', input, '--workspace', workspace, '--home', workspace]);
    expect(configured.status).toBe(0);
    expect(configured.stdout).toContain('PreToolUse: 0 hook(s) matched');
    expect(configured.stdout).toContain('project:PreToolUse[0].hooks[0]: not started — its condition if "Bash(git *)" does not match');
    const json = JSON.parse(hookd(['test', 'PreToolUse', '--input', input, '--json', '--workspace', workspace, '--home', workspace]).stdout);
    expect(json.skipped).toEqual([{ hookId: 'project:PreToolUse[0].hooks[0]', condition: 'if "Bash(git *)"' }]);

    writeFileSync(input, JSON.stringify({ toolName: 'Bash', toolInput: { command: 'npm test' } }));
    const handler = hookd(['test', 'PreToolUse', '--handler', JSON.stringify({ type: 'command', command: GUARD, if: 'Bash(git *)' }), '--input', input, '--workspace', workspace, '--home', workspace]);
    expect(handler.stdout).toContain('the handler was not started: its condition if "Bash(git *)" does not match');
    expect(handler.stdout).toContain('PreToolUse: 0 hook(s) ran');
  });
});

describe('Claude Code matcher regexes (built sidecar)', () => {
  it('"matchers are compiled as new RegExp(matcher): \\- is valid"', async () => {
    const { sidecar, init } = await sidecarWith({ PreToolUse: [{ matcher: 'mcp__my\\-server__.*', hooks: [{ type: 'command', command: 'true' }] }] });
    expect(init.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
    expect(init.hooks).toHaveLength(1);
    expect((await sidecar.request('hooks/PreToolUse', tool('mcp__my-server__query', {}))).runs).toHaveLength(1);
    expect((await sidecar.request('hooks/PreToolUse', tool('mcp__other__query', {}))).runs).toHaveLength(0);
  });

  it('"matchers are compiled as new RegExp(matcher): a{ and ] are literals", \\p{L} is the letters p{L}', async () => {
    const { sidecar, init } = await sidecarWith({
      PreToolUse: [
        { matcher: '^Tool{$', hooks: [{ type: 'command', command: 'echo brace' }] },
        { matcher: '^x]$', hooks: [{ type: 'command', command: 'echo bracket' }] },
        { matcher: '^\\p{L}$', hooks: [{ type: 'command', command: 'echo property' }] },
      ],
    });
    expect(init.hooks).toHaveLength(3);
    expect(init.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
    const ran = async (toolName: string) => (await sidecar.request('hooks/PreToolUse', tool(toolName, {}))).runs.map((run: { hookId: string }) => run.hookId);
    expect(await ran('Tool{')).toEqual(['project:PreToolUse[0].hooks[0]']);
    expect(await ran('x]')).toEqual(['project:PreToolUse[1].hooks[0]']);
    expect(await ran('p{L}')).toEqual(['project:PreToolUse[2].hooks[0]']);
    expect(await ran('A')).toEqual([]);
  });

  it('"matchers are compiled as new RegExp(matcher)": without the u flag `.` is one UTF-16 code unit', async () => {
    const { sidecar } = await sidecarWith({ PreToolUse: [{ matcher: '^.$', hooks: [{ type: 'command', command: 'true' }] }] });
    expect((await sidecar.request('hooks/PreToolUse', tool('é', {}))).runs).toHaveLength(1);
    expect((await sidecar.request('hooks/PreToolUse', tool('😀', {}))).runs).toHaveLength(0); // two code units
  });
});
