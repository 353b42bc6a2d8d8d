// `hookd check`, every dialect: what makes a guard fail open silently — a program not found, a script without the
// executable bit, a CRLF shebang, a missing interpreter, a matcher naming no tool. Stats and reads first lines only
// (bounded); never runs anything (only src/runner spawns).
import { basename, isAbsolute, resolve } from 'node:path';
import type { Dialect, EventContext, HookSpec, LoadContext } from '../engine/dialect.js';
import { resolveScriptPath } from '../engine/script-plan.js';
import { lintToolMatchers } from '../engine/tool-matcher-lint.js';
import type { Diagnostic, EventName, EventParams } from '../protocol/index.js';
import { findExecutable } from '../runner/find-executable.js';
import { directProgramProblems, scriptArgumentProblem, type FileProblem } from './program-file.js';
import { simpleCommands } from './shell-programs.js';

const MAX_WARNINGS = 50;
/** Distinct programs and files looked up at most: a file of 100,000 hooks must not make `check` slow. */
const MAX_LOOKUPS = 2_000;
/** Interpreters whose first argument, when it looks like a path, is the script they run (`python3 x.py`). */
const SCRIPT_INTERPRETERS = /^(?:sh|bash|zsh|dash|ksh|python|node|ruby|perl|php)[0-9.]*$/;
/** `sh` forms the guard lint can read; other shells (PowerShell) have their own syntax. */
const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);

export type GuardLintOptions = {
  /** The tool names the agent registered (`--tools`); default: the dialect's built-in tools. */
  readonly tools?: readonly string[];
};

export function lintGuards(dialect: Dialect, hooks: readonly HookSpec[], context: LoadContext, options: GuardLintOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  let more = 0;
  let stopped = false;
  const baseEnv = stringEnvironment(context.env ?? process.env);
  const lookups = new Map<string, readonly FileProblem[]>();
  const paramsByEvent = new Map<EventName, EventParams | undefined>();
  const lookUp = (key: string, find: () => readonly FileProblem[]): readonly FileProblem[] => {
    const known = lookups.get(key);
    if (known !== undefined) return known;
    if (lookups.size >= MAX_LOOKUPS) {
      stopped = true;
      return [];
    }
    const found = find();
    lookups.set(key, found);
    return found;
  };
  for (const hook of hooks) {
    if (hook.disabled === true || (hook.handler.type !== 'command' && hook.handler.type !== 'script')) continue;
    const env = { ...baseEnv, ...dialectVariables(dialect, hook, context.workspace, paramsByEvent) };
    const problems = hookProblems(hook, context.workspace, env, lookUp);
    for (const problem of problems) {
      if (out.length >= MAX_WARNINGS) {
        more++;
        continue;
      }
      out.push({ severity: 'warning', code: problem.code, message: problem.message, ...handlerLocation(hook) });
    }
  }
  if (stopped) out.push({ severity: 'info', code: 'lint-stopped', message: `check stopped looking up hook commands after ${MAX_LOOKUPS} distinct programs` });
  if (more > 0) out.push({ severity: 'warning', code: 'lint-more', message: `and ${more} more warning(s) about hook commands, not listed` });
  for (const entry of lintToolMatchers(dialect, hooks, options)) out.push(entry);
  return out;
}

type LookUp = (key: string, find: () => readonly FileProblem[]) => readonly FileProblem[];

function hookProblems(hook: HookSpec, workspace: string, env: Readonly<Record<string, string>>, lookUp: LookUp): FileProblem[] {
  const { handler } = hook;
  if (handler.type === 'script') {
    if (handler.platformProblem !== undefined) return [];
    const path = resolveScriptPath(handler, workspace);
    const file = lookUp(`script\u0000${path}`, () => {
      const missing = scriptArgumentProblem(path, handler.path, 'the script handler');
      return missing !== undefined ? [missing] : [];
    });
    const runtimes = handler.runtimes;
    if (runtimes.length === 0 || runtimes.some((runtime) => findExecutable(runtime.file, env) !== undefined)) return [...file];
    return [
      ...file,
      {
        code: 'interpreter-not-found',
        message: `no runtime for "${handler.path}" is on PATH (tried ${runtimes.map((runtime) => runtime.label).join(', then ')}): the script cannot run and the guard silently does nothing; fix: install one or put it on the PATH hookd's hooks get`,
      },
    ];
  }
  if (handler.type !== 'command') return [];
  if (handler.args !== undefined) return programProblems(handler.command, handler.args, workspace, env, lookUp);
  if (handler.shell !== undefined && !POSIX_SHELLS.has(basename(handler.shell).replace(/\.exe$/i, ''))) return [];
  const problems: FileProblem[] = [];
  for (const command of simpleCommands(handler.command, (name) => env[name])) {
    for (const problem of programProblems(command.program, command.args, workspace, env, lookUp)) {
      if (!problems.some((known) => known.message === problem.message)) problems.push(problem);
    }
  }
  return problems;
}

/** Why `program` (with `args`) cannot start from the workspace; each problem once. */
function programProblems(program: string, args: readonly string[], workspace: string, env: Readonly<Record<string, string>>, lookUp: LookUp): FileProblem[] {
  const script = scriptArgument(program, args);
  if (!program.includes('/')) {
    const found = lookUp(`program\u0000${program}\u0000${env.PATH ?? ''}`, () =>
      findExecutable(program, env) === undefined ? [notFound(program, script)] : [],
    );
    if (found.length > 0 || script === undefined) return [...found];
    const path = isAbsolute(script) ? script : resolve(workspace, script);
    return [...lookUp(`argument\u0000${program}\u0000${path}`, () => {
      const missing = scriptArgumentProblem(path, script, program);
      return missing !== undefined ? [missing] : [];
    })];
  }
  const path = isAbsolute(program) ? program : resolve(workspace, program);
  return [...lookUp(`file\u0000${path}\u0000${env.PATH ?? ''}`, () => directProgramProblems(path, program, env).map(withConsequence))];
}

function notFound(program: string, script: string | undefined): FileProblem {
  if (script !== undefined)
    return {
      code: 'interpreter-not-found',
      message: `interpreter "${program}" (for ${script}) is not found on PATH: the hook cannot start and the guard silently does nothing; fix: install it, or name one that is on the PATH hookd's hooks get`,
    };
  return { code: 'command-not-found', message: `command "${program}" is not found on PATH: the hook cannot start and the guard silently does nothing (Claude Code and hookd treat that as a non-blocking error); fix: install it or use its full path` };
}

/** A missing or non-file program gets the same consequence text as a command that is not found. */
function withConsequence(problem: FileProblem): FileProblem {
  if (problem.code !== 'command-not-found') return problem;
  return { ...problem, message: `${problem.message}: the hook cannot start and the guard silently does nothing; fix the path` };
}

/** `python3 x.py` → `x.py`: the first argument of a known interpreter, when it looks like a script path. */
function scriptArgument(program: string, args: readonly string[]): string | undefined {
  if (!SCRIPT_INTERPRETERS.test(basename(program))) return undefined;
  const first = args[0];
  if (first === undefined || first.startsWith('-') || first.includes('$') || first.includes('`')) return undefined;
  return first.includes('/') || /\.[A-Za-z0-9]{1,5}$/.test(first) ? first : undefined;
}

/** The variables the dialect gives this hook (claude: CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT), from a sample event. */
function dialectVariables(dialect: Dialect, hook: HookSpec, workspace: string, paramsByEvent: Map<EventName, EventParams | undefined>): Record<string, string> {
  if (!paramsByEvent.has(hook.event)) {
    let params: EventParams | undefined;
    try {
      params = dialect.syntheticParams?.(hook.event, workspace);
    } catch {
      params = undefined;
    }
    paramsByEvent.set(hook.event, params);
  }
  const params = paramsByEvent.get(hook.event);
  if (params === undefined) return {};
  const context: EventContext = { event: hook.event, params, workspace, sessionId: 'hookd-check', cwd: workspace };
  const scriptPath = hook.handler.type === 'script' ? resolveScriptPath(hook.handler, workspace) : undefined;
  try {
    return dialect.environment(context, hook, scriptPath !== undefined ? { scriptPath } : {});
  } catch {
    return {};
  }
}

/** File, line and field of the handler's command (`hooks.PreToolUse[0].hooks[1].command`) or script path. */
function handlerLocation(hook: HookSpec): { file: string; line?: number; field: string } {
  const field = hook.location?.field ?? `hooks.${hook.id.slice(hook.id.indexOf(':') + 1)}`;
  return {
    file: hook.location?.file ?? hook.source,
    ...(hook.location?.line !== undefined ? { line: hook.location.line } : {}),
    field: `${field}.${hook.handler.type === 'script' ? 'path' : 'command'}`,
  };
}

function stringEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  return out;
}
