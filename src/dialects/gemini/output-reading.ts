// Says in one line how Gemini CLI 0.61's rules read one run (which stream, JSON or plain text, the exit code), for
// `hookd test` and RunSummary.reading. Describes the verdict output.ts produced; decides nothing itself.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { jsonFieldsRead, notRead, outcomeWords } from '../reading-words.js';
import { EXIT_NON_BLOCKING_ERROR, EXIT_SUCCESS, readOutputOf } from './hook-output.js';

export function describeReading(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  void context;
  void hook;
  const result = outcomeWords(verdict);
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped}, fails open → ${result}`;
  const read = readOutputOf(verdict);
  if (read === undefined) return `not read → ${result}`;
  const exit = outcome.exitCode === null ? `killed by signal ${outcome.signal ?? 'unknown'} (read as exit 0)` : `exit ${read.exitCode}`;
  const stream = read.stream === 'stderr' ? 'stdout empty, stderr' : 'stdout';
  if (read.format === 'truncated') return `${exit}, ${stream} starts like JSON but was cut at the capture cap: not read → ${result}`;
  if (read.format === 'none') return read.stream === 'none' ? `${exit}, no output → ${result}` : `${exit}, ${stream} is JSON but no object: Gemini has no output → ${result}`;
  if (read.format === 'json') return `${exit}, ${stream} is JSON (used whatever the exit code): ${jsonFieldsRead(read.output)} → ${result}${notes(verdict)}`;
  const meaning = read.exitCode === EXIT_SUCCESS ? 'a system message' : read.exitCode === EXIT_NON_BLOCKING_ERROR ? 'a warning ("Warning: <text>"), not a block' : 'the reason of a deny';
  // A plain-text answer's message only repeats what its exit code meant.
  return `${exit}, ${stream} is plain text: ${meaning} → ${result}`;
}

function notes(verdict: HookVerdict): string {
  return verdict.message !== undefined ? `; ${verdict.message}` : '';
}
