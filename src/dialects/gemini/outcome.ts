// What an aggregated Gemini hook output makes Gemini CLI 0.61 do, per event, as hookd result fields (the code that reads
// finalOutput: coreToolHookTriggers.ts, scheduler/hook-utils.ts, client.ts, hookSystem.ts, gemini.tsx; and the Gemini
// column of observed-decisions). Pure; reading one run is hook-output.ts's, combining runs aggregate.ts's.
import type { MergedOutcome } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { objectOrUndefined, textOf, truthy } from './aggregate.js';
import type { GeminiHookOutput } from './hook-output.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type GeminiOutcome = { readonly fields: MergedOutcome; readonly notes: readonly string[] };

/** What Gemini tells the agent when a hook blocks without a reason (getEffectiveReason). */
export const NO_REASON = 'No reason provided';
export const ASK_HALTS_NOTE = 'decision "ask": Gemini CLI 0.61 halts the turn silently (observed g04d: the tool does not run, no tool result, no further model request)';

/** The outcome of one event from the aggregated output (undefined: no hook produced output, nothing changes). */
export function outcomeOf(event: EventName, output: GeminiHookOutput | undefined): GeminiOutcome {
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  if (output === undefined) return { fields: out, notes: [] };
  const notes: string[] = [];
  const specific = objectOrUndefined(output.hookSpecificOutput) ?? {};
  const stopped = output.continue === false;
  const blocked = output.decision === 'block' || output.decision === 'deny';
  // getEffectiveReason: stopReason (the aggregation keeps it only with continue false), else reason.
  const reason = truthy(output.stopReason) ? textOf(output.stopReason) : truthy(output.reason) ? textOf(output.reason) : NO_REASON;
  if (event !== 'BeforeToolSelection') {
    if (truthy(output.systemMessage)) out.systemMessage = textOf(output.systemMessage);
    if (output.suppressOutput === true) out.suppressOutput = true;
  }
  if ('permissionDecision' in specific) notes.push('hookSpecificOutput.permissionDecision is Claude Code\'s field: Gemini CLI reads only the top-level `decision` (observed g03b: ignored)');
  if ('updatedInput' in specific) notes.push('hookSpecificOutput.updatedInput is Claude Code\'s field: Gemini CLI rewrites the input only from hookSpecificOutput.tool_input');
  switch (event) {
    case 'PreToolUse':
      if (stopped) Object.assign(out, { decision: 'deny', reason, continue: false, stopReason: reason });
      else if (blocked) Object.assign(out, { decision: 'deny', reason });
      else if (output.decision === 'ask') {
        Object.assign(out, { decision: 'deny', continue: false, ...(truthy(output.reason) ? { reason: textOf(output.reason) } : {}) });
        notes.push(ASK_HALTS_NOTE);
      } else {
        // The scheduler rebuilds the call from the hook's tool_input alone (hook-utils.ts `tool.build(modifiedInput)`,
        // scheduler_hooks.test.ts): fields the hook leaves out are gone. The observed 05a message is that path's.
        const rewrite = objectOrUndefined(specific['tool_input']);
        if (rewrite !== undefined) out.updatedInput = { ...rewrite };
      }
      if (typeof specific['additionalContext'] === 'string') notes.push('additionalContext has no effect on BeforeTool (Gemini CLI reads it on AfterTool, BeforeAgent and SessionStart)');
      break;
    case 'PostToolUse':
      if (stopped) Object.assign(out, { continue: false, stopReason: reason, updatedToolOutput: { error: reason } });
      else if (blocked) Object.assign(out, { decision: 'block', reason, updatedToolOutput: { error: reason } });
      else {
        addContext(out, specific);
        const tail = objectOrUndefined(specific['tailToolCallRequest']);
        if (tail !== undefined) out.extra = { tailToolCallRequest: tail };
      }
      break;
    case 'UserPromptSubmit':
      // continue false keeps the prompt in the history, a block drops it; the model is not asked either way.
      if (stopped) Object.assign(out, { decision: 'block', reason, continue: false, stopReason: reason });
      else if (blocked) Object.assign(out, { decision: 'block', reason });
      else addContext(out, specific);
      break;
    case 'Stop':
      if (stopped) Object.assign(out, { continue: false, stopReason: reason });
      else if (blocked) Object.assign(out, { decision: 'block', reason });
      if ((stopped || blocked) && specific['clearContext'] === true) out.extra = { clearContext: true };
      break;
    case 'SessionStart':
      addContext(out, specific);
      if (stopped || blocked) notes.push('SessionStart is advisory in Gemini CLI: decision and continue have no effect');
      break;
    case 'BeforeModel': {
      if (stopped) Object.assign(out, { decision: 'deny', reason, continue: false, stopReason: reason });
      else if (blocked) {
        Object.assign(out, { decision: 'deny', reason });
        const synthetic = objectOrUndefined(specific['llm_response']);
        if (synthetic !== undefined) out.llmResponse = synthetic;
      } else {
        const request = objectOrUndefined(specific['llm_request']);
        if (request !== undefined) out.llmRequest = request;
        if (specific['llm_response'] !== undefined) notes.push('llm_response on BeforeModel is used only with decision "deny" (Gemini CLI: the synthetic response of a blocked call)');
      }
      break;
    }
    case 'AfterModel':
      if (stopped) Object.assign(out, { continue: false, stopReason: reason });
      else if (blocked) Object.assign(out, { decision: 'deny', reason });
      else {
        const chunk = objectOrUndefined(specific['llm_response']);
        if (chunk !== undefined && hasParts(chunk)) out.llmResponse = chunk;
      }
      break;
    case 'BeforeToolSelection': {
      const config = objectOrUndefined(specific['toolConfig']);
      const mode = config?.['mode'];
      const names = config?.['allowedFunctionNames'];
      if (mode === 'AUTO' || mode === 'ANY' || mode === 'NONE') out.toolConfig = { mode, allowedFunctionNames: Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [] };
      break;
    }
    default:
      // SessionEnd, PreCompress, Notification: advisory (Gemini reads only systemMessage and suppressOutput).
      if (stopped || blocked) notes.push(`${event === 'PreCompact' ? 'PreCompress' : event} is advisory in Gemini CLI: decision and continue have no effect`);
  }
  return { fields: out, notes };
}

/** additionalContext as Gemini hands it to the model (getAdditionalContext escapes < and > against tag injection). */
function addContext(out: Mutable<MergedOutcome>, specific: Record<string, unknown>): void {
  const context = specific['additionalContext'];
  if (typeof context !== 'string' || context === '') return;
  out.additionalContext = context.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  out.contextDelivery = 'appended';
}

/** AfterModel's replacement counts only when its first candidate has content parts (getModifiedResponse). */
function hasParts(response: Record<string, unknown>): boolean {
  const candidates = response['candidates'];
  if (!Array.isArray(candidates)) return false;
  const content = objectOrUndefined(objectOrUndefined(candidates[0])?.['content']);
  const parts = content?.['parts'];
  return Array.isArray(parts) && parts.length > 0;
}
