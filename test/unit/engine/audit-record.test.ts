// Audit record shaping: run and decision records carry OpenTelemetry-style fields, every record is stamped and
// capped (strings at 4 KiB, attributes at 64), and what the engine shapes parses with the protocol's schema.
import { describe, expect, it } from 'vitest';
import { auditLine, auditScope, decisionRecord, dispatchRecords, droppedRecord, runRecord, stampRecord } from '../../../src/engine/audit-record.js';
import { AUDIT_MAX_ATTRIBUTES, AUDIT_MAX_STRING_BYTES, AuditDecisionRecordSchema, AuditRecordSchema, AuditRunRecordSchema, type EventResult, type RunSummary } from '../../../src/protocol/index.js';

const stamp = { timestamp: '2026-12-01T15:00:00.123Z', version: '9.9.9', pid: 4242 };
const capture = { bytes: 0, totalBytes: 0, truncated: false };

function summary(partial: Partial<RunSummary> = {}): RunSummary {
  return {
    hookId: 'project:PreToolUse:0:0',
    source: '/ws/.claude/settings.json',
    handlerType: 'command',
    status: 'ok',
    failureClass: null,
    decision: 'deny',
    exitCode: 2,
    signal: null,
    durationMs: 12.5,
    timedOut: false,
    truncated: false,
    stdout: capture,
    stderr: capture,
    message: 'no rm -rf',
    ...partial,
  };
}

const scope = auditScope('claude', 'PreToolUse', { session: { id: 's-1' }, toolName: 'Bash' } as never, 7);

describe('audit records', () => {
  it('a run record names the hook, its source and handler, the decision, exit code, duration and failure class', () => {
    const record = stampRecord(runRecord(scope, summary({ status: 'error', failureClass: 'nonzero_exit', decision: 'none', exitCode: 1 })), stamp);
    expect(record).toMatchObject({
      'event.name': 'hookd.run',
      timestamp: '2026-12-01T15:00:00.123Z',
      'service.name': 'hookd',
      'service.version': '9.9.9',
      'hookd.sidecar.pid': 4242,
      'session.id': 's-1',
      'hookd.event.name': 'PreToolUse',
      'hookd.dialect': 'claude',
      'jsonrpc.request.id': '7',
      'gen_ai.tool.name': 'Bash',
      'hookd.hook.id': 'project:PreToolUse:0:0',
      'hookd.hook.source': '/ws/.claude/settings.json',
      'hookd.handler.type': 'command',
      'hookd.run.status': 'error',
      'hookd.run.decision': 'none',
      'hookd.run.message': 'no rm -rf',
      'hookd.run.duration_ms': 12.5,
      'process.exit.code': 1,
      'error.type': 'nonzero_exit',
    });
    expect(AuditRunRecordSchema.safeParse(record).success).toBe(true);
  });

  it('a run that did not fail has no error.type; one ended by a signal has no exit code but its signal', () => {
    const ok = stampRecord(runRecord(scope, summary()), stamp);
    expect(ok).not.toHaveProperty('error.type');
    const killed = stampRecord(runRecord(scope, summary({ exitCode: null, signal: 'SIGKILL', status: 'timeout', failureClass: 'timeout', timedOut: true })), stamp);
    expect(killed).not.toHaveProperty('process.exit.code');
    expect(killed).toMatchObject({ 'hookd.run.signal': 'SIGKILL', 'error.type': 'timeout', 'hookd.run.timed_out': true });
  });

  it('a decision record carries the merged decision, reason, continue, stopReason and the number of runs, after the run records', () => {
    const result: EventResult = { event: 'PreToolUse', decision: 'deny', reason: 'no rm -rf', continue: false, stopReason: 'stop', notes: [], runs: [summary(), summary({ hookId: 'b', decision: 'allow' })] };
    const records = dispatchRecords(scope, result, false).map((record) => stampRecord(record, stamp));
    expect(records.map((record) => record['event.name'])).toEqual(['hookd.run', 'hookd.run', 'hookd.decision']);
    expect(records[2]).toMatchObject({
      'hookd.event.decision': 'deny',
      'hookd.event.reason': 'no rm -rf',
      'hookd.event.continue': false,
      'hookd.event.stop_reason': 'stop',
      'hookd.event.run_count': 2,
      'hookd.event.cancelled': false,
    });
    expect(AuditDecisionRecordSchema.safeParse(records[2]).success).toBe(true);
    for (const record of records) expect(AuditRecordSchema.safeParse(JSON.parse(auditLine(record))).success).toBe(true);
  });

  it(`cuts every string to ${AUDIT_MAX_STRING_BYTES} bytes of UTF-8 and names the cut fields in hookd.record.truncated`, () => {
    const long = 'é'.repeat(AUDIT_MAX_STRING_BYTES); // 2 bytes each
    const record = stampRecord(decisionRecord(scope, { event: 'PreToolUse', decision: 'deny', reason: long, continue: true, notes: [], runs: [] }, false), stamp);
    const reason = record['hookd.event.reason'] as string;
    expect(Buffer.byteLength(reason, 'utf8')).toBe(AUDIT_MAX_STRING_BYTES);
    expect(long.startsWith(reason)).toBe(true);
    expect(record['hookd.record.truncated']).toEqual(['hookd.event.reason']);
    expect(AuditRecordSchema.safeParse(record).success).toBe(true);
  });

  it('a short record says nothing was cut', () => {
    expect(stampRecord(runRecord(scope, summary()), stamp)).not.toHaveProperty('hookd.record.truncated');
  });

  it('records appended by other parts: the stamp cannot be overridden, attributes are capped, objects become capped JSON text', () => {
    const attributes: Record<string, unknown> = { 'event.name': 'bonsai.authorization', timestamp: 'forged', 'service.name': 'other', nested: { a: [1, 2] }, many: Array.from({ length: 3 }, (_, i) => `v${i}`) };
    for (let index = 0; index < AUDIT_MAX_ATTRIBUTES + 5; index += 1) attributes[`bonsai.extra_${index}`] = index;
    const record = stampRecord(attributes as never, stamp);
    expect(record).toMatchObject({ 'event.name': 'bonsai.authorization', timestamp: stamp.timestamp, 'service.name': 'hookd', nested: '{"a":[1,2]}', many: ['v0', 'v1', 'v2'] });
    // 2 kept above + 62 extras = 64 attributes; the remaining 7 extras are dropped and counted
    expect(record['hookd.record.dropped_attributes']).toBe(7);
    expect(AuditRecordSchema.safeParse(record).success).toBe(true);
  });

  it('a dropped-records note is a record of its own type', () => {
    const record = stampRecord(droppedRecord(5), stamp);
    expect(record).toMatchObject({ 'event.name': 'hookd.audit.dropped', 'hookd.audit.dropped_count': 5 });
    expect(AuditRecordSchema.safeParse(record).success).toBe(true);
  });

  it('the schema refuses a run record with a missing field, and an extension record posing as a hookd type', () => {
    const run = stampRecord(runRecord(scope, summary()), stamp);
    const { 'hookd.hook.id': _omitted, ...withoutId } = run;
    expect(AuditRecordSchema.safeParse(withoutId).success).toBe(false);
    expect(AuditRecordSchema.safeParse({ ...stampRecord({ 'event.name': 'x.y' }, stamp), 'event.name': 'hookd.run' }).success).toBe(false);
  });

  it('one line is one JSON object ending in a single newline, even when values hold newlines', () => {
    const line = auditLine(stampRecord(runRecord(scope, summary({ message: 'a\nb\r\nc' })), stamp));
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)['hookd.run.message']).toBe('a\nb\r\nc');
  });
});
