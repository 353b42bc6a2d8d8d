// Says in one line how WAMP's Output tables read one run (exit code, stdout text or JSON), for RunSummary.reading and
// `hookd test`. Describes the verdict output.ts produced; must not change it or decide anything itself.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { jsonFieldsRead, notRead, outcomeWords } from '../reading-words.js';
import { wampEventRule } from './event-rules.js';
import { classifyStdout } from './output.js';

const EXIT_TWO_WORDS = {
  refuse: 'refuses the prompt',
  deny: 'denies the call',
  feedback: 'adds the reason as feedback',
  'keep-working': 'keeps the agent working',
  ignored: 'is ignored',
} as const;

export function wampReading(context: EventContext, _hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  const { event } = context;
  const rule = wampEventRule(event);
  const result = verdict.failureClass !== null && verdict.failureClass !== 'cancelled' ? `failed (${verdict.failureClass}): a warning, the turn continues` : outcomeWords(verdict);
  const warned = verdict.warnings !== undefined && verdict.warnings.length > 0 && verdict.failureClass === null ? `; ${verdict.warnings.length} warning(s)` : '';
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped} → ${result}`;
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: output not read → ${result}`;
  const code = outcome.exitCode;
  if (code === 2) {
    const stderr = outcome.stderr.text.trim() !== '' ? 'stderr is the reason' : 'no stderr, hookd names the hook as the reason';
    return `exit 2: ${stderr}; on ${event} it ${EXIT_TWO_WORDS[rule.exitTwo]} → ${result}`;
  }
  if (code !== 0) return `exit ${code}: output not read → ${result}`;
  const stdout = classifyStdout(outcome.stdout);
  switch (stdout.kind) {
    case 'empty':
      return `exit 0, no output → ${result}`;
    case 'truncated':
      return `stdout starts with "{" but was truncated at ${outcome.stdout.bytes} bytes: JSON not read → ${result}`;
    case 'text':
      return rule.plainStdoutIsContext ? `exit 0, plain stdout → context` : `exit 0, plain stdout: not read on ${event} → a warning`;
    case 'json':
      return `stdout is JSON: ${jsonFieldsRead(stdout.value)} → ${result}${warned}`;
  }
}
