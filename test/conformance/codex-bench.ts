// A scratch codex setup for the io conformance tests: temp home ($CODEX_HOME = <home>/.codex), project and record dir,
// a real Engine with the real process runner and the codex dialect's envelope, environment, output reading and merge.
// Hooks are written as $CODEX_HOME/hooks.json and found by the codex dialect's own discovery, with the dangerous trust
// bypass on (these tests are about input and output, not review: config.toml is never written). Every hook process carries a
// per-bench mark so each test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { codexDialect } from '../../src/dialects/codex/index.js';
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

  get projectFile(): string {
    return join(this.project, '.codex', 'hooks.json');
  }

  /** Writes <project>/.codex/hooks.json, trusts the project in $CODEX_HOME/config.toml and starts an engine on it. */
  configureProject(file: CodexHooksFile): Engine {
    writeFileSync(join(this.codexHome, 'config.toml'), `[projects.${JSON.stringify(this.project)}]\ntrust_level = "trusted"\n`);
    writeFileSync(this.projectFile, JSON.stringify(file, null, 2));
    return this.#start();
  }

  /** Writes $CODEX_HOME/hooks.json and starts an engine on it. */
  configure(file: CodexHooksFile): Engine {
    writeFileSync(this.userFile, JSON.stringify(file, null, 2));
    return this.#start();
  }

  #start(): Engine {
    const baseEnv: Record<string, string> = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    delete baseEnv['CODEX_HOME'];
    this.#engine = new Engine({ dialect: codexDialect, runner: createProcessRunner(), workspace: this.project, baseEnv, ...(this.options.stopBlockCap !== undefined ? { stopBlockCap: this.options.stopBlockCap } : {}) });
    const snapshot = this.#engine.load({ workspace: this.project, home: this.home, env: {}, bypassHookTrust: true });
    expect(snapshot.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info'), 'problems in the hooks file').toEqual([]);
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
