// Bonsai's merge rules: within one unit (first block wins, last modify wins, every context kept as untrusted data),
// which hooks veto and gate an effect, and how the units of one request combine. Deterministic; reads verdicts only.
import type { DispatchUnit, EventContext, HookSpec, HookVerdict, MergedOutcome } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { runPolicy } from './output.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const CONTEXT_SEPARATOR = '\n\n';

/**
 * Where hook context goes (EventResult.extra): folded into the tool result as untrusted data, never a system
 * message. Present whenever additionalContext is.
 */
export const CONTEXT_PLACEMENT = { contextPlacement: 'tool_result', untrusted: true } as const;

/** A blocking hook on a pre event: it runs in the sequential veto chain (mixed execution) and may veto. */
export function vetoes(context: EventContext, hook: HookSpec): boolean {
  return runPolicy(context, hook).veto;
}

/** The hooks whose decision gates an effect (blocking pre-hooks): their runs go to the authorization ledger. */
export function gatesEffect(context: EventContext, hook: HookSpec): boolean {
  return runPolicy(context, hook).veto;
}

/** The veto chain ends at the first block. */
export function stopsDispatch(_context: EventContext, verdict: HookVerdict): boolean {
  return verdict.decision === 'block';
}

function joined(texts: readonly (string | undefined)[], separator: string): string | undefined {
  const kept = texts.filter((text): text is string => text !== undefined && text !== '');
  return kept.length > 0 ? kept.join(separator) : undefined;
}

/** The outcome's additionalContext with the placement that says it is untrusted tool-result data. */
function withContext(out: Mutable<MergedOutcome>, context: string | undefined): void {
  if (context === undefined) return;
  out.additionalContext = context;
  out.extra = { ...(out.extra ?? {}), ...CONTEXT_PLACEMENT };
}

/**
 * One unit's verdicts, in configured order: the first block decides (its reason); otherwise the last rewrite of the
 * tool arguments (PreToolUse) is the updatedInput; every hook's context (already wrapped as untrusted data) is
 * kept, joined by blank lines; every warning is a line of systemMessage. Cancelled runs contribute nothing.
 */
export function merge(_context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome {
  const live = verdicts.filter((verdict) => verdict.status !== 'cancelled' && verdict.status !== 'skipped');
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  const block = live.find((verdict) => verdict.decision === 'block');
  if (block !== undefined) {
    out.decision = 'block';
    if (block.reason !== undefined) out.reason = block.reason;
  } else {
    const rewrite = [...live].reverse().find((verdict) => verdict.updatedInput !== undefined);
    if (rewrite?.updatedInput !== undefined) out.updatedInput = rewrite.updatedInput;
  }
  withContext(
    out,
    joined(
      live.map((verdict) => verdict.additionalContext),
      CONTEXT_SEPARATOR,
    ),
  );
  const warnings = joined(
    live.map((verdict) => verdict.systemMessage),
    '\n',
  );
  if (warnings !== undefined) out.systemMessage = warnings;
  return out;
}

/**
 * The request's outcome from its units' (in unit order; a block ended the request, so it is the last): the block
 * with its reason naming the unit (`[PreFileWrite src/b.rs] …`), else the last rewrite; contexts and warnings of
 * every unit joined.
 */
export function combine(_event: EventName, outcomes: readonly { readonly unit: DispatchUnit; readonly merged: MergedOutcome }[]): MergedOutcome {
  const out: Mutable<MergedOutcome> = { decision: 'none', continue: true };
  const blocked = outcomes.find(({ merged }) => merged.decision === 'block');
  if (blocked !== undefined) {
    out.decision = 'block';
    const { label } = blocked.unit;
    const reason = blocked.merged.reason;
    if (reason !== undefined) out.reason = label !== undefined ? `[${label}] ${reason}` : reason;
    else if (label !== undefined) out.reason = `[${label}] blocked`;
  } else {
    const rewrite = [...outcomes].reverse().find(({ merged }) => merged.updatedInput !== undefined);
    if (rewrite?.merged.updatedInput !== undefined) out.updatedInput = rewrite.merged.updatedInput;
  }
  withContext(
    out,
    joined(
      outcomes.map(({ merged }) => merged.additionalContext),
      CONTEXT_SEPARATOR,
    ),
  );
  const warnings = joined(
    outcomes.map(({ merged }) => merged.systemMessage),
    '\n',
  );
  if (warnings !== undefined) out.systemMessage = warnings;
  return out;
}
