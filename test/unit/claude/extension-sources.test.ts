// The claude loader's extra sources: plugin hooks files, skill and subagent frontmatter, $CLAUDE_CONFIG_DIR,
// managed-settings.d drop-ins, and which files it rejects as a whole (a reload keeps their last good hooks).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { settingsSources } from '../../../src/dialects/claude/sources.js';
import type { CommandHandler, HookSpec, LoadContext } from '../../../src/engine/dialect.js';
import { tempTree } from './outcome.js';

const command = (hook: HookSpec): CommandHandler => {
  if (hook.handler.type !== 'command') throw new Error(`${hook.id} is not a command hook`);
  return hook.handler;
};
const one = (event: string, cmd: string, more: Record<string, unknown> = {}) => ({ hooks: { [event]: [{ hooks: [{ type: 'command', command: cmd, ...more }] }] } });
const markdown = (frontmatter: string, body = '# Body\n') => `---\n${frontmatter}\n---\n${body}`;

function contextIn(root: string, more: Partial<LoadContext> = {}): LoadContext {
  return { workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: join(root, 'etc', 'managed-settings.json'), ...more };
}

describe('plugin hooks files', () => {
  it('${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} are replaced in command and args; ids and scope name the plugin', () => {
    const root = tempTree({
      'plugins/fmt/hooks/hooks.json': {
        description: 'formatter',
        hooks: { PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/run.sh', args: ['${CLAUDE_PLUGIN_DATA}/x'] }] }] },
      },
    });
    const path = join(root, 'plugins/fmt/hooks/hooks.json');
    const result = claudeDialect.load(contextIn(root, { sources: [{ scope: 'plugin', path, pluginData: join(root, 'data') }] }));
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks).toHaveLength(1);
    const hook = result.hooks[0]!;
    expect(hook).toMatchObject({ id: 'plugin(fmt):PostToolUse[0].hooks[0]', scope: 'plugin', source: path, pluginRoot: join(root, 'plugins/fmt'), pluginData: join(root, 'data') });
    expect(command(hook)).toMatchObject({ command: `${join(root, 'plugins/fmt')}/run.sh`, args: [`${join(root, 'data')}/x`] });
  });

  it('plugin sources add to the discovered settings files instead of replacing them', () => {
    const root = tempTree({ 'ws/.claude/settings.json': one('Stop', 'settings'), 'p/hooks/hooks.json': one('Stop', 'plugin') });
    const result = claudeDialect.load(contextIn(root, { sources: [{ scope: 'plugin', path: join(root, 'p/hooks/hooks.json') }] }));
    expect(result.hooks.map((h) => command(h).command)).toEqual(['settings', 'plugin']);
  });

  it("a plugin's copy of a settings handler is kept separate (not de-duplicated)", () => {
    const root = tempTree({ 'ws/.claude/settings.json': one('Stop', 'same'), 'home/.claude/settings.json': one('Stop', 'same'), 'p/hooks/hooks.json': one('Stop', 'same') });
    const result = claudeDialect.load(contextIn(root, { addedSources: [{ scope: 'plugin', path: join(root, 'p/hooks/hooks.json') }] }));
    expect(result.hooks.map((h) => h.id)).toEqual(['user:Stop[0].hooks[0]', 'plugin(p):Stop[0].hooks[0]']);
  });

  it('events written without the "hooks" wrapper are a warning naming the file', () => {
    const root = tempTree({ 'p/hooks/hooks.json': { PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }] } });
    const path = join(root, 'p/hooks/hooks.json');
    const result = claudeDialect.load(contextIn(root, { addedSources: [{ scope: 'plugin', path }] }));
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', file: path, line: 2, field: 'PreToolUse', code: 'plugin-hooks-shape' })]);
  });

  it('${CLAUDE_PLUGIN_ROOT} stays as written in a settings file (Claude Code substitutes it only for plugin hooks)', () => {
    const root = tempTree({ 'ws/.claude/settings.json': one('Stop', '${CLAUDE_PLUGIN_ROOT}/x') });
    expect(command(claudeDialect.load(contextIn(root)).hooks[0]!).command).toBe('${CLAUDE_PLUGIN_ROOT}/x');
  });
});

describe('skill and subagent frontmatter', () => {
  it('a subagent frontmatter Stop becomes SubagentStop; the id keeps the written event', () => {
    const root = tempTree({ 'ws/.claude/agents/reviewer.md': markdown('name: reviewer\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: ./check.sh') });
    const path = join(root, 'ws/.claude/agents/reviewer.md');
    const result = claudeDialect.load(contextIn(root, { addedSources: [{ scope: 'subagent', path }] }));
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks).toEqual([expect.objectContaining({ id: 'subagent(reviewer):Stop[0].hooks[0]', event: 'SubagentStop', scope: 'subagent', source: path })]);
  });

  it('a skill frontmatter Stop stays Stop; once: true is kept for skills only', () => {
    const hooks = 'hooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: x\n          once: true';
    const root = tempTree({ 'skills/deploy/SKILL.md': markdown(`name: deploy\n${hooks}`), 'agents/a.md': markdown(hooks) });
    const result = claudeDialect.load(
      contextIn(root, { addedSources: [{ scope: 'skill', path: join(root, 'skills/deploy/SKILL.md') }, { scope: 'subagent', path: join(root, 'agents/a.md') }] }),
    );
    expect(result.hooks.map((h) => [h.id, h.event, h.once])).toEqual([
      ['skill(deploy):Stop[0].hooks[0]', 'Stop', true],
      ['subagent(a):Stop[0].hooks[0]', 'SubagentStop', undefined],
    ]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'info', file: join(root, 'agents/a.md'), line: 5, column: 11, code: 'once-ignored' })]);
  });

  it('a bad handler in frontmatter is a diagnostic at its line in the Markdown file', () => {
    const root = tempTree({ 's.md': markdown('hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          timeout: -1\n          command: x') });
    const result = claudeDialect.load(contextIn(root, { addedSources: [{ scope: 'skill', path: join(root, 's.md') }] }));
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: join(root, 's.md'), line: 7, field: 'hooks.PreToolUse[0].hooks[0].timeout' })]);
  });

  it('invalid YAML rejects the file (a reload keeps its last good hooks); no frontmatter is no hooks', () => {
    const root = tempTree({ 'bad.md': markdown('hooks: [\n  Stop'), 'plain.md': '# no frontmatter\n' });
    const result = claudeDialect.load(
      contextIn(root, { addedSources: [{ scope: 'skill', path: join(root, 'bad.md') }, { scope: 'skill', path: join(root, 'plain.md') }] }),
    );
    expect(result.hooks).toEqual([]);
    expect(result.rejectedSources).toEqual([join(root, 'bad.md')]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: join(root, 'bad.md'), code: 'invalid-yaml' })]);
  });
});

describe('settings locations', () => {
  it('$CLAUDE_CONFIG_DIR is the user settings directory instead of ~/.claude', () => {
    const root = tempTree({ 'cfg/settings.json': one('Stop', 'from config dir'), 'home/.claude/settings.json': one('Stop', 'from home') });
    const result = claudeDialect.load(contextIn(root, { env: { CLAUDE_CONFIG_DIR: join(root, 'cfg') } }));
    expect(result.hooks.map((h) => [h.id, command(h).command])).toEqual([['user:Stop[0].hooks[0]', 'from config dir']]);
    expect(result.sources).toContain(join(root, 'cfg/settings.json'));
  });

  it('managed-settings.d/*.json drop-ins come after the managed file, in name order, as managed', () => {
    const root = tempTree({
      'etc/managed-settings.json': one('Stop', 'managed'),
      'etc/managed-settings.d/20-b.json': one('Stop', 'b'),
      'etc/managed-settings.d/10-a.json': one('Stop', 'a'),
      'etc/managed-settings.d/notes.txt': 'ignored',
      'ws/.claude/settings.json': one('Stop', 'project'),
    });
    const result = claudeDialect.load(contextIn(root));
    expect(result.hooks.map((h) => [h.id, h.scope, command(h).command])).toEqual([
      ['managed:Stop[0].hooks[0]', 'managed', 'managed'],
      ['managed(10-a.json):Stop[0].hooks[0]', 'managed', 'a'],
      ['managed(20-b.json):Stop[0].hooks[0]', 'managed', 'b'],
      ['project:Stop[0].hooks[0]', 'project', 'project'],
    ]);
  });

  it('a drop-in setting disableAllHooks counts as managed (later managed files win)', () => {
    const root = tempTree({ 'etc/managed-settings.d/50.json': { disableAllHooks: true }, 'ws/.claude/settings.json': one('Stop', 'project') });
    expect(claudeDialect.load(contextIn(root)).hooks).toEqual([]);
  });

  it('an invalid settings file is rejected as a whole (a reload keeps its last good hooks); entry errors are not', () => {
    const root = tempTree({ 'ws/.claude/settings.json': '{ "hooks": ', 'ws/.claude/settings.local.json': one('Stop', '', {}) });
    const result = claudeDialect.load(contextIn(root));
    expect(result.rejectedSources).toEqual([join(root, 'ws/.claude/settings.json')]);
  });

  it('explicit settings sources still replace discovery; their extension entries are added', () => {
    const root = tempTree({ 'a.json': one('Stop', 'a'), 'ws/.claude/settings.json': one('Stop', 'project'), 'p/hooks/hooks.json': one('Stop', 'plugin') });
    const sources = settingsSources(
      contextIn(root, { sources: [{ scope: 'explicit', path: join(root, 'a.json') }, { scope: 'plugin', path: join(root, 'p/hooks/hooks.json') }] }),
    );
    expect(sources.map((s) => [s.label, s.path])).toEqual([
      ['explicit', join(root, 'a.json')],
      ['plugin(p)', join(root, 'p/hooks/hooks.json')],
    ]);
  });
});
