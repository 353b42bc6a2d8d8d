// How Codex CLI's rules read one run, in one line (RunSummary.reading, `hookd test`), in the order output.ts tries the
// cases, ending with what came of it. Describes the verdict output.ts produced; must not decide anything itself.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { jsonFieldsRead, notRead, outcomeWords } from '../reading-words.js';
import { EXIT_TWO_EVENTS, JSON_REQUIRED, PLAIN_STDOUT_IS_CONTEXT } from './output.js';
import { looksLikeJson, parseCodexJson } from './output-json.js';

export function describeReading(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  void hook;
  const { event } = context;
  const result = outcomeWords(verdict);
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped} → ${result}`;
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: output not read → ${result}`;
  const code = outcome.exitCode;
  if (event === 'SessionEnd') return `exit ${code}: SessionEnd output is not read → ${result}`;
  if (code === 2) {
    if (!EXIT_TWO_EVENTS.has(event)) return `exit 2: a failed run on ${event} → ${result}`;
    return `exit 2: ${outcome.stderr.text.trim() !== '' ? 'stderr is the reason' : 'no stderr, so a failed run (not a block)'}; stdout not read → ${result}`;
  }
  if (code !== 0) return `exit ${code}: a failed run, output not read → ${result}`;
  const text = outcome.stdout.text.trim();
  if (text === '') return `exit 0, no stdout → ${result}`;
  const json = parseCodexJson(event, text);
  if (json.ok) return `stdout is JSON: ${jsonFieldsRead(json.value)}${verdict.failureClass !== null ? ` (${verdict.message ?? 'not usable'})` : ''} → ${result}`;
  if (JSON_REQUIRED.has(event) || looksLikeJson(outcome.stdout.text)) return `stdout is not valid ${event} JSON (${json.problem}) → ${result}`;
  if (PLAIN_STDOUT_IS_CONTEXT.has(event)) return `exit 0, plain stdout → developer context → ${result}`;
  return `exit 0, plain stdout → not read on ${event} (only JSON is) → ${result}`;
}
