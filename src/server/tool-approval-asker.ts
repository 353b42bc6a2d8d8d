// Asks the client about a hook's ask on a tool call (server → client hooks/askToolApproval) and folds the answer into
// the event's result: allow → the hooks no longer object, deny → a binding deny, no valid answer → a deny (fail-closed).
// Composition only: which results ask is the dialect's (result.approval); this file never decides an ask itself.
import type { Logger } from '../logger.js';
import { describeIssues } from '../protocol/issue-text.js';
import {
  AskToolApprovalResultSchema,
  ErrorCodes,
  type ApprovalRequest,
  type AskToolApprovalParams,
  type EventName,
  type EventParams,
  type EventResult,
  type ServerRequestMethod,
} from '../protocol/index.js';
import { RpcError } from '../rpc/errors.js';

type CallClient = (method: ServerRequestMethod, params: unknown, options: { signal: AbortSignal }) => Promise<unknown>;

const METHOD = 'hooks/askToolApproval';
const INVALID_RESULT = `invalid result of ${METHOD}: `;

export type ToolApprovalAskerDeps = {
  readonly callClient: CallClient;
  readonly logger: Logger;
};

/** The event's result once the approval was asked; `cancelled` when the event (or hookd) cancelled the ask. */
export type FoldedApproval = { readonly result: EventResult; readonly cancelled: boolean };

export type ToolApprovalAsker = {
  /**
   * The result as the client gets it: unchanged unless it asks (decision "ask" with `approval`, no answer yet) in a
   * run somebody can answer (not params.unattended); then the client is asked, with no timeout but `signal`'s.
   */
  answer(event: EventName, params: EventParams, result: EventResult, signal: AbortSignal): Promise<FoldedApproval>;
  /** Cancels the pending asks of one session ($/cancelRequest), as hooks/cancel does; how many were pending. */
  cancelSession(sessionId: string): number;
  /** Cancels every pending ask; nothing is asked afterwards (shutdown, exit). */
  close(): void;
};

/** The approval still to ask about: the result asks, nobody answered yet, and the run is attended. */
export function approvalToAsk(params: EventParams, result: EventResult): ApprovalRequest | undefined {
  if (result.decision !== 'ask' || result.approval === undefined || result.approval.answer !== undefined) return undefined;
  // "When nobody can answer, as in an unattended run, an ask becomes a refusal": the dialect's; never asked here.
  if (params.unattended === true) return undefined;
  return result.approval;
}

export function askParams(event: EventName, params: EventParams, approval: ApprovalRequest): AskToolApprovalParams {
  return {
    sessionId: params.session.id,
    event,
    ...(params.runId !== undefined ? { runId: params.runId } : {}),
    ...(params.toolName !== undefined ? { toolName: params.toolName } : {}),
    ...(params.toolUseId !== undefined ? { toolUseId: params.toolUseId } : {}),
    ...(params.toolInput !== undefined ? { toolInput: params.toolInput } : {}),
    reason: approval.reason,
    options: [...approval.options],
  };
}

/** Without the fields a decision "none" or "deny" must not carry over from the ask. */
function withoutAsk(result: EventResult): EventResult {
  const { reason: _reason, binding: _binding, approval: _approval, ...rest } = result;
  return rest;
}

/** allow: the hooks no longer object; the agent's own permission decision follows. */
export function allowedAtCard(result: EventResult, approval: ApprovalRequest): EventResult {
  return {
    ...withoutAsk(result),
    decision: 'none',
    approval: { ...approval, answer: 'allow' },
    notes: [...result.notes, `${METHOD}: the client answered allow, so the hooks no longer object (the agent's own permission decision follows)`],
  };
}

/** deny: refused, and no permission mode may override it. */
export function deniedAtCard(result: EventResult, approval: ApprovalRequest): EventResult {
  return {
    ...withoutAsk(result),
    decision: 'deny',
    binding: true,
    reason: `denied at the approval card: ${approval.reason}`,
    approval: { ...approval, answer: 'deny' },
    notes: [...result.notes, `${METHOD}: the client answered deny`],
  };
}

/** No valid answer (an error answer, an invalid one, the connection gone): denied, fail-closed; `why` says what happened. */
export function deniedWithoutAnswer(result: EventResult, approval: ApprovalRequest, why: string): EventResult {
  return {
    ...withoutAsk(result),
    decision: 'deny',
    binding: true,
    reason: `denied, the approval card got no valid answer: ${approval.reason}`,
    notes: [...result.notes, `${why}: the ask is denied (fail-closed)`],
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why asking failed: the rpc layer's schema check of the answer, or the error the client answered. */
function askFailure(error: unknown): string {
  if (error instanceof RpcError && error.code === ErrorCodes.InternalError && error.message.startsWith(INVALID_RESULT))
    return `the client's answer to ${METHOD} is invalid: ${error.message.slice(INVALID_RESULT.length)}`;
  return `${METHOD} failed: ${errorText(error)}`;
}

type Pending = { readonly sessionId: string; readonly controller: AbortController };

export function createToolApprovalAsker(deps: ToolApprovalAskerDeps): ToolApprovalAsker {
  const { logger } = deps;
  const pending = new Set<Pending>();
  let closed = false;

  const ask = async (event: EventName, params: EventParams, result: EventResult, approval: ApprovalRequest, signal: AbortSignal): Promise<FoldedApproval> => {
    const entry: Pending = { sessionId: params.session.id, controller: new AbortController() };
    const combined = AbortSignal.any([signal, entry.controller.signal]);
    const cancelled = (): FoldedApproval => ({ result, cancelled: true });
    pending.add(entry);
    let answer: unknown;
    try {
      answer = await deps.callClient(METHOD, askParams(event, params, approval), { signal: combined });
    } catch (error) {
      if (combined.aborted) return cancelled();
      const why = askFailure(error);
      logger.warn(`${event}: ${why}; denied (fail-closed)`);
      return { result: deniedWithoutAnswer(result, approval, why), cancelled: false };
    } finally {
      pending.delete(entry);
    }
    // An answer that raced a cancel is not used: the event is answered -32800.
    if (combined.aborted) return cancelled();
    const parsed = AskToolApprovalResultSchema.safeParse(answer);
    if (!parsed.success || !approval.options.includes(parsed.data.answer)) {
      const why = !parsed.success
        ? `the client's answer to ${METHOD} is invalid: ${describeIssues(parsed.error.issues, { root: 'result' })}`
        : `the client's answer to ${METHOD} is invalid: ${JSON.stringify(parsed.data.answer)} was not offered (options: ${approval.options.join(', ')})`;
      logger.warn(`${event}: ${why}; denied (fail-closed)`);
      return { result: deniedWithoutAnswer(result, approval, why), cancelled: false };
    }
    logger.info(`${event}: the approval card was answered ${parsed.data.answer}`);
    return { result: parsed.data.answer === 'allow' ? allowedAtCard(result, approval) : deniedAtCard(result, approval), cancelled: false };
  };

  return {
    async answer(event, params, result, signal) {
      const approval = approvalToAsk(params, result);
      if (approval === undefined) return { result, cancelled: false };
      // A cancelled request (or hookd closing) asks nothing.
      if (signal.aborted || closed) return { result, cancelled: true };
      return ask(event, params, result, approval, signal);
    },
    cancelSession(sessionId) {
      let count = 0;
      for (const entry of pending) {
        if (entry.sessionId !== sessionId) continue;
        entry.controller.abort();
        count += 1;
      }
      return count;
    },
    close() {
      closed = true;
      for (const entry of pending) entry.controller.abort();
    },
  };
}
