// Shapes audit log records (src/protocol/audit-log.ts): one per handler run, one per event decision, and the
// stamping and capping every record gets before it becomes a line. Pure: no clock, no I/O, no decisions.
import {
  AUDIT_MAX_ATTRIBUTES,
  AUDIT_MAX_STRING_BYTES,
  type EventName,
  type EventParams,
  type EventResult,
  type RunSummary,
} from '../protocol/index.js';
import { excerptOf } from './run-summary.js';

export type AuditValue = string | number | boolean | null | readonly string[];
/** What a part of hookd appends: a namespaced record type and flat attributes (undefined ones are left out). */
export type AuditAttributes = { readonly 'event.name': string; readonly [attribute: string]: AuditValue | undefined };

/** Which event of which session a record is about. */
export type AuditScope = {
  readonly sessionId: string;
  readonly event: EventName;
  readonly dialect: string;
  readonly requestId?: string | number;
  readonly toolName?: string;
};

/** What the writer adds to every record. */
export type AuditStamp = { readonly timestamp: string; readonly version: string; readonly pid: number };

export function auditScope(dialect: string, event: EventName, params: EventParams, requestId?: string | number): AuditScope {
  const toolName = (params as { toolName?: unknown }).toolName;
  return {
    sessionId: params.session.id,
    event,
    dialect,
    ...(requestId !== undefined ? { requestId } : {}),
    ...(typeof toolName === 'string' ? { toolName } : {}),
  };
}

function scopeFields(scope: AuditScope) {
  return {
    'session.id': scope.sessionId,
    'hookd.event.name': scope.event,
    'hookd.dialect': scope.dialect,
    'jsonrpc.request.id': scope.requestId === undefined ? undefined : String(scope.requestId),
    'gen_ai.tool.name': scope.toolName,
  };
}

export function runRecord(scope: AuditScope, run: RunSummary, options: { readonly async?: boolean } = {}): AuditAttributes {
  return {
    'event.name': 'hookd.run',
    ...scopeFields(scope),
    'hookd.hook.id': run.hookId,
    'hookd.hook.source': run.source,
    'hookd.handler.type': run.handlerType,
    'hookd.run.status': run.status,
    'hookd.run.decision': run.decision,
    'hookd.run.message': run.message,
    'hookd.run.duration_ms': run.durationMs,
    'hookd.run.timed_out': run.timedOut,
    'hookd.run.async': options.async === true ? true : undefined,
    'process.exit.code': run.exitCode ?? undefined,
    'hookd.run.signal': run.signal ?? undefined,
    'http.response.status_code': run.httpStatus,
    'error.type': run.failureClass ?? undefined,
  };
}

export function decisionRecord(scope: AuditScope, result: EventResult, cancelled: boolean): AuditAttributes {
  return {
    'event.name': 'hookd.decision',
    ...scopeFields(scope),
    'hookd.event.decision': result.decision,
    'hookd.event.reason': result.reason,
    'hookd.event.continue': result.continue,
    'hookd.event.stop_reason': result.stopReason,
    'hookd.event.run_count': result.runs.length,
    'hookd.event.cancelled': cancelled,
  };
}

/** The run records of an event (in reported order), then its decision record. */
export function dispatchRecords(scope: AuditScope, result: EventResult, cancelled: boolean): AuditAttributes[] {
  return [...result.runs.map((run) => runRecord(scope, run)), decisionRecord(scope, result, cancelled)];
}

const capped = (text: string, field: string, truncated: string[]): string => {
  const { excerpt, excerptTruncated } = excerptOf(text, AUDIT_MAX_STRING_BYTES);
  if (excerptTruncated) truncated.push(field);
  return excerptTruncated ? excerpt : text;
};

/** A value as a record may carry it: strings capped, non-finite numbers as null, anything else as capped JSON text. */
function cappedValue(value: unknown, field: string, truncated: string[]): AuditValue {
  if (typeof value === 'string') return capped(value, field, truncated);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    const items = value.slice(0, AUDIT_MAX_ATTRIBUTES).map((item: string) => capped(item, field, truncated));
    if (value.length > AUDIT_MAX_ATTRIBUTES && !truncated.includes(field)) truncated.push(field);
    return items;
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return capped(json, field, truncated);
}

const STAMPED = new Set(['event.name', 'timestamp', 'service.name', 'service.version', 'hookd.sidecar.pid', 'hookd.record.truncated', 'hookd.record.dropped_attributes']);

/**
 * The record as written: the stamp first (it cannot be overridden), then at most AUDIT_MAX_ATTRIBUTES attributes
 * with every string cut to AUDIT_MAX_STRING_BYTES; what was cut or dropped is said in the record itself.
 */
export function stampRecord(attributes: AuditAttributes, stamp: AuditStamp): Record<string, AuditValue> {
  const truncated: string[] = [];
  const record: Record<string, AuditValue> = {
    'event.name': capped(String(attributes['event.name']), 'event.name', truncated),
    timestamp: stamp.timestamp,
    'service.name': 'hookd',
    'service.version': stamp.version,
    'hookd.sidecar.pid': stamp.pid,
  };
  let kept = 0;
  let dropped = 0;
  for (const [field, value] of Object.entries(attributes)) {
    if (value === undefined || STAMPED.has(field)) continue;
    if (kept >= AUDIT_MAX_ATTRIBUTES) {
      dropped += 1;
      continue;
    }
    kept += 1;
    record[capped(field, 'attribute name', truncated)] = cappedValue(value, field, truncated);
  }
  if (truncated.length > 0) record['hookd.record.truncated'] = truncated;
  if (dropped > 0) record['hookd.record.dropped_attributes'] = dropped;
  return record;
}

/** One line of the file: the record's JSON and a newline (JSON.stringify escapes every newline inside). */
export function auditLine(record: Record<string, AuditValue>): string {
  return `${JSON.stringify(record)}\n`;
}

export function droppedRecord(count: number): AuditAttributes {
  return { 'event.name': 'hookd.audit.dropped', 'hookd.audit.dropped_count': count };
}
