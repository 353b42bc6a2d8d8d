// A scratch Bamboo setup for conformance tests: a temp home (with ~/.bamboo), workspace and record dir, a real
// Engine with the real process runner, and helpers to write hook files and scripts. Every hook process carries a
// per-test mark in its environment so that the test can prove by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { scratchDir } from '../helpers/scratch.js';
import { dirname, join } from 'node:path';
import { bambooDialect } from '../../src/dialects/bamboo/index.js';
import type { LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { afterEach, expect } from 'vitest';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const TS = '2026-07-22T09:00:00Z';
export const SESSION = { id: 'session-123', model: 'claude-sonnet-4' };

export type BenchOptions = {
  /** PATH of hook processes: this process's PATH (default), only the bench's bin dir, or the bin dir first. */
  readonly path?: 'inherit' | 'bin-only' | 'bin-first';
  readonly defaultWorkArea?: string;
  readonly stopBlockCap?: number;
  readonly env?: Readonly<Record<string, string>>;
};

export class Bench {
  readonly root = scratchDir('hookd-bamboo-conf-');
  readonly home = join(this.root, 'home');
  readonly dataDir = join(this.home, '.bamboo');
  readonly workspace = join(this.root, 'ws');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  /** Empty dir for a restricted PATH (fill with `link` / `fake`). */
  readonly bin = join(this.root, 'bin');
  readonly mark = randomUUID();
  readonly engine: Engine;
  readonly loadContext: LoadContext;

  constructor(options: BenchOptions = {}) {
    for (const dir of [this.dataDir, this.workspace, this.rec, this.bin]) mkdirSync(dir, { recursive: true });
    this.engine = new Engine({
      dialect: bambooDialect,
      runner: createProcessRunner(),
      workspace: this.workspace,
      // hookd's own environment is the base, as in production (main.ts); PATH as the test wants it.
      baseEnv: { ...processEnvironment(), PATH: this.#path(options.path ?? 'inherit'), REC: this.rec, [TEST_MARK]: this.mark, ...options.env },
      ...(options.stopBlockCap !== undefined ? { stopBlockCap: options.stopBlockCap } : {}),
    });
    this.loadContext = { workspace: this.workspace, home: this.home, env: {}, ...(options.defaultWorkArea !== undefined ? { defaultWorkArea: options.defaultWorkArea } : {}) };
  }

  #path(kind: NonNullable<BenchOptions['path']>): string {
    const inherited = process.env.PATH ?? '/usr/bin:/bin';
    return kind === 'inherit' ? inherited : kind === 'bin-only' ? this.bin : `${this.bin}:${inherited}`;
  }

  /** Writes `<home>/.bamboo/hooks.json` (or the project file) as `{lifecycle_hooks: section}` and loads. */
  configure(section: Record<string, unknown>, where: 'user' | 'project' = 'user') {
    writeFileSync(this.hooksFile(where), JSON.stringify({ lifecycle_hooks: section }, null, 2));
    return this.engine.load(this.loadContext);
  }

  hooksFile(where: 'user' | 'project' = 'user'): string {
    return where === 'user' ? join(this.dataDir, 'hooks.json') : join(this.workspace, '.bamboo', 'hooks.json');
  }

  /** Writes an executable file under the workspace (or an absolute path) and returns its absolute path. */
  file(relative: string, text: string, base = this.workspace): string {
    const path = relative.startsWith('/') ? relative : join(base, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    chmodSync(path, 0o755);
    return path;
  }

  /** Puts `name` in the restricted bin dir as a symlink to `target`. */
  link(name: string, target: string): void {
    symlinkSync(target, join(this.bin, name));
  }

  /** A fake runtime in the restricted bin dir: answers {"additional_context": "<name> <args...>"}; shell builtins only. */
  fake(name: string): void {
    this.file(join(this.bin, name), `#!/bin/sh\nprintf '{"additional_context":"%s"}' "${name} $*"\n`);
  }

  read(name: string): string {
    return readFileSync(join(this.rec, name), 'utf8');
  }

  async dispatch(event: EventName, params: Partial<EventParams> = {}): Promise<EventResult> {
    const { result } = await this.engine.dispatch(event, { session: SESSION, ...params, extra: { timestamp: TS, ...(params.extra ?? {}) } });
    return result;
  }

  /** Live processes that carry this bench's mark (any hook process or descendant left behind). */
  leftovers(): number[] {
    return processesWithEnv(TEST_MARK, this.mark);
  }

  /** Kills whatever a failed test left; returns what it found. */
  cleanup(): number[] {
    return killProcessesWithEnv(TEST_MARK, this.mark);
  }
}

export const bash = (command: string, toolUseId = 'toolu_1') => ({ toolName: 'Bash', toolInput: { command }, toolUseId });
export const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
export const script = (path: string, more: Record<string, unknown> = {}) => ({ type: 'script', path, ...more });
/** A shell snippet that prints `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;

/**
 * The `bench()` of one test file: every bench it makes is cleaned up after each test, and the test fails when a
 * hook process of it is still alive (nothing carrying a bench's mark may outlive its dispatch's answer).
 */
export function trackedBenches(): (options?: BenchOptions) => Bench {
  const benches: Bench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    expect(left, 'hook processes left running').toEqual([]);
  });
  return (options = {}) => {
    const created = new Bench(options);
    benches.push(created);
    return created;
  };
}
