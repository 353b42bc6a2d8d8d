// Gemini CLI 0.61's aggregation of several hooks' outputs into one (hookAggregator.ts mergeOutputs), on the raw
// outputs in configured order (Gemini's Promise.all keeps that order too). Pure; what the result means is outcome.ts's.
import type { EventName } from '../../protocol/index.js';
import type { GeminiHookOutput } from './hook-output.js';

type Output = Record<string, unknown>;

/** Gemini aggregates even a single output ("consistent default behaviors"); undefined: no hook produced output. */
export function aggregate(event: EventName, outputs: readonly GeminiHookOutput[]): GeminiHookOutput | undefined {
  if (outputs.length === 0) return undefined;
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'UserPromptSubmit':
    case 'Stop':
    case 'SessionStart':
      return mergeWithOrDecision(outputs);
    case 'BeforeModel':
    case 'AfterModel':
      return mergeWithFieldReplacement(outputs);
    case 'BeforeToolSelection':
      return mergeToolSelection(outputs);
    default:
      // Spread, not Object.assign: an own "__proto__" key of a parsed answer must stay a plain field.
      return outputs.reduce<Output>((merged, output) => ({ ...merged, ...output }), {});
  }
}

/**
 * `continue` false if any (its stopReason collected); the last blocking decision (block/deny), else "ask", else
 * "allow" (unless something said continue false); reason, systemMessage, stopReason and additionalContext of every
 * output joined with `\n`; suppressOutput true if any; clearContext true if any; the other hookSpecificOutput keys
 * shallow-merged, later wins.
 */
function mergeWithOrDecision(outputs: readonly GeminiHookOutput[]): GeminiHookOutput {
  const merged: Output = { continue: true, suppressOutput: false };
  const stopReasons: string[] = [];
  const reasons: string[] = [];
  const systemMessages: string[] = [];
  const contexts: string[] = [];
  let blocked = false;
  let asked = false;
  let stopped = false;
  let specific: Output | undefined;
  for (const output of outputs) {
    if (output.continue === false) {
      stopped = true;
      merged.continue = false;
      if (truthy(output.stopReason)) stopReasons.push(textOf(output.stopReason));
    }
    if (output.decision === 'block' || output.decision === 'deny') {
      blocked = true;
      merged.decision = output.decision;
    } else if (output.decision === 'ask') {
      asked = true;
      if (!blocked) merged.decision = output.decision;
    }
    if (truthy(output.reason)) reasons.push(textOf(output.reason));
    if (truthy(output.systemMessage)) systemMessages.push(textOf(output.systemMessage));
    if (truthy(output.suppressOutput)) merged.suppressOutput = true;
    const own = objectOrUndefined(output.hookSpecificOutput);
    if (own?.['clearContext'] === true) specific = { ...specific, clearContext: true };
    if (truthy(output.hookSpecificOutput)) {
      const rest: Output = { ...own };
      delete rest['clearContext'];
      specific = { ...specific, ...rest };
    }
    if (own !== undefined && typeof own['additionalContext'] === 'string') contexts.push(own['additionalContext']);
  }
  if (!blocked && !asked && !stopped) merged.decision = 'allow';
  if (stopReasons.length > 0) merged.stopReason = stopReasons.join('\n');
  if (reasons.length > 0) merged.reason = reasons.join('\n');
  if (systemMessages.length > 0) merged.systemMessage = systemMessages.join('\n');
  if (contexts.length > 0) specific = { ...specific, additionalContext: contexts.join('\n') };
  if (specific !== undefined) merged.hookSpecificOutput = specific;
  return merged;
}

/** BeforeModel, AfterModel: later outputs overwrite earlier fields; hookSpecificOutput keys shallow-merged. */
function mergeWithFieldReplacement(outputs: readonly GeminiHookOutput[]): GeminiHookOutput {
  let merged: Output = {};
  for (const output of outputs) {
    merged = { ...merged, ...output, hookSpecificOutput: { ...objectOrUndefined(merged.hookSpecificOutput), ...objectOrUndefined(output.hookSpecificOutput) } };
  }
  return merged;
}

/**
 * BeforeToolSelection: only toolConfig counts. NONE from any hook wins (no function names), else ANY, else AUTO; the
 * function names are the union of every hook's, sorted. Gemini answers this even when no hook gave a toolConfig.
 */
function mergeToolSelection(outputs: readonly GeminiHookOutput[]): GeminiHookOutput {
  const names = new Set<string>();
  let none = false;
  let any = false;
  for (const output of outputs) {
    const config = objectOrUndefined(objectOrUndefined(output.hookSpecificOutput)?.['toolConfig']);
    if (config === undefined) continue;
    if (config['mode'] === 'NONE') none = true;
    else if (config['mode'] === 'ANY') any = true;
    const given = config['allowedFunctionNames'];
    if (Array.isArray(given)) for (const name of given) if (typeof name === 'string') names.add(name);
  }
  const mode = none ? 'NONE' : any ? 'ANY' : 'AUTO';
  const allowedFunctionNames = none ? [] : [...names].sort();
  return { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode, allowedFunctionNames } } };
}

/**
 * A field as text, as Gemini's `join('\n')` makes it (String()); never throws: a parsed object whose own `toString`
 * is no function (`{"toString": 1}`) cannot be converted and is written as its JSON instead.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? '';
    } catch {
      return '';
    }
  }
}

/** JavaScript truthiness, as Gemini's `if (output.reason)` tests it. */
export function truthy(value: unknown): boolean {
  return Boolean(value);
}

/** A plain object (not an array, not null), else undefined. */
export function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
