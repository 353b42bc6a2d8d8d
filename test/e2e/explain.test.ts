// hooks/explain against the built sidecar (claude dialect): every configured hook of the loaded configuration, for an
// event and its params, with `fires` or `skipped` and why — one test per reason — without running anything; and the
// explanation's `fires` set is exactly what a real hooks/<event> with the same params runs.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function start(workspace: string, extra: Record<string, unknown> = {}): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, extra);
  return { sidecar, init };
}

const session = { id: 'explain-session' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_explain' });
const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });
const byId = (result: any, id: string) => result.hooks.find((hook: any) => hook.id === id);

describe('hooks/explain (built sidecar, claude)', () => {
  it('matcher-mismatch names the matcher and the value it was tried against (tool_name), before any event was sent', async () => {
    const workspace = makeWorkspace();
    const settings = writeClaudeSettings(workspace, {
      hooks: { PreToolUse: [{ matcher: 'Edit|Write', hooks: [command('echo edit')] }, { matcher: 'Bash', hooks: [command('echo bash')] }] },
    });
    const { sidecar } = await start(workspace);
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(result.event).toBe('PreToolUse');
    expect(result.matchTarget).toEqual({ field: 'tool_name', value: 'Bash' });
    expect(result.hooks).toHaveLength(2);
    expect(result.hooks[0]).toMatchObject({
      id: 'project:PreToolUse[0].hooks[0]',
      event: 'PreToolUse',
      source: settings,
      line: expect.any(Number),
      scope: 'project',
      matcher: 'Edit|Write',
      handlerType: 'command',
      command: 'echo edit',
      verdict: 'skipped',
      reason: 'matcher-mismatch',
      matches: false,
      detail: 'matcher "Edit|Write" tried against tool_name "Bash": no match',
    });
    expect(result.hooks[1]).toMatchObject({ verdict: 'fires', reason: 'matched', detail: 'matcher "Bash" tried against tool_name "Bash": match' });
  });

  it('the match target of other events comes from their own field (SessionStart: source), and "*" or no matcher matches everything', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: { SessionStart: [{ matcher: 'resume', hooks: [command('echo a')] }, { matcher: '*', hooks: [command('echo b')] }, { hooks: [command('echo c')] }] },
    });
    const { sidecar } = await start(workspace);
    const result = await sidecar.request('hooks/explain', { event: 'SessionStart', params: { session, source: 'startup' } });
    expect(result.matchTarget).toEqual({ field: 'source', value: 'startup' });
    expect(result.hooks.map((hook: any) => [hook.verdict, hook.detail])).toEqual([
      ['skipped', 'matcher "resume" tried against source "startup": no match'],
      ['fires', 'matcher "*": matches everything (source "startup")'],
      ['fires', 'no matcher: matches everything (source "startup")'],
    ]);
    const prompt = await sidecar.request('hooks/explain', { event: 'UserPromptSubmit', params: { session, prompt: 'hi' } });
    expect(prompt.matchTarget).toBeUndefined();
  });

  it('wrong-event lists a guard configured under another event (a PreToolUse guard put under PostToolUse)', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [command('exit 2')] }] } });
    const { sidecar } = await start(workspace);
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('rm -rf x') });
    expect(result.hooks).toEqual([
      expect.objectContaining({
        id: 'project:PostToolUse[0].hooks[0]',
        event: 'PostToolUse',
        verdict: 'skipped',
        reason: 'wrong-event',
        detail: 'configured for PostToolUse, not PreToolUse; its matcher "Bash" would match tool_name "Bash" here',
      }),
    ]);
  });

  it('condition: the handler\'s if rule, and what it was tested against', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo git', { if: 'Bash(git *)' })] }] } });
    const { sidecar } = await start(workspace);
    const skipped = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('rm -rf x') });
    expect(skipped.hooks[0]).toMatchObject({ verdict: 'skipped', reason: 'condition', condition: 'if "Bash(git *)"', matches: true });
    expect(skipped.hooks[0].detail).toContain('if "Bash(git *)" does not match tool_name "Bash" with tool_input {"command":"rm -rf x"}');
    const fires = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('git status') });
    expect(fires.hooks[0]).toMatchObject({ verdict: 'fires', reason: 'matched' });
    expect(fires.hooks[0].detail).toContain('if "Bash(git *)" matches');
  });

  it('deduplicated: the same command under two matchers runs once; the second names the first', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo same')] }, { matcher: '*', hooks: [command('echo same')] }] },
    });
    const { sidecar } = await start(workspace);
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(result.hooks.map((hook: any) => hook.verdict)).toEqual(['fires', 'skipped']);
    expect(result.hooks[1]).toMatchObject({ reason: 'deduplicated', duplicateOf: 'project:PreToolUse[0].hooks[0]' });
    expect(result.hooks[1].detail).toContain('same handler as project:PreToolUse[0].hooks[0]');
  });

  it('disabled: disableAllHooks names the file that set it; the hooks it kept from loading are still explained', async () => {
    const workspace = makeWorkspace();
    const settings = writeClaudeSettings(workspace, { disableAllHooks: true, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo guard')] }] } });
    const { sidecar, init } = await start(workspace);
    expect(init.hooks).toEqual([]);
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(result.hooks).toEqual([expect.objectContaining({ id: 'project:PreToolUse[0].hooks[0]', verdict: 'skipped', reason: 'disabled', matches: true })]);
    expect(result.hooks[0].detail).toContain(`disableAllHooks is true in ${settings}:`);
  });

  it("disabled: a subagent's Stop hook kept from loading by disableAllHooks is explained as the SubagentStop it would be", async () => {
    const workspace = makeWorkspace();
    const settings = writeClaudeSettings(workspace, { disableAllHooks: true });
    const agent = join(workspace, '.claude', 'agents', 'reviewer.md');
    mkdirSync(dirname(agent), { recursive: true });
    writeFileSync(agent, '---\nname: reviewer\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo review\n---\n\nReview.\n');
    const { sidecar } = await start(workspace, { sources: [{ scope: 'project', path: settings }, { scope: 'subagent', path: agent }] });
    const result = await sidecar.request('hooks/explain', { event: 'SubagentStop', params: { session, agentId: 'a1', agentType: 'reviewer' } });
    expect(result.hooks).toEqual([expect.objectContaining({ event: 'SubagentStop', scope: 'subagent', verdict: 'skipped', reason: 'disabled' })]);
  });

  it('disabled: allowManagedHooksOnly in managed settings keeps a project hook from loading, and says so', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo project')] }] } });
    const managed = join(scratchDir('hookd-explain-managed-'), 'managed-settings.json');
    writeFileSync(managed, JSON.stringify({ allowManagedHooksOnly: true, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo managed')] }] } }));
    const { sidecar } = await start(workspace, { options: { managedSettingsPath: managed } });
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    const project = result.hooks.find((hook: any) => hook.scope === 'project');
    expect(project).toMatchObject({ verdict: 'skipped', reason: 'disabled' });
    expect(project.detail).toContain(`allowManagedHooksOnly is true in ${managed}`);
    expect(result.hooks.find((hook: any) => hook.scope === 'managed')).toMatchObject({ verdict: 'fires' });
  });

  it('untrusted, then trusted (fires), then modified with workspaceTrust on', async () => {
    const workspace = makeWorkspace();
    const home = makeWorkspace('hookd-explain-home-');
    const settings = writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo guarded')] }] } });
    const { sidecar } = await start(workspace, { home, options: { workspaceTrust: true, trustStorePath: join(home, 'trust.json') } });
    const id = 'project:PreToolUse[0].hooks[0]';
    const untrusted = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(byId(untrusted, id)).toMatchObject({ verdict: 'skipped', reason: 'untrusted', trustKey: `claude-workspace:${workspace}` });
    expect(byId(untrusted, id).detail).toContain('is not trusted (trust/set)');

    await sidecar.request('trust/set', { trusted: true, persist: false });
    expect(byId(await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') }), id)).toMatchObject({ verdict: 'fires' });

    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo changed')] }] } });
    await sidecar.request('hooks/reload');
    const modified = byId(await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') }), id);
    expect(modified).toMatchObject({ verdict: 'skipped', reason: 'modified', command: 'echo changed' });
    expect(modified.detail).toContain(`${settings} is modified since`);
  });

  it('once: a skill hook with once: true fires until it ran in the session, then is skipped (another session: fires)', async () => {
    const workspace = makeWorkspace();
    const skill = join(workspace, '.claude', 'skills', 'onboarding', 'SKILL.md');
    mkdirSync(dirname(skill), { recursive: true });
    writeFileSync(skill, '---\nname: onboarding\nhooks:\n  UserPromptSubmit:\n    - hooks:\n        - type: command\n          command: echo first\n          once: true\n---\n\nSkill.\n');
    const { sidecar } = await start(workspace, { sources: [{ scope: 'skill', path: skill }] });
    const params = { session, prompt: 'hi' };
    expect((await sidecar.request('hooks/explain', { event: 'UserPromptSubmit', params })).hooks[0]).toMatchObject({ verdict: 'fires' });
    // Explaining twice spends nothing: the real event still runs it.
    expect((await sidecar.request('hooks/explain', { event: 'UserPromptSubmit', params })).hooks[0]).toMatchObject({ verdict: 'fires' });
    expect((await sidecar.request('hooks/UserPromptSubmit', params)).runs).toHaveLength(1);
    const spent = (await sidecar.request('hooks/explain', { event: 'UserPromptSubmit', params })).hooks[0];
    expect(spent).toMatchObject({ verdict: 'skipped', reason: 'once' });
    expect(spent.detail).toContain('already ran in session "explain-session"');
    const other = { session: { id: 'another' }, prompt: 'hi' };
    expect((await sidecar.request('hooks/explain', { event: 'UserPromptSubmit', params: other })).hooks[0]).toMatchObject({ verdict: 'fires' });
  });

  it('programmatic hooks are explained with the configured ones, in dispatch order', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [command('echo configured')] }] } });
    const { sidecar } = await start(workspace, { capabilities: { programmaticHooks: true } });
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', matcher: 'Edit', name: 'editor guard', priority: -1 });
    await sidecar.request('hooks/register', { event: 'Stop', name: 'stopper' });
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(result.hooks.map((hook: any) => [hook.id, hook.verdict, hook.reason])).toEqual([
      [hookId, 'skipped', 'matcher-mismatch'],
      ['project:PreToolUse[0].hooks[0]', 'fires', 'matched'],
      ['client:2', 'skipped', 'wrong-event'],
    ]);
    expect(result.hooks[0]).toMatchObject({ source: 'client', scope: 'client', handlerType: 'client', command: 'editor guard' });
  });

  it('never spawns: a matching hook that would create a marker file creates nothing; the real event does', async () => {
    const workspace = makeWorkspace();
    const markers = scratchDir('hookd-explain-markers-');
    const marker = join(markers, 'ran');
    writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [command(`touch ${marker}`), command(`touch ${marker}-async`, { async: true })] }],
        Stop: [{ hooks: [command(`touch ${marker}-stop`)] }],
      },
    });
    const { sidecar } = await start(workspace);
    const result = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash('ls') });
    expect(result.hooks.map((hook: any) => hook.verdict)).toEqual(['fires', 'fires', 'skipped']);
    expect(result.hooks[1]).toMatchObject({ background: true });
    await sidecar.request('hooks/explain', { event: 'Stop', params: { session } });
    expect(readdirSync(markers)).toEqual([]);
    await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(existsSync(marker)).toBe(true);
  });

  it('params are checked with the event\'s schema: -32602 naming the field; an unknown event is -32602 too', async () => {
    const workspace = makeWorkspace();
    const { sidecar } = await start(workspace);
    const missing = await sidecar.call('hooks/explain', { event: 'PreToolUse', params: { session } });
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toContain('params.toolName');
    const noSession = await sidecar.call('hooks/explain', { event: 'PreToolUse', params: { toolName: 'Bash', toolInput: {} } });
    expect(noSession.error?.code).toBe(-32602);
    expect(noSession.error?.message).toContain('params.session');
    const unknown = await sidecar.call('hooks/explain', { event: 'NoSuchEvent', params: { session } });
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.message).toContain('event');
  });
});

describe('hooks/explain agrees with the dispatch (built sidecar, real runs)', () => {
  it('the fires set is exactly the hooks hooks/PreToolUse ran, over every reason at once', async () => {
    const workspace = makeWorkspace();
    const home = makeWorkspace('hookd-explain-agree-home-');
    const markers = scratchDir('hookd-explain-agree-');
    const mark = (name: string, extra: Record<string, unknown> = {}) => command(`touch ${join(markers, name)}`, extra);
    // User settings are trusted; project settings wait for workspace trust.
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [mark('bash'), mark('git', { if: 'Bash(git *)' }), mark('rm', { if: 'Bash(rm *)' })] },
            { matcher: 'Edit|Write', hooks: [mark('edit')] },
            { matcher: 'B.*', hooks: [mark('bash')] },
            { hooks: [mark('all')] },
          ],
          PostToolUse: [{ matcher: 'Bash', hooks: [mark('post')] }],
        },
      }),
    );
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [mark('project')] }] } });
    const { sidecar } = await start(workspace, { home, options: { workspaceTrust: true, trustStorePath: join(home, 'trust.json') } });
    for (const call of [bash('rm -rf x'), bash('git status'), { session, toolName: 'Write', toolInput: { file_path: '/tmp/x' } }]) {
      const explained = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: call });
      const fires = explained.hooks.filter((hook: any) => hook.verdict === 'fires').map((hook: any) => hook.id);
      const reasons = new Set(explained.hooks.map((hook: any) => hook.reason));
      for (const reason of ['matcher-mismatch', 'wrong-event', 'untrusted']) expect(reasons).toContain(reason);
      const ran = (await sidecar.request('hooks/PreToolUse', call)).runs.map((run: any) => run.hookId);
      expect(fires.length).toBeGreaterThan(0);
      expect(ran).toEqual(fires);
    }
  });
});
