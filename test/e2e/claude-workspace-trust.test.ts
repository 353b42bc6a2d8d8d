// Workspace trust for the claude dialect (initialize options.workspaceTrust), against the built sidecar. Interactive
// Claude Code asks the user to trust a folder before its project settings take effect; headless runs skip the dialog.
// hookd: off by default; on, the project and local settings files' hooks wait for trust/set, bound to their content.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-workspace-trust' };
const prompt = { session, prompt: 'hello' };

/** Settings whose one UserPromptSubmit hook prints `label` (plain stdout: context on UserPromptSubmit). */
const saying = (label: string) => ({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo ${label}` }] }] } });

/** The hash as docs/claude-dialect.md defines it, computed here on its own: sha256 of key-sorted compact JSON of [[scope, hooks], ...]. */
function expectedHash(files: Array<[string, unknown]>): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]))
        : value;
  return `sha256:${createHash('sha256').update(JSON.stringify(sorted(files))).digest('hex')}`;
}

type Scene = { workspace: string; home: string; store: string; key: string; project: string; local: string; user: string };

function scene(): Scene {
  const workspace = makeWorkspace('hookd-wstrust-ws-');
  const home = makeWorkspace('hookd-wstrust-home-');
  return {
    workspace,
    home,
    store: join(home, 'trust.json'),
    key: `claude-workspace:${workspace}`,
    project: join(workspace, '.claude', 'settings.json'),
    local: join(workspace, '.claude', 'settings.local.json'),
    user: join(home, '.claude', 'settings.json'),
  };
}

async function start(s: Scene, options: Record<string, unknown> = { workspaceTrust: true }): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(s.workspace, { home: s.home, options: { trustStorePath: s.store, ...options } });
  return { sidecar, init };
}

/** The labels of the hooks that ran on one UserPromptSubmit, in configured order. */
async function whatRan(sidecar: Sidecar): Promise<string[]> {
  const result = await sidecar.request('hooks/UserPromptSubmit', prompt);
  return result.additionalContext === undefined ? [] : String(result.additionalContext).split('\n');
}

const trustWarnings = (diagnostics: Array<{ code?: string }>) => diagnostics.filter((entry) => entry.code === 'untrusted' || entry.code === 'modified') as any[];

describe('claude workspace trust (initialize options.workspaceTrust)', () => {
  it('"workspace trust: project settings hooks stay inactive until the client trusts the workspace": listed untrusted with a warning, not run; trust/set makes them run', async () => {
    const s = scene();
    writeClaudeSettings(s.home, saying('user'));
    writeClaudeSettings(s.workspace, saying('project'));
    writeClaudeSettings(s.workspace, saying('local'), 'settings.local.json');
    const { sidecar, init } = await start(s);

    const byScope = Object.fromEntries(init.hooks.map((hook: any) => [hook.scope, hook]));
    expect(byScope.user).toMatchObject({ enabled: true });
    expect(byScope.user.trust).toBeUndefined();
    expect(byScope.project).toMatchObject({ enabled: false, trust: 'untrusted', trustKey: s.key, source: s.project });
    expect(byScope.local).toMatchObject({ enabled: false, trust: 'untrusted', trustKey: s.key, source: s.local });
    expect(trustWarnings(init.diagnostics)).toEqual([
      { severity: 'warning', file: s.project, code: 'untrusted', message: `1 hook(s) in ${s.project} do not run until the client trusts "${s.key}" (trust/set)` },
      { severity: 'warning', file: s.local, code: 'untrusted', message: `1 hook(s) in ${s.local} do not run until the client trusts "${s.key}" (trust/set)` },
    ]);
    expect(await whatRan(sidecar)).toEqual(['user']);

    const hash = expectedHash([
      ['project', saying('project').hooks],
      ['local', saying('local').hooks],
    ]);
    const listed = await sidecar.request('trust/list');
    expect(listed).toEqual({ storePath: s.store, entries: [{ key: s.key, trusted: false, state: 'untrusted', hooks: 2, sources: [s.project, s.local], currentHash: hash }] });

    const trusted = await sidecar.request('trust/set', { trusted: true });
    expect(trusted.entries).toEqual([{ key: s.key, trusted: true, state: 'trusted', hooks: 2, sources: [s.project, s.local], currentHash: hash, trustedHash: hash }]);
    expect(trustWarnings(trusted.diagnostics)).toEqual([]);
    expect(await whatRan(sidecar)).toEqual(['user', 'project', 'local']);
    expect(JSON.parse(readFileSync(s.store, 'utf8')).trusted[s.key]).toEqual({ trustedAt: expect.any(String), trustedHash: hash });
  });

  it('"a trust granted persists across sessions": the next session reads the store and runs the project hooks at once', async () => {
    const s = scene();
    writeClaudeSettings(s.workspace, saying('project'));
    const first = await start(s);
    await first.sidecar.request('trust/set', { trusted: true });
    const second = await start(s);
    expect(second.init.hooks[0]).toMatchObject({ enabled: true, trust: 'trusted', trustKey: s.key });
    expect(trustWarnings(second.init.diagnostics)).toEqual([]);
    expect(await whatRan(second.sidecar)).toEqual(['project']);
  });

  it('"an edit after trust asks again": a git pull that changes the project hooks makes them modified (not run) in the next session and after hooks/reload, until trusted again', async () => {
    const s = scene();
    writeClaudeSettings(s.workspace, saying('v1'));
    const first = await start(s, { workspaceTrust: true, watch: false });
    await first.sidecar.request('trust/set', { trusted: true });
    expect(await whatRan(first.sidecar)).toEqual(['v1']);

    // The edit arrives while the session runs: after a reload the hooks are modified and stop running.
    writeClaudeSettings(s.workspace, saying('v2'));
    const reloaded = await first.sidecar.request('hooks/reload');
    expect(reloaded.hooks[0]).toMatchObject({ enabled: false, trust: 'modified' });
    expect(await whatRan(first.sidecar)).toEqual([]);

    // And in a new session (the `git pull` between sessions).
    const second = await start(s);
    const v1 = expectedHash([['project', saying('v1').hooks]]);
    const v2 = expectedHash([['project', saying('v2').hooks]]);
    expect(second.init.hooks[0]).toMatchObject({ enabled: false, trust: 'modified', trustKey: s.key });
    expect(trustWarnings(second.init.diagnostics)).toEqual([
      {
        severity: 'warning',
        file: s.project,
        code: 'modified',
        message: `1 hook(s) in ${s.project} are modified: ${s.project} changed since "${s.key}" was trusted (trusted ${v1}, now ${v2}); they do not run until the client reviews and trusts "${s.key}" again (trust/set)`,
      },
    ]);
    expect((await second.sidecar.request('trust/list')).entries).toEqual([
      { key: s.key, trusted: false, state: 'modified', hooks: 1, sources: [s.project], currentHash: v2, trustedHash: v1 },
    ]);
    expect(await whatRan(second.sidecar)).toEqual([]);

    await second.sidecar.request('trust/set', { trusted: true });
    expect(await whatRan(second.sidecar)).toEqual(['v2']);
  });

  it('an edit to settings.local.json hooks also asks again; reformatting or other settings (permissions Claude Code writes there) do not', async () => {
    const s = scene();
    writeClaudeSettings(s.workspace, saying('project'));
    writeClaudeSettings(s.workspace, saying('local'), 'settings.local.json');
    const first = await start(s);
    await first.sidecar.request('trust/set', { trusted: true });

    // Other settings and a different layout: still trusted.
    const command = saying('local').hooks.UserPromptSubmit[0]!.hooks[0]!.command;
    writeFileSync(s.local, `{"permissions": {"allow": ["Bash(ls:*)"]},\n  "hooks": {"UserPromptSubmit": [{"hooks": [{"command": ${JSON.stringify(command)}, "type": "command"}]}]}}`);
    const second = await start(s);
    expect(second.init.hooks.map((hook: any) => hook.trust)).toEqual(['trusted', 'trusted']);
    expect(await whatRan(second.sidecar)).toEqual(['project', 'local']);

    // A changed local hook: both files' hooks wait again (one key covers the workspace).
    writeClaudeSettings(s.workspace, saying('local-edited'), 'settings.local.json');
    const third = await start(s);
    expect(third.init.hooks.map((hook: any) => hook.trust)).toEqual(['modified', 'modified']);
    expect(await whatRan(third.sidecar)).toEqual([]);
  });

  it('off by default (as headless Claude Code): without the option project and local hooks run at once and need no trust', async () => {
    const s = scene();
    writeClaudeSettings(s.workspace, saying('project'));
    writeClaudeSettings(s.workspace, saying('local'), 'settings.local.json');
    const { sidecar, init } = await start(s, {});
    expect(init.hooks.map((hook: any) => [hook.enabled, hook.trust, hook.trustKey])).toEqual([
      [true, undefined, undefined],
      [true, undefined, undefined],
    ]);
    expect(trustWarnings(init.diagnostics)).toEqual([]);
    expect((await sidecar.request('trust/list')).entries).toEqual([]);
    expect(await whatRan(sidecar)).toEqual(['project', 'local']);
  });

  it('distrusting the workspace (trust/set trusted:false) stops its hooks and removes the store entry', async () => {
    const s = scene();
    writeClaudeSettings(s.workspace, saying('project'));
    const { sidecar } = await start(s);
    await sidecar.request('trust/set', { trusted: true });
    expect(await whatRan(sidecar)).toEqual(['project']);
    const answer = await sidecar.request('trust/set', { key: s.key, trusted: false });
    expect(answer.entries[0]).toMatchObject({ state: 'untrusted', trusted: false });
    expect(await whatRan(sidecar)).toEqual([]);
    expect(JSON.parse(readFileSync(s.store, 'utf8')).trusted[s.key]).toBeUndefined();
  });

  it('a bad workspaceTrust value is -32602 naming the field', async () => {
    const s = scene();
    const sidecar = new Sidecar();
    open.push(sidecar);
    const response = await sidecar.call('initialize', { protocolVersion: '0.1', dialect: 'claude', workspace: s.workspace, home: s.home, options: { workspaceTrust: 'yes' } });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('workspaceTrust');
  });
});
