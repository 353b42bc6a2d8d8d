// Says in one line how Bamboo's rules read one run (exit code, the one-JSON-object stdout, stderr), for `hookd test`
// and RunSummary.reading. Describes the verdict output.ts produced; must not change it or decide anything itself.
import type { EventContext, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { jsonFieldsRead, notRead, outcomeWords } from '../reading-words.js';
import { ruleOf } from './event-rules.js';

/** The reading of one run, in the order output.ts tries the cases; ends with what came of it (`→ block`). */
export function bambooReading(context: EventContext, outcome: ProcessOutcome, verdict: HookVerdict): string {
  const { event } = context;
  const kind = ruleOf(event).kind;
  const result = outcomeWords(verdict);
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped} → ${result}`;
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: output not read → ${result}`;
  const code = outcome.exitCode;
  if (code === 2) {
    if (kind !== 'decision') return `exit 2: ignored on ${event} → ${result}`;
    return `exit 2: ${outcome.stderr.text.trim() !== '' ? 'stderr is the reason' : 'no stderr, hookd names the hook as the reason'} → ${result}`;
  }
  if (code !== 0) return `exit ${code}: non-blocking error, stdout ignored → ${result}`;
  if (kind === 'observer') return `exit 0: output is not read on ${event} (an observer) → ${result}`;
  if (outcome.stdout.truncated) return `stdout was truncated at ${outcome.stdout.bytes} bytes: not parsed → ${result}`;
  const text = outcome.stdout.text.trim();
  if (text === '') return `exit 0, no stdout → ${result}`;
  if (verdict.failureClass === 'invalid_output') return `stdout is not one valid JSON object: ${verdict.message ?? ''} → ${result}`;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    value = undefined;
  }
  const ignored = verdict.message !== undefined ? ` (${verdict.message})` : '';
  return `stdout is JSON: ${jsonFieldsRead(value)}${ignored} → ${result}`;
}
