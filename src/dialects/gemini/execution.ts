// Gemini's plan (§4.2, hookPlanner.ts / hookRunner.ts): sequential when any matching hook's definition says
// `sequential: true`, else all at once; and what a sequential chain threads into the next hook's input. Pure.
import type { EventContext, HookSpec, HookVerdict } from '../../engine/dialect.js';
import type { EventParams } from '../../protocol/index.js';
import { objectOrUndefined } from './aggregate.js';
import { geminiData } from './hook-data.js';
import { readOutputOf } from './hook-output.js';

export function executionFor(_context: EventContext, hooks: readonly HookSpec[]): 'parallel' | 'sequential' {
  return hooks.some((hook) => geminiData(hook)?.sequential === true) ? 'sequential' : 'parallel';
}

/**
 * applyHookOutputToInput: only a successful run (exit 0) with output changes what the next hook sees, and only
 * through its hookSpecificOutput: BeforeAgent `additionalContext` (a string) appended to the prompt after a blank
 * line; BeforeModel `llm_request` merged over the request; BeforeTool `tool_input` merged over the tool input.
 * Decisions do not stop the chain (every hook runs). Undefined: unchanged.
 */
export function threadParams(context: EventContext, verdict: HookVerdict): EventParams | undefined {
  const read = readOutputOf(verdict);
  if (read === undefined || !read.success || read.output === undefined) return undefined;
  const specific = objectOrUndefined(read.output.hookSpecificOutput);
  if (specific === undefined) return undefined;
  const { params } = context;
  switch (context.event) {
    case 'UserPromptSubmit': {
      const added = specific['additionalContext'];
      return typeof added === 'string' ? { ...params, prompt: `${params.prompt ?? ''}\n\n${added}` } : undefined;
    }
    case 'BeforeModel': {
      const partial = objectOrUndefined(specific['llm_request']);
      return partial !== undefined ? { ...params, llmRequest: { ...params.llmRequest, ...partial } } : undefined;
    }
    case 'PreToolUse': {
      const partial = objectOrUndefined(specific['tool_input']);
      return partial !== undefined ? { ...params, toolInput: { ...params.toolInput, ...partial } } : undefined;
    }
    default:
      return undefined;
  }
}
