// Conformance of the `codex` dialect's configuration to hook-systems §3.1 (config and discovery), §3.3 (matchers) and
// observed-decisions 12, 13 and 16 (Codex CLI 0.171). Each test name quotes the sentence or scenario it pins. Hooks
// come from real hooks.json (and config.toml) files in a scratch home and workspace, load through the real loader and
// run through the real Engine and process runner; commands record what ran in $REC, and no hook process may outlive
// its test (checked by /proc). Trust review is bypassed (bypassHookTrust) unless a test says otherwise: these tests
// are about loading; codex-trust's suites pin the review itself.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codexDialect } from '../../src/dialects/codex/index.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';

class CodexConfigBench {
  readonly root = realpathSync(scratchDir('hookd-codex-config-'));
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly userFile = join(this.home, '.codex', 'hooks.json');
  readonly projectFile = join(this.workspace, '.codex', 'hooks.json');
  readonly configFile = join(this.home, '.codex', 'config.toml');
  readonly engine: Engine;
  context: LoadContext;

  constructor(context: Partial<LoadContext> = {}) {
    for (const dir of [join(this.home, '.codex'), join(this.workspace, '.codex'), this.rec]) mkdirSync(dir, { recursive: true });
    const env: Record<string, string> = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    delete env['CODEX_HOME'];
    this.engine = new Engine({ dialect: codexDialect, runner: createProcessRunner(), workspace: this.workspace, baseEnv: env });
    this.context = { workspace: this.workspace, home: this.home, env, bypassHookTrust: true, ...context };
  }

  write(where: 'user' | 'project' | string, config: unknown): string {
    const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
    writeFileSync(where === 'user' ? this.userFile : where === 'project' ? this.projectFile : where, text);
    return text;
  }

  load(context: Partial<LoadContext> = {}) {
    return this.engine.load({ ...this.context, ...context });
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    const { result } = await this.engine.dispatch(event, { session: { id: 'codex-session-1', cwd: this.workspace }, ...params } as EventParams);
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

const benches: CodexConfigBench[] = [];
afterEach(() => {
  const left = benches.splice(0).flatMap((b) => {
    const pids = b.leftovers();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids;
  });
  expect(left, 'hook processes left running').toEqual([]);
});
function bench(context: Partial<LoadContext> = {}): CodexConfigBench {
  const created = new CodexConfigBench(context);
  benches.push(created);
  return created;
}

const record = (name: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: `echo ${name} >> "$REC/ran"`, ...more });
const group = (matcher: string | undefined, ...hooks: unknown[]) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks });
const file = (hooks: Record<string, unknown[]>) => ({ hooks });
const toolCall = (toolName: string) => ({ toolName, toolInput: { command: 'echo hi && touch tool_ran.marker' }, toolUseId: `call-${toolName}` });

describe('§3.1 Config and discovery', () => {
  it('§3.1 "Typical: ~/.codex/hooks.json": the user file\'s hooks run, in the workspace, under /bin/bash -c (not a login shell; observed)', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, { type: 'command', command: 'pwd > "$REC/cwd"; [ -n "$BASH_VERSION" ] && echo bash > "$REC/shell"; shopt -q login_shell || echo nonlogin >> "$REC/shell"; echo user >> "$REC/ran"' })] }));
    expect(b.load().diagnostics).toEqual([]);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['user']);
    expect(readFileSync(join(b.rec, 'cwd'), 'utf8').trim()).toBe(b.workspace);
    expect(readFileSync(join(b.rec, 'shell'), 'utf8').split('\n').filter(Boolean)).toEqual(['bash', 'nonlogin']);
  });

  it('§3.1 "$CODEX_HOME/hooks.json (default ~/.codex/hooks.json)": with CODEX_HOME set, its hooks.json runs and ~/.codex/hooks.json does not', async () => {
    const b = bench();
    const codexHome = join(b.root, 'codex-home');
    mkdirSync(codexHome);
    b.write(join(codexHome, 'hooks.json'), file({ Stop: [group(undefined, record('codex-home'))] }));
    b.write('user', file({ Stop: [group(undefined, record('dot-codex'))] }));
    b.load({ env: { ...b.context.env, CODEX_HOME: codexHome } });
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['codex-home']);
  });

  it('§3.1 "Project-local hooks load only if the project .codex/ layer is trusted": an untrusted project\'s hook does not run, even under the trust bypass; the user file\'s does', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, record('user'))] }));
    b.write('project', file({ Stop: [group(undefined, record('project'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics.map((d) => [d.severity, d.code, d.file])).toEqual([['info', 'project-untrusted', b.projectFile]]);
    expect(snapshot.diagnostics[0]?.message).toContain(`[projects.${JSON.stringify(b.workspace)}] trust_level = "trusted"`);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['user']);
  });

  it('16 "other config location" — codex: "project .codex/hooks.json runs when the project is trusted" ([projects."<path>"] trust_level = "trusted")', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, record('user'))] }));
    b.write('project', file({ Stop: [group(undefined, record('project'))] }));
    writeFileSync(b.configFile, `# my codex config\nmodel = "gpt-5.1-codex"\n\n[projects.${JSON.stringify(b.workspace)}]\ntrust_level = "trusted"\n`);
    const snapshot = b.load();
    expect(snapshot.diagnostics).toEqual([]);
    const result = await b.dispatch('Stop');
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:Stop[0].hooks[0]', 'project:Stop[0].hooks[0]']);
    expect([...b.ran()].sort()).toEqual(['project', 'user']);
  });

  it('§3.1 "[features] hooks = false turns them off": nothing runs, not even under the trust bypass', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, record('user'))] }));
    writeFileSync(b.configFile, '[features]\nhooks = false\n');
    const snapshot = b.load();
    expect(snapshot.diagnostics.map((d) => [d.severity, d.code])).toEqual([['info', 'hooks-disabled']]);
    const result = await b.dispatch('Stop');
    expect(result.runs).toEqual([]);
    expect(b.ran()).toEqual([]);
  });

  it('§3.2 "new or changed hooks are skipped until trusted": trusted through the review store the hook runs; edited afterwards it is modified and skipped', async () => {
    const b = bench({ bypassHookTrust: false });
    b.write('user', file({ Stop: [group(undefined, record('v1'))] }));
    const [hook] = b.load().hooks;
    expect(hook?.review?.status).toBe('untrusted');
    await codexDialect.reviewStore!(b.context).trust(hook!.review!.key, hook!.review!.currentHash);
    expect(b.load().hooks.map((entry) => entry.review?.status)).toEqual(['trusted']);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['v1']);
    b.write('user', file({ Stop: [group(undefined, record('v2'))] }));
    expect(b.load().hooks.map((entry) => entry.review?.status)).toEqual(['modified']);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['v1']);
  });

  it('§3.2 "new or changed hooks are skipped until trusted": without the bypass an unreviewed user hook does not run', async () => {
    const b = bench({ bypassHookTrust: false });
    b.write('user', file({ Stop: [group(undefined, record('user'))] }));
    const snapshot = b.load();
    expect(snapshot.hooks.map((hook) => hook.review?.status)).toEqual(['untrusted']);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual([]);
  });

  it('§3.1 "Shape: same three levels as Claude Code": the same JSON text Claude Code reads runs, every handler of every matching group, reported in configured order', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Bash', record('a'), record('b')), group('*', record('c')), group('Edit', record('no'))] }));
    b.load();
    const result = await b.dispatch('PreToolUse', toolCall('Bash'));
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:PreToolUse[0].hooks[0]', 'user:PreToolUse[0].hooks[1]', 'user:PreToolUse[1].hooks[0]']);
    expect([...b.ran()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('§3.1 "timeout (seconds; default 600)": a hook outliving "timeout": 1 is ended and its tree is gone', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, { type: 'command', command: 'sleep 30; echo late >> "$REC/ran"', timeout: 1 })] }));
    b.load();
    const result = await b.dispatch('Stop');
    expect(result.runs[0]?.timedOut).toBe(true);
    expect(b.ran()).toEqual([]);
    expect(b.leftovers()).toEqual([]);
  });

  it('§3.1 "`prompt`, `agent` parsed and skipped with a warning": only the command hook of the group runs', async () => {
    const b = bench();
    b.write('user', file({ Stop: [group(undefined, { type: 'prompt', prompt: 'done?' }, { type: 'agent', prompt: 'check' }, { type: 'mcp_tool', server: 's', tool: 't' }, record('command'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics.map((d) => [d.severity, d.field])).toEqual([
      ['warning', 'hooks.Stop[0].hooks[0].type'],
      ['warning', 'hooks.Stop[0].hooks[1].type'],
      ['warning', 'hooks.Stop[0].hooks[2].type'],
    ]);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['command']);
  });

  it('a malformed hooks file is an error naming file, line and column, and the other file still runs', async () => {
    const b = bench();
    b.write('user', '{\n  "hooks": {\n    "Stop": [,]\n  }\n}');
    b.write(join(b.root, 'other.json'), file({ Stop: [group(undefined, record('other'))] }));
    const snapshot = b.load({ sources: [{ path: b.userFile, scope: 'user' }, { path: join(b.root, 'other.json'), scope: 'user' }] });
    expect(snapshot.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.line, d.column])).toEqual([['invalid-json', b.userFile, 3, 14]]);
    await b.dispatch('Stop');
    expect(b.ran()).toEqual(['other']);
  });
});

describe('§3.3 Matchers (observed 12, 13)', () => {
  it('12 "non-matching matcher `Edit|Write`" — codex: not run', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Edit|Write', record('edit-write'))] }));
    b.load();
    const result = await b.dispatch('PreToolUse', toolCall('Bash'));
    expect(result.runs).toEqual([]);
    expect(b.ran()).toEqual([]);
  });

  it('13 "regex `^Ba.h$`" — codex: regex matches (the hook runs on Bash)', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('^Ba.h$', record('regex'))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('Bash'));
    expect(b.ran()).toEqual(['regex']);
  });

  it('§3.3 "apply_patch (matched as apply_patch, Edit or Write)": Edit, Write and apply_patch matchers each run once for an apply_patch call; a handler matching several aliases runs once', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Edit', record('edit')), group('Write', record('write')), group('apply_patch', record('patch')), group('Edit|Write|apply_patch', record('once'))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('apply_patch'));
    expect([...b.ran()].sort()).toEqual(['edit', 'once', 'patch', 'write']);
  });

  it('§3.3 "`spawn_agent` also matches `Agent`"', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Agent', record('agent'))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('spawn_agent'));
    expect(b.ran()).toEqual(['agent']);
  });

  it('§3.3 "a matcher made only of [A-Za-z0-9_|] is split on | and compared exactly": Bash does not run on BashOutput', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('Bash', record('exact'))] }));
    b.load();
    await b.dispatch('PreToolUse', toolCall('BashOutput'));
    expect(b.ran()).toEqual([]);
  });

  it('§3.3 "invalid regex → warning, whole group skipped": none of its handlers run, the next group does', async () => {
    const b = bench();
    b.write('user', file({ PreToolUse: [group('(Bash', record('a'), record('b')), group('Bash', record('c'))] }));
    const snapshot = b.load();
    expect(snapshot.diagnostics.map((d) => [d.severity, d.code, d.field])).toEqual([['warning', 'invalid-regex', 'hooks.PreToolUse[0].matcher']]);
    await b.dispatch('PreToolUse', toolCall('Bash'));
    expect(b.ran()).toEqual(['c']);
  });

  it('§3.3 UserPromptSubmit and Stop have no matcher ("—"): a matcher there is ignored and the hook runs', async () => {
    const b = bench();
    b.write('user', file({ UserPromptSubmit: [group('^never$', record('prompt'))] }));
    b.load();
    await b.dispatch('UserPromptSubmit', { prompt: 'run the command' });
    expect(b.ran()).toEqual(['prompt']);
  });
});
