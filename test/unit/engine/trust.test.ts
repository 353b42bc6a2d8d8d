// Trust gating in the engine: hooks with a trustKey run only once the key is trusted, are listed as untrusted
// meanwhile with a warning naming their file; disabled hooks never run whatever their trust.
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const KEY = 'workspace:/ws';
const LOCAL = '/ws/.fake/settings.json';
const USER = '/home/u/.fake/settings.json';

const local = (id: string, command: string, extra: Partial<HookSpec> = {}): HookSpec => ({ ...hook(id, 'PreToolUse', command), source: LOCAL, trustKey: KEY, ...extra });
const user = (id: string, command: string, extra: Partial<HookSpec> = {}): HookSpec => ({ ...hook(id, 'PreToolUse', command), source: USER, scope: 'user', ...extra });

function engineWith(hooks: HookSpec[]) {
  const runner = scriptedRunner();
  const engine = new Engine({ dialect: fakeDialect(hooks), runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/home/u' });
  const commandsRun = () => runner.requests.map((request) => (request.command.kind === 'shell' ? request.command.script : request.command.file));
  return { engine, runner, commandsRun };
}

describe('trust keys', () => {
  it('a hook with a trust key is not dispatched until its key is trusted', async () => {
    const { engine, commandsRun } = engineWith([user('u', 'allow'), local('l', 'deny')]);
    const before = await engine.dispatch('PreToolUse', eventParams());
    expect(before.result.runs.map((run) => run.hookId)).toEqual(['u']);
    expect(before.result.decision).toBe('allow');
    expect(commandsRun()).toEqual(['allow']);

    engine.setTrusted(KEY, true);
    expect(engine.isTrusted(KEY)).toBe(true);
    const after = await engine.dispatch('PreToolUse', eventParams());
    expect(after.result.runs.map((run) => run.hookId)).toEqual(['u', 'l']);
    expect(after.result.decision).toBe('deny');
  });

  it('untrusted hooks are listed enabled: false with trust "untrusted"; trusted ones enabled with trust "trusted"', () => {
    const { engine } = engineWith([user('u', 'allow'), local('l', 'deny')]);
    const listed = () => new Map(engine.hooks().map((info) => [info.id, info]));
    expect(listed().get('l')).toMatchObject({ enabled: false, trust: 'untrusted', trustKey: KEY, source: LOCAL });
    expect(listed().get('u')).toMatchObject({ enabled: true });
    expect(listed().get('u')).not.toHaveProperty('trust');
    engine.setTrusted(KEY, true);
    expect(listed().get('l')).toMatchObject({ enabled: true, trust: 'trusted', trustKey: KEY });
  });

  it('an "untrusted" warning names the file and the key, once per file, until the key is trusted', () => {
    const { engine } = engineWith([user('u', 'allow'), local('l1', 'deny'), local('l2', 'ask')]);
    const untrusted = () => engine.diagnostics().filter((diagnostic) => diagnostic.code === 'untrusted');
    expect(untrusted()).toEqual([{ severity: 'warning', file: LOCAL, code: 'untrusted', message: expect.stringContaining(LOCAL) }]);
    expect(untrusted()[0]?.message).toContain(KEY);
    expect(untrusted()[0]?.message).toContain('2 hook(s)');
    expect(engine.trustKeys()).toEqual([KEY]);
    engine.setTrusted(KEY, true);
    expect(untrusted()).toEqual([]);
  });

  it('setTrusted(key, false) gates the hooks again', async () => {
    const { engine } = engineWith([local('l', 'deny')]);
    engine.setTrusted(KEY, true);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId)).toEqual(['l']);
    engine.setTrusted(KEY, false);
    expect(engine.isTrusted(KEY)).toBe(false);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
    expect(engine.hooks()[0]).toMatchObject({ enabled: false, trust: 'untrusted' });
    expect(engine.diagnostics().map((diagnostic) => diagnostic.code)).toContain('untrusted');
  });

  it('trusting another key does not open this one', async () => {
    const { engine } = engineWith([local('l', 'deny')]);
    engine.setTrusted('workspace:/elsewhere', true);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
  });
});

describe('disabled hooks', () => {
  it('never dispatch and are listed as disabled, trusted or not', async () => {
    const { engine, commandsRun } = engineWith([user('off', 'deny', { disabled: true }), local('off-local', 'block', { disabled: true }), user('on', 'allow')]);
    engine.setTrusted(KEY, true);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs.map((run) => run.hookId)).toEqual(['on']);
    expect(commandsRun()).toEqual(['allow']);
    const listed = new Map(engine.hooks().map((info) => [info.id, info]));
    expect(listed.get('off')).toMatchObject({ enabled: false, disabled: true });
    expect(listed.get('off-local')).toMatchObject({ enabled: false, disabled: true, trust: 'trusted' });
    expect(listed.get('on')).toMatchObject({ enabled: true });
    expect(listed.get('on')).not.toHaveProperty('disabled');
  });

  it('a file whose only trust-gated hooks are disabled gets no "untrusted" warning', () => {
    const { engine } = engineWith([local('off-local', 'block', { disabled: true })]);
    expect(engine.diagnostics().filter((diagnostic) => diagnostic.code === 'untrusted')).toEqual([]);
  });
});
