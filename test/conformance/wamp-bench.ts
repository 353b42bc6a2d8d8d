// A scratch WAMP setup for the conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the wamp dialect, hooks written as `~/.wamp/hooks.json` (the seed's format) and read by its loader;
// events sent as one configured file (configure/dispatch) or as the server sends them in runs (start/send). Every hook
// process carries a per-bench mark so each test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import { Engine, type DispatchOptions } from '../../src/engine/engine.js';
import { toolKindsOf } from '../../src/engine/tool-kinds.js';
import { EventParamsSchemas, type EventName, type EventParams, type EventResult, type ToolDeclaration } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const CONVERSATION = 'conversation-1';

/** One handler of `hooks.json`, as the seed writes it (tests of bad files add other fields). */
export type WampHandler = { type?: string; command?: string; timeout?: number; [field: string]: unknown };
export type WampGroup = { matcher?: string; hooks: WampHandler[] };
export type WampHooksFile = { hooks: Partial<Record<string, WampGroup[]>> };

export const command = (text: string): WampHandler => ({ type: 'command', command: text });
/** A handler that appends its stdin as one line to `$REC/<name>.jsonl`, then runs `then` (default: nothing). */
export const recorder = (name: string, then = 'true'): WampHandler => command(`{ cat; echo; } >> "$REC/${name}.jsonl"; ${then}`);

/** The params of one send: always in a Run. */
export type Send = Partial<EventParams> & { readonly runId: string };

export type BenchOptions = {
  /** The initialize `tools` (registered WAMP tools); default none. */
  readonly tools?: readonly (string | ToolDeclaration)[];
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

  /** Writes `~/.wamp/hooks.json` and starts an engine on it; the file must load without diagnostics. */
  configure(file: WampHooksFile): Engine {
    writeFileSync(this.userFile, JSON.stringify(file, null, 2));
    const engine = this.start();
    expect(engine.snapshot.diagnostics, 'diagnostics of the hooks file').toEqual([]);
    return engine;
  }

  /** Writes `~/.wamp/hooks.json` (an object, or text as is) without (re)starting the engine. */
  writeUser(file: WampHooksFile | string): void {
    writeFileSync(this.userFile, typeof file === 'string' ? file : `${JSON.stringify(file, null, 2)}\n`);
  }

  /** A file with one group on `event` running `command` (matcher `*` on tool events). */
  one(event: EventName, command: string, extra: Partial<WampHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }

  /** "initialize": an engine loads the files as they are now (diagnostics allowed); `tools`: the client's registered tools. */
  start(options: { readonly tools?: readonly (string | ToolDeclaration)[] } = {}): Engine {
    // As the server does: the dialect filters hookd's environment once per session (session-handlers.ts).
    const hookdEnv = { ...processEnvironment(), ...this.#options.hookdEnv, REC: this.rec, [TEST_MARK]: this.mark };
    const baseEnv = wampDialect.inheritedEnvironment?.(hookdEnv, {}) ?? hookdEnv;
    this.#engine = new Engine({
      dialect: wampDialect,
      runner: createProcessRunner(),
      workspace: this.project,
      baseEnv,
      toolKinds: toolKindsOf(options.tools ?? this.#options.tools ?? []),
      ...(this.#options.runOutputExcerptBytes !== undefined ? { runOutputExcerptBytes: this.#options.runOutputExcerptBytes } : {}),
    });
    this.#engine.load({ workspace: this.project, home: this.home, env: {} });
    return this.#engine;
  }

  /** One `hooks/<event>` request as the server handles it: schema defaults, wamp's own checks, then the engine. */
  async send(event: EventName, params: Send, session: Partial<EventParams['session']> = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('start() first');
    const parsed = EventParamsSchemas[event].parse({ session: { id: CONVERSATION, cwd: this.project, ...session }, ...params }) as EventParams;
    const invalid = wampDialect.validateParams?.(event, parsed);
    if (invalid !== undefined) throw new Error(invalid);
    return (await this.#engine.dispatch(event, parsed)).result;
  }

  /** The stdin objects `recorder(name)` saw, in order. */
  recorded(name: string): Record<string, unknown>[] {
    const file = join(this.rec, `${name}.jsonl`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
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
