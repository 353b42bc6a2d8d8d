// Reads a WAMP hook's JSON stdout field by field (seed 002 "JSON fields" table) into what the hook asked for. Every
// field outside the table is ignored with a warning; nothing here can allow or rewrite. output.ts turns it into a verdict.
import type { EventName } from '../../protocol/index.js';
import { wampEventRule } from './event-rules.js';

/** What one JSON answer asked for, before the event's rules turn it into a verdict. */
export type JsonAsk = {
  /** An answer "the same as exit 2", with its reason (undefined: the hook gave none) and what triggered it. */
  exitTwo?: { readonly cause: string; readonly reason: string | undefined };
  /** PreToolUse `permissionDecision: "deny"` (reason undefined: none given). */
  deny?: { readonly reason: string | undefined };
  /** PreToolUse `permissionDecision: "ask"`. */
  ask?: { readonly reason: string | undefined };
  /** `decision: "block"` on UserPromptSubmit, PostToolUse, Stop. */
  block?: { readonly reason: string | undefined };
  /** `hookSpecificOutput.additionalContext` where the event reads it. */
  additionalContext?: string;
  readonly warnings: string[];
};

/** The top-level fields WAMP reads (or ignores on purpose, with its own warning). */
const TOP_FIELDS: ReadonlySet<string> = new Set([
  'continue',
  'stopReason',
  'decision',
  'reason',
  'hookSpecificOutput',
  'suppressOutput',
  'permissionDecision',
  ...rewriteFields(),
]);
const SPECIFIC_FIELDS: ReadonlySet<string> = new Set(['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'additionalContext', ...rewriteFields()]);

/**
 * "`updatedInput` or `updatedOutput`: Same as exit 2, because WAMP does not apply rewrites". Claude Code's own names
 * for an output rewrite (`updatedToolOutput`, `updatedMCPToolOutput`) are rewrites too and are treated the same.
 */
export function rewriteFields(): readonly string[] {
  return ['updatedInput', 'updatedOutput', 'updatedToolOutput', 'updatedMCPToolOutput'];
}

/** The fixed reason of a rewrite answer, with the hook's own reason after it when it gave one. */
export function rewriteReason(field: string, hookReason: string | undefined): string {
  return `WAMP does not apply rewrites (the hook returned ${field})${hookReason !== undefined && hookReason !== '' ? `: ${hookReason}` : ''}`;
}

export function readJsonAnswer(event: EventName, value: Record<string, unknown>): JsonAsk {
  const rule = wampEventRule(event);
  const ask: JsonAsk = { warnings: [] };
  const warn = (text: string) => ask.warnings.push(text);
  const text = (field: string, raw: unknown): string | undefined => {
    if (raw === undefined) return undefined;
    if (typeof raw === 'string') return raw;
    warn(`${field} is not a string: ignored`);
    return undefined;
  };

  for (const key of Object.keys(value)) if (!TOP_FIELDS.has(key)) warn(`${key} is not a field WAMP reads: ignored`);

  let specific: Record<string, unknown> = {};
  if (value.hookSpecificOutput !== undefined) {
    const raw = value.hookSpecificOutput;
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) specific = raw as Record<string, unknown>;
    else warn('hookSpecificOutput is not an object: ignored');
  }
  for (const key of Object.keys(specific)) if (!SPECIFIC_FIELDS.has(key)) warn(`hookSpecificOutput.${key} is not a field WAMP reads: ignored`);
  const eventName = specific.hookEventName;
  if (eventName !== undefined && eventName !== event) warn(`hookSpecificOutput.hookEventName is ${JSON.stringify(eventName)} but the event is ${event} (its fields are read for ${event})`);

  const reason = text('reason', value.reason);
  const stopReason = text('stopReason', value.stopReason);
  const decisionReason = text('hookSpecificOutput.permissionDecisionReason', specific.permissionDecisionReason);

  // Rewrites first: the answer is refused as a whole, whatever else it says.
  const rewrite = rewriteFields().flatMap((field) => [
    ...(value[field] !== undefined ? [field] : []),
    ...(specific[field] !== undefined ? [`hookSpecificOutput.${field}`] : []),
  ])[0];
  if (rewrite !== undefined) ask.exitTwo = { cause: rewrite, reason: rewriteReason(rewrite, decisionReason ?? reason ?? stopReason) };

  if (value.continue === false) ask.exitTwo ??= { cause: 'continue: false', reason: stopReason };
  else if (value.continue !== undefined && value.continue !== true) warn('continue is not a boolean: ignored');
  else if (stopReason !== undefined) warn('stopReason is read only with continue: false: ignored');

  if (value.suppressOutput !== undefined) warn('suppressOutput is ignored: WAMP does not hide a hook\'s output');

  if (value.permissionDecision !== undefined) {
    if (value.permissionDecision === 'allow') warn('permissionDecision "allow" is ignored: a hook can only restrict');
    else warn('permissionDecision belongs in hookSpecificOutput: ignored at the top level');
  }
  const permission = specific.permissionDecision;
  if (permission !== undefined) {
    if (permission === 'allow') warn('permissionDecision "allow" is ignored: a hook can only restrict');
    else if (!rule.permissionDecision) warn(`hookSpecificOutput.permissionDecision is not read on ${event}: ignored`);
    else if (permission === 'deny') ask.deny = { reason: decisionReason };
    else if (permission === 'ask') ask.ask = { reason: decisionReason };
    else warn(`hookSpecificOutput.permissionDecision ${JSON.stringify(permission)} is not one WAMP reads ("deny" or "ask"): ignored`);
  }

  const decision = value.decision;
  if (decision !== undefined) {
    if (decision === 'approve' || decision === 'allow') warn(`decision ${JSON.stringify(decision)} is ignored: a hook can only restrict`);
    else if (decision !== 'block') warn(`decision ${JSON.stringify(decision)} is not one WAMP reads ("block"): ignored`);
    else if (!rule.decisionBlock) warn(`decision "block" is not read on ${event}${event === 'PreToolUse' ? ' (use hookSpecificOutput.permissionDecision "deny")' : ''}: ignored`);
    else ask.block = { reason };
  }

  const context = text('hookSpecificOutput.additionalContext', specific.additionalContext);
  if (context !== undefined) {
    if (rule.additionalContext === undefined) warn(`hookSpecificOutput.additionalContext is not read on ${event}: ignored`);
    else if (context.trim() !== '') ask.additionalContext = context;
  }
  return ask;
}
