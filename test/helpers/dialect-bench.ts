// What every dialect's io conformance bench shares: a scratch root with home, project and record dir, a real Engine on
// the real process runner started by the subclass, dispatch with the bench's session, reading what hooks recorded,
// and the per-bench process mark that proves by /proc that nothing was left running. Writes no hook files itself.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Dialect } from '../../src/engine/dialect.js';
import { Engine, type DispatchOptions, type EngineOptions } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from './processes.js';
import { scratchDir } from './scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';

export abstract class DialectBench {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec: string;
  readonly mark = randomUUID();
  #engine: Engine | undefined;

  protected constructor(
    scratchPrefix: string,
    private readonly sessionId: string,
  ) {
    this.root = scratchDir(scratchPrefix);
    this.home = join(this.root, 'home');
    this.project = join(this.root, 'project');
    this.rec = join(this.root, 'rec');
    mkdirSync(this.rec, { recursive: true });
  }

  /** hookd's environment for the hooks: this process's, plus $REC and the bench's mark. */
  protected hookEnv(): Record<string, string> {
    return { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
  }

  /** A new engine of `dialect` on the project (the subclass loads it). */
  protected startEngine(dialect: Dialect, baseEnv: Record<string, string>, options: Partial<EngineOptions> = {}): Engine {
    this.#engine = new Engine({ dialect, runner: createProcessRunner(), workspace: this.project, baseEnv, ...options });
    return this.#engine;
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}, options: DispatchOptions = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('configure() first');
    const full = { ...params, session: { id: this.sessionId, ...params.session } } as EventParams;
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
export function trackedBenches<B extends DialectBench, A extends unknown[]>(create: (...args: A) => B): (...args: A) => B {
  const benches: B[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    if (left.length > 0) throw new Error(`hook processes left running: ${left.join(', ')}`);
  });
  return (...args) => {
    const created = create(...args);
    benches.push(created);
    return created;
  };
}

/** A shell snippet printing `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' ${quote(JSON.stringify(value))}`;
export const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
export const record = (name: string) => `cat > "$REC/${name}"`;
