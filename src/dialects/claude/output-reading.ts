// Says in one line how Claude Code's rules read one run (exit code, stdout JSON or text, stderr), for `hookd test`
// and RunSummary.reading. Describes the verdict output.ts produced; must not change it or decide anything itself.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { EVENT_RULES } from './event-rules.js';
import { classifyStdout } from './output.js';
import { isObject, jsonFieldsRead, notRead, outcomeWords } from '../reading-words.js';

/** The reading of one run, in the order output.ts tries the cases; ends with what came of it (`→ deny`). */
export function claudeReading(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  const { event } = context;
  const rule = EVENT_RULES[event];
  const result = outcomeWords(verdict);
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped} → ${result}`;
  if (event === 'WorktreeCreate') return worktreeReading(hook, outcome, verdict, result);
  if (outcome.http !== undefined) {
    const status = outcome.http.status === null ? 'no response' : `HTTP ${outcome.http.status}`;
    if (verdict.failureClass !== null) return `${status}: ${verdict.message ?? 'the response was not usable'} → ${result}`;
    if (outcome.stdout.text.trim() === '') return `${status}, empty body: success, nothing to read → ${result}`;
    if (rule.outputIgnored) return `${status}: the body is not read on ${event} → ${result}`;
    const stdout = classifyStdout(outcome.stdout);
    return `${status}, body is JSON${stdout.kind === 'json' ? `: ${jsonFieldsRead(stdout.value)}` : ''} → ${result}`;
  }
  if (outcome.delegated !== undefined) {
    const answer = outcome.delegated;
    if (answer.kind === 'invalid_answer') return `the judge's answer is not valid: ${answer.message} → ${result}`;
    return `the judge answered ok: ${String(answer.ok)}${answer.ok ? '' : answer.reason !== undefined ? ' with a reason' : ' without a reason'} → ${result}`;
  }
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: output not read → ${result}`;
  const code = outcome.exitCode;
  const stderr = outcome.stderr.text.trim() !== '';
  if (code === 2) {
    if (rule.exit2 === 'ignored') return `exit 2: ignored on ${event} → ${result}`;
    if (rule.exit2 === 'user') return `exit 2: ${stderr ? 'stderr is shown to the user' : 'no stderr to show the user'} → ${result}`;
    if (rule.exit2 === 'feedback') return `exit 2: ${stderr ? 'stderr is feedback for the model' : 'no stderr to feed back'} → ${result}`;
    const stdout = classifyStdout(outcome.stdout);
    const jsonReason = stdout.kind === 'json' && isObject(stdout.value) && typeof stdout.value.reason === 'string';
    return `exit 2: ${jsonReason ? 'the reason of its JSON stdout' : stderr ? 'stderr is the reason' : 'no stderr, hookd names the hook as the reason'} → ${result}`;
  }
  if (rule.outputIgnored) return `exit ${code}: ${code === 0 ? '' : 'non-blocking error; '}output is not read on ${event} → ${result}`;
  const stdout = classifyStdout(outcome.stdout);
  if (stdout.kind === 'truncated') return `stdout starts with "{" but was truncated at ${outcome.stdout.bytes} bytes: JSON not parsed → ${result}`;
  if (code !== 0) {
    if (stdout.kind === 'json' && verdict.failureClass === null) return `exit ${code}, stdout is JSON: ${jsonFieldsRead(stdout.value)} → ${result}`;
    return `exit ${code}: non-blocking error, stdout ignored → ${result}`;
  }
  if (stdout.kind === 'invalid') return `stdout is JSON hookd cannot read: ${stdout.error} → ${result}`;
  if (stdout.kind === 'json') {
    if (verdict.failureClass !== null) return `stdout is JSON but not valid hook output: ${verdict.message ?? ''} → ${result}`;
    return `stdout is JSON: ${jsonFieldsRead(stdout.value)} → ${result}`;
  }
  const text = stdout.text.trim();
  const prefix = text.startsWith('{') ? 'stdout is not JSON (starts with "{" but does not parse): read as text; ' : '';
  if (text === '') return `exit 0, no stdout → ${result}`;
  if (rule.plainStdoutIsContext) return `${prefix}exit 0, plain stdout → added as context${verdict.decision !== 'none' ? `; ${result}` : ''}`;
  return `${prefix}exit 0, plain stdout → not read on ${event} (only JSON is)${verdict.decision !== 'none' ? `; ${result}` : ''}`;
}

function worktreeReading(hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict, result: string): string {
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: no worktree path → ${result}`;
  if (outcome.exitCode !== 0) return `exit ${outcome.exitCode}: the worktree was not created → ${result}`;
  const where = hook.handler.type === 'http' ? 'hookSpecificOutput.worktreePath of the JSON body' : 'the last line of stdout';
  if (verdict.worktreePath !== undefined) return `exit 0, ${where} is the worktree path → ${verdict.worktreePath}`;
  return `exit 0, ${where} gave no usable worktree path: ${verdict.message ?? ''} → ${result}`;
}
