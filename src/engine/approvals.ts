// Hooks that ask approval themselves (HookSpec.approval): which questions the current configuration load needs asked
// (one per trust key awaiting approval), the problems asking ran into, and the diagnostics saying why such hooks do
// not fire. Values only: sending hooks/approve and recording answers are the server's; states are TrustBook's.
import type { Diagnostic } from '../protocol/index.js';
import type { HookSpec } from './dialect.js';
import type { RegistrySnapshot } from './registry.js';
import type { TrustState } from './trust-state.js';

/** One approval to ask: the key and the hash the answer covers, shown as its first enabled hook asking approval. */
export type ApprovalQuestion = {
  readonly key: string;
  /** The content hash of what the key covers now (null: the dialect hashes nothing). */
  readonly hash: string | null;
  readonly hook: HookSpec & { readonly approval: NonNullable<HookSpec['approval']>; readonly trustKey: string };
};

type Asking = ApprovalQuestion['hook'];
const asks = (hook: HookSpec): hook is Asking => hook.approval !== undefined && hook.trustKey !== undefined;

/**
 * The questions for `snapshot`, in configured order, one per key in state awaiting_approval. Hooks parked in their
 * configuration (disabled) are not asked about: they do not fire whatever the answer.
 */
export function approvalQuestions(
  snapshot: RegistrySnapshot,
  stateOf: (key: string) => TrustState,
  hashOf: (key: string) => string | undefined,
): ApprovalQuestion[] {
  const out: ApprovalQuestion[] = [];
  const seen = new Set<string>();
  for (const hook of snapshot.hooks) {
    if (!asks(hook) || hook.disabled === true || seen.has(hook.trustKey)) continue;
    seen.add(hook.trustKey);
    if (stateOf(hook.trustKey) !== 'awaiting_approval') continue;
    out.push({ key: hook.trustKey, hash: hashOf(hook.trustKey) ?? null, hook });
  }
  return out;
}

/** Problems met asking about keys (a bad answer, an error answer), per configuration load: a new load starts clean. */
export class ApprovalProblems {
  readonly #byLoad = new WeakMap<RegistrySnapshot, Map<string, string>>();

  note(snapshot: RegistrySnapshot, key: string, message: string): void {
    const problems = this.#byLoad.get(snapshot) ?? new Map<string, string>();
    problems.set(key, message);
    this.#byLoad.set(snapshot, problems);
  }

  clear(snapshot: RegistrySnapshot, key: string): void {
    this.#byLoad.get(snapshot)?.delete(key);
  }

  of(snapshot: RegistrySnapshot, key: string): string | undefined {
    return this.#byLoad.get(snapshot)?.get(key);
  }
}

export type ApprovalDiagnosticsInput = {
  readonly snapshot: RegistrySnapshot;
  readonly stateOf: (key: string) => TrustState;
  /** The client answers hooks/approve (capabilities.hookApproval): hookd asks it. */
  readonly clientAsked: boolean;
  readonly problems: ApprovalProblems;
};

function named(hook: HookSpec): string {
  const at = hook.location?.line !== undefined ? `${hook.source}:${hook.location.line}` : hook.source;
  return `hook ${JSON.stringify(hook.name ?? hook.id)} (${hook.event}, ${at})`;
}

function refusal(hook: HookSpec): string {
  return hook.whenUntrusted === 'refuse'
    ? 'each event it matches reports it as a refused run, which its failure policy reads as a failure (fail-closed)'
    : 'events it matches proceed without it';
}

function at(hook: HookSpec): Pick<Diagnostic, 'file' | 'line' | 'column' | 'field'> {
  return {
    file: hook.location?.file ?? hook.source,
    ...(hook.location?.line !== undefined ? { line: hook.location.line } : {}),
    ...(hook.location?.column !== undefined ? { column: hook.location.column } : {}),
    ...(hook.location?.field !== undefined ? { field: hook.location.field } : {}),
  };
}

/** One diagnostic per enabled hook asking approval that has none now: awaiting (and why nothing answers yet) or denied. */
export function approvalDiagnostics(input: ApprovalDiagnosticsInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const hook of input.snapshot.hooks) {
    if (!asks(hook) || hook.disabled === true) continue;
    const state = input.stateOf(hook.trustKey);
    const what = `${hook.approval.actionType} ${JSON.stringify(hook.approval.summary)}`;
    if (state === 'denied') {
      out.push({
        severity: 'warning',
        ...at(hook),
        code: 'denied',
        message: `${named(hook)} was denied (${what}): it does not fire in this hookd process and ${refusal(hook)}; editing its declaration or trust/set "${hook.trustKey}" asks again`,
      });
      continue;
    }
    if (state !== 'awaiting_approval') continue;
    const problem = input.problems.of(input.snapshot, hook.trustKey);
    const why =
      problem !== undefined
        ? `asking the client failed (${problem}); it stays awaiting approval until the configuration is loaded again or trust/set "${hook.trustKey}" approves it`
        : input.clientAsked
          ? 'the client was asked (hooks/approve)'
          : `the client did not declare capabilities.hookApproval, so hookd cannot ask it: approve it with trust/set "${hook.trustKey}"`;
    out.push({
      severity: 'warning',
      ...at(hook),
      code: 'awaiting_approval',
      message: `${named(hook)} awaits approval (${what}) and does not fire until approved; ${refusal(hook)} meanwhile; ${why}`,
    });
  }
  return out;
}
