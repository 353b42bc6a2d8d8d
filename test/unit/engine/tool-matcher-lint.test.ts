// Unit: matchers that name no tool the agent registered, judged with each dialect's own compiled matcher (claude:
// exact lists and JS regexes; bamboo: Rust regexes), against the built-in names or the agent's own list.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import type { Dialect, HookSpec, LoadContext } from '../../../src/engine/dialect.js';
import { lintToolMatchers } from '../../../src/engine/tool-matcher-lint.js';
import { scratchDir } from '../../helpers/scratch.js';

function claudeHooks(hooks: Record<string, Array<{ matcher?: string; disabled?: boolean }>>): HookSpec[] {
  const root = scratchDir();
  const workspace = join(root, 'ws');
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  const settings: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks))
    settings[event] = groups.map(({ matcher }) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command: 'true' }, { type: 'command', command: 'echo 2' }] }));
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: settings }));
  const context: LoadContext = { workspace, home: join(root, 'home'), managedSettingsPath: join(root, 'none.json') };
  return [...claudeDialect.load(context).hooks];
}

function bambooHooks(matchers: string[]): HookSpec[] {
  const root = scratchDir();
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'data', 'hooks.json'), JSON.stringify({ lifecycle_hooks: { PreToolUse: matchers.map((matcher) => ({ matcher, hooks: [{ type: 'command', command: 'true' }] })) } }));
  const context: LoadContext = { workspace: root, home: join(root, 'home'), env: { BAMBOO_DATA_DIR: join(root, 'data') } };
  return [...bambooDialect.load(context).hooks];
}

const named = (dialect: Dialect, hooks: HookSpec[], tools?: string[]) =>
  lintToolMatchers(dialect, hooks, tools !== undefined ? { tools } : {}).map((entry) => [entry.field, entry.message.split(':')[0]]);

describe('claude matchers against Claude Code built-in tools', () => {
  it('"for alternations of plain names name each unknown alternative": Edit|Wrte names "Wrte" once per group (did you mean)', () => {
    expect(named(claudeDialect, claudeHooks({ PreToolUse: [{ matcher: 'Edit|Wrte' }, { matcher: 'Bash, Reed' }] }))).toEqual([
      ['hooks.PreToolUse[0].matcher', 'matcher "Edit|Wrte" names "Wrte" (did you mean "Write"?), which is no tool claude registers by default'],
      ['hooks.PreToolUse[1].matcher', 'matcher "Bash, Reed" names "Reed" (did you mean "Read"?), which is no tool claude registers by default'],
    ]);
  });

  it('"for a regex matching nothing, name the matcher"; a regex that matches a tool (Notebook.*, ^(Write|Edit)$, Edit.*) is fine', () => {
    expect(named(claudeDialect, claudeHooks({ PostToolUse: [{ matcher: 'Bsh.*' }, { matcher: 'Notebook.*' }, { matcher: '^(Write|Edit)$' }, { matcher: 'Edit.*' }] }))).toEqual([
      ['hooks.PostToolUse[0].matcher', 'matcher "Bsh.*" matches no tool claude registers by default'],
    ]);
  });

  it('"mcp__<server>__<tool> names match mcp__ patterns": full names and mcp__ regexes accepted by default; mcp__memory (an exact name) matches no MCP tool', () => {
    const warnings = lintToolMatchers(claudeDialect, claudeHooks({ PreToolUse: [{ matcher: 'mcp__memory__create_entities' }, { matcher: 'mcp__memory__.*' }, { matcher: 'mcp__memory' }] }));
    expect(warnings.map((entry) => entry.field)).toEqual(['hooks.PreToolUse[2].matcher']);
    expect(warnings[0]?.message).toContain('"mcp__memory__.*" matches that server');
  });

  it('"only for matchers on tool events": SessionStart, Notification, PreCompact matchers and match-all matchers are never judged', () => {
    expect(named(claudeDialect, claudeHooks({ SessionStart: [{ matcher: 'startup' }], Notification: [{ matcher: 'idle_prompt' }], PreCompact: [{ matcher: 'auto' }], PreToolUse: [{ matcher: '*' }, { matcher: '' }, { matcher: '.*' }, {}] }))).toEqual([]);
  });

  it('every claude tool event is judged (PostToolUseFailure, PermissionRequest, PermissionDenied too)', () => {
    const fields = named(claudeDialect, claudeHooks({ PostToolUseFailure: [{ matcher: 'Bsh' }], PermissionRequest: [{ matcher: 'Bsh' }], PermissionDenied: [{ matcher: 'Bsh' }] })).map(([field]) => field);
    expect(fields).toEqual(['hooks.PostToolUseFailure[0].matcher', 'hooks.PermissionRequest[0].matcher', 'hooks.PermissionDenied[0].matcher']);
  });

  it('"overridable with the agent\'s list": the built-in names no longer count, MCP names must be listed', () => {
    const hooks = claudeHooks({ PreToolUse: [{ matcher: 'Bash' }, { matcher: 'shell' }, { matcher: 'mcp__fs__.*' }] });
    expect(named(claudeDialect, hooks, ['shell', 'mcp__fs__read'])).toEqual([
      ['hooks.PreToolUse[0].matcher', 'matcher "Bash" matches no tool the agent registered (--tools / initialize tools)'],
    ]);
    expect(named(claudeDialect, hooks, ['shell', 'Bash']).map(([field]) => field)).toEqual(['hooks.PreToolUse[2].matcher']);
  });
});

describe('bamboo matchers (Rust regex over the tool name)', () => {
  it('^(Bash|Wrte)$ names "Wrte"; Bash,Edit is one literal in a regex and matches no tool, named whole; Bash|Edit and unanchored Edit are fine', () => {
    expect(named(bambooDialect, bambooHooks(['^(Bash|Wrte)$', 'Bash,Edit', 'Bash|Edit', 'Edit', '^Bash$|^Read$']))).toEqual([
      ['lifecycle_hooks.PreToolUse[0].matcher', 'matcher "^(Bash|Wrte)$" names "Wrte" (did you mean "Write"?), which is no tool bamboo registers by default'],
      ['lifecycle_hooks.PreToolUse[1].matcher', 'matcher "Bash,Edit" matches no tool bamboo registers by default'],
    ]);
  });

  it('an unanchored part of a name (Notebook) matches NotebookEdit: not a warning', () => {
    expect(named(bambooDialect, bambooHooks(['Notebook', 'Bash|Notebook']))).toEqual([]);
  });

  it('a file with 300 misspelt matchers: at most 50 warnings, then one summary', () => {
    const warnings = lintToolMatchers(bambooDialect, bambooHooks(Array.from({ length: 300 }, (_, index) => `^Tool${index}$`)));
    expect(warnings).toHaveLength(51);
    expect(warnings.at(-1)?.message).toBe('and 250 more matcher(s) naming no tool, not listed');
  });
});
