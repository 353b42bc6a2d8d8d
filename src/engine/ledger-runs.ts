// Which runs of one dispatched unit go to the authorization ledger (Dialect.gatesEffect), their reasons redacted as
// the client's answer is (Dialect.redact), appended in configured order. Never throws: a ledger problem never costs
// the answer. Knows no dialect by name.
import type { RunSummary } from '../protocol/index.js';
import { ledgerEntries, type AuthorizationLedger } from './authorization-ledger.js';
import type { Dialect, EventContext, HookSpec, HookVerdict } from './dialect.js';

/** Where a unit sits in its request: the request's event and the unit's label (when it has one). */
export type LedgerUnit = { readonly requestEvent: EventContext['event']; readonly unit?: string };

/** Appends a line per run (ran[i] ↔ runs[i]) of a hook for which the dialect says its decision gates an effect. */
export async function ledgerUnit(
  ledger: AuthorizationLedger,
  dialect: Dialect,
  context: EventContext,
  scope: LedgerUnit,
  ran: readonly { readonly hook: HookSpec; readonly verdict: HookVerdict }[],
  runs: readonly RunSummary[],
): Promise<void> {
  const gatesEffect = dialect.gatesEffect;
  if (gatesEffect === undefined) return;
  try {
    const gating = ran.flatMap((entry, index) => {
      if (entry.verdict.status === 'skipped' || !gatesEffect.call(dialect, context, entry.hook)) return [];
      return [{ ...entry, durationMs: runs[index]?.durationMs ?? 0 }];
    });
    if (gating.length === 0) return;
    const entries = ledgerEntries({ event: context.event, requestEvent: scope.requestEvent, sessionId: context.sessionId, ...(scope.unit !== undefined ? { unit: scope.unit } : {}) }, gating);
    const reasons = entries.map((entry) => entry.reason ?? '');
    let redacted = reasons;
    if (dialect.redact !== undefined && reasons.some((reason) => reason !== '')) {
      try {
        const answer = await dialect.redact(reasons);
        if (answer.length === reasons.length) redacted = answer;
      } catch {
        // a failing redactor leaves the reasons as they are (as for the answer)
      }
    }
    entries.forEach((entry, index) => ledger.append(entry.reason === undefined ? entry : { ...entry, reason: redacted[index] ?? entry.reason }));
  } catch {
    // the ledger must never cost the answer
  }
}
