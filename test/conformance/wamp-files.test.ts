// Conformance of the `wamp` dialect's hook files to its seed (/work/shared/seeds/002_884e40e3a21a1313.txt): "Where hooks
// live" (the files, the home directory read once, a Cloud session's own workspace), "A first hook" (its file), "File
// format" and "Matchers". Each test name quotes the seed sentence it pins. Everything runs through the real loader
// (hooks.json files in a scratch home and workspace) and the real Engine with the process runner; hook commands record
// what ran in $REC, and no hook process may outlive its test (checked by /proc). Trust revocation and the per-send
// reading belong to other suites (wamp e2e, engine-runs).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import { lintToolMatchers } from '../../src/engine/tool-matcher-lint.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';

class WampBench {
  readonly root = realpathSync(scratchDir('hookd-wamp-files-'));
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly userFile = join(this.home, '.wamp', 'hooks.json');
  readonly projectFile = join(this.workspace, '.wamp', 'hooks.json');
  readonly engine: Engine;
  context: LoadContext;
  #runs = 0;

  constructor(options: { workspace?: 'home'; trustWorkspace?: boolean } = {}) {
    for (const dir of [join(this.home, '.wamp'), join(this.workspace, '.wamp'), this.rec]) mkdirSync(dir, { recursive: true });
    const workspace = options.workspace === 'home' ? this.home : this.workspace;
    this.engine = new Engine({
      dialect: wampDialect,
      runner: createProcessRunner(),
      workspace,
      baseEnv: { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark },
    });
    this.context = { workspace, home: this.home, ...(options.trustWorkspace === true ? { trustWorkspace: true } : {}) };
  }

  write(where: 'user' | 'project', config: unknown): string {
    const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
    writeFileSync(where === 'user' ? this.userFile : this.projectFile, text);
    return text;
  }

  load() {
    return this.engine.load(this.context);
  }

  /** One event of a fresh run (wamp requires a runId; a new one per dispatch is a new send). */
  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    this.#runs++;
    const { result } = await this.engine.dispatch(event, { session: { id: 'wamp-conversation-1', cwd: this.context.workspace }, runId: `run-${this.#runs}`, ...params } as EventParams);
    return result;
  }

  /** The names the hooks' `record` commands appended to $REC/ran, in order of completion; [] when none ran. */
  ran(): string[] {
    const file = join(this.rec, 'ran');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  }

  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }
}

const benches: WampBench[] = [];
afterEach(() => {
  const left = benches.splice(0).flatMap((b) => {
    const pids = b.leftovers();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids;
  });
  expect(left, 'hook processes left running').toEqual([]);
});
function bench(options: ConstructorParameters<typeof WampBench>[0] = {}): WampBench {
  const created = new WampBench(options);
  benches.push(created);
  return created;
}

/** A command handler that appends `name` to $REC/ran. */
const record = (name: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: `echo ${name} >> "$REC/ran"`, ...more });
const group = (matcher: string | undefined, ...hooks: unknown[]) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks });
const file = (hooks: Record<string, unknown[]>) => ({ hooks });
const toolCall = (toolName: string) => ({ toolName, toolInput: { command: 'ls' }, toolUseId: `call-${toolName}` });
const sorted = (names: readonly string[]) => [...names].sort();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Where hooks live', () => {
  it('"~/.wamp/hooks.json — Runs: In every project"', async () => {
    const b = bench();
    b.write('user', file({ UserPromptSubmit: [group(undefined, record('mine'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.sources).toEqual([b.userFile, b.projectFile]);
    expect(snapshot.hooks.map((hook) => [hook.id, hook.scope, hook.trustKey])).toEqual([['user:UserPromptSubmit[0].hooks[0]', 'user', undefined]]);
    // No trust asked: it runs in a project nobody trusted.
    await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(b.ran()).toEqual(['mine']);
  });

  it('"<project>/.wamp/hooks.json — Runs: Only after you trust the project, together with yours"', async () => {
    const b = bench();
    b.write('user', file({ UserPromptSubmit: [group(undefined, record('mine'))] }));
    b.write('project', file({ UserPromptSubmit: [group(undefined, record('project'))] }));
    const snapshot = b.load();
    const key = `wamp-project:${b.workspace}`;
    expect(snapshot.hooks.map((hook) => [hook.scope, hook.trustKey, hook.trustHash])).toEqual([
      ['user', undefined, undefined],
      ['project', key, undefined],
    ]);
    expect(b.engine.trustKeys()).toEqual([key]);
    await b.dispatch('UserPromptSubmit', { prompt: 'before trust' });
    expect(b.ran()).toEqual(['mine']);
    b.engine.setTrusted(key, true);
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'after trust' });
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:UserPromptSubmit[0].hooks[0]', 'project:UserPromptSubmit[0].hooks[0]']);
    expect(sorted(b.ran())).toEqual(['mine', 'mine', 'project']);
  });

  it('"<project>/.wamp/hooks.json — Only after you trust the project": the trust is the project\'s, not its file\'s content (an edit of a trusted project\'s file still runs)', async () => {
    const b = bench();
    b.write('project', file({ Stop: [group(undefined, record('v1'))] }));
    b.load();
    b.engine.setTrusted(`wamp-project:${b.workspace}`, true);
    b.write('project', file({ Stop: [group(undefined, record('v2'))] }));
    b.engine.reload(b.context);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['v2']);
  });

  it('"A chat with no repository runs in your home directory, so there the project file and your own file are the same file, and it is read once."', async () => {
    const b = bench({ workspace: 'home' });
    b.write('user', file({ UserPromptSubmit: [group(undefined, record('once'))] }));
    const snapshot = b.load();
    expect(snapshot.sources).toEqual([b.userFile]);
    // Read once, as your own file: one hook, not gated by a project trust.
    expect(snapshot.hooks.map((hook) => [hook.id, hook.scope, hook.trustKey])).toEqual([['user:UserPromptSubmit[0].hooks[0]', 'user', undefined]]);
    await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(b.ran()).toEqual(['once']);
  });

  it('"A Cloud session trusts its own workspace, so a repository\'s project hooks run there as they do in a trusted project."', async () => {
    const b = bench({ trustWorkspace: true });
    b.write('project', file({ UserPromptSubmit: [group(undefined, record('repo'))] }));
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => [hook.scope, hook.trustKey])).toEqual([['project', undefined]]);
    await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(b.ran()).toEqual(['repo']);
  });
});

describe('A first hook', () => {
  it('"This hook refuses any `shell` command that contains `rm -rf`" — the seed\'s ~/.wamp/hooks.json loads as written and its command runs for `shell` only', async () => {
    const b = bench();
    const script = join(b.home, '.wamp', 'bin', 'guard-shell.sh');
    mkdirSync(join(b.home, '.wamp', 'bin'), { recursive: true });
    writeFileSync(script, '#!/bin/sh\ninput=$(cat)\necho guard >> "$REC/ran"\ncase "$input" in\n  *\'rm -rf\'*) echo "rm -rf is not allowed from chat" >&2; exit 2 ;;\nesac\nexit 0\n', { mode: 0o755 });
    b.write(
      'user',
      `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "shell",
        "hooks": [{ "type": "command", "command": "~/.wamp/bin/guard-shell.sh", "timeout": 10 }]
      }
    ]
  }
}`,
    );
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.hooks).toHaveLength(1);
    expect(snapshot.hooks[0]).toMatchObject({ event: 'PreToolUse', matcher: 'shell', handler: { type: 'command', command: '~/.wamp/bin/guard-shell.sh', timeoutMs: 10_000 } });
    const env = { HOME: b.home };
    const engine = new Engine({ dialect: wampDialect, runner: createProcessRunner(), workspace: b.workspace, baseEnv: { ...processEnvironment(), ...env, REC: b.rec, [TEST_MARK]: b.mark } });
    engine.load(b.context);
    const shell = await engine.dispatch('PreToolUse', { session: { id: 'c' }, runId: 'r1', toolName: 'shell', toolInput: { command: 'rm -rf /' }, toolUseId: 't1' } as EventParams);
    // The shell expanded `~` and ran the script; "Exit code 2 refuses the call, and the model receives stderr as the reason."
    expect(shell.result.runs).toMatchObject([{ hookId: 'user:PreToolUse[0].hooks[0]', exitCode: 2 }]);
    expect(shell.result).toMatchObject({ decision: 'deny', reason: expect.stringContaining('rm -rf is not allowed from chat') });
    const harmless = await engine.dispatch('PreToolUse', { session: { id: 'c' }, runId: 'r3', toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: 't3' } as EventParams);
    expect(harmless.result.decision).toBe('none');
    await engine.dispatch('PreToolUse', { session: { id: 'c' }, runId: 'r2', toolName: 'write', toolInput: { path: 'a' }, toolUseId: 't2' } as EventParams);
    expect(b.ran()).toEqual(['guard', 'guard']);
  });
});

describe('File format', () => {
  it('"`hooks` maps an event name to a list of groups. Each group has an optional `matcher` and a list of handlers."', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('shell', record('a'), record('b')), group(undefined, record('c'))], Stop: [group(undefined, record('d'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.hooks.map((hook) => [hook.id, hook.matcher])).toEqual([
      ['user:PreToolUse[0].hooks[0]', 'shell'],
      ['user:PreToolUse[0].hooks[1]', 'shell'],
      ['user:PreToolUse[1].hooks[0]', undefined],
      ['user:Stop[0].hooks[0]', undefined],
    ]);
    await b.dispatch('PreToolUse', toolCall('shell'));
    expect(sorted(b.ran())).toEqual(['a', 'b', 'c']);
  });

  it('"`matcher` — Tool events only. Selects the tools the group runs for": on another event it is a warning and ignored', async () => {
    const b = bench();
    const text = b.write('user', file({ PreToolUse: [group('write', record('tool'))], UserPromptSubmit: [group('shell', record('prompt'))] }));
    const snapshot = b.load();
    const line = text.split('\n').findIndex((row) => row.includes('"matcher": "shell"')) + 1;
    expect(snapshot.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'matcher-ignored', file: b.userFile, line, field: 'hooks.UserPromptSubmit[0].matcher' })]);
    expect(snapshot.hooks.map((hook) => hook.matcher)).toEqual(['write', undefined]);
    await b.dispatch('PreToolUse', toolCall('shell'));
    expect(b.ran()).toEqual([]);
    await b.dispatch('PreToolUse', toolCall('write'));
    await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(b.ran()).toEqual(['tool', 'prompt']);
  });

  it('"`type` — Must be `"command"`. Other handler types are skipped with a warning"', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, { type: 'http', url: 'http://127.0.0.1:9/' }, { type: 'prompt', prompt: 'judge' }, { type: 'agent', prompt: 'x' }, { command: 'echo untyped' }, record('kept'))] }));
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => [hook.id, hook.handler.type])).toEqual([['user:Stop[0].hooks[4]', 'command']]);
    const typeWarnings = snapshot.diagnostics.filter((entry) => entry.code === 'unknown-handler-type');
    expect(typeWarnings.map((entry) => [entry.severity, entry.field])).toEqual([
      ['warning', 'hooks.Stop[0].hooks[0].type'],
      ['warning', 'hooks.Stop[0].hooks[1].type'],
      ['warning', 'hooks.Stop[0].hooks[2].type'],
      ['warning', 'hooks.Stop[0].hooks[3]'],
    ]);
    expect(typeWarnings[0]?.message).toContain('"http"');
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['kept']);
  });

  it('"`command` — Run by the shell, with the project root as the working directory"', async () => {
    const b = bench();
    b.write('user', file({ UserPromptSubmit: [group(undefined, { type: 'command', command: 'pwd > "$REC/cwd"; n=$((40 + 2)); echo "$n" | tr 4 x > "$REC/shell"' })] }));
    b.load();
    // The agent's own directory is elsewhere; hooks still run in the project root.
    await b.dispatch('UserPromptSubmit', { prompt: 'hi', session: { id: 'wamp-conversation-1', cwd: join(b.workspace, '.wamp') } });
    expect(readFileSync(join(b.rec, 'cwd'), 'utf8').trim()).toBe(b.workspace);
    expect(readFileSync(join(b.rec, 'shell'), 'utf8').trim()).toBe('x2');
    const spec = b.engine.snapshot.hooks[0]!.handler;
    expect(spec).toMatchObject({ type: 'command', command: expect.stringContaining('pwd') });
    expect('args' in spec).toBe(false);
  });

  it('"`timeout` — Seconds. Defaults to 60 and is capped at 600"', async () => {
    const b = bench();
    b.write(
      'user',
      file({
        Stop: [group(undefined, record('default'), record('ten', { timeout: 10 }), record('over', { timeout: 601 }), record('cap', { timeout: 600 }), record('bad', { timeout: 0 }), record('text', { timeout: '30' }))],
      }),
    );
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => hook.handler.timeoutMs)).toEqual([60_000, 10_000, 600_000, 600_000, 60_000, 60_000]);
    expect(snapshot.diagnostics.map((entry) => [entry.severity, entry.code, entry.field])).toEqual([
      ['warning', 'timeout-capped', 'hooks.Stop[0].hooks[2].timeout'],
      ['warning', 'invalid-timeout', 'hooks.Stop[0].hooks[4].timeout'],
      ['warning', 'invalid-timeout', 'hooks.Stop[0].hooks[5].timeout'],
    ]);
    // The timeout is enforced: a hook past it is killed.
    b.write('user', file({ Stop: [group(undefined, { type: 'command', command: 'sleep 30', timeout: 1 })] }));
    b.engine.reload(b.context);
    const result = await b.dispatch('Stop');
    expect(result.runs[0]).toMatchObject({ timedOut: true });
  });

  it('"An unknown event, field or handler type is reported as a warning in the chat." — each a warning naming the file, line and field', () => {
    const b = bench();
    const text = b.write('user', {
      hooks: {
        PostToolUseFailure: [group(undefined, record('claude-only'))],
        BeforeEverything: [group(undefined, record('made-up'))],
        PreToolUse: [{ matcher: 'shell', description: 'g', hooks: [record('x', { statusMessage: 'checking', async: true })] }],
        Stop: [group(undefined, { type: 'mcp_tool', server: 's', tool: 't' })],
      },
      disableAllHooks: true,
    });
    const lines = text.split('\n');
    const diagnostics = b.load().diagnostics;
    expect(diagnostics.map((entry) => [entry.severity, entry.code, entry.field])).toEqual([
      ['warning', 'unknown-field', 'disableAllHooks'],
      ['warning', 'unknown-event', 'hooks.PostToolUseFailure'],
      ['warning', 'unknown-event', 'hooks.BeforeEverything'],
      ['warning', 'unknown-field', 'hooks.PreToolUse[0].description'],
      ['warning', 'unknown-field', 'hooks.PreToolUse[0].hooks[0].statusMessage'],
      ['warning', 'unknown-field', 'hooks.PreToolUse[0].hooks[0].async'],
      ['warning', 'unknown-field', 'hooks.Stop[0].hooks[0].server'],
      ['warning', 'unknown-field', 'hooks.Stop[0].hooks[0].tool'],
      ['warning', 'unknown-handler-type', 'hooks.Stop[0].hooks[0].type'],
    ]);
    for (const entry of diagnostics) {
      expect(entry.file).toBe(b.userFile);
      const key = String(entry.field).split('.').at(-1)!.replace(/\[\d+\]$/, '');
      expect(lines[entry.line! - 1], `${entry.field} at line ${entry.line}`).toContain(`"${key}"`);
    }
  });

  it('"An unknown event, field or handler type is reported as a warning in the chat." — the first result of the send carries them as `file:line:column: field: message`', async () => {
    const b = bench();
    const text = b.write('user', { hooks: { Notification: [group(undefined, record('n'))], Stop: [group(undefined, record('stop', { async: true }), { type: 'http', url: 'http://127.0.0.1:9/' })] } });
    b.load();
    const rows = text.split('\n');
    const lineOf = (needle: string) => rows.findIndex((row) => row.includes(needle)) + 1;
    const first = await b.dispatch('Stop');
    expect(first.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${escape(b.userFile)}:${lineOf('"Notification"')}:\\d+: hooks\\.Notification: unknown event "Notification"`)),
        expect.stringMatching(new RegExp(`^${escape(b.userFile)}:${lineOf('"async"')}:\\d+: hooks\\.Stop\\[0\\]\\.hooks\\[0\\]\\.async: unknown handler field "async"`)),
        expect.stringMatching(new RegExp(`^${escape(b.userFile)}:${lineOf('"type": "http"')}:\\d+: hooks\\.Stop\\[0\\]\\.hooks\\[1\\]\\.type: handler type "http" is not supported`)),
      ]),
    );
    // The rest applied: the command handler ran.
    expect(b.ran()).toEqual(['stop']);
  });

  it('"The rest of the file still applies."', async () => {
    const b = bench();
    b.write('user', {
      hooks: {
        Notification: [group(undefined, record('never'))],
        PreToolUse: [group('(', record('bad-regex')), group('shell', record('good', { once: true }), { type: 'http', url: 'http://127.0.0.1:9/' }, record('also-good'))],
        Stop: 'not a list',
      },
      extra: 1,
    });
    const snapshot = b.load();
    expect(snapshot.diagnostics.every((entry) => entry.severity !== 'error')).toBe(true);
    expect(snapshot.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[1].hooks[0]', 'user:PreToolUse[1].hooks[2]']);
    await b.dispatch('PreToolUse', toolCall('shell'));
    expect(sorted(b.ran())).toEqual(['also-good', 'good']);
  });

  it('a file that is not valid JSON is an error with its line and column and contributes nothing; the other file still applies', async () => {
    const b = bench({ trustWorkspace: true });
    b.write('user', '{\n  "hooks": {\n    "Stop": [\n  }\n');
    b.write('project', file({ Stop: [group(undefined, record('project'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics.filter((entry) => entry.severity === 'error')).toEqual([expect.objectContaining({ code: 'invalid-json', file: b.userFile, line: 4, column: 3 })]);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['project']);
  });
});

describe('File format (a broken edit)', () => {
  it('an edit that breaks the JSON keeps the hooks last read from that file, with an error naming its line; the fixed file applies from the next send', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, record('good'))] }));
    b.load();
    await b.dispatch('Stop');
    b.write('user', '{ "hooks": { "Stop": [ }');
    const broken = await b.dispatch('Stop');
    expect(broken.warnings).toEqual(expect.arrayContaining([expect.stringContaining(`${b.userFile}:1:`)]));
    expect(broken.warnings?.some((warning) => warning.includes('error: invalid JSON'))).toBe(true);
    b.write('user', file({ Stop: [group(undefined, record('fixed'))] }));
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['good', 'good', 'fixed']);
  });
});

describe('Matchers', () => {
  const TOOLS = ['shell', 'write', 'edit', 'apply_patch', 'mcp__github__create_issue', 'mcp__memory__store'];

  /** Loads one PreToolUse group per matcher (each records its index) and returns, per tool, the matchers that ran. */
  async function matchedBy(matchers: readonly (string | undefined)[]): Promise<Record<string, number[]>> {
    const b = bench();
    b.write('user', file({ PreToolUse: matchers.map((matcher, index) => group(matcher, record(String(index)))) }));
    expect(b.load().diagnostics.filter((entry) => entry.severity !== 'info')).toEqual([]);
    const out: Record<string, number[]> = {};
    for (const tool of TOOLS) {
      const before = b.ran().length;
      await b.dispatch('PreToolUse', toolCall(tool));
      out[tool] = b.ran().slice(before).map(Number).sort((x, y) => x - y);
    }
    return out;
  }

  it('"An empty matcher or `*` matches every tool."', async () => {
    const matched = await matchedBy(['', '*', undefined]);
    for (const tool of TOOLS) expect(matched[tool], tool).toEqual([0, 1, 2]);
  });

  it('"A list such as `shell|write` matches those exact names."', async () => {
    const matched = await matchedBy(['shell|write', 'edit', 'shel', 'apply_patch|mcp__memory__store']);
    expect(matched).toEqual({ shell: [0], write: [0], edit: [1], apply_patch: [3], mcp__github__create_issue: [], mcp__memory__store: [3] });
  });

  it('"Anything else is an unanchored JavaScript regular expression."', async () => {
    const matched = await matchedBy(['e.i', '^(write|edit)$', 'mcp__github__.*', '^(?!shell$)', 'it\\b', '[_]{2}m']);
    expect(matched).toEqual({
      shell: [],
      write: [1, 3],
      edit: [0, 1, 3, 4],
      apply_patch: [3],
      mcp__github__create_issue: [0, 2, 3],
      mcp__memory__store: [3, 5],
    });
  });

  it('"Anything else is an unanchored JavaScript regular expression." — an invalid one is a warning and its group is skipped; a catastrophic one still answers', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('sh(ell', record('invalid')), group('^(a+)+$', record('catastrophic')), group('shell', record('fine'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'invalid-regex', field: 'hooks.PreToolUse[0].matcher', line: 5 })]);
    await b.dispatch('PreToolUse', toolCall(`${'a'.repeat(50_000)}!`));
    await b.dispatch('PreToolUse', toolCall('shell'));
    expect(b.ran()).toEqual(['fine']);
  });

  it('"Matchers use WAMP tool names, such as `shell`, `write`, `edit`, `apply_patch` and `mcp__<server>__<tool>`."', async () => {
    const matched = await matchedBy(['shell', 'write', 'edit', 'apply_patch', 'mcp__github__create_issue']);
    expect(matched).toEqual({ shell: [0], write: [1], edit: [2], apply_patch: [3], mcp__github__create_issue: [4], mcp__memory__store: [] });
    expect(wampDialect.builtinTools).toEqual(['shell', 'write', 'edit', 'apply_patch']);
  });

  it('"Claude Code names such as `Bash` are not translated."', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Bash', record('bash')), group('Write|Edit', record('write-edit')), group('mcp__.*', record('mcp'))] }));
    b.load();
    for (const tool of ['shell', 'write', 'edit']) await b.dispatch('PreToolUse', toolCall(tool));
    expect(b.ran()).toEqual([]);
    // The tool name reaches the matcher as the agent sent it, untranslated.
    await b.dispatch('PreToolUse', toolCall('Bash'));
    expect(b.ran()).toEqual(['bash']);
  });

  it('"A literal name that matches no registered tool produces a warning, so a copied `"Bash"` matcher does not fail silently."', () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Bash', record('bash')), group('shell|Wrte', record('list')), group('shell', record('ok')), group('mcp__.*', record('mcp'))] }));
    const snapshot = b.load();
    // What initialize runs against the client's registered `tools`.
    const warnings = lintToolMatchers(wampDialect, snapshot.hooks, { tools: ['shell', 'write'] });
    expect(warnings.map((entry) => [entry.severity, entry.code, entry.file, entry.field])).toEqual([
      ['warning', 'matcher-unknown-tool', b.userFile, 'hooks.PreToolUse[0].matcher'],
      ['warning', 'matcher-unknown-tool', b.userFile, 'hooks.PreToolUse[1].matcher'],
      ['warning', 'matcher-unknown-tool', b.userFile, 'hooks.PreToolUse[3].matcher'],
    ]);
    expect(warnings[0]?.message).toContain('matcher "Bash" matches no tool the agent registered');
    expect(warnings[1]?.message).toContain('"Wrte" (did you mean "write"?)');
    expect(warnings[0]?.line).toBeGreaterThan(0);
  });
});
