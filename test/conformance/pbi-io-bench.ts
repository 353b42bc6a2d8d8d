// A scratch pbi setup for the io conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the pbi dialect's envelope, output reading, merge and firing rules. Hooks are written as
// `<project>/.agents/hooks.json` (the seed's format) and read by the pbi loader, with the dangerous trust bypass on (these
// tests are about input and output, not review: every hook runs; the state file is never written). Every hook process
// carries a per-bench mark so each test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import { Engine, type DispatchOptions } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv, processesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

export const TEST_MARK = 'HOOKD_TEST_MARK';
export const SESSION = 'a9d1e89705524edfb5992d151873a201';

export type PbiHandler = { type?: string; command: string; timeout?: number; statusMessage?: string };
export type PbiGroup = { matcher?: string; hooks: PbiHandler[] };
export type PbiHooksFile = { hooks: Partial<Record<EventName, PbiGroup[]>> };

export class PbiBench {
  readonly root = scratchDir('hookd-pbi-io-');
  readonly home = join(this.root, 'home');
  readonly project = join(this.root, 'project');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  #engine: Engine | undefined;
  /** The last load's info diagnostics (e.g. a matcher on an event that has no matcher input). */
  notices: string[] = [];

  constructor() {
    for (const dir of [join(this.home, '.pbi-agent'), join(this.project, '.agents'), this.rec]) mkdirSync(dir, { recursive: true });
  }

  /** The review state file (never written: the bypass edits nothing). */
  get statePath(): string {
    return join(this.root, 'hooks_state.json');
  }

  get projectFile(): string {
    return join(this.project, '.agents', 'hooks.json');
  }

  /** Writes `<project>/.agents/hooks.json` and starts an engine on it. */
  configure(file: PbiHooksFile): Engine {
    writeFileSync(this.projectFile, JSON.stringify(file, null, 2));
    const baseEnv = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    this.#engine = new Engine({ dialect: pbiDialect, runner: createProcessRunner(), workspace: this.project, baseEnv });
    const snapshot = this.#engine.load({ workspace: this.project, home: this.home, env: {}, bypassHookTrust: true, hookStatePath: this.statePath });
    this.notices = snapshot.diagnostics.filter((diagnostic) => diagnostic.severity === 'info').map((diagnostic) => diagnostic.message);
    expect(snapshot.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info'), 'problems in the hooks file').toEqual([]);
    return this.#engine;
  }

  /** A file with one group on `event` running `command`. */
  one(event: EventName, command: string, extra: Partial<PbiHandler> = {}, matcher?: string): Engine {
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
export function trackedPbiBenches(): () => PbiBench {
  const benches: PbiBench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    if (left.length > 0) throw new Error(`hook processes left running: ${left.join(', ')}`);
  });
  return () => {
    const created = new PbiBench();
    benches.push(created);
    return created;
  };
}

/** A shell snippet printing `value` as JSON on stdout. */
export const emit = (value: unknown) => `printf '%s' ${quote(JSON.stringify(value))}`;
export const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
export const record = (name: string) => `cat > "$REC/${name}"`;
export const shellCall = (command: string) => ({ toolName: 'shell', toolInput: { command }, toolUseId: 'call_0_0' });
