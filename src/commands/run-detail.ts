// What `hookd test` prints about each run beyond its summary line: the stdin the hooks read, how hookd read the
// output, stdout and stderr excerpts; and the command's exit status. Text shaping only; runs and decides nothing.
import { excerptOf } from '../engine/run-summary.js';
import type { Diagnostic, EventResult, OutputCapture, RunSummary } from '../protocol/index.js';

/** Output excerpts `hookd test` asks its engine for (RunSummary stdout/stderr `excerpt`). */
export const TEST_EXCERPT_BYTES = 4096;
/** The stdin shown in text (--json has all of it). */
const STDIN_SHOWN_BYTES = 16 * 1024;

/** Exit status: 1 when the configuration has errors or a run failed (failureClass), else 0. */
export function testExitStatus(diagnostics: readonly Diagnostic[], result: EventResult | undefined): number {
  const configErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  const failedRun = result?.runs.some((run) => run.failureClass !== null) ?? false;
  return configErrors || failedRun ? 1 : 0;
}

/** `stdin (each hook read these 312 bytes):` and the exact text, indented; nothing when no hook ran. */
export function stdinLines(stdin: string): string[] {
  if (stdin === '') return [];
  const { excerpt, excerptTruncated } = excerptOf(stdin, STDIN_SHOWN_BYTES);
  const bytes = Buffer.byteLength(stdin, 'utf8');
  const lines = [`stdin (each hook read these ${bytes} bytes):`, ...block(excerpt, '  ')];
  if (excerptTruncated) lines.push(`  … ${bytes - Buffer.byteLength(excerpt, 'utf8')} more bytes (--json shows all of it)`);
  return lines;
}

/** The lines under a run's summary: how its output was read, then its stdout and stderr. */
export function runDetailLines(run: RunSummary): string[] {
  const lines: string[] = [];
  if (run.reading !== undefined) lines.push(`    read: ${visible(run.reading)}`);
  lines.push(...captureLines('stdout', run.stdout), ...captureLines('stderr', run.stderr));
  return lines;
}

function captureLines(name: string, capture: OutputCapture): string[] {
  if (capture.totalBytes === 0) return [`    ${name}: empty`];
  const kept = capture.truncated ? `, ${capture.bytes} captured (the capture cap)` : '';
  const shown = capture.excerptTruncated ? `, first ${Buffer.byteLength(capture.excerpt ?? '', 'utf8')} shown` : '';
  const lines = [`    ${name} (${capture.totalBytes} bytes${kept}${shown}):`];
  if (capture.excerpt !== undefined) lines.push(...block(capture.excerpt.replace(/\r?\n$/, ''), '      '));
  return lines;
}

/** Text indented line by line, control characters made visible (a hook's output must not drive the terminal). */
function block(text: string, indent: string): string[] {
  return text.split(/\r?\n/).map((line) => `${indent}${visible(line)}`);
}

function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
