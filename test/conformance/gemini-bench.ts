// A scratch gemini setup for the io conformance tests: temp home, project and record dir, a real Engine with the real
// process runner and the gemini dialect's envelope, environment, output reading, merge and execution plan. Hooks are
// written as `<project>/.gemini/settings.json` (Gemini's format, native event names) and read by the gemini loader,
// with folder trust disabled in ~/.gemini/settings.json as in the observed runs (16) and the system files kept in scratch.
// Every hook process carries a per-bench mark so each test proves by /proc that nothing was left running.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { geminiDialect } from '../../src/dialects/gemini/index.js';
import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { DialectBench, trackedBenches } from '../helpers/dialect-bench.js';

export { TEST_MARK, emit, quote, record } from '../helpers/dialect-bench.js';
export const SESSION = '826c96fc-bb00-4e9f-809f-55d45c5f1919';

export type GeminiHandler = { type?: string; command: string; name?: string; timeout?: number; env?: Record<string, string> };
export type GeminiDefinition = { matcher?: string; sequential?: boolean; hooks: GeminiHandler[] };
/** A settings.json: `hooks` maps Gemini's event names (BeforeTool …) to definitions. */
export type GeminiSettings = { hooks: Record<string, GeminiDefinition[]>; [key: string]: unknown };

export class GeminiBench extends DialectBench {
  /** The last load's warnings (e.g. a Claude event name in the file). */
  warnings: string[] = [];

  constructor() {
    super('hookd-gemini-io-', SESSION);
    for (const dir of [join(this.home, '.gemini'), join(this.project, '.gemini')]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(this.home, '.gemini', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: false } } }));
  }

  /** What hookd's environment says to the loader: Gemini's system files inside the scratch dir (never /etc). */
  get loadEnv(): Record<string, string> {
    return { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(this.root, 'system', 'settings.json'), GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(this.root, 'system', 'system-defaults.json') };
  }

  get projectFile(): string {
    return join(this.project, '.gemini', 'settings.json');
  }

  /**
   * Writes `<project>/.gemini/settings.json` (a handler without `type` gets `"command"`, which Gemini requires) and
   * starts an engine on it. Gemini's warning about new project hooks is expected (they run); any other warning fails
   * the test unless `allowWarnings` (the file is meant to have problems).
   */
  configure(settings: GeminiSettings, options: Partial<EngineOptions> = {}, allowWarnings = false): Engine {
    const typed = Object.fromEntries(
      Object.entries(settings.hooks).map(([event, definitions]) => [event, definitions.map((definition) => ({ ...definition, hooks: definition.hooks.map((hook) => ({ type: 'command', ...hook })) }))]),
    );
    writeFileSync(this.projectFile, JSON.stringify({ ...settings, hooks: typed }, null, 2));
    const engine = this.startEngine(geminiDialect, this.hookEnv(), options);
    const snapshot = engine.load({ workspace: this.project, home: this.home, env: this.loadEnv });
    const problems = snapshot.diagnostics.filter((diagnostic) => (diagnostic.severity === 'error' || diagnostic.severity === 'warning') && diagnostic.code !== 'untrusted-project-hooks');
    this.warnings = problems.map((diagnostic) => diagnostic.message);
    if (!allowWarnings) expect(problems, 'problems in settings.json').toEqual([]);
    return engine;
  }

  /** A file with one definition on `event` (Gemini's name) running `command`. */
  one(event: string, command: string, extra: Partial<GeminiHandler> = {}, matcher?: string): Engine {
    return this.configure({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] } });
  }
}

export const trackedGeminiBenches = (): (() => GeminiBench) => trackedBenches(() => new GeminiBench());

/** The observed turn's one shell call. */
export const shellCall = (command = 'echo hi && touch tool_ran.marker') => ({ toolName: 'run_shell_command', toolInput: { command, description: 'say hi' } });
