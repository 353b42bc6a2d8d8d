// The audit log service: `append(record)` stamps, caps and queues one record for the JSONL file (record shapes in
// src/protocol/audit-log.ts, shaping in audit-record.ts, the file in audit-file-writer.ts). The engine appends a
// record per run and per decision; dialects and other engine parts append their own (e.g. bonsai's authorization
// ledger) through EventContext.audit or EngineOptions.auditLog. Never throws, never blocks the sidecar.
import { SERVER_VERSION, type AuditLogOptions } from '../protocol/index.js';
import { AuditFileWriter, probeAppendable } from './audit-file-writer.js';
import { auditLine, droppedRecord, stampRecord, type AuditAttributes, type AuditStamp } from './audit-record.js';
import type { EventContext } from './dialect.js';

export interface AuditLog {
  /** Appends one record (written asynchronously, in append order; dropped and counted when the disk falls behind). */
  append(record: AuditAttributes): void;
  /** Resolves when everything appended so far is written, or after timeoutMs. */
  flush(timeoutMs?: number): Promise<void>;
  readonly path: string;
}

export type AuditLogSettings = AuditLogOptions & {
  readonly maxQueuedBytes?: number;
  /** A problem writing (one line for stderr). */
  readonly onProblem: (message: string) => void;
  /** Defaults to the real clock and process; tests pass their own. */
  readonly stamp?: () => AuditStamp;
};

const realStamp = (): AuditStamp => ({ timestamp: new Date().toISOString(), version: SERVER_VERSION, pid: process.pid });

/** Opens the log, or says why the file cannot be appended to (then nothing is logged and the caller reports it). */
export function openAuditLog(settings: AuditLogSettings): { readonly log: AuditLog } | { readonly problem: string } {
  const problem = probeAppendable(settings.path);
  if (problem !== undefined) return { problem: `audit log ${settings.path} cannot be written (${problem}): no audit records are kept this session` };
  const stamp = settings.stamp ?? realStamp;
  const lineOf = (record: AuditAttributes) => auditLine(stampRecord(record, stamp()));
  const writer = new AuditFileWriter({
    path: settings.path,
    ...(settings.maxBytes !== undefined ? { maxBytes: settings.maxBytes } : {}),
    ...(settings.keepFiles !== undefined ? { keepFiles: settings.keepFiles } : {}),
    ...(settings.maxQueuedBytes !== undefined ? { maxQueuedBytes: settings.maxQueuedBytes } : {}),
    onProblem: settings.onProblem,
    droppedLine: (count) => lineOf(droppedRecord(count)),
  });
  const log: AuditLog = {
    path: settings.path,
    append(record) {
      try {
        writer.enqueue(lineOf(record));
      } catch (error) {
        settings.onProblem(`audit log ${settings.path}: a record could not be shaped: ${(error as Error).message}`);
      }
    },
    flush: (timeoutMs) => writer.flush(timeoutMs),
  };
  return { log };
}

/** The context a dialect sees, with `audit` appending records that carry its session and event. */
export function withAudit(context: EventContext, log: AuditLog | undefined): EventContext {
  if (log === undefined) return context;
  return { ...context, audit: (record) => log.append({ 'session.id': context.sessionId, 'hookd.event.name': context.event, ...record }) };
}
