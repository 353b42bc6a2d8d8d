// GENERATED from src/protocol/audit-log.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of the audit log file (one JSON object per line) and of its initialize option. Field names follow
// OpenTelemetry's semantic conventions where one exists; hookd's own carry the `hookd.` prefix. Stable: fields are
// only ever added. The engine shapes records (src/engine/audit-record.ts); nothing here writes them.
import { z } from 'zod';
import { DECISIONS, FAILURE_CLASSES, RUN_STATUSES } from './results.js';

/** The longest string value a record carries (UTF-8 bytes); longer values are cut and named in hookd.record.truncated. */
export const AUDIT_MAX_STRING_BYTES = 4096;
/** At most this many attributes in one record appended by a dialect; the rest are dropped and counted. */
export const AUDIT_MAX_ATTRIBUTES = 64;

export const AuditLogOptionsSchema = z
  .looseObject({
    path: z.string().min(1).describe('The JSONL file records are appended to; a relative path is resolved against the workspace. It is created if missing (its directory must exist).'),
    maxBytes: z
      .number()
      .int()
      .min(1)
      .max(2 ** 40)
      .optional()
      .describe('Rotate when a record would make the file larger than this: FILE → FILE.1 → … → FILE.<keepFiles>. Default 10485760 (10 MiB).'),
    keepFiles: z.number().int().min(0).max(100).optional().describe('Rotated files kept (FILE.1 newest); 0: the full file is removed. Default 3.'),
  })
  .meta({ id: 'AuditLogOptions' });
export type AuditLogOptions = z.infer<typeof AuditLogOptionsSchema>;

const cappedText = (what: string) => z.string().describe(`${what} (at most ${AUDIT_MAX_STRING_BYTES} bytes of UTF-8; a longer value is cut and named in hookd.record.truncated).`);

/** Fields every record has. */
const commonFields = {
  timestamp: z.string().describe('When the record was made: ISO 8601 in UTC with milliseconds (OpenTelemetry log data model: Timestamp).'),
  'service.name': z.literal('hookd').describe('OpenTelemetry service.name: always "hookd".'),
  'service.version': z.string().describe('OpenTelemetry service.version: the version of hookd that wrote the record.'),
  'hookd.sidecar.pid': z.number().int().describe('The process id of the hookd sidecar that wrote the record (several may share one file).'),
  'hookd.record.truncated': z.array(z.string()).optional().describe('Fields whose value was cut to the string cap. Absent when none.'),
};

/** Fields of records about one lifecycle event of a session. */
const eventFields = {
  'session.id': z.string().describe('OpenTelemetry session.id: the agent session (params.session.id).'),
  'hookd.event.name': z.string().describe('The lifecycle event, e.g. "PreToolUse".'),
  'hookd.dialect': z.string().describe('The dialect that loaded and merged the hooks, e.g. "claude".'),
  'jsonrpc.request.id': z.string().optional().describe('OpenTelemetry jsonrpc.request.id: the id of the hooks/<Event> request, as a string. Absent for notifications and background dispatches.'),
  'gen_ai.tool.name': z.string().optional().describe('OpenTelemetry gen_ai.tool.name: the tool of a tool event (params.toolName). Absent otherwise.'),
};

export const AuditRunRecordSchema = z
  .looseObject({
    'event.name': z.literal('hookd.run').describe('OpenTelemetry event.name: the record type. hookd.run: one handler run.'),
    ...commonFields,
    ...eventFields,
    'hookd.hook.id': z.string(),
    'hookd.hook.source': z.string().describe('The file the hook was configured in ("client" for programmatic hooks).'),
    'hookd.handler.type': z.string().describe('command, script, http, prompt, agent, mcp_tool, client, …'),
    'hookd.run.status': z.enum(RUN_STATUSES),
    'hookd.run.decision': z.enum(DECISIONS).describe('What this run alone asked for.'),
    'hookd.run.message': cappedText('Why it failed, or what it said (RunSummary.message)').optional(),
    'hookd.run.duration_ms': z.number().describe('How long the run took, in milliseconds.'),
    'hookd.run.timed_out': z.boolean(),
    'hookd.run.async': z.boolean().optional().describe('true: an async handler that ran in the background (recorded when it settled). Absent otherwise.'),
    'process.exit.code': z.number().int().optional().describe('OpenTelemetry process.exit.code: the hook process\'s exit code. Absent when it did not exit by itself (signal, not started, http, client-run handlers).'),
    'hookd.run.signal': z.string().optional().describe('The signal that ended the hook process, e.g. "SIGKILL". Absent when none.'),
    'http.response.status_code': z.number().int().optional().describe('OpenTelemetry http.response.status_code: http handlers, when a response came.'),
    'error.type': z.enum(FAILURE_CLASSES).optional().describe('OpenTelemetry error.type: the failure class (RunSummary.failureClass). Absent when the run did not fail.'),
  })
  .meta({ id: 'AuditRunRecord' });
export type AuditRunRecord = z.infer<typeof AuditRunRecordSchema>;

export const AuditDecisionRecordSchema = z
  .looseObject({
    'event.name': z.literal('hookd.decision').describe('OpenTelemetry event.name: the record type. hookd.decision: the merged answer to one event, after its runs.'),
    ...commonFields,
    ...eventFields,
    'hookd.event.decision': z.enum(DECISIONS).describe('The merged decision (EventResult.decision).'),
    'hookd.event.reason': cappedText('EventResult.reason').optional(),
    'hookd.event.continue': z.boolean().describe('EventResult.continue: false, the agent must stop.'),
    'hookd.event.stop_reason': cappedText('EventResult.stopReason').optional(),
    'hookd.event.run_count': z.number().int().describe('Runs reported for the event (its hookd.run records precede this one).'),
    'hookd.event.cancelled': z.boolean().describe('The dispatch was cancelled (answered -32800).'),
  })
  .meta({ id: 'AuditDecisionRecord' });
export type AuditDecisionRecord = z.infer<typeof AuditDecisionRecordSchema>;

export const AuditDroppedRecordSchema = z
  .looseObject({
    'event.name': z.literal('hookd.audit.dropped').describe('Records this sidecar dropped because the disk was slower than they came (its queue was full).'),
    ...commonFields,
    'hookd.audit.dropped_count': z.number().int().describe('Records dropped since the previous record this sidecar wrote.'),
  })
  .meta({ id: 'AuditDroppedRecord' });

/** A record another part of hookd appended (e.g. a dialect's authorization ledger): its own namespace, flat values. */
export const AuditExtensionRecordSchema = z
  .object({
    'event.name': z
      .string()
      .regex(/^(?!hookd\.(run|decision|audit\.dropped)$)[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/)
      .describe('The record type, namespaced by its writer (e.g. "bonsai.authorization"); never one of the hookd record types above.'),
    ...commonFields,
    'session.id': z.string().optional(),
    'hookd.event.name': z.string().optional(),
    'hookd.record.dropped_attributes': z.number().int().optional().describe(`Attributes dropped past the cap of ${AUDIT_MAX_ATTRIBUTES}. Absent when none.`),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]))
  .meta({ id: 'AuditExtensionRecord' });

export const AuditRecordSchema = z
  .union([AuditRunRecordSchema, AuditDecisionRecordSchema, AuditDroppedRecordSchema, AuditExtensionRecordSchema])
  .describe('One line of the audit log (the `auditLog` initialize option, `hookd serve --audit-log FILE`).')
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
