// `hookd test <Event> --explain` of the built CLI: one line per configured hook (fires, or skipped — reason: detail)
// printed before the runs, an `explain` field with --json; the fires lines are the hooks that then ran.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bambooSetup, writeBambooConfig } from '../helpers/bamboo.js';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

// The timeout only turns a hang into a failure; no test asserts a duration.
const hookd = (args: string[], env: NodeJS.ProcessEnv = process.env) => spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', timeout: 30_000, env });
const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });

function claudeWorkspace(): string {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, {
    hooks: {
      PreToolUse: [
        { matcher: 'Edit|Write', hooks: [command('echo edit')] },
        { matcher: 'Bash', hooks: [command('echo bash'), command('echo git', { if: 'Bash(git *)' })] },
        { matcher: '*', hooks: [command('echo bash')] },
      ],
      PostToolUse: [{ matcher: 'Bash', hooks: [command('echo post')] }],
    },
  });
  return workspace;
}

describe('hookd test --explain (built CLI)', () => {
  it('prints one line per configured hook with its verdict and reason, before the runs (synthetic Bash call)', () => {
    const workspace = claudeWorkspace();
    const result = hookd(['test', 'PreToolUse', '--explain', '--workspace', workspace, '--home', workspace]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('explain PreToolUse (matchers tried against tool_name "Bash"): 1 of 5 configured hook(s) fire');
    expect(lines[1]).toMatch(/^ {2}project:PreToolUse\[0\]\.hooks\[0\]: skipped — matcher-mismatch: matcher "Edit\|Write" tried against tool_name "Bash": no match \(.*settings\.json:\d+\)$/);
    expect(lines[2]).toMatch(/^ {2}project:PreToolUse\[1\]\.hooks\[0\]: fires — matcher "Bash" tried against tool_name "Bash": match/);
    expect(lines[3]).toContain('project:PreToolUse[1].hooks[1]: skipped — condition: if "Bash(git *)" does not match tool_name "Bash"');
    expect(lines[4]).toContain('project:PreToolUse[2].hooks[0]: skipped — deduplicated: same handler as project:PreToolUse[1].hooks[0]');
    expect(lines[5]).toContain('project:PostToolUse[0].hooks[0]: skipped — wrong-event: configured for PostToolUse, not PreToolUse');
    // The explanation comes first; then the run it predicted.
    const runs = lines.indexOf('PreToolUse: 1 hook(s) matched');
    expect(runs).toBeGreaterThan(5);
    expect(lines[runs + 1]).toMatch(/^ {2}project:PreToolUse\[1\]\.hooks\[0\]: ok/);
  });

  it('disabled: disableAllHooks is named with its file on every hook it kept from loading', () => {
    const workspace = makeWorkspace();
    const settings = writeClaudeSettings(workspace, { disableAllHooks: true, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo guard')] }] } });
    const result = hookd(['test', 'PreToolUse', '--explain', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`project:PreToolUse[0].hooks[0]: skipped — disabled: not loaded: disableAllHooks is true in ${settings}:`);
    expect(result.stdout).toContain('PreToolUse: 0 hook(s) matched');
  });

  it('--json carries the explanation as `explain`, and its fires set equals the runs', () => {
    const workspace = claudeWorkspace();
    const input = join(workspace, 'write.json');
    writeFileSync(input, JSON.stringify({ session: { id: 'cli-explain' }, toolName: 'Write', toolInput: { file_path: 'a.txt', content: 'x' } }));
    const result = hookd(['test', 'PreToolUse', '--explain', '--json', '--input', input, '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.explain.matchTarget).toEqual({ field: 'tool_name', value: 'Write' });
    const fires = report.explain.hooks.filter((hook: any) => hook.verdict === 'fires').map((hook: any) => hook.id);
    expect(fires).toEqual(['project:PreToolUse[0].hooks[0]', 'project:PreToolUse[2].hooks[0]']);
    expect(report.result.runs.map((run: any) => run.hookId)).toEqual(fires);
  });

  it('bamboo: a disabled group and the untrusted project-local file, with --dialect bamboo', () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ matcher: '^Bash$', hooks: [command('true')] }, { enabled: false, hooks: [command('true')] }] });
    writeBambooConfig(setup.projectFile, { PreToolUse: [{ hooks: [command('true')] }] });
    const result = hookd(['test', 'PreToolUse', '--explain', '--dialect', 'bamboo', '--workspace', setup.workspace, '--home', join(setup.dataDir, '..')], {
      ...process.env,
      BAMBOO_DATA_DIR: setup.dataDir,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('fires — matcher "^Bash$" tried against tool_name "Bash": match');
    expect(result.stdout).toContain('skipped — disabled: "enabled": false on its group lifecycle_hooks.PreToolUse[1]');
    expect(result.stdout).toContain(`skipped — untrusted: ${setup.projectFile} needs trust: "workspace:${setup.workspace}" is not trusted`);
  });

  it('--explain with --handler is a usage error (exit 2, on stderr)', () => {
    const workspace = claudeWorkspace();
    const result = hookd(['test', 'PreToolUse', '--explain', '--handler', '{"type":"command","command":"true"}', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--explain');
    expect(result.stdout).toBe('');
  });

  it('without --explain nothing of the explanation is printed', () => {
    const workspace = claudeWorkspace();
    const result = hookd(['test', 'PreToolUse', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('explain PreToolUse');
    expect(result.stdout).not.toContain('skipped —');
  });
});
