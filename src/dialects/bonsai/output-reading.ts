// Says in one line how bonsai's rules read one run (exit code, stdout/body JSON, judge reply), for RunSummary.reading
// and `hookd test`. Describes the verdict output.ts produced; must not change it or decide anything itself.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { notRead, outcomeWords } from '../reading-words.js';
import { runPolicy } from './output.js';

/** What came of the verdict, in bonsai's words (on_failure instead of onFailure). */
function result(verdict: HookVerdict): string {
  if (verdict.failureClass !== null && verdict.failureClass !== 'cancelled') {
    return `failed (${verdict.failureClass}), ${verdict.decision === 'block' ? 'on_failure = "block": block' : 'warns, the action proceeds'}`;
  }
  // A warning line (a downgraded veto) is not a message the hook wrote: say what it is.
  if (verdict.systemMessage !== undefined) return `${outcomeWords({ ...verdict, systemMessage: undefined })}, with a warning`;
  return outcomeWords(verdict);
}

export function bonsaiReading(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  const end = result(verdict);
  const skipped = notRead(outcome);
  if (skipped !== undefined) return `${skipped} → ${end}`;
  const { veto } = runPolicy(context, hook);
  const downgraded = verdict.message !== undefined && verdict.message.includes('ignored:') ? ` (${verdict.message})` : '';
  if (outcome.http !== undefined) {
    const status = outcome.http.status;
    if (status === null || status < 200 || status > 299) return `HTTP ${status ?? 'no response'}: not 2xx, a failure → ${end}`;
    return `HTTP ${status}: ${outcome.stdout.text.trim() === '' ? 'empty body, continue' : 'the body is the JSON answer'}${downgraded} → ${end}`;
  }
  if (hook.handler.type === 'prompt' || hook.handler.type === 'agent') return `the model's reply must be strict JSON {"decision":"allow"|"block"}${downgraded} → ${end}`;
  if (outcome.exitCode === null) return `killed by signal ${outcome.signal ?? 'unknown'}: a failure → ${end}`;
  if (outcome.exitCode === 2) return `exit 2: ${veto ? 'block, stderr is the reason' : 'block asked, but this hook cannot veto'} → ${end}`;
  if (outcome.exitCode !== 0) return `exit ${outcome.exitCode}: a failure, stdout not read → ${end}`;
  if (outcome.stdout.truncated) return `stdout passed the cap: not parsed → ${end}`;
  if (outcome.stdout.text.trim() === '') return `exit 0, no stdout: continue → ${end}`;
  return `exit 0: stdout is the JSON answer${downgraded} → ${end}`;
}
