// A scratch WAMP setup for the io conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the wamp dialect, hooks written as `~/.wamp/hooks.json` (the seed's format) and read by its loader. Every hook process
// carries a per-bench mark so each test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import type { Dialect, ToolKinds } from '../../src/engine/dialect.js';
import { Engine, type DispatchOptions } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const CONVERSATION = 'conversation-1';

/** One handler of `hooks.json`, as the seed writes it. */
export type WampHandler = { type: string; command: string; timeout?: number };
export type WampGroup = { matcher?: string; hooks: WampHandler[] };
export type WampHooksFile = { hooks: Partial<Record<EventName, WampGroup[]>> };

export type BenchOptions = {
  /** The initialize `tools` (registered WAMP tools); default none. */
  readonly tools?: readonly string[];
  /** Variables of hookd's own environment (on top of the test process's), before the dialect's inherited filter. */
  readonly hookdEnv?: Readonly<Record<string, string>>;
  readonly runOutputExcerptBytes?: number;
};

export class WampBench {
  readonly root = scratchDir('hookd-wamp-io-');
  readonly home = join(this.root, 'home');
  readonly project = join(this.root, 'project');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly #options: BenchOptions;
  #engine: Engine | undefined;

  constructor(options: BenchOptions = {}) {
    for (const dir of [join(this.home, '.wamp'), join(this.project, '.wamp'), this.rec]) mkdirSync(dir, { recursive: true });
    this.#options = options;
  }

  get userFile(): string {
    return join(this.home, '.wamp', 'hooks.json');
  }

  /** Writes `~/.wamp/hooks.json` and starts an engine on it. */
  configure(file: WampHooksFile): Engine {
    writeFileSync(this.userFile, JSON.stringify(file, null, 2));
    return this.#start(wampDialect);
  }

  /** A file with one group on `event` running `command` (matcher `*` on tool events). */
  one(event: EventName, command: string, extra: Partial<WampHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }

  /** The load's diagnostics must be empty: these tests write valid files. */
  #start(dialect: Dialect): Engine {
    // As the server does: the dialect filters hookd's environment once per session (session-handlers.ts).
    const hookdEnv = { ...processEnvironment(), ...this.#options.hookdEnv, REC: this.rec, [TEST_MARK]: this.mark };
    const baseEnv = dialect.inheritedEnvironment?.(hookdEnv, {}) ?? hookdEnv;
    const tools: ToolKinds = new Map((this.#options.tools ?? []).map((name) => [name, { name, kind: 'other' as const }]));
    this.#engine = new Engine({
      dialect,
      runner: createProcessRunner(),
      workspace: this.project,
      baseEnv,
      toolKinds: tools,
      ...(this.#options.runOutputExcerptBytes !== undefined ? { runOutputExcerptBytes: this.#options.runOutputExcerptBytes } : {}),
    });
    const snapshot = this.#engine.load({ workspace: this.project, home: this.home, env: {} });
    expect(snapshot.diagnostics, 'diagnostics of the hooks file').toEqual([]);
    return this.#engine;
  }

  /** One event as a WAMP agent sends it: in a Run (runId) of the conversation. */
  async dispatch(event: EventName, params: Partial<EventParams> = {}, options: DispatchOptions = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('configure() first');
    const problem = this.#engine.dialect.validateParams?.(event, { session: { id: CONVERSATION }, runId: 'run-1', ...params } as EventParams);
    if (problem !== undefined) throw new Error(problem);
    const { result } = await this.#engine.dispatch(event, { session: { id: CONVERSATION }, runId: 'run-1', ...params } as EventParams, options);
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
export function trackedWampBenches(): (options?: BenchOptions) => WampBench {
  const benches: WampBench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    expect(left, 'hook processes left running').toEqual([]);
  });
  return (options = {}) => {
    const created = new WampBench(options);
    benches.push(created);
    return created;
  };
}

/** A shell snippet printing `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' ${quote(JSON.stringify(value))}`;
export const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A shell tool call. */
export const shellCall = (command: string) => ({ toolName: 'shell', toolInput: { command }, toolUseId: 'call-1' });
