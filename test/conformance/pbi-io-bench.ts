// A scratch pbi setup for the io conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the pbi dialect's envelope, output reading, merge and firing rules. Hooks are written as
// `<project>/.agents/hooks.json` (the seed's format) and read by the pbi loader, with the dangerous trust bypass on (these
// tests are about input and output, not review: every hook runs; the state file is never written). Every hook process
// carries a per-bench mark so each test proves by /proc that nothing was left running.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import type { Engine } from '../../src/engine/engine.js';
import type { EventName } from '../../src/protocol/index.js';
import { DialectBench, trackedBenches } from '../helpers/dialect-bench.js';

export { TEST_MARK, emit, quote, record } from '../helpers/dialect-bench.js';
export const SESSION = 'a9d1e89705524edfb5992d151873a201';

export type PbiHandler = { type?: string; command: string; timeout?: number; statusMessage?: string };
export type PbiGroup = { matcher?: string; hooks: PbiHandler[] };
export type PbiHooksFile = { hooks: Partial<Record<EventName, PbiGroup[]>> };

export class PbiBench extends DialectBench {
  /** The last load's info diagnostics (e.g. a matcher on an event that has no matcher input). */
  notices: string[] = [];

  constructor() {
    super('hookd-pbi-io-', SESSION);
    for (const dir of [join(this.home, '.pbi-agent'), join(this.project, '.agents')]) mkdirSync(dir, { recursive: true });
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
    const engine = this.startEngine(pbiDialect, this.hookEnv());
    const snapshot = engine.load({ workspace: this.project, home: this.home, env: {}, bypassHookTrust: true, hookStatePath: this.statePath });
    this.notices = snapshot.diagnostics.filter((diagnostic) => diagnostic.severity === 'info').map((diagnostic) => diagnostic.message);
    expect(snapshot.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info'), 'problems in the hooks file').toEqual([]);
    return engine;
  }

  /** A file with one group on `event` running `command`. */
  one(event: EventName, command: string, extra: Partial<PbiHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }
}

export const trackedPbiBenches = (): (() => PbiBench) => trackedBenches(() => new PbiBench());

export const shellCall = (command: string) => ({ toolName: 'shell', toolInput: { command }, toolUseId: 'call_0_0' });
