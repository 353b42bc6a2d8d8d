// Interprets one WorktreeCreate run, which has no allow/block model: any failure or non-zero exit fails the creation
// (decision `block`), and success must yield the worktree path. One run only; merge picks the path.
import { isAbsolute, resolve } from 'node:path';
import type { EventContext, HandlerSpec, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { FailureClass, RunStatus } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { parseHookOutput } from './output-schema.js';

/** CSI, OSC (ended by BEL or ST) and two-character escapes: what Claude Code strips before reading the path line. */
const ANSI_ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;

/**
 * - Command, script and programmatic hooks print the path as the last non-empty line of stdout (ANSI escapes
 *   stripped; other output belongs on stderr). Other handler types (http) answer
 *   `hookSpecificOutput.worktreePath` in JSON.
 * - A relative path resolves against the directory hooks run in (the workspace); an absolute path with `.` or `..`
 *   segments is refused, as Claude Code refuses it.
 * - Cancelled runs are cancelled; everything else that is not exit 0 with a path blocks, whatever `onFailure` says.
 */
export function interpretWorktreeCreate(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failedCreation(outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failedCreation('spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}`);
  if (outcome.timedOut) return failedCreation('timeout', `timed out after ${hook.handler.timeoutMs / 1000}s`, 'timeout');
  if (outcome.exitCode === null) return failedCreation('signal', `killed by signal ${outcome.signal ?? 'unknown'}`);
  // Exit 2 is a deliberate refusal (status ok, as on other events); any other non-zero exit is a failed run.
  if (outcome.exitCode === 2) return { ...failedCreation(null, `exit code 2${firstStderrLine(outcome)}`), status: 'ok' };
  if (outcome.exitCode !== 0) return failedCreation('nonzero_exit', `exit code ${outcome.exitCode}${firstStderrLine(outcome)}`);
  if (outcome.stdout.truncated) return failedCreation('output_truncated', `stdout was truncated at ${outcome.stdout.bytes} bytes; no worktree path read`);

  const given = printsPath(hook.handler) ? lastLine(outcome.stdout.text) : jsonPath(outcome.stdout.text);
  if (typeof given !== 'string') return failedCreation('invalid_output', given.problem);
  if (isAbsolute(given) && hasDotSegment(given)) return failedCreation('invalid_output', `worktree path ${JSON.stringify(given)} has "." or ".." segments; refused`);
  return { status: 'ok', failureClass: null, decision: 'none', worktreePath: resolve(context.workspace, given) };
}

function printsPath(handler: HandlerSpec): boolean {
  return handler.type === 'command' || handler.type === 'script' || handler.type === 'client';
}

function lastLine(stdout: string): string | { problem: string } {
  const lines = stdout.replace(ANSI_ESCAPES, '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  return lines.at(-1) ?? { problem: 'the hook printed no worktree path on stdout' };
}

function jsonPath(stdout: string): string | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(stdout) as unknown;
  } catch {
    return { problem: 'the hook answered no JSON with hookSpecificOutput.worktreePath' };
  }
  const parsed = parseHookOutput('WorktreeCreate', value);
  if (!parsed.ok) return { problem: `invalid hook output: ${parsed.error}` };
  const path = parsed.output.specific?.worktreePath;
  return path !== undefined && path.trim() !== '' ? path : { problem: 'hookSpecificOutput.worktreePath is missing' };
}

function hasDotSegment(path: string): boolean {
  return path.split(/[\\/]/).some((segment) => segment === '.' || segment === '..');
}

function failedCreation(failureClass: FailureClass | null, detail: string, status: RunStatus = 'error'): HookVerdict {
  return { status, failureClass, decision: 'block', reason: `worktree creation failed: ${detail}`, message: detail };
}

function firstStderrLine(outcome: ProcessOutcome): string {
  const line = outcome.stderr.text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : `: ${line.trim()}`;
}
