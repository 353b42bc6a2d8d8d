// Conformance of the `pbi` dialect's configuration to its seed (/work/shared/seeds/003_56cc3040b22abc10.txt):
// "Configuration", "Trust review" (the load side: what each hook's review state is), "Managed hooks", "Dangerous
// trust bypass" (the load side) and "Matchers". Each test name quotes the seed sentence it pins. Hooks come from real
// hooks.json files in a scratch home and workspace, load through the real loader and run through the real Engine and
// process runner; commands record what ran in $REC, and no hook process may outlive its test (checked by /proc).
// Which hooks the engine dispatches by review state, the warnings and the review actions are part D's suites.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import type { HookSpec, LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult, ProgressParams } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';

class PbiBench {
  readonly root = realpathSync(scratchDir('hookd-pbi-config-'));
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly globalFile = join(this.home, '.pbi-agent', 'hooks.json');
  readonly projectFile = join(this.workspace, '.agents', 'hooks.json');
  readonly statePath = join(this.home, '.pbi-agent', 'hooks_state.json');
  readonly progress: ProgressParams[] = [];
  readonly engine: Engine;
  context: LoadContext;

  constructor(context: Partial<LoadContext> = {}) {
    for (const dir of [join(this.home, '.pbi-agent'), join(this.workspace, '.agents'), this.rec]) mkdirSync(dir, { recursive: true });
    const env = { ...processEnvironment(), SHELL: '/bin/bash', REC: this.rec, [TEST_MARK]: this.mark };
    this.engine = new Engine({ dialect: pbiDialect, runner: createProcessRunner(), workspace: this.workspace, baseEnv: env, onProgress: (p) => this.progress.push(p) });
    // The bypass makes every hook runnable whatever the engine does with review (part D): these tests are about loading.
    this.context = { workspace: this.workspace, home: this.home, env, managedPolicyDir: join(this.root, 'no-policy'), bypassHookTrust: true, ...context };
  }

  write(where: 'global' | 'project' | string, config: unknown): string {
    const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
    writeFileSync(where === 'global' ? this.globalFile : where === 'project' ? this.projectFile : where, text);
    return text;
  }

  load(context: Partial<LoadContext> = {}) {
    return this.engine.load({ ...this.context, ...context });
  }

  hooks(context: Partial<LoadContext> = {}): readonly HookSpec[] {
    return pbiDialect.load({ ...this.context, ...context }).hooks;
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    const { result } = await this.engine.dispatch(event, { session: { id: 'pbi-session-1', cwd: this.workspace }, ...params } as EventParams);
    return result;
  }

  ran(): string[] {
    const file = join(this.rec, 'ran');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  }

  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }
}

const benches: PbiBench[] = [];
afterEach(() => {
  const left = benches.splice(0).flatMap((b) => {
    const pids = b.leftovers();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids;
  });
  expect(left, 'hook processes left running').toEqual([]);
});
function bench(context: Partial<LoadContext> = {}): PbiBench {
  const created = new PbiBench(context);
  benches.push(created);
  return created;
}

const record = (name: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: `echo ${name} >> "$REC/ran"`, ...more });
const group = (matcher: string | undefined, ...hooks: unknown[]) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks });
const file = (hooks: Record<string, unknown[]>) => ({ hooks });
const toolCall = (toolName: string) => ({ toolName, toolInput: { command: 'ls' }, toolUseId: `call-${toolName}` });
const keyAndHash = (hooks: readonly HookSpec[]) => hooks.map((hook) => [hook.review?.key, hook.review?.currentHash]);

describe('Configuration', () => {
  it('"Hooks are loaded from JSON only:" "~/.pbi-agent/hooks.json" then "<workspace>/.agents/hooks.json", and both run', async () => {
    const b = bench();
    b.write('global', file({ UserPromptSubmit: [group(undefined, record('global'))] }));
    b.write('project', file({ UserPromptSubmit: [group(undefined, record('project'))] }));
    for (const other of [join(b.workspace, '.agents', 'hooks.jsonc'), join(b.workspace, '.pbi-agent', 'hooks.json'), join(b.home, '.agents', 'hooks.json')]) {
      mkdirSync(join(other, '..'), { recursive: true });
      b.write(other, file({ UserPromptSubmit: [group(undefined, record('other'))] }));
    }
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.hooks.map((hook) => [hook.id, hook.source])).toEqual([
      ['global:UserPromptSubmit[0].hooks[0]', b.globalFile],
      ['project:UserPromptSubmit[0].hooks[0]', b.projectFile],
    ]);
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(result.runs.map((run) => run.hookId)).toEqual(['global:UserPromptSubmit[0].hooks[0]', 'project:UserPromptSubmit[0].hooks[0]']);
    expect([...b.ran()].sort()).toEqual(['global', 'project']);
  });

  it('"Hooks are loaded from JSON only": comments, trailing commas and non-JSON literals make the file an error naming its line, and it contributes nothing', () => {
    const b = bench();
    b.write('project', '{\n  // a comment\n  "hooks": {}\n}');
    b.write('global', '{"hooks": {"Stop": [{"hooks": [{"command": "true", "timeout": Infinity}]}]}}');
    const snapshot = b.load();
    expect(snapshot.hooks).toEqual([]);
    expect(snapshot.diagnostics.filter((d) => d.code === 'invalid-json').map((d) => [d.severity, d.file, d.line, d.code])).toEqual([
      ['error', b.globalFile, 1, 'invalid-json'],
      ['error', b.projectFile, 2, 'invalid-json'],
    ]);
  });

  it('the seed\'s "Example:" loads as written: a PreToolUse hook on shell|apply_patch with timeout 30 and statusMessage, and a Stop hook', () => {
    const b = bench();
    b.write('project', {
      hooks: {
        PreToolUse: [{ matcher: 'shell|apply_patch', hooks: [{ type: 'command', command: 'python3 .agents/hooks/check_policy.py', timeout: 30, statusMessage: 'Checking policy' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'python3 .agents/hooks/session_end.py' }] }],
      },
    });
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.hooks.map((hook) => [hook.event, hook.matcher, hook.handler.timeoutMs, hook.handler.statusMessage])).toEqual([
      ['PreToolUse', 'shell|apply_patch', 30_000, 'Checking policy'],
      ['Stop', undefined, 600_000, undefined],
    ]);
  });

  it('"Only type: "command" runs today." — a command hook runs in the session workspace, through pbi-agent\'s login shell ($SHELL -lc)', async () => {
    const b = bench();
    b.write('project', file({ Stop: [group(undefined, { type: 'command', command: 'pwd > "$REC/cwd"; shopt -q login_shell && echo login > "$REC/shell"; echo ran >> "$REC/ran"' })] }));
    b.load();
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['ran']);
    expect(readFileSync(join(b.rec, 'cwd'), 'utf8').trim()).toBe(b.workspace);
    expect(readFileSync(join(b.rec, 'shell'), 'utf8').trim()).toBe('login');
  });

  it('"Unsupported prompt, agent, and async: true handlers are parsed as diagnostics and skipped."', async () => {
    const b = bench();
    b.write('project', file({
      Stop: [group(undefined,
        { type: 'prompt', prompt: 'Is the task done?', command: 'echo prompt >> "$REC/ran"' },
        { type: 'agent', prompt: 'Check it', command: 'echo agent >> "$REC/ran"' },
        record('async', { async: true }),
        record('command'))],
    }));
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => hook.id)).toEqual(['project:Stop[0].hooks[3]']);
    expect(snapshot.diagnostics.map((d) => [d.code, d.field, d.file])).toEqual([
      ['unsupported-handler-type', 'hooks.Stop[0].hooks[0].type', b.projectFile],
      ['unsupported-handler-type', 'hooks.Stop[0].hooks[1].type', b.projectFile],
      ['async-handler', 'hooks.Stop[0].hooks[2].async', b.projectFile],
    ]);
    expect(snapshot.diagnostics.every((d) => d.line !== undefined && d.severity === 'warning')).toBe(true);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['command']);
  });

  it('"statusMessage": "Checking policy" is sent as progress while the hook runs', async () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group('shell', record('checked', { statusMessage: 'Checking policy' }))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('shell'));
    expect(b.progress.filter((p) => p.phase === 'started').map((p) => [p.hookId, p.statusMessage])).toEqual([['project:PreToolUse[0].hooks[0]', 'Checking policy']]);
  });

  it('"timeout": 30 — seconds; a timeout the hook outlives kills it', async () => {
    const b = bench();
    b.write('project', file({ Stop: [group(undefined, { command: 'sleep 30; echo late >> "$REC/ran"', timeout: 1 })] }));
    b.load();
    const result = await b.dispatch('Stop');
    expect(result.runs[0]?.timedOut).toBe(true);
    expect(b.ran()).toEqual([]);
  });

  it('PermissionRequest (deferred by the seed) and a miscased event are diagnostics; their hooks never load', () => {
    const b = bench();
    b.write('project', file({ PermissionRequest: [group(undefined, record('perm'))], stop: [group(undefined, record('lower'))] }));
    const snapshot = b.load();
    expect(snapshot.hooks).toEqual([]);
    expect(snapshot.diagnostics.map((d) => [d.code, d.field])).toEqual([['deferred-event', 'hooks.PermissionRequest'], ['unsupported-event', 'hooks.stop']]);
  });
});

describe('Trust review (load side)', () => {
  it('"Hooks are skipped until trusted unless they come from a trusted managed source." — without the bypass a never-reviewed hook is untrusted and not runnable; a managed one is', () => {
    const b = bench({ bypassHookTrust: false });
    const vouched = join(b.root, 'policy.json');
    b.write('project', file({ Stop: [group(undefined, record('project'))] }));
    b.write(vouched, file({ Stop: [group(undefined, record('policy', { managed: true }))] }));
    const hooks = b.hooks({ managedHooksPath: vouched });
    expect(hooks.map((hook) => [hook.id, hook.review?.status, hook.review?.runnable])).toEqual([
      ['project:Stop[0].hooks[0]', 'untrusted', false],
      ['managed:policy.json:Stop[0].hooks[0]', 'managed', true],
    ]);
  });

  it('"pbi-agent stores trust state in ~/.pbi-agent/hooks_state.json using a stable hook identity plus a normalized hash of the hook definition." — the key and hash are pbi-agent\'s, and the state file is watched', () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group('shell|apply_patch', { type: 'command', command: 'python3 .agents/hooks/check_policy.py', timeout: 30, statusMessage: 'Checking policy' })] }));
    const snapshot = b.load();
    expect(keyAndHash(snapshot.hooks)).toEqual([[
      `project:${b.projectFile}:PreToolUse:shell|apply_patch:sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7:1`,
      'sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f',
    ]]);
    expect(snapshot.sources).toContain(b.statePath);
    expect(pbiDialect.reviewStore?.(b.context).path).toBe(b.statePath);
  });

  it('"Formatting changes to JSON do not invalidate trust" — indentation, key order, matcher padding, omitted type, "30" for 30, unknown fields keep key and hash', () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group('shell', { type: 'command', command: 'echo a', timeout: 30, statusMessage: 'S' })] }));
    const before = keyAndHash(b.hooks());
    b.write('project', '{"hooks":{"PreToolUse":[{"hooks":[{"statusMessage":"S","timeout":"30","command":"echo a","note":"x"}],"matcher":"  shell "}]}}');
    expect(keyAndHash(b.hooks())).toEqual(before);
    b.write('project', file({ PreToolUse: [group('shell', { command: 'echo a', timeout: 30.9, statusMessage: 'S', managed: true })] }));
    expect(keyAndHash(b.hooks())).toEqual(before);
  });

  it('"but command, matcher, timeout, status message, or managed-policy changes do" — each change gives a new hash (command and matcher also a new key)', () => {
    const b = bench();
    const vouched = join(b.root, 'policy.json');
    const base = { command: 'echo a', timeout: 30, statusMessage: 'S' };
    const variants: Array<[string, unknown, boolean]> = [
      ['command', { ...base, command: 'echo b' }, true],
      ['command whitespace', { ...base, command: ' echo a' }, false],
      ['timeout', { ...base, timeout: 31 }, false],
      ['status message', { ...base, statusMessage: 'T' }, false],
    ];
    b.write('project', file({ PreToolUse: [group('shell', base)] }));
    const [[key, hash]] = keyAndHash(b.hooks()) as [[string, string]];
    for (const [what, handler, newKey] of variants) {
      b.write('project', file({ PreToolUse: [group('shell', handler)] }));
      const [[key2, hash2]] = keyAndHash(b.hooks()) as [[string, string]];
      expect(hash2, what).not.toBe(hash);
      expect(key2 !== key, what).toBe(newKey);
    }
    b.write('project', file({ PreToolUse: [group('shell|write', base)] }));
    const [[matcherKey, matcherHash]] = keyAndHash(b.hooks()) as [[string, string]];
    expect(matcherKey).not.toBe(key);
    expect(matcherHash).not.toBe(hash);
    // Managed policy: the same handler in a managed source, marked and not marked.
    b.write(vouched, file({ PreToolUse: [group('shell', base)] }));
    const reviewed = b.hooks({ managedHooksPath: vouched }).find((hook) => hook.scope === 'managed');
    b.write(vouched, file({ PreToolUse: [group('shell', { ...base, managed: true })] }));
    const managed = b.hooks({ managedHooksPath: vouched }).find((hook) => hook.scope === 'managed');
    expect(managed?.review?.key).toBe(reviewed?.review?.key);
    expect(managed?.review?.currentHash).not.toBe(reviewed?.review?.currentHash);
  });
});

describe('Managed hooks', () => {
  const isRoot = process.getuid?.() === 0;

  it('"Managed hooks are reserved for trusted policy sources." — a policy directory file counts only when it and its directory are root-owned and not writable by group or others', () => {
    const b = bench({ bypassHookTrust: false });
    const dir = join(b.root, 'managed-hooks');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const policy = join(dir, 'required.json');
    b.write(policy, file({ Stop: [group(undefined, record('required', { managed: true }))] }));
    chmodSync(policy, isRoot ? 0o644 : 0o666);
    const hooks = b.hooks({ managedPolicyDir: dir });
    if (isRoot) expect(hooks.map((hook) => hook.review?.status)).toEqual(['managed']);
    chmodSync(policy, 0o666);
    const snapshot = pbiDialect.load({ ...b.context, managedPolicyDir: dir });
    expect(snapshot.hooks).toEqual([]);
    expect(snapshot.diagnostics.map((d) => [d.file, d.code])).toEqual([[policy, 'managed-policy-untrusted']]);
    expect(snapshot.diagnostics[0]?.message).toMatch(/writable by (group|others)|not root/);
  });

  it('"Ordinary global ~/.pbi-agent/hooks.json and project .agents/hooks.json files cannot make a hook trusted-by-policy by setting "managed": true; that self-declaration is ignored and reported as a diagnostic."', () => {
    const b = bench({ bypassHookTrust: false });
    b.write('global', file({ Stop: [group(undefined, record('g', { managed: true }))] }));
    b.write('project', file({ Stop: [group(undefined, record('p', { managed: true }))] }));
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => [hook.review?.status, hook.review?.managed, hook.review?.runnable, hook.review?.diagnostics])).toEqual([
      ['untrusted', false, false, [`${b.globalFile}: ignoring self-declared managed hook from global source`]],
      ['untrusted', false, false, [`${b.projectFile}: ignoring self-declared managed hook from project source`]],
    ]);
    expect(snapshot.diagnostics.map((d) => [d.code, d.file, d.field])).toEqual([
      ['self-declared-managed', b.globalFile, 'hooks.Stop[0].hooks[0].managed'],
      ['self-declared-managed', b.projectFile, 'hooks.Stop[0].hooks[0].managed'],
    ]);
  });

  it('"A future trusted managed source may mark a handler as trusted-by-policy:" {"type": "command", "command": "python3 .agents/hooks/required_policy.py", "managed": true} — the file the client vouches for (managedHooksPath)', () => {
    const b = bench({ bypassHookTrust: false });
    const vouched = join(b.root, 'vouched.json');
    b.write(vouched, file({ PreToolUse: [group(undefined, { type: 'command', command: 'python3 .agents/hooks/required_policy.py', managed: true }, record('unmarked'))] }));
    const hooks = b.hooks({ managedHooksPath: vouched });
    expect(hooks.map((hook) => [hook.review?.status, hook.review?.managed, hook.review?.runnable])).toEqual([
      ['managed', true, true],
      ['untrusted', false, false],
    ]);
    expect(hooks[0]?.review?.key.startsWith(`managed:${vouched}:PreToolUse::`)).toBe(true);
  });

  it('"Managed hooks from trusted policy sources run without user trust state" — a managed hook runs with no hooks_state.json at all, and loading writes none', async () => {
    const b = bench({ bypassHookTrust: false });
    const vouched = join(b.root, 'vouched.json');
    b.write(vouched, file({ Stop: [group(undefined, record('policy', { managed: true }))] }));
    const snapshot = b.load({ managedHooksPath: vouched });
    expect(snapshot.hooks[0]?.review?.runnable).toBe(true);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['policy']);
    expect(existsSync(b.statePath)).toBe(false);
  });
});

describe('Dangerous trust bypass (load side)', () => {
  it('"This makes untrusted and modified hooks runnable for that process" — the option and PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST=1; statuses stay the real ones', () => {
    const b = bench({ bypassHookTrust: false });
    b.write('project', file({ Stop: [group(undefined, record('a'))] }));
    expect(b.hooks().map((hook) => [hook.review?.status, hook.review?.runnable])).toEqual([['untrusted', false]]);
    expect(b.hooks({ bypassHookTrust: true }).map((hook) => [hook.review?.status, hook.review?.runnable])).toEqual([['untrusted', true]]);
    const env = { ...b.context.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' };
    expect(b.hooks({ env }).map((hook) => [hook.review?.status, hook.review?.runnable])).toEqual([['untrusted', true]]);
    expect(b.hooks({ env: { ...env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '0' } })[0]?.review?.runnable).toBe(false);
  });

  it('"It does not edit hooks_state.json." — loading under the bypass leaves the state file byte-identical (and creates none)', () => {
    const b = bench();
    b.write('project', file({ Stop: [group(undefined, record('a'))] }));
    b.load();
    expect(existsSync(b.statePath)).toBe(false);
    const text = '{\n  "state": {\n    "x": {\n      "enabled": true\n    }\n  },\n  "version": 7\n}\n';
    writeFileSync(b.statePath, text);
    b.load();
    expect(readFileSync(b.statePath, 'utf8')).toBe(text);
  });
});

describe('Matchers', () => {
  it('"Matchers use the Codex-style rules:" "omitted, empty, or *: match all"', async () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group(undefined, record('omitted')), group('', record('empty')), group('*', record('star'))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('anything_at_all'));
    expect([...b.ran()].sort()).toEqual(['empty', 'omitted', 'star']);
  });

  it('"foo|bar: exact alternatives" (a single plain name is exact too, case-sensitive)', () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group('foo|bar', record('alts')), group('shell', record('one'))] }));
    const [alts, one] = b.hooks();
    expect(['foo', 'bar', 'foobar', 'Foo', 'xfoo'].map((name) => alts?.matches(name))).toEqual([true, true, false, false, false]);
    expect(['shell', 'myshell', 'Shell'].map((name) => one?.matches(name))).toEqual([true, false, false]);
  });

  it('"otherwise: regular expression" — unanchored search; an invalid one is a diagnostic and never matches', () => {
    const b = bench();
    b.write('project', file({ PreToolUse: [group('(shell|apply_patch)', record('re')), group('^mcp__.*', record('mcp')), group('[', record('bad'))] }));
    const snapshot = b.load();
    const [re, mcp, bad] = snapshot.hooks;
    expect(['myshell', 'apply_patch', 'write'].map((name) => re?.matches(name))).toEqual([true, true, false]);
    expect(['mcp__github__x', 'x_mcp__'].map((name) => mcp?.matches(name))).toEqual([true, false]);
    expect(bad?.matches('[')).toBe(false);
    expect(snapshot.diagnostics.map((d) => [d.code, d.field, d.line])).toEqual([['invalid-regex', 'hooks.PreToolUse[2].matcher', expect.any(Number)]]);
  });
});
