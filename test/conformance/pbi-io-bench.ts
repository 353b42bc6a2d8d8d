// A scratch pbi setup for the io conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the pbi dialect's envelope, output reading, merge and firing rules. Hooks are written as
// `<project>/.agents/hooks.json` (the seed's format); until the pbi loader lands they become HookSpecs here (one per
// command handler, in discovery order, Codex-style matchers). Every hook process carries a per-bench mark so each
// test proves by /proc that nothing was left running.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import type { Dialect, HookSpec } from '../../src/engine/dialect.js';
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

/** Codex-style matching (seed "Matchers"): omitted/empty/`*` all, `a|b` words exact, else an unanchored regex; no target: not consulted. */
function codexMatcher(matcher: string | undefined): (target: string | undefined) => boolean {
  const text = (matcher ?? '').trim();
  if (text === '' || text === '*') return () => true;
  if (/^[A-Za-z0-9_.:/-]+(\|[A-Za-z0-9_.:/-]+)*$/.test(text)) {
    const words = new Set(text.split('|'));
    return (target) => target === undefined || words.has(target);
  }
  const regex = new RegExp(text);
  return (target) => target === undefined || regex.test(target);
}

/** One HookSpec per command handler, discovery order (events, groups, handlers), as the pbi loader makes them. */
function hookSpecs(file: PbiHooksFile, source: string): HookSpec[] {
  const hooks: HookSpec[] = [];
  for (const [event, groups] of Object.entries(file.hooks) as [EventName, PbiGroup[]][]) {
    groups.forEach((group, g) =>
      group.hooks.forEach((handler, h) => {
        hooks.push({
          id: `project:${event}[${g}].hooks[${h}]`,
          event,
          ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
          matches: codexMatcher(group.matcher),
          handler: {
            type: 'command',
            command: handler.command,
            timeoutMs: (handler.timeout ?? 600) * 1000,
            ...(handler.statusMessage !== undefined ? { statusMessage: handler.statusMessage } : {}),
            onFailure: 'continue',
          },
          source,
          scope: 'project',
        });
      }),
    );
  }
  return hooks;
}

export class PbiBench {
  readonly root = scratchDir('hookd-pbi-io-');
  readonly home = join(this.root, 'home');
  readonly project = join(this.root, 'project');
  /** Where hook commands write what they saw ($REC in their environment). */
  readonly rec = join(this.root, 'rec');
  readonly mark = randomUUID();
  #engine: Engine | undefined;

  constructor() {
    for (const dir of [join(this.home, '.pbi-agent'), join(this.project, '.agents'), this.rec]) mkdirSync(dir, { recursive: true });
  }

  get projectFile(): string {
    return join(this.project, '.agents', 'hooks.json');
  }

  /** Writes `<project>/.agents/hooks.json` and starts an engine on it. */
  configure(file: PbiHooksFile): Engine {
    writeFileSync(this.projectFile, JSON.stringify(file, null, 2));
    const specs = hookSpecs(file, this.projectFile);
    const dialect: Dialect = { ...pbiDialect, load: () => ({ hooks: specs, diagnostics: [], sources: [this.projectFile] }) };
    const baseEnv = { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark };
    this.#engine = new Engine({ dialect, runner: createProcessRunner(), workspace: this.project, baseEnv });
    this.#engine.load({ workspace: this.project, home: this.home, env: {} });
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
