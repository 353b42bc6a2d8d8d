// Shared by the one-shot commands (check, test): resolve dialect, workspace and home from flags and
// build an Engine with the real runner. Errors are thrown as UsageError with a message for the user.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { DIALECT_NAMES, findDialect } from '../dialects/index.js';
import type { LoadContext } from '../engine/dialect.js';
import { Engine } from '../engine/engine.js';
import { createLogger } from '../logger.js';
import { processEnvironment } from '../process-environment.js';
import type { ProgressParams } from '../protocol/index.js';
import { createProcessRunner } from '../runner/process-runner.js';
import type { ProcessRunner, RunnerExitControl } from '../runner/types.js';
import { UsageError } from './usage-error.js';

export { UsageError };

export type CommonFlags = {
  dialect?: string;
  workspace?: string;
  home?: string;
  'managed-settings'?: string;
  /** pbi: a hooks file vouched for as a trusted policy source (initialize options.managedHooksPath). */
  'managed-hooks'?: string;
  /** pbi: the managed policy directory (initialize options.managedPolicyDir). */
  'managed-policy-dir'?: string;
};

export type LoadedEngine = {
  engine: Engine;
  workspace: string;
  loadContext: LoadContext;
  /** The engine's runner, for a command's exit path (kill every hook tree on a signal). */
  runner: ProcessRunner & RunnerExitControl;
};

/** What a command may ask of its engine beyond the flags: output excerpts (`hookd test`), every hook's progress (the live line of live-progress.ts). */
export type EngineExtras = {
  readonly runOutputExcerptBytes?: number;
  readonly onProgress?: (progress: ProgressParams) => void;
  /** Variables the configuration must not see (`hookd hooks` drops pbi's bypass variable: the review shows real statuses). */
  readonly hiddenLoadVariables?: readonly string[];
};

export function engineFromFlags(flags: CommonFlags, extras: EngineExtras = {}): LoadedEngine {
  const dialectName = flags.dialect ?? 'claude';
  const dialect = findDialect(dialectName);
  if (!dialect) throw new UsageError(`unknown dialect "${dialectName}" (known: ${DIALECT_NAMES.join(', ')})`);
  const workspace = resolve(flags.workspace ?? process.cwd());
  if (!existsSync(workspace)) throw new UsageError(`workspace "${workspace}" does not exist`);
  const runner = createProcessRunner({ logger: createLogger('warn') });
  const ownEnv = processEnvironment();
  // A one-shot command waits for async handlers too: nothing would be left to deliver their output to.
  const { onProgress, hiddenLoadVariables = [], ...rest } = extras;
  const progress = onProgress ? { onProgress, progress: { hooks: 'all' as const } } : {};
  const engine = new Engine({ dialect, runner, workspace, baseEnv: dialect.inheritedEnvironment?.(ownEnv, {}) ?? ownEnv, asyncInForeground: true, ...rest, ...progress });
  const loadContext: LoadContext = {
    workspace,
    home: flags.home ?? homedir(),
    env: withoutVariables(processEnvironment(), hiddenLoadVariables),
    ...(flags['managed-settings'] ? { managedSettingsPath: flags['managed-settings'] } : {}),
    ...(flags['managed-hooks'] ? { managedHooksPath: resolve(flags['managed-hooks']) } : {}),
    ...(flags['managed-policy-dir'] ? { managedPolicyDir: resolve(flags['managed-policy-dir']) } : {}),
  };
  engine.load(loadContext);
  return { engine, workspace, loadContext, runner };
}

function withoutVariables(env: Record<string, string>, names: readonly string[]): Record<string, string> {
  if (names.length === 0) return env;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}
