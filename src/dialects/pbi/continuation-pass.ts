// The one continuation pass of Stop and SubagentStop (seed 003 "Limitations": "one additional child pass only, so
// hooks cannot loop forever"): the stop that ends the continuation pass fires no hooks. Decides firing only.
import type { EventName, EventParams } from '../../protocol/index.js';
import { PBI_CONTINUATION_EVENTS } from './events.js';

/**
 * pbi-agent runs Stop (SubagentStop) hooks once per turn (per child): after a continuation they are not run again.
 * The agent says an event ends the continuation pass with params.stopHookActive true; hookd then runs no hook. An
 * agent that does not say so is still held to one pass by the dialect's continuationCap (limit 1 per turn: the
 * second consecutive continuation of the same event and agentId before the next UserPromptSubmit is not honoured).
 */
export function eventNotFired(event: EventName, params: EventParams): string | undefined {
  if (!PBI_CONTINUATION_EVENTS.includes(event) || params.stopHookActive !== true) return undefined;
  return `${event} hooks already requested this turn's one continuation pass (stopHookActive is true): pbi runs them once, so hooks cannot loop forever`;
}
