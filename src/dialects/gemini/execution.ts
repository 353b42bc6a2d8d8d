// CONTRACT STUB (part gemini-io implements): Gemini's plan (§4.2): sequential when any matching hook's definition says
// `sequential: true`, else all at once; and what a sequential chain threads into the next hook's input.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventParams } from '../../protocol/index.js';
import { geminiData } from './hook-data.js';

export function executionFor(_context: EventContext, hooks: readonly HookSpec[]): 'parallel' | 'sequential' {
  return hooks.some((hook) => geminiData(hook)?.sequential === true) ? 'sequential' : 'parallel';
}

export function threadParams(_context: EventContext, _verdict: HookVerdict): EventParams | undefined {
  return undefined;
}
