// What a codex hook's JSON answer (already checked by output-json.ts) asks for on each event, read as Codex CLI's
// output_parser.rs and events/*.rs read it: unsupported fields fail the run (the call goes on), blocks need a
// non-empty reason. One run only; output.ts handles exit codes and plain text, merge.ts combines runs.
import type { HookVerdict } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { isObject } from './output-json.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type Draft = Mutable<HookVerdict>;
type Answer = Readonly<Record<string, unknown>>;

export const ok = (): Draft => ({ status: 'ok', failureClass: null, decision: 'none' });

/** A run Codex marks failed: nothing of it takes effect (its systemMessage is still shown, as Codex does). */
export function failedRun(message: string, failureClass: HookVerdict['failureClass'] = 'invalid_output'): Draft {
  return { status: 'error', failureClass, decision: 'none', message };
}

export function readAnswer(event: EventName, value: Answer): Draft {
  const verdict = readByEvent(event, value);
  const systemMessage = text(value.systemMessage);
  if (systemMessage !== undefined && event !== 'SessionEnd') verdict.systemMessage = systemMessage;
  return verdict;
}

function readByEvent(event: EventName, value: Answer): Draft {
  switch (event) {
    case 'PreToolUse':
      return preToolUse(value);
    case 'PermissionRequest':
      return permissionRequest(value);
    case 'PostToolUse':
      return postToolUse(value);
    case 'UserPromptSubmit':
      return blockable(event, value, true);
    case 'Stop':
    case 'SubagentStop':
      return blockable(event, value, false);
    case 'SessionStart':
      return withContext(stopOrOk(value), value);
    case 'SubagentStart': {
      const verdict = withContext(ok(), value);
      if (value.continue === false) verdict.message = 'continue:false is parsed but does not stop a sub-agent (as in Codex CLI)';
      return verdict;
    }
    case 'SessionEnd':
      return { ...ok(), message: 'SessionEnd output is not read (as in Codex CLI)' };
    default:
      return stopOrOk(value);
  }
}

function preToolUse(value: Answer): Draft {
  const specific = objectOf(value.hookSpecificOutput);
  const decision = specific?.permissionDecision ?? undefined;
  const decisionReason = specific?.permissionDecisionReason ?? undefined;
  const updatedInput = specific?.updatedInput ?? undefined;
  const useSpecific = decision !== undefined || decisionReason !== undefined || updatedInput !== undefined;
  const invalid =
    unsupportedUniversal('PreToolUse', value) ??
    (useSpecific ? unsupportedSpecific(decision, decisionReason, updatedInput) : unsupportedLegacy(value.decision ?? undefined, value.reason ?? undefined));
  if (invalid !== undefined) return failedRun(invalid);
  const verdict = withContext(ok(), value);
  const blockReason = useSpecific ? (decision === 'deny' ? trimmed(decisionReason) : undefined) : value.decision === 'block' ? trimmed(value.reason) : undefined;
  if (blockReason !== undefined) {
    verdict.decision = 'deny';
    verdict.reason = blockReason;
  } else if (decision === 'allow' && isObject(updatedInput)) {
    verdict.updatedInput = updatedInput;
  }
  return verdict;
}

function unsupportedSpecific(decision: unknown, reason: unknown, updatedInput: unknown): string | undefined {
  if (updatedInput !== undefined && decision !== 'allow') return 'PreToolUse hook returned updatedInput without permissionDecision:allow';
  if (decision === 'allow') return updatedInput === undefined ? 'PreToolUse hook returned unsupported permissionDecision:allow' : isObject(updatedInput) ? undefined : 'PreToolUse hook returned updatedInput that is not an object';
  if (decision === 'ask') return 'PreToolUse hook returned unsupported permissionDecision:ask';
  if (decision === 'deny') return trimmed(reason) === undefined ? 'PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason' : undefined;
  return reason !== undefined ? 'PreToolUse hook returned permissionDecisionReason without permissionDecision' : undefined;
}

function unsupportedLegacy(decision: unknown, reason: unknown): string | undefined {
  if (decision === 'approve') return 'PreToolUse hook returned unsupported decision:approve';
  if (decision === 'block') return trimmed(reason) === undefined ? invalidBlock('PreToolUse') : undefined;
  return reason !== undefined ? 'PreToolUse hook returned reason without decision' : undefined;
}

function unsupportedUniversal(event: 'PreToolUse' | 'PermissionRequest', value: Answer): string | undefined {
  if (value.continue === false) return `${event} hook returned unsupported continue:false`;
  if (value.stopReason !== undefined && value.stopReason !== null) return `${event} hook returned unsupported stopReason`;
  if (value.suppressOutput === true) return `${event} hook returned unsupported suppressOutput`;
  return undefined;
}

function permissionRequest(value: Answer): Draft {
  const invalid = unsupportedUniversal('PermissionRequest', value);
  if (invalid !== undefined) return failedRun(invalid);
  const decision = objectOf(objectOf(value.hookSpecificOutput)?.decision);
  if (decision === undefined) return ok();
  if ((decision.updatedInput ?? undefined) !== undefined) return failedRun('PermissionRequest hook returned unsupported updatedInput');
  if ((decision.updatedPermissions ?? undefined) !== undefined) return failedRun('PermissionRequest hook returned unsupported updatedPermissions');
  if (decision.interrupt === true) return failedRun('PermissionRequest hook returned unsupported interrupt:true');
  if (decision.behavior === 'allow') return { ...ok(), decision: 'allow' };
  return { ...ok(), decision: 'deny', reason: trimmed(decision.message) ?? 'PermissionRequest hook denied approval' };
}

/** PostToolUse: `decision:block` (and continue:false) replace the tool output with the feedback (observed 08b). */
function postToolUse(value: Answer): Draft {
  if (value.suppressOutput === true) return failedRun('PostToolUse hook returned unsupported suppressOutput');
  const block = value.decision === 'block';
  const reason = text(value.reason);
  const stopped = value.continue === false;
  if (!stopped && block && trimmed(reason) === undefined) return failedRun(invalidBlock('PostToolUse'));
  if (!stopped && !block && reason !== undefined) return failedRun('PostToolUse hook returned reason without decision');
  const specific = objectOf(value.hookSpecificOutput);
  if ((specific?.updatedMCPToolOutput ?? undefined) !== undefined) return failedRun('PostToolUse hook returned unsupported updatedMCPToolOutput');
  const verdict = withContext(ok(), value);
  if (stopped) {
    const stopReason = text(value.stopReason);
    const stopText = stopReason ?? 'PostToolUse hook stopped execution';
    verdict.continue = false;
    if (stopReason !== undefined) verdict.stopReason = stopReason;
    verdict.updatedToolOutput = trimmed(reason) ?? stopText;
  } else if (block && reason !== undefined) {
    verdict.decision = 'block';
    verdict.reason = reason;
    verdict.updatedToolOutput = reason;
  }
  return verdict;
}

/** UserPromptSubmit (a block refuses the prompt), Stop / SubagentStop (a block is a continuation prompt). */
function blockable(event: EventName, value: Answer, takesContext: boolean): Draft {
  if (value.continue === false) return stopOrOk(value);
  const block = value.decision === 'block';
  const reason = trimmed(value.reason);
  if (block && reason === undefined) return failedRun(invalidBlock(event));
  const verdict = takesContext ? withContext(ok(), value) : ok();
  if (block && reason !== undefined) {
    verdict.decision = 'block';
    verdict.reason = reason;
  }
  return verdict;
}

function stopOrOk(value: Answer): Draft {
  const verdict = ok();
  if (value.continue !== false) return verdict;
  verdict.continue = false;
  const stopReason = text(value.stopReason);
  if (stopReason !== undefined) verdict.stopReason = stopReason;
  return verdict;
}

function withContext(verdict: Draft, value: Answer): Draft {
  const context = text(objectOf(value.hookSpecificOutput)?.additionalContext);
  if (context !== undefined && context.trim() !== '') {
    verdict.additionalContext = context;
    verdict.contextDelivery = 'separate-message';
  }
  return verdict;
}

function invalidBlock(event: EventName): string {
  return `${event} hook returned decision:block without a non-empty reason`;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function trimmed(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cut = value.trim();
  return cut === '' ? undefined : cut;
}
