// Conformance of the gemini dialect's configuration and trust (hook-systems §4.1, §4.2, §4.6; observed-decisions 12/13,
// 16, 17, Gemini column) through the real engine and the real process runner, with real settings files in a scratch
// home and workspace. Each hook appends its label to $REC/ran, so a test sees exactly which hooks ran and in which
// order; every hook process carries a per-test mark and the test fails if one survives it.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiDialect } from '../../src/dialects/gemini/index.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { applyReviewAction } from '../../src/review/actions.js';
import { reviewListing } from '../../src/review/listing.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { TrustStore } from '../../src/trust/store.js';
import { killProcessesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';

class GeminiConfigBench {
  readonly root = realpathSync(scratchDir('hookd-gemini-config-'));
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly userFile = join(this.home, '.gemini', 'settings.json');
  readonly projectFile = join(this.workspace, '.gemini', 'settings.json');
  readonly trustedFolders = join(this.home, '.gemini', 'trustedFolders.json');
  readonly trustedHooks = join(this.home, '.gemini', 'trusted_hooks.json');
  readonly engine: Engine;
  readonly context: LoadContext;

  constructor() {
    for (const dir of [join(this.home, '.gemini'), join(this.workspace, '.gemini'), this.rec]) mkdirSync(dir, { recursive: true });
    const baseEnv = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    this.engine = new Engine({ dialect: geminiDialect, runner: createProcessRunner(), workspace: this.workspace, baseEnv });
    this.context = { workspace: this.workspace, home: this.home, env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(this.root, 'etc', 'settings.json') } };
  }

  write(file: string, value: unknown): this {
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return this;
  }

  trustFolder(): this {
    return this.write(this.trustedFolders, { [this.workspace]: 'TRUST_FOLDER' });
  }

  load(): ReturnType<Engine['load']> {
    return this.engine.load(this.context);
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    const full = { ...params, session: { id: 'gemini-session', ...params.session } } as EventParams;
    return (await this.engine.dispatch(event, full)).result;
  }

  /** The labels the hooks appended to $REC/ran, in the order they were written (concurrent hooks: completion order). */
  ran(): string[] {
    const file = join(this.rec, 'ran');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line !== '') : [];
  }
}

const benches: GeminiConfigBench[] = [];
afterEach(() => {
  const left = benches.splice(0).flatMap((b) => killProcessesWithEnv(TEST_MARK, b.mark));
  if (left.length > 0) throw new Error(`hook processes left running: ${left.join(', ')}`);
});
const bench = () => {
  const created = new GeminiConfigBench();
  benches.push(created);
  return created;
};

const mark = (label: string) => `echo ${label} >> "$REC/ran"`;
const handler = (label: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: mark(label), ...extra });
const shell = (command = 'ls') => ({ toolName: 'run_shell_command', toolInput: { command } });

describe('observed 16 "project .gemini/settings.json runs (folder trust disabled)" and §4.6 folder trust', () => {
  it('16 — with folder trust off in the user settings, the project file\'s BeforeTool hook runs under bash on a hooks/PreToolUse', async () => {
    const b = bench();
    b.write(b.userFile, { security: { folderTrust: { enabled: false } } });
    b.write(b.projectFile, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo "$BASH_VERSION" > "$REC/bash"; echo project >> "$REC/ran"' }] }] } });
    b.load();
    const result = await b.dispatch('PreToolUse', shell());
    expect(result.runs.map((run) => [run.hookId, run.status])).toEqual([['project:BeforeTool[0].hooks[0]', 'ok']]);
    expect(b.ran()).toEqual(['project']);
    expect(readFileSync(join(b.rec, 'bash'), 'utf8').trim()).not.toBe('');
  });

  it('§4.6 "Project hooks load only in trusted folders" — trusted in trustedFolders.json: they run; untrusted (no entry): no settings hook runs, the user\'s included, and the load says what to add', async () => {
    const b = bench();
    b.write(b.userFile, { hooks: { BeforeTool: [{ hooks: [handler('user')] }] } });
    b.write(b.projectFile, { hooks: { BeforeTool: [{ hooks: [handler('project')] }] } });
    const untrusted = b.load();
    expect(untrusted.hooks).toEqual([]);
    expect(untrusted.diagnostics.find((d) => d.code === 'folder-untrusted')?.message).toContain(`"${b.workspace}": "TRUST_FOLDER"`);
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual([]);
    b.trustFolder();
    b.load();
    await b.dispatch('PreToolUse', shell());
    // One dispatch, no `sequential: true`: the two hooks run concurrently, so their append order is not defined.
    expect([...b.ran()].sort()).toEqual(['project', 'user']);
  });
});

describe('observed 17 "Claude event names in Gemini settings: ignored, no hook ran"', () => {
  it('17 — PreToolUse/Bash in Gemini settings: no hook runs on run_shell_command; hookd warns naming BeforeTool', async () => {
    const b = bench().trustFolder();
    b.write(b.projectFile, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [handler('claude-named')] }] } });
    const snapshot = b.load();
    const result = await b.dispatch('PreToolUse', shell());
    expect(result.runs).toEqual([]);
    expect(b.ran()).toEqual([]);
    expect(snapshot.diagnostics.find((d) => d.code === 'invalid-event')).toMatchObject({ severity: 'warning', file: b.projectFile, field: 'hooks.PreToolUse' });
  });

  it('17 — the same file written as `gemini hooks migrate --from-claude` would (BeforeTool, run_shell_command) runs', async () => {
    const b = bench().trustFolder();
    b.write(b.projectFile, { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [handler('migrated')] }] } });
    b.load();
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['migrated']);
  });
});

describe('§4.2 matchers through the engine (observed 12/13 Gemini: `replace|write_file`, `^run_sh.ll_command$`)', () => {
  it('12/13 — "replace|write_file" does not run on run_shell_command, "^run_sh.ll_command$" does', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooks: { BeforeTool: [{ matcher: 'replace|write_file', hooks: [handler('12')] }, { matcher: '^run_sh.ll_command$', hooks: [handler('13')] }] } });
    b.load();
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['13']);
  });

  it('"lifecycle events → exact string equality with the trigger/source": SessionStart "startup" runs on startup, "start" and "startup|resume" do not', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooks: { SessionStart: [{ matcher: 'startup', hooks: [handler('exact')] }, { matcher: 'start', hooks: [handler('prefix')] }, { matcher: 'startup|resume', hooks: [handler('alternation')] }] } });
    b.load();
    await b.dispatch('SessionStart', { source: 'startup' });
    expect(b.ran()).toEqual(['exact']);
  });
});

describe('§4.1/§4.2 definitions: timeout in ms, de-duplication, hooksConfig', () => {
  it('"timeout? (milliseconds, default 60 000)" — timeout 300 stops a `sleep 30` hook (a timeout, not 300 s), and nothing of it is left', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sleep 30; echo late >> "$REC/ran"', timeout: 300 }] }] } });
    b.load();
    const result = await b.dispatch('PreToolUse', shell());
    expect(result.runs.map((run) => run.status)).toEqual(['timeout']);
    expect(b.ran()).toEqual([]);
  });

  it('"de-duplicate by name:command" — the same named hook in the user and the project file runs once; the same command under another name runs again', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooks: { BeforeTool: [{ hooks: [handler('guard', { name: 'guard' })] }] } });
    b.write(b.projectFile, { hooks: { BeforeTool: [{ hooks: [handler('guard', { name: 'guard' }), handler('guard', { name: 'other' })] }] } });
    b.load();
    const result = await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['guard', 'guard']);
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:BeforeTool[0].hooks[0]', 'project:BeforeTool[0].hooks[1]']);
  });

  it('"hooksConfig.disabled (array of hook names/commands)" — the named hook in the list does not run, the others do', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooksConfig: { disabled: ['noisy'] }, hooks: { BeforeTool: [{ hooks: [handler('noisy', { name: 'noisy' }), handler('kept')] }] } });
    b.load();
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['kept']);
  });

  it('"hooksConfig.enabled (default true)" false — no hook runs', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooksConfig: { enabled: false }, hooks: { BeforeTool: [{ hooks: [handler('off')] }] } });
    b.load();
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual([]);
  });

  it('a malformed settings file is a diagnostic (file, line, column) and the other files still load (Gemini refuses to start)', async () => {
    const b = bench().trustFolder();
    b.write(b.userFile, { hooks: { BeforeTool: [{ hooks: [handler('user')] }] } });
    b.write(b.projectFile, '{ "hooks": { "BeforeTool": [ }');
    const snapshot = b.load();
    expect(snapshot.diagnostics.find((d) => d.file === b.projectFile)).toMatchObject({ severity: 'error', line: 1, code: 'invalid-json' });
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['user']);
  });
});

describe('§4.6 trusted_hooks.json: "New or changed project hooks ... trigger a warning listing them — and are then auto-trusted and run"', () => {
  it('a new project hook runs and is warned about; review/trust records it in Gemini\'s bytes, the warning stops, it still runs; review/revoke makes it new again', async () => {
    const b = bench().trustFolder();
    b.write(b.projectFile, { hooks: { BeforeTool: [{ hooks: [handler('guard', { name: 'guard' })] }] } });
    const first = b.load();
    expect(first.diagnostics.filter((d) => d.code === 'untrusted-project-hooks')).toHaveLength(1);
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['guard']);

    const context = { engine: b.engine, dialect: geminiDialect, loadContext: b.context, trustStore: new TrustStore(join(b.root, 'trust.json')) };
    const listing = reviewListing(context);
    expect(listing).toMatchObject({ reviewRequiredCount: 0, warnings: [] });
    expect(listing.hooks.map((row) => [row.key, row.trustStatus, row.runnable])).toEqual([[`guard:${mark('guard')}`, 'untrusted', true]]);

    await applyReviewAction(context, 'trust', `guard:${mark('guard')}`);
    expect(readFileSync(b.trustedHooks, 'utf8')).toBe(JSON.stringify({ [b.workspace]: [`guard:${mark('guard')}`] }, null, 2));
    expect(b.load().diagnostics.filter((d) => d.code === 'untrusted-project-hooks')).toEqual([]);
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['guard', 'guard']);

    const revoked = await applyReviewAction(context, 'revoke', `guard:${mark('guard')}`);
    expect(revoked.hook).toMatchObject({ trustStatus: 'untrusted', runnable: true });
    expect(readFileSync(b.trustedHooks, 'utf8')).toBe(JSON.stringify({ [b.workspace]: [] }, null, 2));
    expect(b.load().diagnostics.filter((d) => d.code === 'untrusted-project-hooks')).toHaveLength(1);
    await b.dispatch('PreToolUse', shell());
    expect(b.ran()).toEqual(['guard', 'guard', 'guard']);
  });
});
