// The pbi loader (src/dialects/pbi/load.ts and the files it composes): sources and their order, source_path vs the
// resolved path in the key, Python's reading of the JSON (duplicate keys, number literals), every facts §1
// diagnostic with file/line/field, the command handler (login shell, timeout), managed policy sources, the review
// state each hook gets. No process runs here (test/conformance/pbi-config.test.ts runs hooks).
import { chmodSync, chownSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandHandler, HookSpec, LoadContext } from '../../../src/engine/dialect.js';
import { loadPbiHooks } from '../../../src/dialects/pbi/load.js';
import { pbiDialect } from '../../../src/dialects/pbi/index.js';
import { compilePbiMatcher } from '../../../src/dialects/pbi/matcher.js';
import { pbiParamsFromEnvelope } from '../../../src/dialects/pbi/envelope-params.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup() {
  const root = realpathSync(scratchDir('hookd-pbi-load-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.pbi-agent'), { recursive: true });
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  const globalFile = join(home, '.pbi-agent', 'hooks.json');
  const projectFile = join(workspace, '.agents', 'hooks.json');
  const context: LoadContext = { workspace, home, env: { SHELL: '/bin/bash' }, managedPolicyDir: join(root, 'no-policy') };
  const write = (file: string, config: unknown) => writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { root, home, workspace, globalFile, projectFile, context, write };
}

const command = (hook: HookSpec) => hook.handler as CommandHandler;
const SEED_EXAMPLE = {
  hooks: {
    PreToolUse: [{ matcher: 'shell|apply_patch', hooks: [{ type: 'command', command: 'python3 .agents/hooks/check_policy.py', timeout: 30, statusMessage: 'Checking policy' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'python3 .agents/hooks/session_end.py' }] }],
  },
};

describe('pbi loader: sources, keys and hashes', () => {
  it('reads the global file then the project file, and gives the seed example the facts file keys and hashes', () => {
    const s = setup();
    s.write(s.globalFile, { hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi' }] }] } });
    s.write(s.projectFile, SEED_EXAMPLE);
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['global:SessionStart[0].hooks[0]', 'project:PreToolUse[0].hooks[0]', 'project:Stop[0].hooks[0]']);
    const [start, pre, stop] = result.hooks;
    expect(start?.review?.key).toBe(`global:${s.globalFile}:SessionStart:startup:sha256:a1a89dc40bfe082e100c6fcb302bf1ded9c2337652bdb35cf28738fe33c6dc46:1`);
    expect(start?.review?.currentHash).toBe('sha256:bbdcad05c20e5452ab4ca5dfeb82d9d877606be23f7882d4b05f47d5199a2a39');
    expect(pre?.review?.key).toBe(`project:${s.projectFile}:PreToolUse:shell|apply_patch:sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7:1`);
    expect(pre?.review?.currentHash).toBe('sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f');
    expect(stop?.review?.key).toBe(`project:${s.projectFile}:Stop::sha256:781551ee6cccca781b5ecf246bd7f76b5de49fa76f02185dc7e140c1133c243e:1`);
    expect(stop?.review?.currentHash).toBe('sha256:f1b0ab3b19f265153080b06574aba983b3bfc1886626c68dc29378eab4d9e474');
    expect(start?.source).toBe(s.globalFile);
    expect(start?.scope).toBe('user');
    expect(pre?.scope).toBe('project');
    expect(result.diagnostics).toEqual([]);
    expect(result.sources).toContain(join(s.home, '.pbi-agent', 'hooks_state.json'));
  });

  it('worked example 3: type omitted, non-ASCII, string timeout, self-declared managed (ignored, with the per-hook diagnostic)', () => {
    const s = setup();
    writeFileSync(s.projectFile, '{"hooks": {"UserPromptSubmit": [{"matcher": "  *  ", "hooks": [{"command":"  echo \'héllo ✓\'  ","statusMessage":"Prüfe ✓","timeout":"45","managed":true}]}]}}');
    const [hook] = loadPbiHooks(s.context).hooks;
    expect(hook?.review).toMatchObject({
      key: `project:${s.projectFile}:UserPromptSubmit:*:sha256:fac991cf4498b78b49242315ca74b0bcac515d7d5377a6ce075d78c7a8c77e9e:1`,
      currentHash: 'sha256:67f972a6645da271c1696c3d21e80ecc8f389478e9b49658e31022ba71ca8f91',
      managed: false,
      status: 'untrusted',
      runnable: false,
      diagnostics: [`${s.projectFile}: ignoring self-declared managed hook from project source`],
    });
    expect(command(hook!).timeoutMs).toBe(45_000);
    expect(command(hook!).statusMessage).toBe('Prüfe ✓');
    expect(hook?.matcher).toBe('  *  ');
  });

  it('a symlinked home keeps the link path as source_path and puts the resolved path into the key', () => {
    const s = setup();
    const link = join(s.root, 'home-link');
    symlinkSync(s.home, link);
    s.write(s.globalFile, { hooks: { Stop: [{ hooks: [{ command: 'true' }] }] } });
    const [hook] = loadPbiHooks({ ...s.context, home: link }).hooks;
    expect(hook?.source).toBe(join(link, '.pbi-agent', 'hooks.json'));
    expect(hook?.review?.key.startsWith(`global:${s.globalFile}:Stop::`)).toBe(true);
  });

  it('occurrence numbers count identical handlers across groups whose matchers differ only by whitespace', () => {
    const s = setup();
    s.write(s.projectFile, { hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ command: 'echo a' }, { command: ' echo a ', timeout: 5 }] }, { matcher: ' shell ', hooks: [{ command: 'echo a' }] }] } });
    const keys = loadPbiHooks(s.context).hooks.map((hook) => hook.review?.key.split(':').pop());
    expect(keys).toEqual(['1', '2', '3']);
  });

  it('duplicate keys: the last value wins at the first position (Python json); a huge integer timeout is read exactly for the hash', () => {
    const s = setup();
    writeFileSync(s.projectFile, '{"hooks": {"Stop": [{"hooks": [{"command": "echo first", "command": "echo last", "timeout": 100000000000000000000001}]}], "Stop": [{"hooks": [{"command": "echo b"}]}]}}');
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo b']);
    writeFileSync(s.projectFile, '{"hooks": {"Stop": [{"hooks": [{"command": "echo first", "command": "echo last", "timeout": 100000000000000000000001}]}]}}');
    const [hook] = loadPbiHooks(s.context).hooks;
    expect(command(hook!).command).toBe('echo last');
    expect(command(hook!).timeoutMs).toBe(2_147_483_647);
    expect(loadPbiHooks(s.context).diagnostics.map((d) => d.code)).toContain('timeout-capped');
  });

  it('runs the command as pbi-agent does: [$SHELL or /bin/sh, "-lc", command] (a login shell)', () => {
    const s = setup();
    s.write(s.projectFile, { hooks: { Stop: [{ hooks: [{ command: 'echo hi' }] }] } });
    expect(command(loadPbiHooks(s.context).hooks[0]!)).toMatchObject({ command: 'echo hi', shell: '/bin/bash', loginShell: true, timeoutMs: 600_000, onFailure: 'continue' });
    expect(command(loadPbiHooks({ ...s.context, env: {} }).hooks[0]!)).toMatchObject({ shell: '/bin/sh', loginShell: true });
    expect(command(loadPbiHooks({ ...s.context, env: { SHELL: '' } }).hooks[0]!).shell).toBe('/bin/sh');
  });
});

describe('pbi loader: diagnostics (facts §1) with file, line and field', () => {
  it('an invalid JSON file is an error with its line and column, and the other file still loads', () => {
    const s = setup();
    writeFileSync(s.projectFile, '{"hooks": {"Stop": [\n  {"hooks": [],}\n]}}');
    s.write(s.globalFile, { hooks: { Stop: [{ hooks: [{ command: 'true' }] }] } });
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['global:Stop[0].hooks[0]']);
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', file: s.projectFile, line: 2, code: 'invalid-json' });
    expect(result.rejectedSources).toEqual([s.projectFile]);
  });

  it.each([
    ['', 'the file is empty'],
    ['[]', 'the top level is not an object'],
    ['{"other": {}}', 'it has no "hooks"'],
    ['{"hooks": []}', '"hooks" is not an object'],
    ['{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]} // c', 'invalid JSON'],
    ['{"hooks": {"Stop": [{"hooks": [{"command": "x", "timeout": Infinity}]}]}}', 'invalid JSON'],
  ])('whole-file problem %j → an error, nothing loads', (text, words) => {
    const s = setup();
    writeFileSync(s.projectFile, text);
    const result = loadPbiHooks(s.context);
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.severity).toBe('error');
    expect(result.diagnostics[0]?.message).toContain(words);
    expect(result.diagnostics[0]?.file).toBe(s.projectFile);
  });

  it('entry problems skip only their entry, each a warning naming file, line and field', () => {
    const s = setup();
    writeFileSync(
      s.projectFile,
      [
        '{"hooks": {',
        '  "Notification": [],',
        '  "PermissionRequest": [{"hooks": [{"command": "x"}]}],',
        '  "preToolUse": [],',
        '  "PostToolUse": {},',
        '  "Stop": ["not a group", {"matcher": "x"}, {"hooks": [',
        '    "not a handler",',
        '    {"type": "command"},',
        '    {"type": "prompt", "prompt": "p"},',
        '    {"type": "agent"}, {"type": "http", "url": "u"}, {"type": "Command", "command": "x"},',
        '    {"command": "echo async", "async": true},',
        '    {"command": "echo kept", "async": false, "statusMessage": 5, "unknown": 1}',
        '  ]}]',
        '}}',
      ].join('\n'),
    );
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).command)).toEqual(['echo kept']);
    const byCode = result.diagnostics.map((d) => [d.code, d.line, d.field]);
    expect(byCode).toEqual([
      ['unsupported-event', 2, 'hooks.Notification'],
      ['deferred-event', 3, 'hooks.PermissionRequest'],
      ['unsupported-event', 4, 'hooks.preToolUse'],
      ['invalid-event', 5, 'hooks.PostToolUse'],
      ['invalid-group', 6, 'hooks.Stop[0]'],
      ['invalid-group', 6, 'hooks.Stop[1]'],
      ['invalid-handler', 7, 'hooks.Stop[2].hooks[0]'],
      ['missing-command', 8, 'hooks.Stop[2].hooks[1].command'],
      ['unsupported-handler-type', 9, 'hooks.Stop[2].hooks[2].type'],
      ['unsupported-handler-type', 10, 'hooks.Stop[2].hooks[3].type'],
      ['unsupported-handler-type', 10, 'hooks.Stop[2].hooks[4].type'],
      ['unsupported-handler-type', 10, 'hooks.Stop[2].hooks[5].type'],
      ['async-handler', 11, 'hooks.Stop[2].hooks[6].async'],
      ['invalid-status-message', 12, 'hooks.Stop[2].hooks[7].statusMessage'],
    ]);
    expect(result.diagnostics.every((d) => d.file === s.projectFile && d.severity === 'warning')).toBe(true);
    expect(result.diagnostics[2]?.message).toContain('did you mean "PreToolUse"');
    expect(result.diagnostics[11]?.message).toContain('case-sensitive');
  });

  it('timeouts: Python int() semantics; values pbi-agent silently replaces are warnings; a non-string matcher counts as absent', () => {
    const s = setup();
    const handlers = [30.9, '30', ' 7 ', '1_000', true, 0, -5, 'abc', '30.5', [5], null].map((timeout) => ({ command: 'true', timeout }));
    s.write(s.projectFile, { hooks: { PreToolUse: [{ matcher: 123, hooks: handlers }] } });
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => command(hook).timeoutMs / 1000)).toEqual([30, 30, 7, 1000, 1, 1, 1, 600, 600, 600, 600]);
    const warned = result.diagnostics.filter((d) => d.code === 'invalid-timeout').map((d) => d.field);
    expect(warned).toEqual([5, 6, 7, 8, 9].map((n) => `hooks.PreToolUse[0].hooks[${n}].timeout`));
    expect(result.diagnostics.some((d) => d.code === 'invalid-matcher')).toBe(true);
    expect(result.hooks[0]?.matches('anything')).toBe(true);
    expect(result.hooks[0]?.matcher).toBeUndefined();
  });

  it('an invalid regex matcher is a diagnostic and the hook never matches; on Stop and UserPromptSubmit the matcher is not consulted', () => {
    const s = setup();
    s.write(s.projectFile, { hooks: { PreToolUse: [{ matcher: '[', hooks: [{ command: 'true' }] }], Stop: [{ matcher: '[', hooks: [{ command: 'true' }] }] } });
    const [pre, stop] = loadPbiHooks(s.context).hooks;
    expect(pre?.matches('[')).toBe(false);
    expect(pre?.matches('shell')).toBe(false);
    expect(pre?.review?.diagnostics[0]).toContain('invalid matcher "["');
    expect(stop?.matches(undefined)).toBe(true);
    expect(loadPbiHooks(s.context).diagnostics.map((d) => d.code)).toEqual(['invalid-regex', 'matcher-ignored']);
  });
});

describe('pbi matchers (facts §6)', () => {
  const m = (matcher: unknown) => {
    const compiled = compilePbiMatcher(matcher);
    if (!compiled.ok) throw new Error(compiled.error);
    return compiled.matches;
  };
  it('omitted, empty, * and whitespace-padded * match all', () => {
    for (const matcher of [undefined, '', '*', '  *  ', 123]) expect(m(matcher)('anything')).toBe(true);
  });
  it('words of [A-Za-z0-9_.:/-] joined by | are exact alternatives, case-sensitive, . literal', () => {
    expect(m('shell')('shell')).toBe(true);
    expect(m('shell')('myshell')).toBe(false);
    expect(m('shell')('Shell')).toBe(false);
    expect(m('shell|apply_patch')('apply_patch')).toBe(true);
    expect(m('web.search')('webXsearch')).toBe(false);
    expect(m('mcp:server/tool-x')('mcp:server/tool-x')).toBe(true);
  });
  it('anything else is an unanchored regex: (shell|apply_patch) matches myshell, a||b matches everything, a space makes a regex', () => {
    expect(m('(shell|apply_patch)')('myshell')).toBe(true);
    expect(m('shell||apply_patch')('whatever')).toBe(true);
    expect(m('shell|apply patch')('run apply patch now')).toBe(true);
    expect(m('^sh')('shell')).toBe(true);
    expect(m('^sh')('bash')).toBe(false);
    expect(m('(?P<name>sh)ell')('shell')).toBe(true);
  });
  it('an invalid regex is an error', () => {
    expect(compilePbiMatcher('[').ok).toBe(false);
  });
});

describe('pbi managed policy sources', () => {
  function policy(s: ReturnType<typeof setup>) {
    const dir = join(s.root, 'policy');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    return dir;
  }
  const isRoot = process.getuid?.() === 0;

  it.runIf(isRoot)('a root-owned, not group/other-writable policy file loads: managed: true is status managed and runnable; without it, reviewed', () => {
    const s = setup();
    const dir = policy(s);
    const file = join(dir, 'required.json');
    s.write(file, { hooks: { PreToolUse: [{ hooks: [{ command: 'python3 .agents/hooks/required_policy.py', managed: true }, { command: 'echo reviewed' }] }] } });
    chmodSync(file, 0o644);
    const result = loadPbiHooks({ ...s.context, managedPolicyDir: dir });
    expect(result.hooks.map((hook) => [hook.id, hook.review?.status, hook.review?.managed, hook.review?.runnable])).toEqual([
      ['managed:required.json:PreToolUse[0].hooks[0]', 'managed', true, true],
      ['managed:required.json:PreToolUse[0].hooks[1]', 'untrusted', false, false],
    ]);
    expect(result.hooks[0]?.review?.key.startsWith(`managed:${file}:PreToolUse::`)).toBe(true);
    expect(result.hooks[0]?.scope).toBe('managed');
    expect(result.sources).toContain(file);
  });

  it.runIf(isRoot)('a policy file writable by others, or owned by another user, or in a group-writable directory is a diagnostic and nothing of it loads', () => {
    const s = setup();
    const dir = policy(s);
    const writable = join(dir, 'a.json');
    const foreign = join(dir, 'b.json');
    for (const file of [writable, foreign]) s.write(file, { hooks: { Stop: [{ hooks: [{ command: 'true', managed: true }] }] } });
    chmodSync(writable, 0o646);
    chmodSync(foreign, 0o644);
    chownSync(foreign, 1234, 0);
    const result = loadPbiHooks({ ...s.context, managedPolicyDir: dir });
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([[writable, 'managed-policy-untrusted'], [foreign, 'managed-policy-untrusted']]);
    expect(result.diagnostics[0]?.message).toContain('writable by others');
    expect(result.diagnostics[1]?.message).toContain('uid 1234');
    chmodSync(writable, 0o644);
    chownSync(foreign, 0, 0);
    chmodSync(dir, 0o775);
    const again = loadPbiHooks({ ...s.context, managedPolicyDir: dir });
    expect(again.hooks).toEqual([]);
    expect(again.diagnostics.every((d) => d.message.includes('its directory is writable by group'))).toBe(true);
  });

  it('managedHooksPath: the file the client vouches for is a managed source without an ownership check', () => {
    const s = setup();
    const file = join(s.root, 'vouched.json');
    s.write(file, { hooks: { Stop: [{ hooks: [{ command: 'true', managed: true }] }] } });
    chmodSync(file, 0o666);
    const [hook] = loadPbiHooks({ ...s.context, managedHooksPath: file }).hooks;
    expect(hook?.review).toMatchObject({ status: 'managed', managed: true, runnable: true, diagnostics: [] });
  });
});

describe('pbi review state at load and the bypass', () => {
  it('under the bypass every hook not disabled is runnable and the status stays the real one', () => {
    const s = setup();
    s.write(s.projectFile, SEED_EXAMPLE);
    const normal = loadPbiHooks(s.context).hooks.map((hook) => [hook.review?.status, hook.review?.runnable]);
    expect(normal).toEqual([['untrusted', false], ['untrusted', false]]);
    const bypassed = loadPbiHooks({ ...s.context, bypassHookTrust: true }).hooks.map((hook) => [hook.review?.status, hook.review?.runnable]);
    expect(bypassed).toEqual([['untrusted', true], ['untrusted', true]]);
    const byEnv = loadPbiHooks({ ...s.context, env: { PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: ' Yes ' } }).hooks;
    expect(byEnv.every((hook) => hook.review?.runnable === true)).toBe(true);
  });
});

describe('pbi dialect wiring', () => {
  it('committedSources is the project file only; syntheticParams are deterministic; dry run parses one handler', () => {
    const s = setup();
    expect(pbiDialect.committedSources?.(s.context)).toEqual([{ path: s.projectFile, scope: 'project' }]);
    expect(pbiDialect.syntheticParams?.('PreToolUse', s.workspace)).toEqual(pbiDialect.syntheticParams?.('PreToolUse', s.workspace));
    const dry = pbiDialect.parseHandler?.({ command: 'echo hi', timeout: '5', statusMessage: 'Checking' }, 'PreToolUse', s.context);
    expect(dry?.hook?.handler).toMatchObject({ command: 'echo hi', timeoutMs: 5000, statusMessage: 'Checking', loginShell: true });
    expect(pbiDialect.parseHandler?.({ type: 'prompt' }, 'Stop', s.context).hook).toBeUndefined();
  });

  it('paramsFromEnvelope reads pbi-agent\'s stdin object back into params', () => {
    const envelope = {
      session_id: 'a9d1', turn_id: null, cwd: '/ws', hook_event_name: 'PostToolUse', model: 'gpt-5.4', transcript_path: null, workspace_directory_key: null,
      provider: 'openai', agent_name: 'main', agent_type: 'single_turn', tool_name: 'shell', tool_use_id: 'call_0_0', tool_input: { command: 'echo hi' }, tool_response: '{"ok": true}', tool_is_error: false,
    };
    const converted = pbiParamsFromEnvelope(envelope, undefined);
    expect(converted).toMatchObject({ ok: true, event: 'PostToolUse', params: { session: { id: 'a9d1', cwd: '/ws', model: 'gpt-5.4', provider: 'openai', agentName: 'main', agentType: 'single_turn' }, toolName: 'shell', toolUseId: 'call_0_0', toolInput: { command: 'echo hi' }, toolResponse: '{"ok": true}', isError: false } });
    expect(pbiParamsFromEnvelope({ hook_event_name: 'Stop', bogus: 1 }, undefined).ok).toBe(false);
    expect(pbiParamsFromEnvelope({ hook_event_name: 'SubagentStop', response: 'r', subagent_type: 'default' }, undefined)).toMatchObject({ ok: true, params: { lastAssistantMessage: 'r', subagentType: 'default' } });
  });
});

describe('pbi loader: an unusable hooks_state.json', () => {
  it('content that does not parse: every hook counts as never reviewed and the diagnostic says the next write replaces it', () => {
    const s = setup();
    s.write(s.projectFile, SEED_EXAMPLE);
    writeFileSync(join(s.home, '.pbi-agent', 'hooks_state.json'), '{"state": ');
    const result = loadPbiHooks(s.context);
    expect(result.hooks.map((hook) => hook.review?.status)).toEqual(['untrusted', 'untrusted']);
    const [diagnostic] = result.diagnostics.filter((entry) => entry.code === 'invalid-state-file');
    expect(diagnostic?.message).toContain('the next trust, disable or enable replaces the file');
  });

  it('a path that cannot be read at all (a directory): the diagnostic says writes fail, never that the next write replaces it', () => {
    const s = setup();
    s.write(s.projectFile, SEED_EXAMPLE);
    mkdirSync(join(s.home, '.pbi-agent', 'hooks_state.json'));
    const [diagnostic] = loadPbiHooks(s.context).diagnostics.filter((entry) => entry.code === 'invalid-state-file');
    expect(diagnostic?.message).toContain('trust, disable and enable fail until it is fixed');
    expect(diagnostic?.message).not.toContain('replaces the file');
  });
});
