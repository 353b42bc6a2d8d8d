// `hookd check` warns about what makes a guard fail open silently, running the built CLI on real fixture files: a
// script without the executable bit, a CRLF shebang, a missing interpreter, a command not found, a matcher naming no
// tool; the same matcher warning in the sidecar's initialize diagnostics when the agent names its tools.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { scratchDir } from '../helpers/scratch.js';
import { writeClaudeSettings } from '../helpers/workspace.js';

type Diagnostic = { severity: string; code?: string; message: string; file?: string; line?: number; field?: string };
type Report = { dialect: string; hooks: Array<{ id: string }>; diagnostics: Diagnostic[] };

const GUARD_CODES = ['command-not-found', 'script-not-executable', 'crlf-shebang', 'interpreter-not-found', 'script-not-found', 'matcher-unknown-tool'];

type Setup = { workspace: string; home: string; bin: string };

function setup(): Setup {
  const root = scratchDir('hookd-check-guards-');
  const setupDirs = { workspace: join(root, 'ws'), home: join(root, 'home'), bin: join(root, 'bin') };
  for (const dir of Object.values(setupDirs)) mkdirSync(dir, { recursive: true });
  return setupDirs;
}

/** A file under the workspace, with mode `mode` (0o755: executable). */
function fixture(workspace: string, path: string, text: string, mode = 0o755): string {
  const full = join(workspace, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  chmodSync(full, mode);
  return full;
}

/** `hookd check` with --json and without; both must agree on the exit status. PATH: the fixture bin, then the system's. */
function check(dirs: Setup, args: string[] = [], path = `${dirs.bin}:/usr/bin:/bin`): { status: number | null; report: Report; text: string; stderr: string } {
  const run = (json: boolean) =>
    spawnSync(
      process.execPath,
      [HOOKD_BIN, 'check', '--workspace', dirs.workspace, '--home', dirs.home, '--managed-settings', join(dirs.home, 'none.json'), ...args, ...(json ? ['--json'] : [])],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, PATH: path, BAMBOO_DATA_DIR: join(dirs.home, '.bamboo') } },
    );
  const json = run(true);
  if (json.status === null || json.stdout === '') throw new Error(`hookd check failed (${json.status}): ${json.stderr}`);
  const text = run(false);
  expect(text.status).toBe(json.status);
  return { status: json.status, report: JSON.parse(json.stdout) as Report, text: text.stdout, stderr: json.stderr };
}

const guards = (report: Report) => report.diagnostics.filter((entry) => GUARD_CODES.includes(entry.code ?? ''));
const cmd = (command: string) => ({ type: 'command', command });

describe('hookd check (claude): what makes a guard fail open silently', () => {
  it('"a script without the executable bit, a CRLF shebang, a missing interpreter, a command that is not found": each a warning with file, line, field and the fix; exit 0', () => {
    const dirs = setup();
    const plain = fixture(dirs.workspace, '.claude/hooks/no-exec-bit.sh', '#!/bin/sh\nexit 2\n', 0o644);
    fixture(dirs.workspace, '.claude/hooks/crlf.sh', '#!/bin/bash\r\necho blocked >&2\r\nexit 2\r\n');
    fixture(dirs.workspace, '.claude/hooks/env-missing.sh', '#!/usr/bin/env definitely-not-here\nexit 2\n');
    fixture(dirs.workspace, '.claude/hooks/guard.py', 'import sys\nsys.exit(2)\n', 0o644);
    const file = writeClaudeSettings(dirs.workspace, {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-exec-bit.sh'),
              cmd('./.claude/hooks/crlf.sh'),
              cmd('${CLAUDE_PROJECT_DIR}/.claude/hooks/env-missing.sh --strict'),
              cmd('jq -r .tool_input.command | no-such-guard-hookd-e2e'),
              cmd('python4 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"'),
              cmd('python3 .claude/hooks/gone.py'),
              cmd('bash .claude/hooks/no-exec-bit.sh'),
            ],
          },
        ],
      },
    });
    const { status, report, text } = check(dirs);
    expect(status).toBe(0);
    const seen = guards(report).map((entry) => [entry.severity, entry.code, entry.file, entry.field]);
    expect(seen).toEqual([
      ['warning', 'script-not-executable', file, 'hooks.PreToolUse[0].hooks[0].command'],
      ['warning', 'crlf-shebang', file, 'hooks.PreToolUse[0].hooks[1].command'],
      ['warning', 'interpreter-not-found', file, 'hooks.PreToolUse[0].hooks[2].command'],
      ['warning', 'command-not-found', file, 'hooks.PreToolUse[0].hooks[3].command'],
      ['warning', 'interpreter-not-found', file, 'hooks.PreToolUse[0].hooks[4].command'],
      ['warning', 'script-not-found', file, 'hooks.PreToolUse[0].hooks[5].command'],
    ]);
    expect(guards(report).every((entry) => typeof entry.line === 'number' && entry.line > 1)).toBe(true);
    const messages = guards(report).map((entry) => entry.message);
    expect(messages[0]).toContain(`fix: chmod +x ${plain}`);
    expect(messages[1]).toContain('"#!/bin/bash\\r"');
    expect(messages[1]).toContain('"bash\\r"');
    expect(messages[1]).toContain('LF line endings');
    expect(messages[2]).toContain('"definitely-not-here" is not found on PATH');
    expect(messages[3]).toMatch(/^command "no-such-guard-hookd-e2e" is not found on PATH/);
    expect(messages[4]).toMatch(/^interpreter "python4" \(for .*guard\.py\) is not found on PATH/);
    expect(messages[5]).toMatch(/^"\.claude\/hooks\/gone\.py" \(run by python3\) does not exist/);
    // The human-readable report shows the same warnings, located.
    expect(text).toContain(`${file}:${guards(report)[0]?.line}: warning: "${plain}" is not executable`);
    expect(text).toContain('warning: command "no-such-guard-hookd-e2e" is not found on PATH');
  });

  it('"a matcher that names no tool the agent registered": each unknown alternative named (with the near tool), a regex that matches nothing named whole; only on tool events', () => {
    const dirs = setup();
    const file = writeClaudeSettings(dirs.workspace, {
      hooks: {
        PreToolUse: [
          { matcher: 'Edit|Wrte', hooks: [cmd('true'), cmd('echo second handler, same group')] },
          { matcher: 'Bsh.*', hooks: [cmd('true')] },
          { matcher: 'Notebook.*', hooks: [cmd('true')] },
          { matcher: 'mcp__memory__.*', hooks: [cmd('true')] },
          { matcher: '*', hooks: [cmd('true')] },
        ],
        PostToolUse: [{ matcher: 'multiedit', hooks: [cmd('true')] }],
        SessionStart: [{ matcher: 'startup', hooks: [cmd('true')] }],
        Notification: [{ matcher: 'idle_prompt', hooks: [cmd('true')] }],
      },
    });
    const { status, report } = check(dirs);
    expect(status).toBe(0);
    const unknown = report.diagnostics.filter((entry) => entry.code === 'matcher-unknown-tool');
    expect(unknown.map((entry) => [entry.file, entry.field])).toEqual([
      [file, 'hooks.PreToolUse[0].matcher'],
      [file, 'hooks.PreToolUse[1].matcher'],
      [file, 'hooks.PostToolUse[0].matcher'],
    ]);
    expect(unknown[0]?.message).toMatch(/^matcher "Edit\|Wrte" names "Wrte" \(did you mean "Write"\?\), which is no tool claude registers by default/);
    expect(unknown[1]?.message).toMatch(/^matcher "Bsh\.\*" matches no tool claude registers by default: these hooks never run on PreToolUse/);
    expect(unknown[2]?.message).toContain('"multiedit" (did you mean "MultiEdit"?)');
  });

  it('"overridable with hookd check --tools A,B": the listed names replace the built-in ones; an empty list is a usage error (exit 2)', () => {
    const dirs = setup();
    writeClaudeSettings(dirs.workspace, { hooks: { PreToolUse: [{ matcher: 'Edit|Write', hooks: [cmd('true')] }, { matcher: 'mcp__memory__.*', hooks: [cmd('true')] }, { matcher: 'Shell', hooks: [cmd('true')] }] } });
    const defaults = check(dirs).report.diagnostics.filter((entry) => entry.code === 'matcher-unknown-tool');
    expect(defaults.map((entry) => entry.field)).toEqual(['hooks.PreToolUse[2].matcher']);
    const own = check(dirs, ['--tools', 'Shell,Edit']).report.diagnostics.filter((entry) => entry.code === 'matcher-unknown-tool');
    expect(own.map((entry) => [entry.field, entry.message.split(':')[0]])).toEqual([
      ['hooks.PreToolUse[0].matcher', 'matcher "Edit|Write" names "Write", which is no tool the agent registered (--tools / initialize tools)'],
      ['hooks.PreToolUse[1].matcher', 'matcher "mcp__memory__.*" matches no tool the agent registered (--tools / initialize tools)'],
    ]);
    const empty = spawnSync(process.execPath, [HOOKD_BIN, 'check', '--workspace', dirs.workspace, '--home', dirs.home, '--tools', ' , '], { encoding: 'utf8', timeout: 30_000 });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--tools takes a comma-separated list of tool names');
  });

  it('no false positives on the Claude Code docs examples (jq, grep, npx prettier, xargs, $CLAUDE_PROJECT_DIR scripts): a clean configuration gets zero diagnostics', () => {
    const dirs = setup();
    // The programs the examples use, as executables on the hooks' PATH (whatever this machine has installed).
    for (const name of ['jq', 'npx', 'prettier', 'black']) fixture(dirs.bin, name, '#!/bin/sh\nexit 0\n');
    fixture(dirs.workspace, '.claude/hooks/check-style.sh', '#!/usr/bin/env sh\nexit 0\n');
    fixture(dirs.workspace, '.claude/hooks/validate.py', 'import sys\n', 0o644);
    writeClaudeSettings(dirs.workspace, {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [cmd("jq -r '\"\\(.tool_input.command) - \\(.tool_input.description // \"No description\")\"' >> ~/.claude/bash-command-log.txt")] },
          { matcher: 'Bash', hooks: [cmd("if jq -e '.tool_input.command | test(\"rm -rf\")' >/dev/null; then echo 'Blocked: rm -rf' >&2; exit 2; fi")] },
          { matcher: 'Edit|Write', hooks: [cmd('python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/validate.py"')] },
          { matcher: 'mcp__memory__.*', hooks: [cmd('echo "memory operation" >> ~/mcp.log')] },
        ],
        PostToolUse: [
          { matcher: 'Edit|MultiEdit|Write', hooks: [cmd("jq -r '.tool_input.file_path' | xargs npx prettier --write")] },
          { matcher: 'Write|Edit', hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-style.sh')] },
          { matcher: 'Notebook.*', hooks: [cmd('FILE=$(jq -r .tool_input.file_path); [ -n "$FILE" ] && black "$FILE" 2>/dev/null || true')] },
        ],
        UserPromptSubmit: [{ hooks: [cmd('grep -q secret && exit 2; cd "$CLAUDE_PROJECT_DIR" && test -d .git')] }],
        Stop: [{ hooks: [cmd('npx prettier --check . || printf "%s" "formatting needed" >&2')] }],
      },
    });
    const { status, report, text } = check(dirs);
    expect(status).toBe(0);
    expect(report.diagnostics).toEqual([]);
    expect(text).toContain('0 diagnostic(s), 0 error(s)');
  });

  it('a FIFO named as a hook command is reported as not a file, never opened (check returns)', () => {
    const dirs = setup();
    const made = spawnSync('mkfifo', [join(dirs.workspace, 'pipe')], { encoding: 'utf8' });
    if (made.status !== 0) return; // no mkfifo on this machine: nothing to check
    writeClaudeSettings(dirs.workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./pipe'), cmd('bash ./pipe')] }] } });
    const { report } = check(dirs);
    expect(guards(report).map((entry) => entry.message.split(':')[0])).toEqual(['"./pipe" is not a file', '"./pipe" (run by bash) is not a file']);
  });
});

describe('hookd check (bamboo): the same warnings for its command and script handlers', () => {
  it('"bamboo script handlers": a command handler without the exec bit, a script with no runtime on PATH, a missing script, a misspelt matcher; a script handler needs no exec bit', () => {
    const dirs = setup();
    fixture(dirs.workspace, '.bamboo/hooks/audit-bash.sh', '#!/bin/sh\nexit 0\n', 0o644);
    fixture(dirs.workspace, '.bamboo/hooks/check.py', 'print("{}")\n', 0o644);
    fixture(dirs.workspace, '.bamboo/hooks/check.sh', 'exit 0\n', 0o644);
    const file = join(dirs.home, '.bamboo', 'hooks.json');
    mkdirSync(join(dirs.home, '.bamboo'), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify(
        {
          lifecycle_hooks: {
            PreToolUse: [
              {
                matcher: '^(Bash|Wrte)$',
                hooks: [
                  { type: 'command', command: '.bamboo/hooks/audit-bash.sh' },
                  { type: 'script', path: '.bamboo/hooks/check.py' },
                  { type: 'script', path: '.bamboo/hooks/gone.sh' },
                  { type: 'script', path: '.bamboo/hooks/check.sh' },
                ],
              },
            ],
          },
        },
        null,
        2,
      ),
    );
    // The hooks' PATH has sh and bash (/bin) but no Python.
    fixture(dirs.bin, 'sh', '#!/bin/sh\n');
    fixture(dirs.bin, 'bash', '#!/bin/sh\n');
    const { status, report } = check(dirs, ['--dialect', 'bamboo'], dirs.bin);
    expect(status).toBe(0);
    expect(guards(report).map((entry) => [entry.code, entry.file, entry.field, typeof entry.line])).toEqual([
      ['script-not-executable', file, 'lifecycle_hooks.PreToolUse[0].hooks[0].command', 'number'],
      ['interpreter-not-found', file, 'lifecycle_hooks.PreToolUse[0].hooks[1].path', 'number'],
      ['script-not-found', file, 'lifecycle_hooks.PreToolUse[0].hooks[2].path', 'number'],
      ['matcher-unknown-tool', file, 'lifecycle_hooks.PreToolUse[0].matcher', 'number'],
    ]);
    expect(guards(report)[1]?.message).toMatch(/^no runtime for "\.bamboo\/hooks\/check\.py" is on PATH \(tried python3, then python\)/);
    expect(guards(report)[3]?.message).toContain('names "Wrte" (did you mean "Write"?)');
  });
});

describe('sidecar: initialize `tools` (the tool names the agent registered)', () => {
  let sidecar: Sidecar | undefined;
  afterEach(async () => {
    await sidecar?.close();
    sidecar = undefined;
  });

  it('"an agent gets the same warning in its initialize diagnostics": matchers naming none of its tools; without `tools`, no such warning', async () => {
    const dirs = setup();
    const file = writeClaudeSettings(dirs.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Edit|Bash', hooks: [cmd('true')] }, { matcher: 'shell', hooks: [cmd('true')] }], SessionStart: [{ matcher: 'startup', hooks: [cmd('true')] }] },
    });
    sidecar = new Sidecar();
    const withTools = await sidecar.initialize(dirs.workspace, { tools: ['shell', 'read_file', 'Bash'] });
    const unknown = withTools.diagnostics.filter((entry: Diagnostic) => entry.code === 'matcher-unknown-tool');
    expect(unknown).toEqual([
      expect.objectContaining({ severity: 'warning', file, field: 'hooks.PreToolUse[0].matcher', line: expect.any(Number), message: expect.stringMatching(/^matcher "Edit\|Bash" names "Edit", which is no tool the agent registered/) }),
    ]);
    await sidecar.close();

    sidecar = new Sidecar();
    const without = await sidecar.initialize(dirs.workspace);
    expect(without.diagnostics.filter((entry: Diagnostic) => entry.code === 'matcher-unknown-tool')).toEqual([]);
  });

  it('initialize with `tools` that is not a list of names is invalid params (-32602) naming the field', async () => {
    const dirs = setup();
    sidecar = new Sidecar();
    await expect(sidecar.initialize(dirs.workspace, { tools: ['Bash', 7] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('tools[1]') });
  });
});
