// Unit: hookd's own warnings about Claude Code settings (`hookd check`): handler types an event does not accept (a
// loader diagnostic), SessionEnd timeouts past Claude Code's budget, commands that cannot start.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerTypeNotAccepted } from '../../../src/dialects/claude/handler-types.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { lintClaudeHooks } from '../../../src/dialects/claude/lint.js';
import { lintGuards } from '../../../src/commands/guard-lint.js';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { tempTree } from './outcome.js';

function loadProject(settings: unknown): { context: LoadContext; result: ReturnType<typeof claudeDialect.load>; workspace: string } {
  const root = tempTree({ 'ws/.claude/settings.json': settings });
  const workspace = join(root, 'ws');
  const context: LoadContext = { workspace, home: join(root, 'home'), managedSettingsPath: join(root, 'none.json'), env: { PATH: '/usr/bin:/bin' } };
  return { context, result: claudeDialect.load(context), workspace };
}

const handler = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const lintOf = (settings: unknown) => {
  const { context, result } = loadProject(settings);
  return lintClaudeHooks(result.hooks, context);
};
/** Commands that cannot start are the guard lint's (src/commands/guard-lint.ts, every dialect). */
const guardsOf = (settings: unknown) => {
  const { context, result } = loadProject(settings);
  return lintGuards(claudeDialect, result.hooks, context);
};

describe('handler types per event (hooks reference)', () => {
  it.each([
    ['SessionStart', 'prompt', '"command", "mcp_tool"'],
    ['Setup', 'http', '"command", "mcp_tool"'],
    ['SessionEnd', 'agent', '"command", "http", "mcp_tool"'],
    ['Notification', 'prompt', '"command", "http", "mcp_tool"'],
  ])('%s does not accept %s', (event, type, accepted) => {
    expect(handlerTypeNotAccepted(event, { type })).toBe(`${event} does not accept "${type}" handlers (Claude Code runs only ${accepted} there); handler skipped`);
  });

  it.each([
    ['PreToolUse', 'agent'],
    ['Stop', 'prompt'],
    ['SessionStart', 'command'],
    ['SessionStart', 'mcp_tool'],
    ['PreModelSwitch', 'prompt'],
    ['SessionStart', 'lambda'],
  ])('%s with %s: no such warning (accepted, or left to the handler parser)', (event, type) => {
    expect(handlerTypeNotAccepted(event, { type })).toBeUndefined();
  });

  it('the loader reports it with file, line and field, and skips only that handler', () => {
    const { result } = loadProject({ hooks: { SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'p' }, handler('true')] }] } });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'handler-type-not-accepted', field: 'hooks.SessionStart[0].hooks[0].type', line: expect.any(Number) }),
    ]);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['project:SessionStart[0].hooks[1]']);
  });
});

describe('lint: commands that cannot start', () => {
  it('a program not on PATH is a warning naming it, in every simple command of the line (a pipeline tail too); sh, a builtin and VAR=value prefixes are looked through', () => {
    const warnings = guardsOf({
      hooks: {
        PreToolUse: [
          { hooks: [handler('no-such-program-hookd-test --x'), handler('sh -c "exit 0"'), handler('echo hi | no-such-tail-hookd-test')] },
          { hooks: [handler('FOO=1 BAR=2 missing-after-assignments-hookd'), handler('if true; then :; fi'), handler('$TOOL run')] },
        ],
      },
    });
    expect(warnings.map((entry) => [entry.code, entry.field, entry.message.split(':')[0]])).toEqual([
      ['command-not-found', 'hooks.PreToolUse[0].hooks[0].command', 'command "no-such-program-hookd-test" is not found on PATH'],
      ['command-not-found', 'hooks.PreToolUse[0].hooks[2].command', 'command "no-such-tail-hookd-test" is not found on PATH'],
      ['command-not-found', 'hooks.PreToolUse[1].hooks[0].command', 'command "missing-after-assignments-hookd" is not found on PATH'],
    ]);
  });

  it('a script path: resolved against the workspace with ${CLAUDE_PROJECT_DIR}; missing, not a file, not executable', () => {
    const { context, workspace } = loadProject({});
    mkdirSync(join(workspace, '.claude', 'hooks'), { recursive: true });
    writeFileSync(join(workspace, '.claude', 'hooks', 'ok.sh'), '#!/bin/sh\n');
    chmodSync(join(workspace, '.claude', 'hooks', 'ok.sh'), 0o755);
    writeFileSync(join(workspace, '.claude', 'hooks', 'plain.sh'), '#!/bin/sh\n');
    chmodSync(join(workspace, '.claude', 'hooks', 'plain.sh'), 0o644);
    writeFileSync(
      join(workspace, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          Stop: [
            {
              hooks: [
                handler('"$CLAUDE_PROJECT_DIR"/.claude/hooks/ok.sh'),
                handler('.claude/hooks/ok.sh'),
                handler('${CLAUDE_PROJECT_DIR}/.claude/hooks/gone.sh'),
                handler('./.claude/hooks'),
                handler('.claude/hooks/plain.sh'),
              ],
            },
          ],
        },
      }),
    );
    const warnings = lintGuards(claudeDialect, claudeDialect.load(context).hooks, context);
    expect(warnings.map((entry) => entry.message.split(':')[0])).toEqual([
      `"${workspace}/.claude/hooks/gone.sh" does not exist`,
      '"./.claude/hooks" is not a file',
      '".claude/hooks/plain.sh" is not executable',
    ]);
  });

  it('exec form (args): the command itself is looked up', () => {
    const warnings = guardsOf({ hooks: { Stop: [{ hooks: [handler('missing-exec-hookd', { args: ['x'] }), handler('sh', { args: ['-c', 'true'] })] }] } });
    expect(warnings.map((entry) => entry.field)).toEqual(['hooks.Stop[0].hooks[0].command']);
  });
});

describe('lint: SessionEnd budget', () => {
  it('a SessionEnd timeout above 60 s is a warning (Claude Code stops all SessionEnd hooks by then); 60 s and other events are not', () => {
    const warnings = lintOf({
      hooks: {
        SessionEnd: [{ hooks: [handler('true', { timeout: 61 }), handler('sh', { timeout: 60 })] }],
        Stop: [{ hooks: [handler('true', { timeout: 900 })] }],
      },
    });
    expect(warnings).toEqual([
      {
        severity: 'warning',
        file: expect.stringMatching(/settings\.json$/),
        field: 'hooks.SessionEnd[0].hooks[0]',
        code: 'timeout-over-budget',
        message: "timeout 61 s is above SessionEnd's budget: Claude Code gives all SessionEnd hooks together at most 60 s, so this hook is stopped then",
      },
    ]);
  });

  it('at most 50 warnings, then one summary', () => {
    const many = Array.from({ length: 60 }, (_, index) => handler(`missing-${index}-hookd`));
    const warnings = guardsOf({ hooks: { Stop: [{ hooks: many }] } });
    expect(warnings).toHaveLength(51);
    expect(warnings.at(-1)).toMatchObject({ code: 'lint-more', message: 'and 10 more warning(s) about hook commands, not listed' });
  });
});

describe('lint: bounded', () => {
  it('a file of 5,000 distinct missing programs: looked up at most 2,000 times, then one info; 50 warnings listed', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => handler(`missing-${index}-hookd`));
    const warnings = guardsOf({ hooks: { Stop: [{ hooks: many }] } });
    expect(warnings.filter((entry) => entry.code === 'command-not-found')).toHaveLength(50);
    expect(warnings.slice(-2)).toEqual([
      { severity: 'info', code: 'lint-stopped', message: 'check stopped looking up hook commands after 2000 distinct programs' },
      { severity: 'warning', code: 'lint-more', message: 'and 1950 more warning(s) about hook commands, not listed' },
    ]);
  });
});
