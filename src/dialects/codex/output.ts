// One run's output read as Codex CLI 0.171 reads it (§3.4, observed-decisions Codex column, codex-rs/hooks/src/events/
// *.rs parse_completed): exit 2 with stderr blocks, exit 0 reads stdout (JSON, or plain text where Codex takes it),
// everything else fails open. One run only; output-answer.ts reads a JSON answer, merge.ts combines runs.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { failedRun, ok, readAnswer, type Draft } from './output-answer.js';
import { looksLikeJson, parseCodexJson } from './output-json.js';

/** Plain (non-JSON) stdout on exit 0 is developer context for the model on these events (§3.3 table, observed 09c). */
export const PLAIN_STDOUT_IS_CONTEXT: ReadonlySet<EventName> = new Set<EventName>(['SessionStart', 'UserPromptSubmit', 'SubagentStart']);
/** Plain stdout is invalid here: JSON is required (a failed run). */
export const JSON_REQUIRED: ReadonlySet<EventName> = new Set<EventName>(['Stop', 'SubagentStop']);
/** Exit 2 with stderr decides on these events; elsewhere exit 2 is one more failed run. */
export const EXIT_TWO_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop']);

export function interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict {
  const { event } = context;
  if (outcome.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' };
  if (outcome.preflight) return failedRun(outcome.preflight.message, outcome.preflight.kind);
  if (!outcome.started) return failedRun(`could not start: ${outcome.spawnError ?? 'unknown error'}`, 'spawn_failed');
  if (outcome.timedOut) return { ...failedRun(`hook timed out after ${hook.handler.timeoutMs / 1000}s (fails open, as in Codex CLI)`, 'timeout'), status: 'timeout' };
  if (outcome.exitCode === null) return failedRun('hook exited without a status code', 'signal');
  if (outcome.exitCode === 2) return exitTwo(event, outcome);
  if (outcome.exitCode !== 0) return failedRun(`hook exited with code ${outcome.exitCode}`, 'nonzero_exit');
  return fromStdout(event, outcome);
}

function exitTwo(event: EventName, outcome: ProcessOutcome): Draft {
  if (!EXIT_TWO_EVENTS.has(event)) return failedRun('hook exited with code 2', 'nonzero_exit');
  const reason = outcome.stderr.text.trim();
  if (reason === '') return failedRun(`${event} hook exited with code 2 but did not write ${emptyStderrWords(event)} to stderr`, 'nonzero_exit');
  const verdict: Draft = { ...ok(), reason, message: 'exit 2: stderr is the reason' };
  switch (event) {
    case 'PreToolUse':
    case 'PermissionRequest':
      verdict.decision = 'deny';
      break;
    case 'PostToolUse':
      // Observed 08c: the tool output the model sees is replaced by the stderr text.
      verdict.decision = 'block';
      verdict.updatedToolOutput = reason;
      break;
    default:
      verdict.decision = 'block';
  }
  return verdict;
}

function emptyStderrWords(event: EventName): string {
  if (event === 'PostToolUse') return 'feedback';
  if (event === 'Stop' || event === 'SubagentStop') return 'a continuation prompt';
  return 'a blocking reason';
}

function fromStdout(event: EventName, outcome: ProcessOutcome): Draft {
  const stdout = outcome.stdout.text;
  const text = stdout.trim();
  if (text === '' || event === 'SessionEnd') return event === 'SessionEnd' && text !== '' ? { ...ok(), message: 'SessionEnd output is not read (as in Codex CLI)' } : ok();
  const json = parseCodexJson(event, text);
  if (json.ok) return readAnswer(event, json.value);
  if (outcome.stdout.truncated && looksLikeJson(stdout)) {
    return failedRun(`stdout was truncated at ${outcome.stdout.bytes} of ${outcome.stdout.totalBytes} bytes; JSON output not parsed`, 'output_truncated');
  }
  if (JSON_REQUIRED.has(event) || looksLikeJson(stdout)) return failedRun(`hook returned invalid ${event} JSON output: ${json.problem}`);
  if (PLAIN_STDOUT_IS_CONTEXT.has(event)) return { ...ok(), additionalContext: text, contextDelivery: 'separate-message' };
  return { ...ok(), message: `plain stdout is ignored on ${event} (only JSON is read)` };
}
