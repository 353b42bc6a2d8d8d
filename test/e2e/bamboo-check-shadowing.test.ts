// choice: "A control decision stops normal dispatch" is kept literally (a first allow hides a later block), and the
// built `hookd check --dialect bamboo` warns where an earlier handler's allow can hide a later one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

type Report = { hooks: unknown[]; diagnostics: Array<{ severity: string; code?: string; message: string; file?: string; field?: string }> };

/** `hookd check --json --dialect bamboo` over a home whose ~/.bamboo/hooks.json is `user` and a project file `project`. */
function check(user: unknown, project?: unknown): { status: number | null; report: Report; text: string } {
  const home = makeWorkspace('hookd-bamboo-check-home-');
  const workspace = makeWorkspace('hookd-bamboo-check-ws-');
  mkdirSync(join(home, '.bamboo'), { recursive: true });
  writeFileSync(join(home, '.bamboo', 'hooks.json'), JSON.stringify({ lifecycle_hooks: user }));
  if (project !== undefined) {
    mkdirSync(join(workspace, '.bamboo'), { recursive: true });
    writeFileSync(join(workspace, '.bamboo', 'hooks.json'), JSON.stringify({ lifecycle_hooks: project }));
  }
  const env = { ...process.env, BAMBOO_DATA_DIR: '' };
  const run = (json: boolean) =>
    spawnSync(process.execPath, [HOOKD_BIN, 'check', '--dialect', 'bamboo', '--workspace', workspace, '--home', home, ...(json ? ['--json'] : [])], {
      encoding: 'utf8',
      env,
      timeout: 20_000,
    });
  const json = run(true);
  return { status: json.status, report: JSON.parse(json.stdout) as Report, text: run(false).stdout };
}

const hiding = (report: Report) => report.diagnostics.filter((entry) => entry.code === 'allow-hides-later-handler');
const command = (text: string) => ({ type: 'command', command: text });

describe('choice: a first allow hides a later block (kept), and hookd check warns about it', () => {
  it('the seed example (two handlers in one ^Bash$ group): "handler X runs before Y: if X answers allow, Y (which may block) does not run"', () => {
    const { status, report, text } = check({ PreToolUse: [{ matcher: '^Bash$', hooks: [command('audit.sh'), command('check.sh')] }] });
    expect(status).toBe(0); // a warning, not an error
    expect(hiding(report)).toEqual([
      {
        severity: 'warning',
        file: expect.stringMatching(/\.bamboo\/hooks\.json$/),
        field: 'lifecycle_hooks.PreToolUse[0].hooks[1]',
        code: 'allow-hides-later-handler',
        message:
          'handler user:PreToolUse[0].hooks[0] runs before user:PreToolUse[0].hooks[1] on PreToolUse (both run for "Bash"): if user:PreToolUse[0].hooks[0] answers allow, user:PreToolUse[0].hooks[1] (which may block) does not run',
      },
    ]);
    expect(text).toContain('warning: handler user:PreToolUse[0].hooks[0] runs before user:PreToolUse[0].hooks[1]');
  });

  it('disjoint matchers (^Bash$ then ^(Write|Edit)$) never run for the same tool: no warning', () => {
    const { report } = check({ PreToolUse: [{ matcher: '^Bash$', hooks: [command('a')] }, { matcher: '^(Write|Edit)$', hooks: [command('b')] }] });
    expect(hiding(report)).toEqual([]);
  });

  it('overlapping matchers across groups (Edit then ^(Write|Edit)$) and a group without matcher both warn, naming the tool', () => {
    const { report } = check({
      PreToolUse: [{ matcher: 'Edit', hooks: [command('a')] }, { matcher: '^(Write|Edit)$', hooks: [command('b')] }, { hooks: [command('c')] }],
    });
    expect(hiding(report).map((entry) => entry.message)).toEqual([
      'handler user:PreToolUse[0].hooks[0] runs before user:PreToolUse[1].hooks[0] on PreToolUse (both run for "Edit"): if user:PreToolUse[0].hooks[0] answers allow, user:PreToolUse[1].hooks[0] (which may block) does not run',
      'handlers user:PreToolUse[0].hooks[0], user:PreToolUse[1].hooks[0] run before user:PreToolUse[2].hooks[0] on PreToolUse (both run for "Edit"): if one of them answers allow, user:PreToolUse[2].hooks[0] (which may block) does not run',
    ]);
  });

  it('the user file runs first: a user handler can hide a project handler of the same event', () => {
    const { report } = check({ UserPromptSubmit: [{ hooks: [command('a')] }] }, { UserPromptSubmit: [{ hooks: [command('b')] }] });
    expect(hiding(report).map((entry) => entry.message)).toEqual([
      'handler user:UserPromptSubmit[0].hooks[0] runs before project:UserPromptSubmit[0].hooks[0] on UserPromptSubmit: if user:UserPromptSubmit[0].hooks[0] answers allow, project:UserPromptSubmit[0].hooks[0] (which may block) does not run',
    ]);
  });

  it('observers, PreCompact, disabled groups and handlers of different events: no warning', () => {
    const { report } = check({
      SessionEnd: [{ hooks: [command('a'), command('b')] }],
      PreCompact: [{ hooks: [command('a'), command('b')] }],
      Stop: [{ enabled: false, hooks: [command('a')] }, { hooks: [command('b')] }],
      SessionStart: [{ hooks: [command('a')] }],
    });
    expect(hiding(report)).toEqual([]);
  });
});
