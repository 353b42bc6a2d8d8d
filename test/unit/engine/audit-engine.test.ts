// The engine's audit records: every run of a dispatch then its decision (as answered, after the Stop cap), cancelled
// dispatches too, and records a dialect appends through EventContext.audit carry its session and event.
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../src/engine/audit-log.js';
import type { AuditAttributes } from '../../../src/engine/audit-record.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

function collectingLog(): AuditLog & { records: AuditAttributes[] } {
  const records: AuditAttributes[] = [];
  return { path: '/fake/audit.jsonl', records, append: (record) => records.push(record), flush: async () => {} };
}

describe('engine audit records', () => {
  it('one hookd.run per run in reported order, then one hookd.decision with the merged answer', async () => {
    const auditLog = collectingLog();
    const dialect = fakeDialect([hook('a', 'PreToolUse', 'deny'), hook('b', 'PreToolUse', 'allow')]);
    const engine = new Engine({ dialect, runner: scriptedRunner({ deny: 20 }), workspace: '/ws', auditLog });
    engine.load({ workspace: '/ws', home: '/home', env: {} });
    await engine.dispatch('PreToolUse', { session: { id: 's-1' }, toolName: 'Bash' } as never, { requestId: 3 });
    expect(auditLog.records.map((record) => [record['event.name'], record['hookd.hook.id']])).toEqual([
      ['hookd.run', 'a'],
      ['hookd.run', 'b'],
      ['hookd.decision', undefined],
    ]);
    expect(auditLog.records[0]).toMatchObject({ 'session.id': 's-1', 'hookd.event.name': 'PreToolUse', 'hookd.dialect': 'fake', 'jsonrpc.request.id': '3', 'gen_ai.tool.name': 'Bash', 'hookd.run.decision': 'deny', 'process.exit.code': 0 });
    expect(auditLog.records[2]).toMatchObject({ 'hookd.event.decision': 'deny', 'hookd.event.run_count': 2, 'hookd.event.cancelled': false, 'hookd.event.continue': true });
  });

  it('the decision record is the answer after hookd overrode it (the Stop-block cap)', async () => {
    const auditLog = collectingLog();
    const dialect = fakeDialect([hook('stop', 'Stop', 'block')]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws', auditLog, stopBlockCap: 1 });
    engine.load({ workspace: '/ws', home: '/home', env: {} });
    await engine.dispatch('Stop', { session: { id: 's' } } as never);
    await engine.dispatch('Stop', { session: { id: 's' } } as never);
    const decisions = auditLog.records.filter((record) => record['event.name'] === 'hookd.decision').map((record) => record['hookd.event.decision']);
    expect(decisions).toEqual(['block', 'none']);
  });

  it('a cancelled dispatch is recorded as cancelled, its runs too', async () => {
    const auditLog = collectingLog();
    const engine = new Engine({ dialect: fakeDialect([hook('slow', 'PreToolUse', 'allow')]), runner: scriptedRunner({ allow: 60_000 }), workspace: '/ws', auditLog });
    engine.load({ workspace: '/ws', home: '/home', env: {} });
    const controller = new AbortController();
    const dispatched = engine.dispatch('PreToolUse', { session: { id: 's' }, toolName: 'Bash' } as never, { signal: controller.signal });
    controller.abort();
    await dispatched;
    expect(auditLog.records[0]).toMatchObject({ 'event.name': 'hookd.run', 'hookd.run.status': 'cancelled', 'error.type': 'cancelled' });
    expect(auditLog.records[1]).toMatchObject({ 'event.name': 'hookd.decision', 'hookd.event.cancelled': true });
  });

  it('a dialect appends its own records through EventContext.audit, stamped with the session and event', async () => {
    const auditLog = collectingLog();
    const base = fakeDialect([hook('gate', 'PreToolUse', 'deny')]);
    const dialect = fakeDialect([hook('gate', 'PreToolUse', 'deny')], {
      interpret: (context, spec, result) => {
        context.audit?.({ 'event.name': 'fake.authorization', 'fake.hook': spec.id, 'fake.allowed': false });
        return base.interpret(context, spec, result);
      },
    });
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws', auditLog });
    engine.load({ workspace: '/ws', home: '/home', env: {} });
    await engine.dispatch('PreToolUse', { session: { id: 's-9' }, toolName: 'Edit' } as never);
    expect(auditLog.records[0]).toEqual({ 'event.name': 'fake.authorization', 'session.id': 's-9', 'hookd.event.name': 'PreToolUse', 'fake.hook': 'gate', 'fake.allowed': false });
  });

  it('without an audit log the dialect sees no audit function', async () => {
    let seen: unknown = 'unset';
    const base = fakeDialect([hook('gate', 'PreToolUse', 'deny')]);
    const dialect = fakeDialect([hook('gate', 'PreToolUse', 'deny')], {
      interpret: (context, spec, result) => {
        seen = context.audit;
        return base.interpret(context, spec, result);
      },
    });
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/home', env: {} });
    await engine.dispatch('PreToolUse', { session: { id: 's' }, toolName: 'Edit' } as never);
    expect(seen).toBeUndefined();
  });
});
