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
import { createProcessRunner } from '../runner/process-runner.js';

export class UsageError extends Error {}

export type CommonFlags = { dialect?: string; workspace?: string; home?: string; 'managed-settings'?: string };

export function engineFromFlags(flags: CommonFlags): { engine: Engine; workspace: string; loadContext: LoadContext } {
  const dialectName = flags.dialect ?? 'claude';
  const dialect = findDialect(dialectName);
  if (!dialect) throw new UsageError(`unknown dialect "${dialectName}" (known: ${DIALECT_NAMES.join(', ')})`);
  const workspace = resolve(flags.workspace ?? process.cwd());
  if (!existsSync(workspace)) throw new UsageError(`workspace "${workspace}" does not exist`);
  const engine = new Engine({ dialect, runner: createProcessRunner({ logger: createLogger('warn') }), workspace, baseEnv: processEnvironment() });
  const loadContext: LoadContext = {
    workspace,
    home: flags.home ?? homedir(),
    env: processEnvironment(),
    ...(flags['managed-settings'] ? { managedSettingsPath: flags['managed-settings'] } : {}),
  };
  engine.load(loadContext);
  return { engine, workspace, loadContext };
}
