// One configuration file's diagnostics, capped: the first MAX_DIAGNOSTICS_PER_FILE as reported, every later one
// counted into a single summary ("and N more problems in FILE"). Builds values only; must not read files.
import type { Diagnostic } from '../protocol/index.js';
import type { Severity } from './diagnostic.js';

/** A file with 100,000 bad entries must not produce a 27 MB answer; the first 50 say what is wrong. */
export const MAX_DIAGNOSTICS_PER_FILE = 50;

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

export class FileDiagnostics {
  readonly #file: string;
  readonly #limit: number;
  readonly #kept: Diagnostic[] = [];
  #omitted = 0;
  #omittedSeverity: Severity = 'info';
  /** Where the first omitted problem is, for the summary. */
  #firstOmitted: Diagnostic | undefined;
  #errors = 0;

  constructor(file: string, limit: number = MAX_DIAGNOSTICS_PER_FILE) {
    this.#file = file;
    this.#limit = limit;
  }

  /**
   * Records one problem. `build` runs only while the file is under the cap (and once more for the first omitted
   * problem's position): locating a field can cost as much as the file is long, so 100,000 of them must not.
   */
  add(severity: Severity, build: () => Diagnostic): void {
    if (severity === 'error') this.#errors++;
    if (this.#kept.length < this.#limit) {
      this.#kept.push(build());
      return;
    }
    if (this.#omitted === 0) this.#firstOmitted = build();
    this.#omitted++;
    if (RANK[severity] > RANK[this.#omittedSeverity]) this.#omittedSeverity = severity;
  }

  /** Every error recorded, listed or not (a dialect that rejects a file with errors counts them all). */
  get errorCount(): number {
    return this.#errors;
  }

  /** The listed diagnostics, then the summary of the omitted ones (with the worst severity among them). */
  list(): Diagnostic[] {
    if (this.#omitted === 0) return [...this.#kept];
    const first = this.#firstOmitted;
    const where = first?.line !== undefined ? ` (the first at line ${first.line}, column ${first.column ?? 1})` : '';
    const summary: Diagnostic = {
      severity: this.#omittedSeverity,
      message: `and ${this.#omitted} more problem(s) in ${this.#file}${where}, not listed`,
      file: this.#file,
      ...(first?.line !== undefined ? { line: first.line } : {}),
      ...(first?.column !== undefined ? { column: first.column } : {}),
      ...(first?.field !== undefined ? { field: first.field } : {}),
      code: 'more-problems',
    };
    return [...this.#kept, summary];
  }
}
