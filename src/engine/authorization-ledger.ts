// The authorization ledger: one JSONL line per run of a hook whose decision gates an effect (Dialect.gatesEffect),
// appended through the bounded, locked audit file writer. Shapes and queues records only; never throws, never
// decides anything, and never blocks a dispatch for longer than a bounded flush.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../config/canonical-json.js';
import type { EventName } from '../protocol/index.js';
import { AuditFileWriter, probeAppendable } from './audit-file-writer.js';
import type { HookSpec, HookVerdict } from './dialect.js';

/** One ledger line (JSON object); `unit`, `requestEvent` and `reason` only when there is one. */
export type LedgerEntry = {
  readonly time: string;
  /** HookSpec.name, else its id. */
  readonly hook: string;
  readonly hookId: string;
  /** The hook's trust hash (its effect declaration), else a sha256 of its handler declaration. */
  readonly hash: string;
  /** The event of the unit the hook ran on. */
  readonly event: EventName;
  readonly unit?: string;
  /** The request's event when it differs from the unit's (a fanned-out request). */
  readonly requestEvent?: EventName;
  readonly sessionId: string;
  readonly decision: HookVerdict['decision'];
  readonly reason?: string;
  /** true when the run rewrote the call's input (a modify): the effect then goes ahead as rewritten. */
  readonly modifiedInput?: true;
  readonly durationMs: number;
  readonly status: HookVerdict['status'];
  readonly failureClass: HookVerdict['failureClass'];
};

export interface AuthorizationLedger {
  readonly path: string;
  append(entry: LedgerEntry): void;
  /** Resolves once everything appended so far is written (or dropped), or after timeoutMs. */
  flush(timeoutMs?: number): Promise<void>;
  close(timeoutMs?: number): Promise<void>;
}

export type LedgerSettings = {
  readonly path: string;
  readonly maxBytes?: number;
  readonly keepFiles?: number;
  /** A problem writing (one line). Must not throw. */
  readonly onProblem: (message: string) => void;
};

/** How long a dispatch waits for its ledger lines to reach the file before it answers anyway. */
export const LEDGER_FLUSH_MS = 1000;

/** Opens the ledger, or says why its file cannot be appended to (then nothing is recorded). */
export function openAuthorizationLedger(settings: LedgerSettings): { readonly ledger: AuthorizationLedger } | { readonly problem: string } {
  const problem = probeAppendable(settings.path);
  if (problem !== undefined) return { problem: `authorization ledger ${settings.path} cannot be written (${problem}): no decisions are recorded this session` };
  const writer = new AuditFileWriter({
    path: settings.path,
    ...(settings.maxBytes !== undefined ? { maxBytes: settings.maxBytes } : {}),
    ...(settings.keepFiles !== undefined ? { keepFiles: settings.keepFiles } : {}),
    onProblem: (message) => settings.onProblem(message.replace(/^audit log /, 'authorization ledger ')),
    droppedLine: (count) => `${JSON.stringify({ time: new Date().toISOString(), dropped: count })}\n`,
  });
  return {
    ledger: {
      path: settings.path,
      append(entry) {
        try {
          writer.enqueue(`${JSON.stringify(entry)}\n`);
        } catch (error) {
          settings.onProblem(`authorization ledger ${settings.path}: an entry could not be written: ${(error as Error).message}`);
        }
      },
      flush: (timeoutMs) => writer.flush(timeoutMs),
      close: (timeoutMs) => writer.close(timeoutMs),
    },
  };
}

/** The hash a ledger line names: the hook's trust hash, else a sha256 of its event, matcher and handler. */
export function ledgerHash(hook: HookSpec): string {
  if (hook.trustHash !== undefined) return hook.trustHash;
  const declaration = { event: hook.event, matcher: hook.matcher ?? null, handler: hook.handler };
  return `sha256:${createHash('sha256').update(canonicalJson(declaration)).digest('hex')}`;
}

export type LedgerScope = {
  readonly event: EventName;
  readonly requestEvent: EventName;
  readonly unit?: string;
  readonly sessionId: string;
};

/** The lines of one unit's gating runs (ran[i] with its duration), reasons as given (the caller redacts). */
export function ledgerEntries(scope: LedgerScope, ran: readonly { readonly hook: HookSpec; readonly verdict: HookVerdict; readonly durationMs: number }[], now: () => Date = () => new Date()): LedgerEntry[] {
  return ran.map(({ hook, verdict, durationMs }) => ({
    time: now().toISOString(),
    hook: hook.name ?? hook.id,
    hookId: hook.id,
    hash: ledgerHash(hook),
    event: scope.event,
    ...(scope.unit !== undefined ? { unit: scope.unit } : {}),
    ...(scope.requestEvent !== scope.event ? { requestEvent: scope.requestEvent } : {}),
    sessionId: scope.sessionId,
    decision: verdict.decision,
    ...(verdict.reason !== undefined && verdict.reason !== '' ? { reason: verdict.reason } : {}),
    ...(verdict.updatedInput !== undefined ? { modifiedInput: true as const } : {}),
    durationMs,
    status: verdict.status,
    failureClass: verdict.failureClass,
  }));
}
