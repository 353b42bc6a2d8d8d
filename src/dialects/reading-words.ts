// The words every dialect's output reading (Dialect.describeReading) shares: runs whose output was never read, what a
// verdict came to, and the fields a JSON answer gave. Wording only; must not interpret output or decide anything.
import type { HookVerdict } from '../engine/dialect.js';
import type { ProcessOutcome } from '../runner/types.js';

/** Fields whose value says what the hook decided: shown with their value, the others by name. */
const DECIDING_FIELDS: ReadonlySet<string> = new Set(['decision', 'permissionDecision', 'behavior', 'continue', 'action', 'retry']);
const MAX_FIELDS = 8;
const MAX_VALUE_CHARS = 40;

/** Why a run's output was never read (cancelled, refused before start, not started, timed out); undefined when it was. */
export function notRead(outcome: ProcessOutcome): string | undefined {
  if (outcome.cancelled) return 'cancelled: output not read';
  if (outcome.preflight) return `did not start (${outcome.preflight.kind}): nothing to read`;
  if (!outcome.started) return 'could not start: nothing to read';
  if (outcome.timedOut) return 'timed out: output not read';
  return undefined;
}

/** What the verdict came to: `deny`, `failed (nonzero_exit), fails open`, `context, message to the user`, `no decision`. */
export function outcomeWords(verdict: HookVerdict): string {
  if (verdict.failureClass !== null && verdict.failureClass !== 'cancelled') {
    return `failed (${verdict.failureClass})${verdict.decision !== 'none' ? `, onFailure "block": ${verdict.decision}` : ', fails open'}`;
  }
  const words: string[] = [];
  if (verdict.decision !== 'none') words.push(verdict.decision);
  if (verdict.continue === false) words.push('stop');
  if (verdict.updatedInput !== undefined) words.push('rewritten input');
  if (verdict.updatedToolOutput !== undefined) words.push('replaced tool output');
  if (verdict.additionalContext !== undefined) words.push('context');
  if (verdict.feedback !== undefined) words.push('feedback for the model');
  if (verdict.systemMessage !== undefined) words.push('message to the user');
  return words.length > 0 ? words.join(', ') : 'no decision';
}

/** `hookSpecificOutput.permissionDecision "deny", hookSpecificOutput.permissionDecisionReason` for a JSON object answer. */
export function jsonFieldsRead(value: unknown): string {
  if (!isObject(value)) return 'not an object';
  const fields: string[] = [];
  const visit = (object: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, item] of Object.entries(object)) {
      if (key === 'hookEventName') continue;
      const path = `${prefix}${key}`;
      if (isObject(item) && depth < 2 && (key === 'hookSpecificOutput' || key === 'decision')) visit(item, `${path}.`, depth + 1);
      else fields.push(DECIDING_FIELDS.has(key) ? `${path} ${shortValue(item)}` : path);
    }
  };
  visit(value, '', 0);
  if (fields.length === 0) return 'no fields';
  return fields.length > MAX_FIELDS ? `${fields.slice(0, MAX_FIELDS).join(', ')}, … (${fields.length - MAX_FIELDS} more)` : fields.join(', ');
}

function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
