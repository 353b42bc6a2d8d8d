// A scratch codex setup for the io conformance tests: temp home ($CODEX_HOME = <home>/.codex), project and record dir,
// a real Engine with the real process runner and the codex dialect's envelope, environment, output reading and merge.
// Hooks are written as $CODEX_HOME/hooks.json and read by the codex dialect's loader with the dangerous trust bypass on
// (these tests are about input and output, not review: config.toml is never written). Every hook process carries a
// per-bench mark so each test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import type { Dialect, HookSpec, LoadResult } from '../../src/engine/dialect.js';
import { codexDialect } from '../../src/dialects/codex/index.js';
import { compileCodexMatcher } from '../../src/dialects/codex/matcher.js';
import { CODEX_DEFAULT_TIMEOUT_MS, CODEX_SHELL } from '../../src/dialects/codex/limits.js';
import { Engine, type DispatchOptions } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const SESSION = '01a22898-5f6a-7270-9a37-9736f535ce0d';

export type CodexHandler = { type?: string; command: string; timeout?: number; statusMessage?: string };
export type CodexGroup = { matcher?: string; hooks: CodexHandler[] };
export type CodexHooksFile = { hooks: Partial<Record<EventName, CodexGroup[]>> };

export class CodexBench {
  readonly root = scratchDir('hookd-codex-io-');
  readonly home = join(this.root, 'home');
  readonly codexHome = join(this.home, '.codex');
  readonly project = join(this.root, 'project');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  #engine: Engine | undefined;

  constructor(readonly options: { readonly stopBlockCap?: number } = {}) {
    for (const dir of [this.codexHome, join(this.project, '.codex'), this.rec]) mkdirSync(dir, { recursive: true });
  }

  get userFile(): string {
    return join(this.codexHome, 'hooks.json');
  }

  /** Writes $CODEX_HOME/hooks.json and starts an engine on it. */
  configure(file: CodexHooksFile): Engine {
    writeFileSync(this.userFile, JSON.stringify(file, null, 2));
    const baseEnv: Record<string, string> = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    delete baseEnv['CODEX_HOME'];
    const dialect: Dialect = { ...codexDialect, load: (context) => loadWithFallback(context, this.userFile, file) };
    this.#engine = new Engine({ dialect, runner: createProcessRunner(), workspace: this.project, baseEnv, ...(this.options.stopBlockCap !== undefined ? { stopBlockCap: this.options.stopBlockCap } : {}) });
    const snapshot = this.#engine.load({ workspace: this.project, home: this.home, env: {}, bypassHookTrust: true });
    expect(snapshot.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'), 'problems in the hooks file').toEqual([]);
    return this.#engine;
  }

  /** A file with one group on `event` running `command`. */
  one(event: EventName, command: string, extra: Partial<CodexHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}, options: DispatchOptions = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('configure() first');
    const full = { ...params, session: { id: SESSION, ...params.session } } as EventParams;
    const { result } = await this.#engine.dispatch(event, full, options);
    return result;
  }

  path(name: string): string {
    return join(this.rec, name);
  }

  read(name: string): string {
    return readFileSync(this.path(name), 'utf8');
  }

  has(name: string): boolean {
    return existsSync(this.path(name));
  }

  json(name: string): Record<string, unknown> {
    return JSON.parse(this.read(name)) as Record<string, unknown>;
  }

  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }

  cleanup(): number[] {
    return killProcessesWithEnv(TEST_MARK, this.mark);
  }
}

/**
 * The codex loader's hooks when it loads the file; while it is still the contract stub (no hooks at all), the same
 * file turned into HookSpecs here exactly as the brief describes them (shell /bin/bash, onFailure continue, timeout
 * seconds with 600 s default), so these io tests run before and after the loader lands.
 */
function loadWithFallback(context: Parameters<Dialect['load']>[0], userFile: string, file: CodexHooksFile): LoadResult {
  const real = codexDialect.load({ ...context, sources: [{ path: userFile, scope: 'user' }] });
  if (real.hooks.length > 0 || real.diagnostics.length > 0) return real;
  const hooks: HookSpec[] = [];
  for (const [event, groups] of Object.entries(file.hooks) as [EventName, CodexGroup[]][]) {
    groups.forEach((group, groupIndex) => {
      const compiled = compileCodexMatcher(group.matcher);
      if (!compiled.ok) return;
      group.hooks.forEach((handler, handlerIndex) => {
        if ((handler.type ?? 'command') !== 'command') return;
        hooks.push({
          id: `user:${event}[${groupIndex}].hooks[${handlerIndex}]`,
          event,
          ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
          matches: compiled.matches,
          handler: { type: 'command', command: handler.command, shell: CODEX_SHELL, timeoutMs: handler.timeout !== undefined ? Math.max(1, handler.timeout) * 1000 : CODEX_DEFAULT_TIMEOUT_MS, onFailure: 'continue', explicitTimeout: handler.timeout !== undefined },
          source: userFile,
          scope: 'user',
        });
      });
    });
  }
  return { hooks, diagnostics: [], sources: [userFile] };
}

/** The `bench()` of one test file: each bench is cleaned up after its test, which fails if a hook process survived. */
export function trackedCodexBenches(): (options?: { readonly stopBlockCap?: number }) => CodexBench {
  const benches: CodexBench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    if (left.length > 0) throw new Error(`hook processes left running: ${left.join(', ')}`);
  });
  return (options) => {
    const created = new CodexBench(options);
    benches.push(created);
    return created;
  };
}

/** A shell snippet printing `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' ${quote(JSON.stringify(value))}`;
export const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
export const record = (name: string) => `cat > "$REC/${name}"`;
/** The observed scenarios' tool call: Codex's shell tool, matched and reported as `Bash`. */
export const OBSERVED_COMMAND = 'echo hi && touch tool_ran.marker';
export const shellCall = (command = OBSERVED_COMMAND) => ({ toolName: 'Bash', toolInput: { command }, toolUseId: 'call_mock_1_0' });
