// Asks the client to approve hooks awaiting approval (server → client hooks/approve): once per configuration load,
// every question at once, never waited for by initialize or events; records each answer (a "project" answer in the
// trust store too) and tells the client the diagnostics now current. Composition only: states are the engine's.
import type { ApprovalQuestion } from '../engine/approvals.js';
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../logger.js';
import { describeIssues } from '../protocol/issue-text.js';
import { ApproveHookResultSchema, type ApproveHookParams, type ApprovalAnswer, type Diagnostic, type DiagnosticsParams, type ServerRequestMethod } from '../protocol/index.js';
import type { TrustStore } from '../trust/store.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { RpcError } from '../rpc/errors.js';

type CallClient = (method: ServerRequestMethod, params: unknown, options: { signal: AbortSignal }) => Promise<unknown>;

export type ApprovalAskerDeps = {
  readonly engine: Engine;
  readonly trustStore: TrustStore;
  readonly callClient: CallClient;
  readonly logger: Logger;
  readonly notify: (params: DiagnosticsParams) => void;
};

export type ApprovalAsker = {
  /**
   * Asks every question the configuration now current needs (after initialize and after each reload). A question
   * still pending from an earlier load for the same key and hash is not asked twice; pending questions the
   * configuration no longer needs (an edit changed the hash, trust/set answered it) are cancelled.
   */
  askNow(): void;
  /** Cancels the pending questions the configuration no longer needs, asking nothing new (e.g. after trust/set). */
  withdrawAnswered(): void;
  /** Cancels every pending question ($/cancelRequest); nothing is asked afterwards. */
  close(): void;
  /** Resolves once every question asked so far is settled (answered, failed or cancelled) and its answer recorded. */
  settled(): Promise<void>;
};

type Pending = { readonly controller: AbortController; readonly done: Promise<void> };

const questionId = (key: string, hash: string | null) => `${key}\0${hash ?? ''}`;

function approveParams({ hook, hash }: ApprovalQuestion): ApproveHookParams {
  return {
    hookId: hook.id,
    ...(hook.name !== undefined ? { name: hook.name } : {}),
    event: hook.event,
    source: hook.source,
    actionType: hook.approval.actionType,
    summary: hook.approval.summary,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    hash: hash ?? '',
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const INVALID_RESULT = 'invalid result of hooks/approve: ';

/** Why asking about `name` failed: the rpc layer's schema check of the answer, or the error the client answered. */
function askFailure(name: string, error: unknown): string {
  // The rpc layer validates the result against the method's schema; such a failure is the client's bad answer.
  if (error instanceof RpcError && error.code === ErrorCodes.InternalError && error.message.startsWith(INVALID_RESULT))
    return `the client's answer to hooks/approve for ${JSON.stringify(name)} is invalid: ${error.message.slice(INVALID_RESULT.length)}`;
  return `hooks/approve for ${JSON.stringify(name)} failed: ${errorText(error)}`;
}

export function createApprovalAsker(deps: ApprovalAskerDeps): ApprovalAsker {
  const { engine, logger } = deps;
  const pending = new Map<string, Pending>();
  let closed = false;

  const report = (extra: readonly Diagnostic[] = []) => {
    deps.notify({ diagnostics: [...engine.diagnostics(), ...extra], trigger: 'approval', hooks: engine.snapshot.hooks.length });
  };

  /** Records the answer; a "project" answer the store cannot record still approves for this process, with a warning. */
  const record = async (question: ApprovalQuestion, answer: ApprovalAnswer): Promise<Diagnostic[]> => {
    const { key, hash } = question;
    if (answer === 'once') engine.answerApproval(key, hash, 'load');
    else if (answer === 'session') engine.answerApproval(key, hash, 'process');
    else if (answer === 'deny') engine.answerApproval(key, hash, 'deny');
    else {
      try {
        await deps.trustStore.set(key, true, { contentHash: hash ?? undefined });
      } catch (error) {
        engine.answerApproval(key, hash, 'process');
        const message = `could not record the approval of ${JSON.stringify(key)} in ${deps.trustStore.path} (${errorText(error)}): it is approved for this hookd process only`;
        logger.warn(`approval: ${message}`);
        return [{ severity: 'warning', file: deps.trustStore.path, code: 'trust-store', message }];
      }
      engine.answerApproval(key, hash, 'process');
    }
    return [];
  };

  const ask = (question: ApprovalQuestion): Pending => {
    const controller = new AbortController();
    const { key, hook } = question;
    const done = (async () => {
      let answer: unknown;
      try {
        answer = await deps.callClient('hooks/approve', approveParams(question), { signal: controller.signal });
      } catch (error) {
        // Cancelled by hookd itself (shutdown, an edit, trust/set): nothing to report.
        if (controller.signal.aborted) return;
        const problem = askFailure(hook.name ?? hook.id, error);
        logger.warn(`approval: ${problem}`);
        engine.noteApprovalProblem(key, problem);
        report();
        return;
      }
      if (controller.signal.aborted) return;
      const parsed = ApproveHookResultSchema.safeParse(answer);
      if (!parsed.success) {
        const problem = `the client's answer to hooks/approve for ${JSON.stringify(hook.name ?? hook.id)} is invalid: ${describeIssues(parsed.error.issues, { root: 'result' })}`;
        logger.warn(`approval: ${problem}`);
        engine.noteApprovalProblem(key, problem);
        report();
        return;
      }
      const extra = await record(question, parsed.data.answer);
      logger.info(`approval: ${hook.name ?? hook.id} (${key}) answered ${parsed.data.answer}`);
      if (!closed) report(extra);
    })()
      .catch((error: unknown) => logger.error(`approval: recording the answer about ${key} failed: ${errorText(error)}`))
      .finally(() => {
        if (pending.get(questionId(key, question.hash))?.controller === controller) pending.delete(questionId(key, question.hash));
      });
    return { controller, done };
  };

  /** Cancels pending questions not in `wanted`; returns the questions of `wanted` not pending. */
  const reconcile = (questions: readonly ApprovalQuestion[]): ApprovalQuestion[] => {
    const wanted = new Map(questions.map((question) => [questionId(question.key, question.hash), question]));
    for (const [id, entry] of pending) {
      if (wanted.has(id)) continue;
      pending.delete(id);
      entry.controller.abort();
    }
    return [...wanted].filter(([id]) => !pending.has(id)).map(([, question]) => question);
  };

  return {
    askNow() {
      if (closed) return;
      try {
        for (const question of reconcile(engine.approvalQuestions())) pending.set(questionId(question.key, question.hash), ask(question));
      } catch (error) {
        logger.error(`approval: asking failed: ${errorText(error)}`);
      }
    },
    withdrawAnswered() {
      if (closed) return;
      const stillWanted = engine.approvalQuestions();
      reconcile(stillWanted.filter((question) => pending.has(questionId(question.key, question.hash))));
    },
    close() {
      closed = true;
      for (const entry of pending.values()) entry.controller.abort();
      pending.clear();
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending.values()].map((entry) => entry.done));
    },
  };
}
