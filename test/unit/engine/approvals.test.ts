// Hooks that ask approval (HookSpec.approval) in the engine: awaiting approval until answered, the answer's scope
// (this load / this process / denied for this process and hash), questions once per load, diagnostics, explain.
// A test-only dialect whose configuration the test swaps between loads; the runner never spawns.
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const FILE = '/ws/.fake/config.toml';
const keyOf = (name: string) => `approval:${FILE}#${name}`;

/** A project hook that asks approval, its trust hash standing for its whole declaration. */
function asking(name: string, command: string, extra: Partial<HookSpec> = {}): HookSpec {
  return {
    ...hook(`project:${name}`, 'PreToolUse', command),
    name,
    source: FILE,
    trustKey: keyOf(name),
    trustHash: `sha256:${name}-${command}`,
    approval: { summary: command, actionType: 'shell' },
    location: { file: FILE, line: 3, field: `hooks.${name}` },
    ...extra,
  };
}

function engineWith(initial: HookSpec[], options: { asksApproval?: boolean } = {}) {
  let hooks = initial;
  let reloads = 0;
  const runner = scriptedRunner();
  const dialect = fakeDialect([], { load: () => ({ hooks, diagnostics: [], sources: [FILE] }) });
  const engine = new Engine({ dialect, runner, workspace: '/ws', asksApproval: options.asksApproval ?? true, onReload: () => reloads++ });
  const context = { workspace: '/ws', home: '/home/u' };
  engine.load(context);
  return {
    engine,
    ran: async () => (await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId),
    reload: (next: HookSpec[] = hooks) => {
      hooks = next;
      engine.reload(context);
    },
    reloads: () => reloads,
    listed: (id: string) => engine.hooks().find((info) => info.id === id),
    codes: () => engine.diagnostics().map((diagnostic) => diagnostic.code),
  };
}

describe('hooks that ask approval', () => {
  it('"Until answered, /hooks shows the entry as awaiting approval and it does not fire."', async () => {
    const { engine, ran, listed } = engineWith([asking('fmt', 'allow'), { ...hook('user:u', 'PreToolUse', 'allow'), scope: 'user' }]);
    expect(await ran()).toEqual(['user:u']);
    expect(listed('project:fmt')).toMatchObject({ enabled: false, trust: 'awaiting_approval', trustKey: keyOf('fmt') });
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    const [diagnostic] = engine.diagnostics().filter((entry) => entry.code === 'awaiting_approval');
    expect(diagnostic).toMatchObject({ severity: 'warning', file: FILE, line: 3, field: 'hooks.fmt' });
    expect(diagnostic?.message).toContain('hook "fmt" (PreToolUse, /ws/.fake/config.toml:3) awaits approval (shell "allow")');
    expect(diagnostic?.message).toContain('the client was asked (hooks/approve)');
    // Such hooks get no generic "untrusted" warning: their own says what to do.
    expect(engine.diagnostics().map((entry) => entry.code)).not.toContain('untrusted');
  });

  it('one question per key awaiting approval, with the hash the answer covers; none for hooks parked in their file', () => {
    const { engine } = engineWith([asking('a', 'allow'), asking('b', 'deny'), asking('parked', 'block', { disabled: true })]);
    expect(engine.approvalQuestions().map((question) => [question.key, question.hash, question.hook.id])).toEqual([
      [keyOf('a'), 'sha256:a-allow', 'project:a'],
      [keyOf('b'), 'sha256:b-deny', 'project:b'],
    ]);
  });

  it('"once" approves for this configuration load only: it fires now, and the next load asks again', async () => {
    const { engine, ran, reload, listed } = engineWith([asking('fmt', 'allow')]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'load');
    expect(await ran()).toEqual(['project:fmt']);
    expect(listed('project:fmt')).toMatchObject({ enabled: true, trust: 'trusted' });
    expect(engine.approvalQuestions()).toEqual([]);
    reload();
    expect(await ran()).toEqual([]);
    expect(engine.approvalQuestions().map((question) => question.key)).toEqual([keyOf('fmt')]);
  });

  it('"session" approves for this hookd process: it fires across reloads without asking again', async () => {
    const { engine, ran, reload } = engineWith([asking('fmt', 'allow')]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'process');
    reload();
    expect(await ran()).toEqual(['project:fmt']);
    expect(engine.approvalQuestions()).toEqual([]);
  });

  it('"The trust record hashes the complete effect declaration ... so editing any of it re-prompts."', async () => {
    const { engine, ran, reload, listed } = engineWith([asking('fmt', 'allow')]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'process');
    expect(await ran()).toEqual(['project:fmt']);
    reload([asking('fmt', 'allow', { trustHash: 'sha256:edited' })]);
    expect(await ran()).toEqual([]);
    // Trusted for another declaration: awaiting approval again (not "modified": it asks).
    expect(listed('project:fmt')).toMatchObject({ trust: 'awaiting_approval', enabled: false });
    expect(engine.approvalQuestions().map((question) => question.hash)).toEqual(['sha256:edited']);
  });

  it('an answer for a hash the key no longer has approves nothing', async () => {
    const { engine, ran, reload } = engineWith([asking('fmt', 'allow')]);
    reload([asking('fmt', 'allow', { trustHash: 'sha256:edited' })]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'load');
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'process');
    expect(await ran()).toEqual([]);
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
  });

  it('"deny" holds for this process and this declaration: not asked again on reload, asked again once edited', async () => {
    const { engine, ran, reload, listed } = engineWith([asking('fmt', 'allow')]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'deny');
    expect(await ran()).toEqual([]);
    expect(listed('project:fmt')).toMatchObject({ trust: 'denied', enabled: false });
    const [diagnostic] = engine.diagnostics().filter((entry) => entry.code === 'denied');
    expect(diagnostic?.message).toContain('hook "fmt" (PreToolUse, /ws/.fake/config.toml:3) was denied (shell "allow")');
    reload();
    expect(engine.approvalQuestions()).toEqual([]);
    expect(engine.trustState(keyOf('fmt'))).toBe('denied');
    reload([asking('fmt', 'allow', { trustHash: 'sha256:edited' })]);
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    expect(engine.approvalQuestions().map((question) => question.hash)).toEqual(['sha256:edited']);
  });

  it('trust/set still approves a denied or awaiting hook (setTrusted), and distrusting it makes it await approval again', async () => {
    const { engine, ran } = engineWith([asking('fmt', 'allow')]);
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'deny');
    engine.setTrusted(keyOf('fmt'), true);
    expect(await ran()).toEqual(['project:fmt']);
    engine.setTrusted(keyOf('fmt'), false);
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'load');
    engine.setTrusted(keyOf('fmt'), false);
    expect(await ran()).toEqual([]);
  });

  it('a trust read from the store for the current declaration makes the hook run without asking', async () => {
    const { engine, ran } = engineWith([asking('fmt', 'allow')]);
    engine.setTrusted(keyOf('fmt'), true, 'sha256:fmt-allow');
    expect(engine.approvalQuestions()).toEqual([]);
    expect(await ran()).toEqual(['project:fmt']);
  });

  it('a problem asking (a bad answer) stays in the diagnostic until the next load, the hook still awaiting approval', () => {
    const { engine, reload } = engineWith([asking('fmt', 'allow')]);
    engine.noteApprovalProblem(keyOf('fmt'), 'the answer was not once, session, project or deny');
    const awaiting = () => engine.diagnostics().find((entry) => entry.code === 'awaiting_approval')?.message ?? '';
    expect(awaiting()).toContain('asking the client failed (the answer was not once, session, project or deny)');
    expect(awaiting()).toContain(`trust/set "${keyOf('fmt')}"`);
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    reload();
    expect(awaiting()).toContain('the client was asked (hooks/approve)');
  });

  it('a client that cannot be asked: the diagnostic says the hook awaits approval and that trust/set approves it', () => {
    const { engine } = engineWith([asking('fmt', 'allow')], { asksApproval: false });
    const message = engine.diagnostics().find((entry) => entry.code === 'awaiting_approval')?.message ?? '';
    expect(message).toContain('awaits approval');
    expect(message).toContain('capabilities.hookApproval');
    expect(message).toContain(`approve it with trust/set "${keyOf('fmt')}"`);
  });

  it('says whether its events proceed without it or fail closed (whenUntrusted "refuse")', () => {
    const { engine } = engineWith([asking('guard', 'block', { whenUntrusted: 'refuse' }), asking('fmt', 'allow')]);
    const messages = engine.diagnostics().filter((entry) => entry.code === 'awaiting_approval').map((entry) => entry.message);
    expect(messages[0]).toContain('fail-closed');
    expect(messages[1]).toContain('events it matches proceed without it');
  });

  it('onReload is called after each reload, not after the first load', () => {
    const { reload, reloads } = engineWith([asking('fmt', 'allow')]);
    expect(reloads()).toBe(0);
    reload();
    reload();
    expect(reloads()).toBe(2);
  });

  it('keys whose hooks do not ask approval keep untrusted / modified', () => {
    const plain: HookSpec = { ...hook('project:plain', 'PreToolUse', 'allow'), source: FILE, trustKey: 'workspace:/ws', trustHash: 'sha256:1' };
    const { engine, reload } = engineWith([plain, asking('fmt', 'allow')]);
    expect(engine.trustState('workspace:/ws')).toBe('untrusted');
    engine.setTrusted('workspace:/ws', true);
    reload([{ ...plain, trustHash: 'sha256:2' }, asking('fmt', 'allow')]);
    expect(engine.trustState('workspace:/ws')).toBe('modified');
    expect(engine.approvalQuestions().map((question) => question.key)).toEqual([keyOf('fmt')]);
  });

  it('hooks/explain names the state: awaiting_approval, then denied', () => {
    const { engine } = engineWith([asking('fmt', 'allow')]);
    const explained = () => engine.explain('PreToolUse', eventParams()).hooks.find((entry) => entry.id === 'project:fmt');
    expect(explained()).toMatchObject({ verdict: 'skipped', reason: 'awaiting_approval' });
    engine.answerApproval(keyOf('fmt'), 'sha256:fmt-allow', 'deny');
    expect(explained()).toMatchObject({ verdict: 'skipped', reason: 'denied' });
  });
});
