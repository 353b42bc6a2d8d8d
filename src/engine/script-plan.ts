// Picks how a script handler runs: resolves its path and selects the first runtime whose executable is on the
// hook's PATH. Planning only; the runner spawns. A refusal says exactly which runtimes were tried.
import { isAbsolute, resolve } from 'node:path';
import type { CommandLine, ProcessOutcome } from '../runner/types.js';
import type { ScriptHandler } from './dialect.js';

export type ScriptPlan =
  | { readonly kind: 'run'; readonly scriptPath: string; readonly command: CommandLine; readonly runtime: string }
  | { readonly kind: 'refused'; readonly scriptPath: string; readonly preflight: NonNullable<ProcessOutcome['preflight']> };

export function resolveScriptPath(handler: ScriptHandler, scriptBase: string): string {
  return isAbsolute(handler.path) ? handler.path : resolve(scriptBase, handler.path);
}

export function planScript(
  handler: ScriptHandler,
  scriptBase: string,
  env: Readonly<Record<string, string>>,
  findExecutable: (name: string, env: Readonly<Record<string, string>>) => string | undefined,
): ScriptPlan {
  const scriptPath = resolveScriptPath(handler, scriptBase);
  if (handler.platformProblem !== undefined) return { kind: 'refused', scriptPath, preflight: { kind: 'unsupported', message: handler.platformProblem } };
  for (const runtime of handler.runtimes) {
    const file = findExecutable(runtime.file, env);
    if (file === undefined) continue;
    return { kind: 'run', scriptPath, runtime: runtime.label, command: { kind: 'exec', file, args: [...runtime.args, scriptPath] } };
  }
  const tried = handler.runtimes.map((runtime) => runtime.label).join(', then ');
  return {
    kind: 'refused',
    scriptPath,
    preflight: { kind: 'runtime_missing', message: `no runtime found for ${scriptPath}: tried ${tried || 'nothing'}; none is on PATH` },
  };
}
