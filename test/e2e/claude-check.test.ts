// `hookd check` for Claude Code settings, running the built CLI: what Claude Code would warn about (the loader's
// diagnostics), hookd's own warnings (lint), and which hooks a fresh clone of the repository would run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

type Diagnostic = { severity: string; code?: string; message: string; file?: string; line?: number; field?: string };
type Report = { dialect: string; hooks: Array<{ id: string }>; diagnostics: Diagnostic[]; freshClone: any };

function check(workspace: string, home: string): { status: number | null; report: Report; text: string } {
  const run = (json: boolean) =>
    spawnSync(
      process.execPath,
      [HOOKD_BIN, 'check', '--workspace', workspace, '--home', home, '--managed-settings', join(home, 'no-managed.json'), ...(json ? ['--json'] : [])],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, PATH: `/usr/bin:/bin:${process.env.PATH ?? ''}` } },
    );
  const json = run(true);
  if (json.status === null || json.stdout === '') throw new Error(`hookd check failed: ${json.stderr}`);
  const text = run(false);
  expect(text.status).toBe(json.status);
  return { status: json.status, report: JSON.parse(json.stdout) as Report, text: text.stdout };
}

const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const byCode = (report: Report, code: string) => report.diagnostics.filter((entry) => entry.code === code);

describe('hookd check (claude): what Claude Code would warn about', () => {
  it('"hookd check reports, for a settings file, what Claude Code would warn about": each problem named with file, line and field; exit 1 on errors', () => {
    const workspace = makeWorkspace('hookd-check-ws-');
    const home = makeWorkspace('hookd-check-home-');
    const file = writeClaudeSettings(workspace, {
      hooks: {
        PreToolUze: [{ hooks: [cmd('true')] }],
        UserPromptSubmit: [{ matcher: 'Bash', hooks: [cmd('true')] }],
        PreToolUse: [{ matcher: '(unclosed', hooks: [cmd('true')] }, { matcher: 'Bash' }],
        SessionStart: [{ hooks: [cmd('true', { if: 'Bash(git *)' }), { type: 'lambda' }, { type: 'prompt', prompt: 'judge' }] }],
      },
    });
    const { status, report, text } = check(workspace, home);
    expect(status).toBe(1);
    const seen = report.diagnostics.filter((entry) => entry.file === file).map((entry) => [entry.severity, entry.code, entry.field]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['warning', 'unknown-event', 'hooks.PreToolUze'],
        ['info', 'matcher-ignored', 'hooks.UserPromptSubmit[0].matcher'],
        ['error', 'invalid-regex', 'hooks.PreToolUse[0].matcher'],
        ['error', 'invalid-field', 'hooks.PreToolUse[1].hooks'],
        ['warning', 'if-on-non-tool-event', 'hooks.SessionStart[0].hooks[0].if'],
        ['error', 'unknown-handler', 'hooks.SessionStart[0].hooks[1].type'],
        ['warning', 'handler-type-not-accepted', 'hooks.SessionStart[0].hooks[2].type'],
      ]),
    );
    expect(report.diagnostics.filter((entry) => entry.file === file).every((entry) => typeof entry.line === 'number')).toBe(true);
    expect(byCode(report, 'handler-type-not-accepted')[0]?.message).toBe(
      'SessionStart does not accept "prompt" handlers (Claude Code runs only "command", "mcp_tool" there); handler skipped',
    );
    expect(report.hooks.map((hook) => hook.id)).toEqual(['project:UserPromptSubmit[0].hooks[0]']);
    expect(text).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: warning: unknown event "PreToolUze"`));
  });

  it('hookd\'s own warnings: a command not on PATH, a missing script, a SessionEnd timeout above the budget, a handler hidden by a duplicate', () => {
    const workspace = makeWorkspace('hookd-check-ws-');
    const home = makeWorkspace('hookd-check-home-');
    writeClaudeSettings(home, { hooks: { Stop: [{ hooks: [cmd('echo same')] }] } });
    const file = writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [cmd('no-such-guard-hookd-e2e --strict'), cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/missing.sh')] }],
        SessionEnd: [{ hooks: [cmd('true', { timeout: 90 })] }],
        Stop: [{ hooks: [cmd('echo same')] }],
      },
    });
    const { status, report, text } = check(workspace, home);
    expect(status).toBe(0); // warnings only
    expect(byCode(report, 'command-not-found').map((entry) => [entry.file, entry.field, entry.message.split(':')[0]])).toEqual([
      [file, 'hooks.PreToolUse[0].hooks[0].command', 'command "no-such-guard-hookd-e2e" is not found on PATH'],
      [file, 'hooks.PreToolUse[0].hooks[1].command', `"${workspace}/.claude/hooks/missing.sh" does not exist`],
    ]);
    expect(byCode(report, 'timeout-over-budget')).toEqual([expect.objectContaining({ severity: 'warning', file, field: 'hooks.SessionEnd[0].hooks[0]' })]);
    expect(byCode(report, 'duplicate-handler')).toEqual([expect.objectContaining({ file, field: 'hooks.Stop[0].hooks[0]', message: 'same command as hook user:Stop[0].hooks[0]; it runs once' })]);
    expect(text).toContain('warning: command "no-such-guard-hookd-e2e" is not found on PATH');
    expect(text).toContain("warning: timeout 90 s is above SessionEnd's budget");
  });
});

describe('hookd check (claude): which hooks a fresh clone of the repository would run', () => {
  it('"hookd check says which hooks a fresh clone of the repository would run": project settings.json only (not settings.local.json or user settings), under workspace trust off and on', () => {
    const workspace = makeWorkspace('hookd-check-ws-');
    const home = makeWorkspace('hookd-check-home-');
    writeClaudeSettings(home, { hooks: { Stop: [{ hooks: [cmd('echo user')] }] } });
    const projectHooks = { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('echo guard')] }], Stop: [{ hooks: [cmd('echo project')] }] };
    const project = writeClaudeSettings(workspace, { hooks: projectHooks });
    writeClaudeSettings(workspace, { hooks: { Stop: [{ hooks: [cmd('echo local')] }] } }, 'settings.local.json');

    const { status, report, text } = check(workspace, home);
    expect(status).toBe(0);
    expect(report.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]', 'project:PreToolUse[0].hooks[0]', 'project:Stop[0].hooks[0]', 'local:Stop[0].hooks[0]']);
    const ids = ['project:PreToolUse[0].hooks[0]', 'project:Stop[0].hooks[0]'];
    const hash = `sha256:${createHash('sha256')
      .update(JSON.stringify([['project', { PreToolUse: [{ hooks: [{ command: 'echo guard', type: 'command' }], matcher: 'Bash' }], Stop: [{ hooks: [{ command: 'echo project', type: 'command' }] }] }]]))
      .digest('hex')}`;
    expect(report.freshClone).toEqual({
      sources: [project],
      hooks: [expect.objectContaining({ id: ids[0], source: project, enabled: true }), expect.objectContaining({ id: ids[1], source: project, enabled: true })],
      workspaceTrustOff: { runs: ids },
      workspaceTrustOn: { runs: [], afterTrust: ids, trustKey: `claude-workspace:${workspace}`, contentHash: hash },
      ignoresWorkspaceTrust: false,
    });
    expect(text).toContain(`a fresh clone of the repository has only ${project} (no local, user or managed settings) and would run:`);
    expect(text).toContain("with workspace trust off (headless Claude Code; hookd's default): 2 hook(s)");
    expect(text).toContain(`with workspace trust on (options.workspaceTrust): 0 hook(s) until the client trusts "claude-workspace:${workspace}" (${hash}), then 2`);
    expect(text).not.toMatch(/fresh clone[\s\S]*echo local/);
  });

  it('a repository without .claude/settings.json: a fresh clone runs nothing, with trust off or on', () => {
    const workspace = makeWorkspace('hookd-check-ws-');
    const home = makeWorkspace('hookd-check-home-');
    writeClaudeSettings(workspace, { hooks: { Stop: [{ hooks: [cmd('echo local')] }] } }, 'settings.local.json');
    const { report, text } = check(workspace, home);
    expect(report.freshClone).toMatchObject({ hooks: [], workspaceTrustOff: { runs: [] }, workspaceTrustOn: { runs: [], afterTrust: [] } });
    expect(text).toContain("with workspace trust off (headless Claude Code; hookd's default): 0 hook(s)");
    expect(text).toContain('with workspace trust on (options.workspaceTrust): 0 hook(s)');
  });

  it('disableAllHooks in the committed settings: a fresh clone runs none of its hooks', () => {
    const workspace = makeWorkspace('hookd-check-ws-');
    const home = makeWorkspace('hookd-check-home-');
    writeClaudeSettings(workspace, { disableAllHooks: true, hooks: { Stop: [{ hooks: [cmd('echo project')] }] } });
    const { report } = check(workspace, home);
    expect(report.freshClone.workspaceTrustOff.runs).toEqual([]);
    expect(report.freshClone.workspaceTrustOn.afterTrust).toEqual([]);
  });
});
