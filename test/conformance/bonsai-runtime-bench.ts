// A scratch bonsai setup for the runtime conformance tests: temp home, workspace and record dir, a real Engine with
// the real process runner and the bonsai dialect, its hooks built from BonsaiHookData with buildHookSpec (the path
// the loader takes). Every hook process carries a per-bench mark so the test proves by /proc nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { bonsaiDialect } from '../../src/dialects/bonsai/index.js';
import type { BonsaiEvent, BonsaiHookData } from '../../src/dialects/bonsai/hook-data.js';
import { buildHookSpec } from '../../src/dialects/bonsai/hook-spec.js';
import type { Dialect, HookSpec, ToolKinds } from '../../src/engine/dialect.js';
import type { DelegatedClient } from '../../src/engine/delegated-hook.js';
import { Engine, type DispatchOptions } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const SESSION = { id: 'session-bonsai' };

export type HookInput = Partial<BonsaiHookData> & { readonly name: string; readonly event: BonsaiEvent };

export type BenchOptions = { readonly delegated?: DelegatedClient; readonly tools?: ToolKinds; readonly runOutputExcerptBytes?: number };

export class BonsaiBench {
  readonly root = scratchDir('hookd-bonsai-rt-');
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  readonly #options: BenchOptions;
  #engine: Engine | undefined;

  constructor(options: BenchOptions = {}) {
    for (const dir of [join(this.home, '.bonsai'), join(this.workspace, '.bonsai'), this.rec]) mkdirSync(dir, { recursive: true });
    this.#options = options;
  }

  /** The hooks as the loader would build them from the global config (pre-trusted), in configured order. */
  configure(hooks: readonly HookInput[]): Engine {
    const specs: HookSpec[] = hooks.map((input, index) => {
      const built = buildHookSpec({
        matcher: {},
        action: { type: 'shell', command: 'true' },
        timeoutSecs: 30,
        blocking: false,
        onFailure: 'warn',
        enabled: true,
        scope: 'global',
        file: join(this.home, '.bonsai', 'config.toml'),
        line: 1 + index * 6,
        ...input,
      });
      if (!built.ok) throw new Error(`${input.name}: ${built.error}`);
      return built.hook;
    });
    return this.#start({ ...bonsaiDialect, load: () => ({ hooks: specs, diagnostics: [], sources: [] }) });
  }

  /** Writes the global `<home>/.bonsai/config.toml` and loads it with the real bonsai loader. */
  configureToml(text: string): Engine {
    writeFileSync(join(this.home, '.bonsai', 'config.toml'), text);
    return this.#start(bonsaiDialect);
  }

  #start(dialect: Dialect): Engine {
    this.#engine = new Engine({
      dialect,
      runner: createProcessRunner(),
      workspace: this.workspace,
      baseEnv: { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark },
      ...(this.#options.delegated ? { delegated: this.#options.delegated } : {}),
      ...(this.#options.runOutputExcerptBytes !== undefined ? { runOutputExcerptBytes: this.#options.runOutputExcerptBytes } : {}),
      ...(this.#options.tools ? { toolKinds: this.#options.tools } : {}),
    });
    this.#engine.load({ workspace: this.workspace, home: this.home, env: {} });
    return this.#engine;
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}, options: DispatchOptions = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('configure() first');
    const { result } = await this.#engine.dispatch(event, { session: SESSION, ...params }, options);
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

  /** Live processes that carry this bench's mark. */
  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }

  cleanup(): number[] {
    return killProcessesWithEnv(TEST_MARK, this.mark);
  }
}

/** The `bench()` of one test file: each bench is cleaned up after its test, which fails if a hook process survived. */
export function trackedBonsaiBenches(): (options?: BenchOptions) => BonsaiBench {
  const benches: BonsaiBench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    expect(left, 'hook processes left running').toEqual([]);
  });
  return (options = {}) => {
    const created = new BonsaiBench(options);
    benches.push(created);
    return created;
  };
}

/** A shell action. */
export const shell = (command: string) => ({ type: 'shell' as const, command });
/** A shell snippet printing `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' '${JSON.stringify(value).replace(/'/g, "'\\''")}'`;
/** The tool call of a bash tool. */
export const bashCall = (command: string) => ({ toolName: 'bash', toolInput: { command } });
