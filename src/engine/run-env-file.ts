// One run's environment file: made before a command or script hook starts (named by the dialect's variable),
// read and removed after it exits, and the merge of several runs' variables (configured order, later wins).
import type { ProcessOutcome } from '../runner/types.js';
import type { EventContext, HookSpec } from './dialect.js';
import { readEnvFile, type SessionTempDirs } from './env-files.js';

export type OpenEnvFile = { readonly file: string; readonly env: Record<string, string> };
export type CollectedEnv = { readonly variables: Record<string, string>; readonly note?: string };

export function openEnvFile(dirs: SessionTempDirs | undefined, variable: string | undefined, hook: HookSpec, context: EventContext): OpenEnvFile | undefined {
  // Only a process the hook runs inherits the variable (not http, delegated or programmatic handlers).
  if (dirs === undefined || variable === undefined || (hook.handler.type !== 'command' && hook.handler.type !== 'script')) return undefined;
  const file = dirs.newEnvFile(context.sessionId, context.event);
  return file === undefined ? undefined : { file, env: { [variable]: file } };
}

/** Reads and removes the file; a run that timed out or was cancelled contributes nothing (its output is discarded). */
export function collectEnvFile(open: OpenEnvFile | undefined, hook: HookSpec, outcome: ProcessOutcome): CollectedEnv | undefined {
  if (open === undefined) return undefined;
  const read = readEnvFile(open.file);
  if (outcome.timedOut || outcome.cancelled) return undefined;
  return { variables: read.variables, ...(read.problem !== undefined ? { note: `${hook.id}: ${read.problem}` } : {}) };
}

/** Variables of every run in order (a later run's value wins); undefined when no run set any. */
export function mergeEnvironments(runs: readonly (CollectedEnv | undefined)[]): { readonly environment?: Record<string, string>; readonly notes: string[] } {
  const environment: Record<string, string> = {};
  const notes: string[] = [];
  let any = false;
  for (const run of runs) {
    if (run === undefined) continue;
    if (run.note !== undefined) notes.push(run.note);
    for (const [name, value] of Object.entries(run.variables)) {
      environment[name] = value;
      any = true;
    }
  }
  return any ? { environment, notes } : { notes };
}
