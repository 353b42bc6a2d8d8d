// Small constructors for configuration Diagnostics (the wire shape lives in protocol/diagnostics.ts).
// Builds values only; must not read files or decide severities for any dialect.
import type { Diagnostic } from '../protocol/index.js';

export type Severity = Diagnostic['severity'];

/** Where a diagnostic points: the file, a 1-based position, the field path, a stable code. */
export type DiagnosticAt = {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly field?: string;
  readonly code?: string;
};

export function diagnostic(severity: Severity, message: string, at: DiagnosticAt = {}): Diagnostic {
  const out: Diagnostic = { severity, message };
  if (at.file !== undefined) out.file = at.file;
  if (at.line !== undefined) out.line = at.line;
  if (at.column !== undefined) out.column = at.column;
  if (at.field !== undefined) out.field = at.field;
  if (at.code !== undefined) out.code = at.code;
  return out;
}

export const errorAt = (message: string, at: DiagnosticAt): Diagnostic => diagnostic('error', message, at);
export const warningAt = (message: string, at: DiagnosticAt): Diagnostic => diagnostic('warning', message, at);
export const infoAt = (message: string, at: DiagnosticAt): Diagnostic => diagnostic('info', message, at);
