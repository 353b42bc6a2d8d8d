// Where Claude Code hooks come from beyond the settings files, against the built sidecar: plugin hooks/hooks.json,
// skill and subagent frontmatter (in initialize and added later), $CLAUDE_CONFIG_DIR, managed-settings.d drop-ins.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

function start(env: NodeJS.ProcessEnv = process.env): Sidecar {
  const sidecar = new Sidecar('ndjson', [], env);
  open.push(sidecar);
  return sidecar;
}

function write(path: string, text: string, mode?: number): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
  return path;
}

const session = { id: 'sources-session' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_sources' });
const prompt = (id = session.id) => ({ session: { id }, prompt: 'hello' });
/** A Markdown file whose frontmatter holds `hooks`, as Claude Code skills and subagents write them. */
const markdown = (frontmatter: string) => `---\n${frontmatter}\n---\n\nInstructions for the model.\n`;

describe('Claude Code plugin hooks (built sidecar)', () => {
  it('"plugin hooks/hooks.json: ${CLAUDE_PLUGIN_ROOT} is expanded"; its hooks say they come from the plugin', async () => {
    const workspace = makeWorkspace();
    const pluginRoot = join(scratchDir('hookd-plugin-'), 'safety-guard');
    write(join(pluginRoot, 'scripts', 'guard.sh'), '#!/bin/sh\necho "blocked by $(basename "$0") in plugin" >&2\nexit 2\n', 0o755);
    const hooksFile = write(
      join(pluginRoot, 'hooks', 'hooks.json'),
      JSON.stringify({
        description: 'Blocks dangerous commands',
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh', timeout: 30 }] }] },
      }),
    );
    const sidecar = start();
    const init = await sidecar.initialize(workspace, { sources: [{ scope: 'plugin', path: hooksFile, pluginRoot }] });
    expect(init.diagnostics).toEqual([]);
    expect(init.hooks).toEqual([
      expect.objectContaining({ id: 'plugin(safety-guard):PreToolUse[0].hooks[0]', scope: 'plugin', source: hooksFile, command: `${pluginRoot}/scripts/guard.sh` }),
    ]);
    const result = await sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ decision: 'deny', reason: expect.stringContaining('blocked by guard.sh in plugin') });
  });

  it("\"a plugin's copy of a settings handler is kept separate\": both run", async () => {
    const workspace = makeWorkspace();
    const settings = oneHook('UserPromptSubmit', 'echo same-context');
    writeClaudeSettings(workspace, settings);
    const hooksFile = write(join(scratchDir('hookd-plugin-'), 'p', 'hooks', 'hooks.json'), JSON.stringify(settings));
    const sidecar = start();
    const init = await sidecar.initialize(workspace, { sources: [{ scope: 'plugin', path: hooksFile }] });
    expect(init.hooks.map((hook: { id: string }) => hook.id)).toEqual(['project:UserPromptSubmit[0].hooks[0]', 'plugin(p):UserPromptSubmit[0].hooks[0]']);
    const result = await sidecar.request('hooks/UserPromptSubmit', prompt());
    expect(result.runs).toHaveLength(2);
    expect(result.additionalContext).toBe('same-context\nsame-context');
  });
});

describe('Claude Code extension sources given in initialize (built sidecar)', () => {
  it('removing the only extension source given in initialize keeps the discovered settings files', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('UserPromptSubmit', 'echo project'));
    const hooksFile = write(join(scratchDir('hookd-plugin-'), 'p', 'hooks', 'hooks.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo plugin')));
    const sidecar = start();
    const init = await sidecar.initialize(workspace, { sources: [{ scope: 'plugin', path: hooksFile }] });
    expect(init.hooks).toHaveLength(2);
    const removed = await sidecar.request('hooks/removeSource', { path: hooksFile });
    expect(removed.removed).toBe(true);
    expect(removed.hooks).toEqual([expect.objectContaining({ id: 'project:UserPromptSubmit[0].hooks[0]' })]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt())).additionalContext).toBe('project');
    expect((await sidecar.request('hooks/removeSource', { path: hooksFile })).removed).toBe(false);
  });
});

describe('Claude Code skill and subagent frontmatter hooks (built sidecar)', () => {
  it('"subagent frontmatter Stop becomes SubagentStop": active from hooks/addSource until hooks/removeSource', async () => {
    const workspace = makeWorkspace();
    const agentFile = write(
      join(workspace, '.claude', 'agents', 'reviewer.md'),
      markdown('name: reviewer\ndescription: Reviews code\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: "echo review not finished >&2; exit 2"'),
    );
    const sidecar = start();
    await sidecar.initialize(workspace);
    const added = await sidecar.request('hooks/addSource', { source: { scope: 'subagent', path: agentFile } });
    expect(added).toMatchObject({ added: true, diagnostics: [] });
    expect(added.hooks).toEqual([expect.objectContaining({ id: 'subagent(reviewer):Stop[0].hooks[0]', event: 'SubagentStop', scope: 'subagent', source: agentFile })]);

    const subagentStop = await sidecar.request('hooks/SubagentStop', { session, agentId: 'agent-1', agentType: 'reviewer' });
    expect(subagentStop).toMatchObject({ decision: 'block', reason: expect.stringContaining('review not finished') });
    expect((await sidecar.request('hooks/Stop', { session })).runs).toEqual([]);

    const removed = await sidecar.request('hooks/removeSource', { path: agentFile });
    expect(removed).toMatchObject({ removed: true, hooks: [] });
    expect((await sidecar.request('hooks/SubagentStop', { session, agentId: 'agent-2', agentType: 'reviewer' })).runs).toEqual([]);
  });

  it('"once: true runs once per session" in skill frontmatter', async () => {
    const workspace = makeWorkspace();
    const skillFile = write(
      join(workspace, '.claude', 'skills', 'onboarding', 'SKILL.md'),
      markdown('name: onboarding\nhooks:\n  UserPromptSubmit:\n    - hooks:\n        - type: command\n          command: echo first-prompt-context\n          once: true'),
    );
    const sidecar = start();
    const init = await sidecar.initialize(workspace, { sources: [{ scope: 'skill', path: skillFile }] });
    expect(init.hooks).toEqual([expect.objectContaining({ id: 'skill(onboarding):UserPromptSubmit[0].hooks[0]', scope: 'skill' })]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt())).additionalContext).toBe('first-prompt-context');
    const again = await sidecar.request('hooks/UserPromptSubmit', prompt());
    expect(again.runs).toEqual([]);
    expect(again.additionalContext).toBeUndefined();
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt('another-session'))).additionalContext).toBe('first-prompt-context');
  });

  it('a once hook whose if rule does not match the call is not spent: it runs at the first call it applies to', async () => {
    const workspace = makeWorkspace();
    const skillFile = write(
      join(workspace, '.claude', 'skills', 'release', 'SKILL.md'),
      markdown('name: release\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          if: Bash(git push *)\n          command: echo no >&2; exit 2\n          once: true'),
    );
    const sidecar = start();
    await sidecar.initialize(workspace, { sources: [{ scope: 'skill', path: skillFile }] });
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).runs).toEqual([]);
    expect((await sidecar.request('hooks/PreToolUse', bash('git push origin main'))).decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', bash('git push origin main'))).runs).toEqual([]);
  });

  it('a frontmatter error is a diagnostic naming the Markdown file and line; hooks/addSource refuses settings scopes with -32602', async () => {
    const workspace = makeWorkspace();
    const skillFile = write(join(workspace, 'SKILL.md'), markdown('hooks:\n  PreToolUse:\n    - matcher: "["\n      hooks:\n        - type: command\n          command: x'));
    const sidecar = start();
    await sidecar.initialize(workspace);
    const added = await sidecar.request('hooks/addSource', { source: { scope: 'skill', path: skillFile } });
    expect(added.hooks).toEqual([]);
    expect(added.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: skillFile, line: 4, field: 'hooks.PreToolUse[0].matcher' })]);
    const refused = await sidecar.call('hooks/addSource', { source: { scope: 'user', path: skillFile } });
    expect(refused.error).toMatchObject({ code: -32602, message: expect.stringContaining('scope') });
  });
});

describe('Claude Code settings locations (built sidecar)', () => {
  it('"$CLAUDE_CONFIG_DIR is the user settings directory" instead of ~/.claude', async () => {
    const workspace = makeWorkspace();
    const configDir = scratchDir('hookd-claude-config-');
    write(join(configDir, 'settings.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo from-config-dir')));
    const sidecar = start({ ...process.env, CLAUDE_CONFIG_DIR: configDir });
    const home = scratchDir('hookd-home-');
    write(join(home, '.claude', 'settings.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo from-home')));
    const init = await sidecar.initialize(workspace, { home });
    expect(init.hooks).toEqual([expect.objectContaining({ id: 'user:UserPromptSubmit[0].hooks[0]', source: join(configDir, 'settings.json') })]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt())).additionalContext).toBe('from-config-dir');
  });

  it('"managed-settings.d drop-ins merge after the managed file, in name order"', async () => {
    const workspace = makeWorkspace();
    const etc = scratchDir('hookd-managed-');
    const managed = write(join(etc, 'managed-settings.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo managed')));
    write(join(etc, 'managed-settings.d', '20-security.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo security')));
    write(join(etc, 'managed-settings.d', '10-base.json'), JSON.stringify(oneHook('UserPromptSubmit', 'echo base')));
    writeClaudeSettings(workspace, oneHook('UserPromptSubmit', 'echo project'));
    const sidecar = start();
    const init = await sidecar.initialize(workspace, { options: { managedSettingsPath: managed } });
    expect(init.hooks.map((hook: { id: string; scope: string }) => [hook.id, hook.scope])).toEqual([
      ['managed:UserPromptSubmit[0].hooks[0]', 'managed'],
      ['managed(10-base.json):UserPromptSubmit[0].hooks[0]', 'managed'],
      ['managed(20-security.json):UserPromptSubmit[0].hooks[0]', 'managed'],
      ['project:UserPromptSubmit[0].hooks[0]', 'project'],
    ]);
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt())).additionalContext).toBe('managed\nbase\nsecurity\nproject');
  });
});
