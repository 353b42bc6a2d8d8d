// Conformance of the `bonsai` dialect's configuration to its seed (/work/shared/seeds/001_99282de73a4eb398.txt):
// definition, fields, matchers and the trust hash. Each test name quotes the seed sentence it pins. Everything runs
// through the real loader (TOML files in a scratch home and workspace) and the real Engine with the process runner;
// hook commands record what ran in $REC, and no hook process may outlive its test (checked by /proc).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiDialect } from '../../src/dialects/bonsai/index.js';
import { bonsaiData } from '../../src/dialects/bonsai/hook-data.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { TestHttpServer } from '../helpers/http-server.js';
import { processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';
const SESSION = { id: 'bonsai-session-1' };

class BonsaiBench {
  readonly root = scratchDir('hookd-bonsai-conf-');
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly globalFile = join(this.home, '.bonsai', 'config.toml');
  readonly projectFile = join(this.workspace, '.bonsai', 'config.toml');
  readonly engine: Engine;
  readonly context: LoadContext;

  constructor(env: Record<string, string> = {}) {
    for (const dir of [join(this.home, '.bonsai'), join(this.workspace, '.bonsai'), this.rec]) mkdirSync(dir, { recursive: true });
    this.engine = new Engine({
      dialect: bonsaiDialect,
      runner: createProcessRunner(),
      workspace: this.workspace,
      baseEnv: { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark, ...env },
    });
    this.context = { workspace: this.workspace, home: this.home };
  }

  write(where: 'global' | 'project', toml: string): void {
    writeFileSync(where === 'global' ? this.globalFile : this.projectFile, toml);
  }

  configure(where: 'global' | 'project', toml: string) {
    this.write(where, toml);
    return this.engine.load(this.context);
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    const { result } = await this.engine.dispatch(event, { session: { ...SESSION, cwd: this.workspace }, ...params });
    return result;
  }

  /** The names (one line each) the hooks' `record` commands appended, in order; [] when none ran. */
  ran(): string[] {
    const file = join(this.rec, 'ran');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  }

  /** Dispatches, then the names the event's hooks recorded, sorted: non-vetoing hooks run concurrently, so their append order is not defined. */
  async ranBy(event: EventName, params: Partial<EventParams> = {}): Promise<string[]> {
    const before = this.ran().length;
    await this.dispatch(event, params);
    return this.ran().slice(before).sort();
  }

  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }
}

const benches: BonsaiBench[] = [];
afterEach(() => {
  const left = benches.splice(0).flatMap((b) => {
    const pids = b.leftovers();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids;
  });
  expect(left, 'hook processes left running').toEqual([]);
});
function bench(env: Record<string, string> = {}): BonsaiBench {
  const created = new BonsaiBench(env);
  benches.push(created);
  return created;
}

/** A `[[hooks]]` table whose shell action appends its name to $REC/ran. */
function hook(name: string, event: string, more = ''): string {
  return `[[hooks]]\nname = "${name}"\nevent = "${event}"\naction = { type = "shell", command = "echo ${name} >> \\"$REC/ran\\"" }\n${more}\n`;
}

const write = (path: string, operation: 'create' | 'modify' | 'delete' = 'modify') => ({ files: [{ path, operation, oldContent: 'a\n', newContent: 'b\n' }] });
const tool = (toolName: string, toolInput: Record<string, unknown> = {}) => ({ toolName, toolInput });

describe('Hooks (definition)', () => {
  it('"Hooks are defined as [[hooks]] tables in .bonsai/config.toml." — the global (home) and the project file, both loaded and fired', async () => {
    const b = bench();
    b.write('global', hook('from-home', 'SessionStart'));
    b.write('project', `model = "fast"\n\n${hook('from-project', 'SessionStart', 'action = { type = "llm_prompt", prompt = "ignored" }').replace(/action = \{ type = "shell".*\n/, '')}`);
    const snapshot = b.engine.load(b.context);
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.sources).toEqual([b.globalFile, b.projectFile]);
    expect(snapshot.hooks.map((spec) => [spec.id, spec.source])).toEqual([
      ['global:from-home', b.globalFile],
      ['project:from-project', b.projectFile],
    ]);
    const result = await b.dispatch('SessionStart', { source: 'startup' });
    expect(result.runs.map((run) => run.hookId)).toContain('global:from-home');
    expect(b.ran()).toEqual(['from-home']);
  });

  it('the seed\'s own example table loads exactly as written: name = "cargo-fmt", event = "PostFileWrite", matcher = { path = "**/*.rs" }, timeout_secs = 20', async () => {
    const b = bench();
    const seedExample = `[[hooks]]
name = "cargo-fmt"                       # unique id (lowercase, [a-z0-9_-])
event = "PostFileWrite"
matcher = { path = "**/*.rs" }           # and/or { tool = "<glob>" }
action = { type = "shell", command = "cargo fmt -- \\"$BONSAI_FILE_PATH\\"" }
timeout_secs = 20                        # default 30
blocking = false                         # default
on_failure = "warn"                      # default; or "block"
enabled = true                           # default; false parks the entry
`;
    const snapshot = b.configure('global', seedExample);
    expect(snapshot.diagnostics).toEqual([]);
    const [spec] = snapshot.hooks;
    expect(spec).toMatchObject({ id: 'global:cargo-fmt', name: 'cargo-fmt', event: 'PostFileWrite', handler: { type: 'command', command: 'cargo fmt -- "$BONSAI_FILE_PATH"', timeoutMs: 20_000, onFailure: 'continue' } });
    expect(bonsaiData(spec!)).toMatchObject({ matcher: { path: '**/*.rs' }, timeoutSecs: 20, blocking: false, onFailure: 'warn', enabled: true, line: 1 });
  });
});

describe('Definition: the fields', () => {
  it('name: "unique id (lowercase, [a-z0-9_-])" — other characters and a name used twice (global + project) fail that entry only', async () => {
    const b = bench();
    b.write('global', hook('fmt', 'SessionStart'));
    b.write('project', `${hook('Fmt', 'SessionStart')}${hook('fmt', 'SessionStart')}${hook('lint_2-x', 'SessionStart')}`);
    const snapshot = b.engine.load(b.context);
    expect(snapshot.hooks.map((spec) => spec.id)).toEqual(['global:fmt', 'project:lint_2-x']);
    expect(snapshot.diagnostics.filter((entry) => entry.severity === 'error').map((entry) => [entry.code, entry.file, entry.line, entry.field])).toEqual([
      ['invalid-name', b.projectFile, 2, 'hooks[0].name'],
      ['duplicate-name', b.projectFile, 7, 'hooks[1].name'],
    ]);
    expect(bonsaiDialect.load(b.context).invalid?.map((entry) => [entry.name, entry.line])).toEqual([[undefined, 1], ['fmt', 6]]);
    await b.dispatch('SessionStart', { source: 'startup' });
    // The project's lint_2-x is not approved (a project shell hook); the global fmt is pre-trusted and runs.
    expect(b.ran()).toEqual(['fmt']);
  });

  it('"timeout_secs = 20 # default 30" — seconds become the handler timeout (30 s when omitted), and the run is killed when it passes', async () => {
    const b = bench();
    const snapshot = b.configure('global', `${hook('quick', 'SessionStart', 'timeout_secs = 1')}${hook('default', 'SessionEnd')}`);
    expect(snapshot.hooks.map((spec) => spec.handler.timeoutMs)).toEqual([1_000, 30_000]);
    b.configure('global', `[[hooks]]\nname = "slow"\nevent = "SessionStart"\ntimeout_secs = 1\naction = { type = "shell", command = "sleep 30" }\n`);
    const result = await b.dispatch('SessionStart', { source: 'startup' });
    expect(result.runs[0]).toMatchObject({ hookId: 'global:slow', timedOut: true });
    expect(result.runs[0]!.durationMs).toBeLessThan(20_000);
  });

  it('"blocking = false # default" and "on_failure = "warn" # default; or "block"" — only a blocking pre-event hook with on_failure = "block" fails closed', () => {
    const b = bench();
    const snapshot = b.configure(
      'global',
      [
        hook('plain', 'PreBash'),
        hook('guard', 'PreBash', 'blocking = true\non_failure = "block"'),
        hook('soft-guard', 'PreBash', 'blocking = true'),
        hook('post', 'PostBash', 'blocking = true\non_failure = "block"'),
      ].join(''),
    );
    expect(snapshot.hooks.map((spec) => [spec.name, bonsaiData(spec).blocking, bonsaiData(spec).onFailure, spec.handler.onFailure])).toEqual([
      ['plain', false, 'warn', 'continue'],
      ['guard', true, 'block', 'block'],
      ['soft-guard', true, 'warn', 'continue'],
      ['post', true, 'block', 'continue'],
    ]);
    expect(bonsaiDialect.load(b.context).diagnostics.map((entry) => entry.code)).toEqual(['blocking-not-pre-event', 'on-failure-ineffective']);
  });

  it('"enabled = true # default; false parks the entry" — a parked hook is listed but never fires', async () => {
    const b = bench();
    b.configure('global', `${hook('parked', 'SessionStart', 'enabled = false')}${hook('active', 'SessionStart')}`);
    const listed = b.engine.hooks();
    expect(listed.map((info) => [info.id, info.enabled])).toEqual([
      ['global:parked', false],
      ['global:active', true],
    ]);
    await b.dispatch('SessionStart', { source: 'startup' });
    expect(b.ran()).toEqual(['active']);
  });

  it('event: "SessionStart, SessionEnd, PreToolUse, PostToolUse, PreFileWrite, PostFileWrite, PreBash, PostBash" — each loads and fires on its own event only', async () => {
    const b = bench();
    const events = ['SessionStart', 'SessionEnd', 'PreToolUse', 'PostToolUse', 'PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash'] as const;
    const snapshot = b.configure('global', events.map((event) => hook(event.toLowerCase(), event)).join(''));
    expect(snapshot.diagnostics).toEqual([]);
    expect(bonsaiDialect.events).toEqual(events);
    const params: Record<(typeof events)[number], Partial<EventParams>> = {
      SessionStart: { source: 'startup' },
      SessionEnd: { reason: 'exit' },
      PreToolUse: tool('read', { path: 'a' }),
      PostToolUse: tool('read', { path: 'a' }),
      PreFileWrite: write('a.txt'),
      PostFileWrite: write('a.txt'),
      PreBash: { command: 'ls' },
      PostBash: { command: 'ls', exitCode: 0 },
    };
    for (const event of events) await b.dispatch(event, params[event]);
    expect(b.ran()).toEqual(events.map((event) => event.toLowerCase()));
    const unknown = b.configure('global', hook('typo', 'PostWrite'));
    expect(unknown.hooks).toEqual([]);
    expect(unknown.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'unknown-event', line: 3, field: 'hooks[0].event' })]);
  });

  it('action: "{ type = "shell", command }, { type = "http", url, headers }, or { type = "llm_prompt", prompt }. ${VAR} in headers expands at fire time."', async () => {
    const server = await TestHttpServer.start((_request, response) => response.writeHead(200).end());
    try {
      const b = bench({ BONSAI_TEST_TOKEN: 'first-token' });
      const snapshot = b.configure(
        'global',
        [
          hook('sh', 'SessionStart'),
          `[[hooks]]\nname = "web"\nevent = "SessionStart"\naction = { type = "http", url = "${server.url('/hook')}", headers = { Authorization = "Bearer \${BONSAI_TEST_TOKEN}" } }\n`,
          `[[hooks]]\nname = "judge"\nevent = "SessionEnd"\naction = { type = "llm_prompt", prompt = "Reply with strict JSON." }\n`,
        ].join('\n'),
      );
      expect(snapshot.hooks.map((spec) => spec.handler.type)).toEqual(['command', 'http', 'prompt']);
      const web = snapshot.hooks[1]!.handler;
      // Kept as written at load: the variable is read when the request is made.
      expect(web).toMatchObject({ type: 'http', url: server.url('/hook'), headers: { Authorization: 'Bearer ${BONSAI_TEST_TOKEN}' }, allowedEnvVars: ['BONSAI_TEST_TOKEN'] });
      expect(snapshot.hooks[2]!.handler).toMatchObject({ type: 'prompt', prompt: 'Reply with strict JSON.', reply: 'text' });
      await b.dispatch('SessionStart', { source: 'startup' });
      const [request] = await server.waitForRequests(1);
      expect(request).toMatchObject({ method: 'POST', path: '/hook' });
      expect(request!.headers.authorization).toBe('Bearer first-token');
      expect(b.ran()).toEqual(['sh']);
    } finally {
      await server.close();
    }
  });

  it('blocking: "Only meaningful on the pre events (PreToolUse/PreFileWrite/PreBash) … Every other event is always non-veto." — at load, blocking = true elsewhere is a warning and the hook is read as non-vetoing', () => {
    const b = bench();
    const snapshot = b.configure('global', ['PreToolUse', 'PreFileWrite', 'PreBash', 'PostToolUse', 'PostFileWrite', 'PostBash', 'SessionStart', 'SessionEnd'].map((event) => hook(event.toLowerCase(), event, 'blocking = true')).join(''));
    expect(snapshot.hooks).toHaveLength(8);
    const warned = snapshot.diagnostics.filter((entry) => entry.code === 'blocking-not-pre-event').map((entry) => entry.field);
    expect(warned).toEqual(['hooks[3].blocking', 'hooks[4].blocking', 'hooks[5].blocking', 'hooks[6].blocking', 'hooks[7].blocking']);
    expect(snapshot.diagnostics.every((entry) => entry.severity === 'warning')).toBe(true);
  });

  it('on_failure: "A failed run never disables the hook — it fires again next match."', async () => {
    const b = bench();
    b.configure('global', `[[hooks]]\nname = "flaky"\nevent = "PreBash"\naction = { type = "shell", command = "echo flaky >> \\"$REC/ran\\"; exit 1" }\n`);
    const first = await b.dispatch('PreBash', { command: 'ls' });
    const second = await b.dispatch('PreBash', { command: 'ls' });
    expect(first.runs[0]!.status).not.toBe('ok');
    expect(second.runs.map((run) => run.hookId)).toEqual(['global:flaky']);
    expect(b.ran()).toEqual(['flaky', 'flaky']);
    expect(b.engine.hooks()[0]!.enabled).toBe(true);
  });
});

describe('Definition: matchers', () => {
  it('matcher: "tool and/or path glob; omitted matches every call for that event." — both set: both must match', async () => {
    const b = bench();
    b.configure(
      'global',
      [
        hook('any', 'PreToolUse'),
        hook('writes', 'PreToolUse', 'matcher = { tool = "write" }'),
        hook('rust', 'PreToolUse', 'matcher = { path = "**/*.rs" }'),
        hook('rust-writes', 'PreToolUse', 'matcher = { tool = "w*", path = "src/**" }'),
      ].join(''),
    );
    expect(await b.ranBy('PreToolUse', { ...tool('write', { path: 'src/main.rs' }), ...write('src/main.rs') })).toEqual(['any', 'rust', 'rust-writes', 'writes']);
    expect(await b.ranBy('PreToolUse', { ...tool('write', { path: 'README.md' }), ...write('README.md') })).toEqual(['any', 'writes']);
    expect(await b.ranBy('PreToolUse', { ...tool('read', { path: 'src/lib.rs' }), ...write('src/lib.rs') })).toEqual(['any', 'rust']);
  });

  it('path globs use picomatch with dot: true over normalised relative paths: "**" reaches dotfiles, an absolute path inside the workspace is made relative, ./ is dropped', async () => {
    const b = bench();
    b.configure('global', `${hook('env', 'PreFileWrite', 'matcher = { path = "**/.env" }')}${hook('src', 'PreFileWrite', 'matcher = { path = "src/*.rs" }')}`);
    await b.dispatch('PreFileWrite', write('config/.env'));
    await b.dispatch('PreFileWrite', write(join(b.workspace, 'src', 'main.rs')));
    await b.dispatch('PreFileWrite', write('./src/lib.rs'));
    await b.dispatch('PreFileWrite', write('/elsewhere/src/x.rs'));
    expect(b.ran()).toEqual(['env', 'src', 'src']);
  });

  it('"A set matcher against a missing context field is a non-match; an invalid glob fails the hook at load." — the rest of the file still loads', async () => {
    const b = bench();
    const snapshot = b.configure(
      'global',
      [
        hook('needs-path', 'PreToolUse', 'matcher = { path = "**" }'),
        hook('needs-tool', 'PreBash', 'matcher = { tool = "*" }'),
        hook('broken', 'PreToolUse', 'matcher = { tool = "[bash" }'),
        hook('fine', 'PreBash'),
      ].join(''),
    );
    expect(snapshot.hooks.map((spec) => spec.name)).toEqual(['needs-path', 'needs-tool', 'fine']);
    expect(snapshot.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'invalid-glob', file: b.globalFile, line: 15, field: 'hooks[2].matcher.tool' })]);
    expect(snapshot.diagnostics[0]!.message).toContain('hook "broken"');
    expect(bonsaiDialect.load(b.context).invalid).toEqual([expect.objectContaining({ name: 'broken', event: 'PreToolUse', source: b.globalFile, line: 11 })]);
    // A PreToolUse of a tool with no file, a PreBash with no tool name: the set matchers do not match.
    await b.dispatch('PreToolUse', tool('bash', { command: 'ls' }));
    await b.dispatch('PreBash', { command: 'ls' });
    expect(b.ran()).toEqual(['fine']);
    expect(await b.ranBy('PreBash', { command: 'ls', toolName: 'bash' })).toEqual(['fine', 'needs-tool']);
  });
});

describe('Trust (what the configuration declares)', () => {
  it('"Global-config hooks are pre-trusted — you wrote your own home file." — a project shell hook does not fire until approved', async () => {
    const b = bench();
    b.write('global', hook('mine', 'SessionStart'));
    b.write('project', hook('theirs', 'SessionStart'));
    const snapshot = b.engine.load(b.context);
    const [mine, theirs] = snapshot.hooks;
    expect(mine!.trustKey).toBeUndefined();
    expect(theirs).toMatchObject({ trustKey: `bonsai-hook:${b.projectFile}#theirs`, approval: { actionType: 'shell', summary: 'echo theirs >> "$REC/ran"' } });
    await b.dispatch('SessionStart', { source: 'startup' });
    expect(b.ran()).toEqual(['mine']);
    b.engine.setTrusted(theirs!.trustKey!, true);
    // Both SessionStart hooks now run, concurrently (neither vetoes): their append order is not defined.
    expect(await b.ranBy('SessionStart', { source: 'startup' })).toEqual(['mine', 'theirs']);
  });

  it('"A project hook with a shell or http action needs a one-time approval before it first runs, shown as a permission-style prompt (action command/URL …)" — the prompt shows the command or the URL', () => {
    const b = bench();
    const snapshot = b.configure('project', `${hook('sh', 'PreBash')}[[hooks]]\nname = "web"\nevent = "PreBash"\naction = { type = "http", url = "https://hooks.example.test/audit" }\n`);
    expect(snapshot.hooks.map((spec) => spec.approval)).toEqual([
      { actionType: 'shell', summary: 'echo sh >> "$REC/ran"' },
      { actionType: 'http', summary: 'https://hooks.example.test/audit' },
    ]);
    expect(snapshot.hooks.every((spec) => spec.trustKey !== undefined && spec.trustHash?.startsWith('sha256:'))).toBe(true);
  });

  it('"llm_prompt hooks skip the gate: they only reach the model provider you already authorized."', () => {
    const b = bench();
    const snapshot = b.configure('project', `[[hooks]]\nname = "judge"\nevent = "PreFileWrite"\nblocking = true\naction = { type = "llm_prompt", prompt = "Review." }\n`);
    expect(snapshot.hooks[0]).toMatchObject({ name: 'judge', scope: 'project' });
    expect(snapshot.hooks[0]!.trustKey).toBeUndefined();
    expect(snapshot.hooks[0]!.approval).toBeUndefined();
    expect(b.engine.hooks()[0]!.enabled).toBe(true);
  });

  it('"The trust record hashes the complete effect declaration — name, event, action, matcher, timeout, blocking, failure policy — so editing any of it re-prompts."', async () => {
    const b = bench();
    const base = { name: 'guard', event: 'PreBash', action: 'action = { type = "shell", command = "echo guard >> \\"$REC/ran\\"" }', matcher: '', timeout: '', blocking: '', onFailure: '', enabled: '' };
    type Parts = typeof base;
    const render = (parts: Parts) =>
      `[[hooks]]\nname = "${parts.name}"\nevent = "${parts.event}"\n${parts.action}\n${parts.matcher}\n${parts.timeout}\n${parts.blocking}\n${parts.onFailure}\n${parts.enabled}\n`;
    const hashOf = (parts: Parts) => {
      const snapshot = b.configure('project', render(parts));
      expect(snapshot.diagnostics.filter((entry) => entry.severity === 'error')).toEqual([]);
      return snapshot.hooks[0]!.trustHash;
    };
    const original = hashOf(base);
    const edits: Partial<Parts>[] = [
      { name: 'guard-2' },
      { event: 'PreToolUse' },
      { action: 'action = { type = "shell", command = "echo other >> \\"$REC/ran\\"" }' },
      { action: 'action = { type = "http", url = "http://127.0.0.1:9/x" }' },
      { matcher: 'matcher = { tool = "bash" }' },
      { timeout: 'timeout_secs = 31' },
      { blocking: 'blocking = true' },
      { onFailure: 'on_failure = "block"' },
    ];
    const hashes = edits.map((edit) => hashOf({ ...base, ...edit }));
    expect(new Set([original, ...hashes]).size).toBe(edits.length + 1);
    // Writing a default explicitly, or parking the entry, is no change of effect.
    expect(hashOf({ ...base, timeout: 'timeout_secs = 30', blocking: 'blocking = false', onFailure: 'on_failure = "warn"' })).toBe(original);
    expect(hashOf({ ...base, enabled: 'enabled = false' })).toBe(original);

    // Through the engine: approved for its hash, it fires; edited, it waits for approval again.
    b.configure('project', render(base));
    const key = b.engine.snapshot.hooks[0]!.trustKey!;
    b.engine.setTrusted(key, true);
    await b.dispatch('PreBash', { command: 'ls' });
    expect(b.ran()).toEqual(['guard']);
    b.write('project', render({ ...base, timeout: 'timeout_secs = 5' }));
    b.engine.reload(b.context);
    expect(b.engine.trustState(key)).not.toBe('trusted');
    await b.dispatch('PreBash', { command: 'ls' });
    expect(b.ran()).toEqual(['guard']);
  });
});

describe('LLM-judge actions (configuration)', () => {
  it('the seed\'s [[hooks]] example "name = "migration-review"" (matcher = { path = "migrations/**" }, blocking = true, timeout_secs = 45, a multi-line prompt) loads as written', () => {
    const b = bench();
    const seedExample = `[[hooks]]
name = "migration-review"
event = "PreFileWrite"
matcher = { path = "migrations/**" }
blocking = true
timeout_secs = 45
action = { type = "llm_prompt", prompt = """
You review a proposed file change. Block it only if it drops or truncates data.
Reply with strict JSON: {"decision":"allow"|"block","reason":"..."}.
Change:

""" }
`;
    const snapshot = b.configure('project', seedExample);
    expect(snapshot.diagnostics).toEqual([]);
    const [spec] = snapshot.hooks;
    expect(spec).toMatchObject({ id: 'project:migration-review', event: 'PreFileWrite', handler: { type: 'prompt', timeoutMs: 45_000, reply: 'text' } });
    const data = bonsaiData(spec!);
    expect(data).toMatchObject({ matcher: { path: 'migrations/**' }, blocking: true, onFailure: 'warn', scope: 'project' });
    expect(data.action).toEqual({
      type: 'llm_prompt',
      prompt: 'You review a proposed file change. Block it only if it drops or truncates data.\nReply with strict JSON: {"decision":"allow"|"block","reason":"..."}.\nChange:\n\n',
    });
  });
});
