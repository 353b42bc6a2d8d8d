// `hookd check`: load a dialect's configuration, print its diagnostics and the hooks found.
// Exit status 1 when any diagnostic is an error. Prints to stdout (this is not the sidecar).
import type { Diagnostic } from '../protocol/index.js';
import { freshCloneLines, freshCloneReport } from './fresh-clone.js';
import { lintGuards } from './guard-lint.js';
import { engineFromFlags, UsageError, type CommonFlags } from './load-options.js';

export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = [diagnostic.file, diagnostic.line, diagnostic.column].filter((part) => part !== undefined).join(':');
  const field = diagnostic.field ? ` [${diagnostic.field}]` : '';
  return `${where ? `${where}: ` : ''}${diagnostic.severity}: ${diagnostic.message}${field}`;
}

export async function runCheck(flags: CommonFlags & { json?: boolean; tools?: string }, print: (line: string) => void): Promise<number> {
  const { engine, loadContext, runner } = engineFromFlags(flags);
  const { hooks, sources } = engine.snapshot;
  // The snapshot's diagnostics, then the dialect's warnings about the configuration as a whole.
  const diagnostics = [...engine.snapshot.diagnostics, ...(engine.dialect.lint?.(hooks, loadContext) ?? [])];
  // What makes a guard fail open silently (every dialect): programs, scripts, interpreters, tool matchers.
  for (const warning of lintGuards(engine.dialect, hooks, loadContext, toolsFlag(flags.tools))) diagnostics.push(warning);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const freshClone = freshCloneReport(engine.dialect, loadContext);
  // Which spawn path this machine's hookd starts hook processes by (the native supervisor or the pure-Node fallback).
  const spawnPath = await runner.spawnPath?.();
  if (flags.json) {
    print(JSON.stringify({ dialect: engine.dialect.name, sources, hooks: engine.hooks(), diagnostics, ...(freshClone ? { freshClone } : {}), ...(spawnPath ? { spawnPath } : {}) }, null, 2));
    return errors > 0 ? 1 : 0;
  }
  print(`dialect ${engine.dialect.name}; sources looked at:`);
  for (const source of sources) print(`  ${source}`);
  print(`${hooks.length} hook(s):`);
  for (const hook of engine.hooks())
    print(`  ${hook.id}  ${hook.event}${hook.matcher !== undefined ? ` [${hook.matcher}]` : ''}  ${hook.command ?? ''}  (${hook.timeoutMs} ms)`);
  print(`${diagnostics.length} diagnostic(s), ${errors} error(s)`);
  for (const diagnostic of diagnostics) print(`  ${formatDiagnostic(diagnostic)}`);
  if (freshClone) for (const line of freshCloneLines(freshClone)) print(line);
  if (spawnPath) print(`hook processes start through the ${spawnPath.active === 'supervisor' ? 'native supervisor' : 'pure-Node runner'}: ${spawnPath.detail}`);
  return errors > 0 ? 1 : 0;
}

/** `--tools Bash,Read,mcp__fs__read`: the tool names the agent registered. */
function toolsFlag(value: string | undefined): { tools?: readonly string[] } {
  if (value === undefined) return {};
  const tools = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (tools.length === 0) throw new UsageError('--tools takes a comma-separated list of tool names, e.g. --tools Bash,Read,Edit');
  return { tools };
}
