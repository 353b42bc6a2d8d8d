// How pbi's rules read one run, in one line (RunSummary.reading, hooks/explain): for people only, never decisions.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';
import { PBI_EXIT_TWO_EVENTS } from './output.js';

export function describeReading(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string {
  void hook;
  const { event } = context;
  if (verdict.status !== 'ok') return `${verdict.status}: its output is discarded (pbi uses only successful and exit-2 runs)`;
  if (outcome.exitCode === 2 && PBI_EXIT_TWO_EVENTS.includes(event)) {
    const effect = event === 'PostToolUse' ? 'replaces the tool output' : event === 'Stop' || event === 'SubagentStop' ? 'requests the continuation pass' : 'blocks';
    return `exit 2 on ${event}: stderr (else stdout, else pbi's fixed text) ${effect}; stdout JSON is not read`;
  }
  const text = outcome.stdout.text.trim();
  if (text === '') return 'exit 0, no output: nothing';
  if (verdict.decision === 'none' && verdict.additionalContext === text) return 'stdout is not a JSON object: the text is context';
  const effects = [
    verdict.decision !== 'none' ? `${verdict.decision}${verdict.reason !== undefined ? ` (${verdict.reason})` : ''}` : undefined,
    verdict.updatedInput !== undefined ? 'updatedInput' : undefined,
    verdict.updatedToolOutput !== undefined ? 'replacement' : undefined,
    verdict.additionalContext !== undefined ? 'context' : undefined,
  ].filter((part): part is string => part !== undefined);
  return `stdout JSON object: ${effects.length > 0 ? effects.join(', ') : 'nothing that takes effect'}${verdict.message !== undefined ? `; ${verdict.message}` : ''}`;
}
