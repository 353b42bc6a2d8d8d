// A scratch codex setup for the io conformance tests: temp home ($CODEX_HOME = <home>/.codex), project and record dir,
// a real Engine with the real process runner and the codex dialect's envelope, environment, output reading and merge.
// Hooks are written as $CODEX_HOME/hooks.json and found by the codex dialect's own discovery, with the dangerous trust
// bypass on (these tests are about input and output, not review: config.toml is never written). Every hook process carries a
// per-bench mark so each test proves by /proc that nothing was left running.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { codexDialect } from '../../src/dialects/codex/index.js';
import type { Engine } from '../../src/engine/engine.js';
import type { EventName } from '../../src/protocol/index.js';
import { DialectBench, trackedBenches } from '../helpers/dialect-bench.js';

export { TEST_MARK, emit, quote, record } from '../helpers/dialect-bench.js';
export const SESSION = '01a22898-5f6a-7270-9a37-9736f535ce0d';

export type CodexHandler = { type?: string; command: string; timeout?: number; statusMessage?: string };
export type CodexGroup = { matcher?: string; hooks: CodexHandler[] };
export type CodexHooksFile = { hooks: Partial<Record<EventName, CodexGroup[]>> };

export class CodexBench extends DialectBench {
  readonly codexHome: string;

  constructor(readonly options: { readonly stopBlockCap?: number } = {}) {
    super('hookd-codex-io-', SESSION);
    this.codexHome = join(this.home, '.codex');
    for (const dir of [this.codexHome, join(this.project, '.codex')]) mkdirSync(dir, { recursive: true });
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
    const baseEnv = this.hookEnv();
    delete baseEnv['CODEX_HOME'];
    const engine = this.startEngine(codexDialect, baseEnv, this.options.stopBlockCap !== undefined ? { stopBlockCap: this.options.stopBlockCap } : {});
    const snapshot = engine.load({ workspace: this.project, home: this.home, env: {}, bypassHookTrust: true });
    expect(snapshot.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info'), 'problems in the hooks file').toEqual([]);
    return engine;
  }

  /** A file with one group on `event` running `command`. */
  one(event: EventName, command: string, extra: Partial<CodexHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }
}

export const trackedCodexBenches = (): ((options?: { readonly stopBlockCap?: number }) => CodexBench) => trackedBenches((options?: { readonly stopBlockCap?: number }) => new CodexBench(options));

/** The observed scenarios' tool call: Codex's shell tool, matched and reported as `Bash`. */
export const OBSERVED_COMMAND = 'echo hi && touch tool_ran.marker';
export const shellCall = (command = OBSERVED_COMMAND) => ({ toolName: 'Bash', toolInput: { command }, toolUseId: 'call_mock_1_0' });
