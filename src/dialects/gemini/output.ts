// One run's output read as Gemini CLI 0.61 reads it (§4.4 code, observed-decisions Gemini column): runs that time out,
// cannot start or are cancelled have no output and fail open; otherwise hook-output.ts parses it and outcome.ts says
// what it alone would do. The parsed output rides on the verdict for merge.ts and execution.ts.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { FailureClass, RunStatus } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { aggregate } from './aggregate.js';
import { EXIT_NON_BLOCKING_ERROR, EXIT_SUCCESS, readHookOutput, withReadOutput, type ReadOutput } from './hook-output.js';
import { outcomeOf } from './outcome.js';

/**
 * - Cancelled, refused, not started, timed out: no output (Gemini resolves a timed-out hook without reading it), fails
 *   open. hookd kills the whole process tree on timeout (Gemini only SIGTERMs the shell and waits for the pipe).
 * - Otherwise the output as Gemini parses it, whatever the exit code; status `ok` when Gemini counts the run a success
 *   (exit 0) or the exit code made the text a block (plain text, exit ≥ 2); `error` (nonzero_exit) for exit 1 and for
 *   JSON from a failed process (Gemini warns that the hook failed, and still uses its JSON); `error` (signal) for a
 *   process killed by a signal, whose output Gemini reads as exit 0's.
 */
export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failed('error', outcome.preflight.kind, outcome.preflight.message);
  if (!outcome.started) return failed('error', 'spawn_failed', `could not start: ${outcome.spawnError ?? 'unknown error'}; fails open`);
  if (outcome.timedOut) return failed('timeout', 'timeout', `Hook timed out after ${hook.handler.timeoutMs}ms; its output is not read, the event goes on (fail-open)`);
  const read = readHookOutput(outcome);
  const { fields, notes } = outcomeOf(context.event, read.output === undefined ? undefined : aggregate(context.event, [read.output]));
  const { status, failureClass, note } = runStatus(outcome, read);
  const messages = [...(note !== undefined ? [note] : []), ...notes];
  const verdict: HookVerdict = { ...fields, status, failureClass, ...(messages.length > 0 ? { message: messages.join('; ') } : {}) };
  return withReadOutput(verdict, read);
}

function runStatus(outcome: ProcessOutcome, read: ReadOutput): { status: RunStatus; failureClass: FailureClass | null; note?: string } {
  if (read.format === 'truncated') {
    const kept = (read.stream === 'stderr' ? outcome.stderr : outcome.stdout).bytes;
    return { status: 'error', failureClass: 'output_truncated', note: `its ${read.stream} was cut at hookd's capture cap (${kept} bytes kept) and the JSON cannot be read: nothing of it is used (fails open)` };
  }
  if (outcome.exitCode === null) return { status: 'error', failureClass: 'signal', note: `killed by signal ${outcome.signal ?? 'unknown'}: its output is read as exit 0's (Gemini's \`exitCode || 0\`)` };
  if (read.exitCode === EXIT_SUCCESS) return { status: 'ok', failureClass: null };
  if (read.format === 'text' && read.exitCode !== EXIT_NON_BLOCKING_ERROR) return { status: 'ok', failureClass: null, note: `exit ${read.exitCode} with plain text: the text is the reason of a deny` };
  if (read.format === 'text') return { status: 'error', failureClass: 'nonzero_exit', note: 'exit 1: a non-blocking warning (systemMessage "Warning: …")' };
  if (read.format === 'json') return { status: 'error', failureClass: 'nonzero_exit', note: `exit ${read.exitCode}: Gemini CLI reports the hook failed and still uses its JSON output` };
  return { status: 'error', failureClass: 'nonzero_exit', note: `exit ${read.exitCode} without output: nothing to read, fails open` };
}

function failed(status: RunStatus, failureClass: FailureClass, message: string): HookVerdict {
  return { status, failureClass, decision: 'none', message };
}
