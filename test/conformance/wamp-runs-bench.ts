// A scratch WAMP setup for the run conformance tests (per-send reading, the Stop cap, events that do not fire): temp
// home, workspace and record dir, `<home>/.wamp/hooks.json` written from objects, a real Engine with the wamp dialect
// (its real loader) and the real process runner. Params go through the protocol schema and wamp's validateParams, as
// the server sends them. Every hook process carries a per-bench mark so the test proves by /proc none was left.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import { Engine } from '../../src/engine/engine.js';
import { toolKindsOf } from '../../src/engine/tool-kinds.js';
import { EventParamsSchemas, type EventName, type EventParams, type EventResult, type ToolDeclaration } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_MARK = 'HOOKD_TEST_MARK';

/** One handler as hooks.json writes it. */
export type WampHandler = { type?: string; command?: string; timeout?: number; [field: string]: unknown };
/** One group: an optional matcher and its handlers. */
export type WampGroup = { matcher?: string; hooks: WampHandler[] };
export type WampHooksFile = { hooks: Partial<Record<string, WampGroup[]>> };

export const command = (text: string): WampHandler => ({ type: 'command', command: text });
/** A handler that appends its stdin as one line to `$REC/<name>.jsonl`, then runs `then` (default: nothing). */
export const recorder = (name: string, then = 'true'): WampHandler => command(`{ cat; echo; } >> "$REC/${name}.jsonl"; ${then}`);

export type Send = Partial<EventParams> & { readonly runId: string };

export class WampRunsBench {
  readonly root = scratchDir('hookd-wamp-runs-');
  readonly home = join(this.root, 'home');
  readonly workspace = join(this.root, 'ws');
  readonly rec = join(this.root, 'rec');
  readonly userFile = join(this.home, '.wamp', 'hooks.json');
  readonly mark = randomUUID();
  #engine: Engine | undefined;

  constructor() {
    for (const dir of [join(this.home, '.wamp'), join(this.workspace, '.wamp'), this.rec]) mkdirSync(dir, { recursive: true });
  }

  /** Writes `~/.wamp/hooks.json` (user scope: it runs in every project, no trust needed). */
  writeUser(file: WampHooksFile | string): void {
    writeFileSync(this.userFile, typeof file === 'string' ? file : `${JSON.stringify(file, null, 2)}\n`);
  }

  /** "initialize": the engine loads the files once; `tools` are the client's registered tools. */
  start(options: { readonly tools?: readonly (string | ToolDeclaration)[] } = {}): Engine {
    this.#engine = new Engine({
      dialect: wampDialect,
      runner: createProcessRunner(),
      workspace: this.workspace,
      baseEnv: { ...processEnvironment(), REC: this.rec, [TEST_MARK]: this.mark },
      ...(options.tools ? { toolKinds: toolKindsOf(options.tools) } : {}),
    });
    this.#engine.load({ workspace: this.workspace, home: this.home, env: {} });
    return this.#engine;
  }

  /** One `hooks/<event>` request as the server handles it: schema defaults, wamp's own checks, then the engine. */
  async send(event: EventName, params: Send, session: Partial<EventParams['session']> = {}): Promise<EventResult> {
    if (this.#engine === undefined) throw new Error('start() first');
    const parsed = EventParamsSchemas[event].parse({ session: { id: 'conversation-1', cwd: this.workspace, ...session }, ...params }) as EventParams;
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

  cleanup(): number[] {
    return killProcessesWithEnv(TEST_MARK, this.mark);
  }
}

/** The `bench()` of one test file: each bench is cleaned up after its test, which fails if a hook process survived. */
export function trackedWampBenches(): () => WampRunsBench {
  const benches: WampRunsBench[] = [];
  afterEach(() => {
    const left = benches.splice(0).flatMap((b) => b.cleanup());
    expect(left, 'hook processes left running').toEqual([]);
  });
  return () => {
    const b = new WampRunsBench();
    benches.push(b);
    return b;
  };
}
