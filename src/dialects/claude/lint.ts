// `hookd check` for Claude Code settings: hookd's own warnings about loaded hooks that no single entry's parse shows
// (a SessionEnd timeout past Claude Code's budget, a command that cannot start). Looks up files; never runs anything.
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseShell } from 'shell-quote';
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { findExecutable } from '../../runner/find-executable.js';

/** Claude Code gives all SessionEnd hooks together 1.5 s, raised to the largest hook timeout, at most 60 s. */
export const SESSION_END_MAX_BUDGET_MS = 60_000;
const MAX_WARNINGS = 50;
/** Distinct programs looked up at most (each a PATH walk): a file of 100,000 hooks must not make `check` slow. */
const MAX_LOOKUPS = 2_000;

/** Words `sh` runs itself (builtins and keywords): nothing to look up on PATH. */
const SHELL_WORDS = new Set(
  (
    '. : [ [[ ! { } alias bg break cd command continue echo eval exec exit export false fg getopts hash jobs kill let local ' +
    'printf pwd read readonly return set shift source test times trap true type typeset ulimit umask unalias unset wait ' +
    'if then else elif fi case esac for while until do done function select time declare'
  ).split(' '),
);

export function lintClaudeHooks(hooks: readonly HookSpec[], context?: LoadContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  let more = 0;
  const add = (hook: HookSpec, code: string, message: string) => {
    if (out.length >= MAX_WARNINGS) return void more++;
    out.push({ severity: 'warning', file: hook.source, field: fieldOf(hook), code, message });
  };
  const env = pathEnvironment(context);
  const workspace = context?.workspace ?? process.cwd();
  const lookups = new Map<string, string | undefined>();
  let stopped = false;
  for (const hook of hooks) {
    if (hook.disabled === true || hook.handler.type !== 'command') continue;
    const { handler } = hook;
    if (hook.event === 'SessionEnd' && handler.timeoutMs > SESSION_END_MAX_BUDGET_MS)
      add(
        hook,
        'timeout-over-budget',
        `timeout ${handler.timeoutMs / 1000} s is above SessionEnd's budget: Claude Code gives all SessionEnd hooks together at most ${SESSION_END_MAX_BUDGET_MS / 1000} s, so this hook is stopped then`,
      );
    const program = handler.args !== undefined ? handler.command : firstWord(handler.command, workspace, env);
    if (program === undefined) continue;
    if (!lookups.has(program)) {
      if (lookups.size >= MAX_LOOKUPS) {
        stopped = true;
        continue;
      }
      lookups.set(program, cannotStart(program, workspace, env));
    }
    const problem = lookups.get(program);
    if (problem !== undefined)
      add(hook, 'command-not-found', `${problem}: the hook cannot start, and Claude Code treats that as a non-blocking error (the hook silently does nothing)`);
  }
  if (stopped) out.push({ severity: 'info', code: 'lint-stopped', message: `check stopped looking up hook commands after ${MAX_LOOKUPS} distinct programs` });
  if (more > 0) out.push({ severity: 'warning', code: 'lint-more', message: `and ${more} more warning(s) about hooks, not listed` });
  return out;
}

/** The program a shell command starts, when it is a plain word (after `VAR=value` prefixes); undefined when unknowable. */
function firstWord(command: string, workspace: string, env: Record<string, string>): string | undefined {
  let words: ReturnType<typeof parseShell>;
  try {
    // Only the head matters; a long command is cut before parsing so the cost stays bounded.
    words = parseShell(command.slice(0, 4096), (name: string) => (name === 'CLAUDE_PROJECT_DIR' ? workspace : (env[name] ?? `$${name}`)));
  } catch {
    return undefined;
  }
  for (const word of words) {
    if (typeof word !== 'string') return undefined;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) continue;
    if (word === '' || word.includes('$') || SHELL_WORDS.has(word)) return undefined;
    return word;
  }
  return undefined;
}

/** Why `program` cannot be started from the workspace, or undefined when it can. */
function cannotStart(program: string, workspace: string, env: Record<string, string>): string | undefined {
  if (!program.includes('/')) return findExecutable(program, env) === undefined ? `command "${program}" is not found on PATH` : undefined;
  const path = isAbsolute(program) ? program : resolve(workspace, program);
  try {
    if (!statSync(path).isFile()) return `"${program}" is not a file`;
  } catch {
    return `"${program}" does not exist`;
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `"${program}" is not executable`;
  }
  return undefined;
}

function pathEnvironment(context: LoadContext | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(context?.env ?? process.env)) if (value !== undefined) out[name] = value;
  return out;
}

/** `project:PreToolUse[0].hooks[1]` → `hooks.PreToolUse[0].hooks[1]`. */
function fieldOf(hook: HookSpec): string {
  return `hooks.${hook.id.slice(hook.id.indexOf(':') + 1)}`;
}
