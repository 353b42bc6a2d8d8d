// Dialect.readsPerRun: what a run's own configuration load says, as the warnings of the run's first answered result
// (each diagnostic as `file:line:column: message`, then matchers naming no registered tool), held per run until then.
// Formatting and bookkeeping only: it reads no file and never reloads (the engine does).
import type { Diagnostic } from '../protocol/index.js';
import type { Dialect, ToolKinds } from './dialect.js';
import type { RegistrySnapshot } from './registry.js';
import { MAX_OPEN_RUNS } from './run-snapshots.js';
import { lintToolMatchers } from './tool-matcher-lint.js';

/** Warnings one run's load reports at most; the rest are counted in a last line. */
export const MAX_RUN_LOAD_WARNINGS = 100;

/** `file:line:column: message` (`error: ` before errors); a message that already starts with its file is not prefixed again. */
export function diagnosticWarning(diagnostic: Diagnostic): string {
  const severity = diagnostic.severity === 'error' ? 'error: ' : '';
  const { file, line, column } = diagnostic;
  if (file === undefined || (line === undefined && diagnostic.message.startsWith(file))) return `${severity}${diagnostic.message}`;
  const where = line === undefined ? file : column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
  return `${where}: ${severity}${diagnostic.message}`;
}

/**
 * The warnings of a load made for a run: the snapshot's diagnostics (the dialect's problems in the files, and the
 * engine's note on a file that kept its last good hooks), then, when the client registered tools at initialize,
 * each tool matcher that names none of them. At most MAX_RUN_LOAD_WARNINGS, then one line counting the rest.
 */
export function runLoadWarnings(dialect: Dialect, snapshot: RegistrySnapshot, tools: ToolKinds): string[] {
  const diagnostics: Diagnostic[] = [...snapshot.diagnostics];
  if (tools.size > 0) for (const warning of lintToolMatchers(dialect, snapshot.hooks, { tools: [...tools.keys()] })) diagnostics.push(warning);
  const shown = diagnostics.slice(0, MAX_RUN_LOAD_WARNINGS).map(diagnosticWarning);
  const more = diagnostics.length - shown.length;
  if (more > 0) shown.push(`and ${more} more problem(s) in the hook files, not listed`);
  return shown;
}

/** Warnings of each run's load, until the run's first answered result takes them. Bounded like the run snapshots. */
export class PendingRunWarnings {
  readonly #byRun = new Map<string, readonly string[]>();

  constructor(private readonly limit = MAX_OPEN_RUNS) {}

  /** Replaces what the run held (a run reads once; a second read of it is a new begin). Nothing to hold: nothing kept. */
  hold(runId: string, warnings: readonly string[]): void {
    this.#byRun.delete(runId);
    if (warnings.length === 0) return;
    this.#byRun.set(runId, warnings);
    while (this.#byRun.size > this.limit) this.#byRun.delete(this.#byRun.keys().next().value as string);
  }

  /** The run's warnings, once: a later take gets none. */
  take(runId: string): readonly string[] {
    const warnings = this.#byRun.get(runId) ?? [];
    this.#byRun.delete(runId);
    return warnings;
  }

  drop(runId: string): void {
    this.#byRun.delete(runId);
  }

  get size(): number {
    return this.#byRun.size;
  }
}
