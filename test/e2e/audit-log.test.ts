// The opt-in audit log against the built sidecar: the records of a session with a deny and an allow hook, rotation
// at maxBytes with nothing lost but what falls past keepFiles, an unwritable path that leaves the session working,
// and two sidecars appending to one file at once (every line whole, none lost).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditRecordSchema } from '../../src/protocol/index.js';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;
const decide = (decision: string, reason?: string) =>
  emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, ...(reason !== undefined ? { permissionDecisionReason: reason } : {}) } });

function spawnSidecar(args: string[] = []): Sidecar {
  const sidecar = new Sidecar('ndjson', args);
  open.push(sidecar);
  return sidecar;
}

/** Every line of the file, parsed and checked against the protocol's record schema (a torn line fails here). */
function recordsOf(path: string): Array<Record<string, any>> {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  if (text !== '') expect(text.endsWith('\n')).toBe(true);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const record = JSON.parse(line);
      const parsed = AuditRecordSchema.safeParse(record);
      if (!parsed.success) throw new Error(`not an audit record: ${line}\n${parsed.error.message}`);
      return record;
    });
}

/** The rotated files oldest first, then the current one. */
const allFiles = (path: string, keepFiles: number) => [...Array.from({ length: keepFiles }, (_, index) => `${path}.${keepFiles - index}`), path];

describe('audit log (built sidecar)', () => {
  it('a session with a deny hook and an allow hook writes one record per run and one per decision', async () => {
    const workspace = makeWorkspace();
    const settings = writeClaudeSettings(workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: decide('deny', 'no rm -rf here') }, { type: 'command', command: decide('allow') }] }] },
    });
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const sidecar = spawnSidecar();
    const init = await sidecar.initialize(workspace, { options: { auditLog: { path } } });
    expect(init.diagnostics.filter((diagnostic: { code?: string }) => diagnostic.code === 'audit-log')).toEqual([]);
    const answer = await sidecar.call('hooks/PreToolUse', { session: { id: 'audit-e2e' }, toolName: 'Bash', toolInput: { command: 'rm -rf /' } }, 41);
    expect(answer.result).toMatchObject({ decision: 'deny', reason: 'no rm -rf here' });
    await sidecar.close();

    const records = recordsOf(path);
    expect(records.map((record) => record['event.name'])).toEqual(['hookd.run', 'hookd.run', 'hookd.decision']);
    const common = { 'service.name': 'hookd', 'hookd.sidecar.pid': sidecar.child.pid, 'session.id': 'audit-e2e', 'hookd.event.name': 'PreToolUse', 'hookd.dialect': 'claude', 'jsonrpc.request.id': '41', 'gen_ai.tool.name': 'Bash' };
    const [deny, allow, decision] = records;
    expect(deny).toMatchObject({ ...common, 'hookd.hook.source': settings, 'hookd.handler.type': 'command', 'hookd.run.status': 'ok', 'hookd.run.decision': 'deny', 'process.exit.code': 0 });
    expect(allow).toMatchObject({ ...common, 'hookd.hook.source': settings, 'hookd.run.decision': 'allow', 'process.exit.code': 0 });
    expect(deny!['hookd.hook.id']).not.toBe(allow!['hookd.hook.id']);
    for (const run of [deny!, allow!]) {
      expect(run['hookd.run.duration_ms']).toBeGreaterThan(0);
      expect(run).not.toHaveProperty('error.type');
    }
    expect(decision).toMatchObject({ ...common, 'hookd.event.decision': 'deny', 'hookd.event.reason': 'no rm -rf here', 'hookd.event.continue': true, 'hookd.event.run_count': 2, 'hookd.event.cancelled': false });
    for (const record of records) expect(record.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('a failing hook is recorded with its exit code and error.type; hookd serve --audit-log turns the log on', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo broken >&2; exit 3' }] }] } });
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const sidecar = spawnSidecar(['--audit-log', path]);
    await sidecar.initialize(workspace);
    await sidecar.request('hooks/UserPromptSubmit', { session: { id: 'flag' }, prompt: 'hi' });
    await sidecar.close();
    const [run, decision] = recordsOf(path);
    expect(run).toMatchObject({ 'event.name': 'hookd.run', 'hookd.run.status': 'error', 'process.exit.code': 3, 'error.type': 'nonzero_exit', 'session.id': 'flag' });
    expect(decision).toMatchObject({ 'event.name': 'hookd.decision', 'hookd.event.name': 'UserPromptSubmit', 'hookd.event.run_count': 1 });
  });

  it('an async handler is recorded when it settles, marked hookd.run.async', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0', async: true }] }] } });
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const sidecar = spawnSidecar();
    await sidecar.initialize(workspace, { options: { auditLog: { path } } });
    await sidecar.request('hooks/PostToolUse', { session: { id: 'async' }, toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: {} });
    // Polled until a deadline: the async run settles (and is written) some time after the answer.
    const deadline = Date.now() + 20_000;
    let asyncRun: Record<string, any> | undefined;
    while (asyncRun === undefined && Date.now() < deadline) {
      asyncRun = recordsOf(path).find((record) => record['hookd.run.async'] === true);
      if (asyncRun === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(asyncRun).toMatchObject({ 'event.name': 'hookd.run', 'hookd.event.name': 'PostToolUse', 'session.id': 'async', 'hookd.run.status': 'ok', 'process.exit.code': 0 });
    const decision = recordsOf(path).find((record) => record['event.name'] === 'hookd.decision');
    expect(decision).toMatchObject({ 'hookd.event.run_count': 0 });
  });

  it('a malformed auditLog option is invalid params naming the field', async () => {
    const sidecar = spawnSidecar();
    const answer = await sidecar.call('initialize', { protocolVersion: '0.1', dialect: 'claude', workspace: makeWorkspace(), capabilities: {}, options: { auditLog: { path: '/tmp/x.jsonl', maxBytes: 0 } } });
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toContain('auditLog');
  });

  it('rotates at maxBytes: files stay within the cap, and with enough keepFiles no record is lost', async () => {
    const workspace = makeWorkspace();
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const sidecar = spawnSidecar();
    // No hooks: every event still gets its decision record (about 400 bytes each).
    await sidecar.initialize(workspace, { options: { auditLog: { path, maxBytes: 4096, keepFiles: 30 } } });
    for (let index = 0; index < 60; index += 1) await sidecar.request('hooks/UserPromptSubmit', { session: { id: `rot-${index}` }, prompt: 'p' });
    await sidecar.close();
    expect(existsSync(`${path}.1`)).toBe(true);
    const files = allFiles(path, 30).filter(existsSync);
    for (const file of files) expect(statSync(file).size).toBeLessThanOrEqual(4096);
    const sessions = files.flatMap(recordsOf).map((record) => record['session.id']);
    expect(sessions).toEqual(Array.from({ length: 60 }, (_, index) => `rot-${index}`));
  });

  it('keeps only keepFiles rotated files: the oldest records fall off, the newest stay in order', async () => {
    const workspace = makeWorkspace();
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const sidecar = spawnSidecar();
    await sidecar.initialize(workspace, { options: { auditLog: { path, maxBytes: 2048, keepFiles: 2 } } });
    for (let index = 0; index < 40; index += 1) await sidecar.request('hooks/UserPromptSubmit', { session: { id: `keep-${index}` }, prompt: 'p' });
    await sidecar.close();
    expect(existsSync(`${path}.2`)).toBe(true);
    expect(existsSync(`${path}.3`)).toBe(false);
    const sessions = allFiles(path, 2).flatMap(recordsOf).map((record) => Number(String(record['session.id']).slice('keep-'.length)));
    expect(sessions.at(-1)).toBe(39);
    expect(sessions).toEqual(Array.from({ length: sessions.length }, (_, index) => 40 - sessions.length + index));
    expect(sessions.length).toBeLessThan(40);
  });

  it('an unwritable path is a warning diagnostic and a stderr line at initialize; the events still answer', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: decide('deny', 'still guarded') }] }] } });
    const dir = scratchDir('hookd-audit-');
    writeFileSync(join(dir, 'a-file'), '');
    const path = join(dir, 'a-file', 'audit.jsonl');
    for (const viaFlag of [false, true]) {
      const sidecar = spawnSidecar(viaFlag ? ['--audit-log', path] : []);
      const init = await sidecar.initialize(workspace, viaFlag ? {} : { options: { auditLog: { path } } });
      expect(init.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'audit-log', file: path, message: expect.stringContaining('cannot be written') }));
      const result = await sidecar.request('hooks/PreToolUse', { session: { id: 'unwritable' }, toolName: 'Bash', toolInput: { command: 'ls' } });
      expect(result).toMatchObject({ decision: 'deny', reason: 'still guarded' });
      await sidecar.close();
      expect(sidecar.stderr).toMatch(/audit log .*a-file\/audit\.jsonl cannot be written/);
      expect(sidecar.stderr).not.toMatch(/internal error/i);
    }
  });

  it('two sidecars appending to one rotating file at once: every line parses and none is lost', async () => {
    const workspace = makeWorkspace();
    const path = join(scratchDir('hookd-audit-'), 'shared.jsonl');
    const keepFiles = 100;
    const auditLog = { path, maxBytes: 8192, keepFiles };
    const perSidecar = 150;
    const sidecars = [spawnSidecar(), spawnSidecar()];
    await Promise.all(sidecars.map((sidecar) => sidecar.initialize(workspace, { options: { auditLog } })));
    // Each sidecar gets its events all at once, so both write (and rotate) while the other does.
    await Promise.all(
      sidecars.map((sidecar, which) =>
        Promise.all(Array.from({ length: perSidecar }, (_, index) => sidecar.request('hooks/UserPromptSubmit', { session: { id: `s${which}-${index}` }, prompt: 'p' }))),
      ),
    );
    await Promise.all(sidecars.map((sidecar) => sidecar.close()));
    expect(existsSync(`${path}.1`)).toBe(true);
    expect(existsSync(`${path}.${keepFiles}`)).toBe(false);
    const records = allFiles(path, keepFiles).filter(existsSync).flatMap(recordsOf);
    expect(records.filter((record) => record['event.name'] === 'hookd.audit.dropped')).toEqual([]);
    const byPid = new Map<number, string[]>();
    for (const record of records) byPid.set(record['hookd.sidecar.pid'], [...(byPid.get(record['hookd.sidecar.pid']) ?? []), record['session.id']]);
    expect([...byPid.keys()].sort()).toEqual(sidecars.map((sidecar) => sidecar.child.pid).sort());
    sidecars.forEach((sidecar, which) => {
      const sessions = byPid.get(sidecar.child.pid!)!;
      expect(sessions).toHaveLength(perSidecar);
      expect(new Set(sessions)).toEqual(new Set(Array.from({ length: perSidecar }, (_, index) => `s${which}-${index}`)));
    });
  });

  it('--audit-log without a path, or on a command other than serve, is a usage error (exit 2)', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', input: '', timeout: 20_000 });
    const empty = run(['serve', '--audit-log', '']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--audit-log takes a file path');
    const onTest = run(['test', 'PreToolUse', '--audit-log', '/tmp/never-written.jsonl', '--workspace', makeWorkspace()]);
    expect(onTest.status).toBe(2);
    expect(onTest.stderr).toContain('--audit-log is an option of hookd serve');
    expect(existsSync('/tmp/never-written.jsonl')).toBe(false);
  });
});
