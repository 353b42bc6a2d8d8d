// What one pbi hook's stdout JSON object asks for (facts §8), with Python's truthiness where pbi-agent uses it.
// Reading only: which of it takes effect on which event is output.ts's, combining hooks is merge.ts's.
import type { EventName } from '../../protocol/index.js';

export const BLOCKED_BY_HOOK = 'Blocked by hook.';
export const STOPPED_BY_HOOK = 'Stopped by hook.';

/** One object's answer. `block`: decision "block" (nothing else of the object counts) or continue false. */
export type PbiAnswer = {
  readonly block?: { readonly reason: string; readonly cause: 'decision "block"' | 'continue false' };
  readonly deny?: { readonly reason: string };
  readonly updatedInput?: Record<string, unknown>;
  readonly replacement?: string;
  readonly continuationPrompt?: string;
  /** The hook's context for the model: systemMessage, else additionalContext (PostToolUse: hookSpecificOutput's first). */
  readonly context?: string;
  readonly systemMessage?: string;
  readonly suppressOutput?: boolean;
  /** What was read but ignored, for the run's message. */
  readonly ignored: readonly string[];
};

export function readPbiAnswer(event: EventName, value: Record<string, unknown>): PbiAnswer {
  if (value.decision === 'block') return { block: { reason: pythonStr(value.reason) ?? BLOCKED_BY_HOOK, cause: 'decision "block"' }, ignored: [] };
  const ignored: string[] = [];
  const systemMessage = nonEmpty(value.systemMessage);
  let context = systemMessage ?? nonEmpty(value.additionalContext);
  const answer: { -readonly [K in keyof PbiAnswer]: PbiAnswer[K] } = { ignored };
  if ('continue' in value && !pythonTruthy(value.continue)) {
    answer.block = { reason: nonEmpty(value.stopReason) ?? nonEmpty(value.reason) ?? STOPPED_BY_HOOK, cause: 'continue false' };
  }
  if ('suppressOutput' in value) answer.suppressOutput = pythonTruthy(value.suppressOutput);
  const specific = objectOrUndefined(value.hookSpecificOutput);
  const named = specific?.hookEventName;
  if (specific !== undefined && named !== undefined && named !== event) {
    ignored.push(`hookSpecificOutput for ${String(named)} (this is ${event})`);
  } else if (specific !== undefined) {
    switch (event) {
      case 'PreToolUse':
        if (specific.permissionDecision === 'deny') answer.deny = { reason: nonEmpty(specific.permissionDecisionReason) ?? BLOCKED_BY_HOOK };
        else if (objectOrUndefined(specific.updatedInput) !== undefined) answer.updatedInput = specific.updatedInput as Record<string, unknown>;
        break;
      case 'PostToolUse': {
        const replacement = nonEmpty(specific.feedback) ?? nonEmpty(specific.replacement) ?? nonEmpty(specific.updatedOutput);
        if (replacement !== undefined) answer.replacement = replacement;
        context = nonEmpty(specific.additionalContext) ?? nonEmpty(specific.systemMessage) ?? context;
        break;
      }
      case 'Stop':
      case 'SubagentStop': {
        const prompt = nonEmpty(specific.continuationPrompt) ?? nonEmpty(value.continuationPrompt);
        if (prompt !== undefined) answer.continuationPrompt = prompt;
        break;
      }
      default:
        break;
    }
  }
  if ((event === 'Stop' || event === 'SubagentStop') && answer.continuationPrompt === undefined) {
    const prompt = nonEmpty(value.continuationPrompt);
    if (prompt !== undefined) answer.continuationPrompt = prompt;
  }
  if (context !== undefined) answer.context = context;
  if (systemMessage !== undefined) answer.systemMessage = systemMessage;
  return answer;
}

/** Python truthiness of a JSON value: false, 0, "", null, [] and {} are false. */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** A string that counts: non-empty. */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `str(reason) or "Blocked by hook."`: a falsy reason gives undefined; another value its text. */
function pythonStr(value: unknown): string | undefined {
  if (!pythonTruthy(value)) return undefined;
  if (typeof value === 'string') return value;
  if (value === true) return 'True';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
