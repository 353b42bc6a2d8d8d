// The authorization ledger through the built sidecar as a bonsai agent sees it: which decisions are on file (with the
// effect hash an approval covers), the default path beside the global config, and an unwritable path that costs a
// warning diagnostic but no answer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, waitForHook, writeGlobal, writeProject, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const linesOf = (path: string): any[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

const noRm: BonsaiTable['action'] = { type: 'shell', command: 'case "$BONSAI_COMMAND" in *rm*) echo "rm is vetoed" >&2; exit 2;; esac' };
const bashCall = (setup: BonsaiSetup, command: string) => ({ session: session(setup), toolName: 'bash', toolInput: { command }, toolUseId: `call-${command}` });

describe('bonsai authorization ledger (built sidecar)', () => {
  it('"Every hook decision that gates an effect is recorded in the authorization ledger." — a veto and an allow with the effect hash, the unit of a fanned-out call, and no line for hooks that gate nothing', async () => {
    const setup = bonsaiSetup();
    // A project guard needs an approval: the hash the client is asked about is the effect hash the ledger names.
    writeProject(setup, [{ name: 'rm-guard', event: 'PreToolUse', matcher: { tool: 'bash' }, blocking: true, action: noRm }]);
    writeGlobal(setup, [
      { name: 'write-guard', event: 'PreFileWrite', matcher: { path: 'src/**' }, blocking: true, action: { type: 'shell', command: 'exit 0' } },
      { name: 'bash-watch', event: 'PreToolUse', matcher: { tool: 'bash' }, action: { type: 'shell', command: 'exit 0' } },
      { name: 'after-bash', event: 'PostToolUse', blocking: true, action: { type: 'shell', command: 'exit 0' } },
    ]);
    const asked: any[] = [];
    const { sidecar } = await startBonsai(setup, open, {}, (peer) =>
      peer.onRequest('hooks/approve', (params) => {
        asked.push(params);
        return { answer: 'session' };
      }),
    );
    await waitForHook(sidecar, 'rm-guard', (hook) => hook.state === 'active');
    expect(asked.map((ask) => ask.name)).toEqual(['rm-guard']);
    const effectHash = asked[0].hash as string;
    expect(effectHash).toMatch(/^sha256:[0-9a-f]{64}$/);

    expect((await sidecar.request('hooks/PreToolUse', bashCall(setup, 'ls'))).decision).toBe('none');
    const vetoed = await sidecar.request('hooks/PreToolUse', bashCall(setup, 'rm -rf target'));
    expect(vetoed.decision).toBe('block');
    await sidecar.request('hooks/PostToolUse', { ...bashCall(setup, 'ls'), toolResponse: { stdout: 'a' } });
    await sidecar.request('hooks/PreToolUse', { session: session(setup), toolName: 'write', toolInput: { path: 'src/main.rs', content: 'fn main() {}' }, toolUseId: 'w1' });

    const lines = linesOf(setup.ledgerPath);
    expect(lines.map((line) => line.hook)).toEqual(['rm-guard', 'rm-guard', 'write-guard']);
    const [allowed, blocked, write] = lines;
    expect(allowed).toMatchObject({ hookId: 'project:rm-guard', hash: effectHash, event: 'PreToolUse', decision: 'none', status: 'ok', sessionId: 'bonsai-e2e' });
    expect(blocked).toMatchObject({ hookId: 'project:rm-guard', hash: effectHash, event: 'PreToolUse', decision: 'block', reason: expect.stringContaining('rm is vetoed') });
    expect(write).toMatchObject({ event: 'PreFileWrite', requestEvent: 'PreToolUse', unit: expect.stringContaining('src/main.rs'), hash: expect.stringMatching(/^sha256:/) });
    expect(write.hash).not.toBe(effectHash);
    for (const line of lines) {
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('without options.ledgerPath the ledger is <home>/.bonsai/authorization-ledger.jsonl', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [{ name: 'rm-guard', event: 'PreToolUse', matcher: { tool: 'bash' }, blocking: true, action: noRm }]);
    const { sidecar } = await startBonsai(setup, open, { options: { ledgerPath: undefined } });
    expect((await sidecar.request('hooks/PreToolUse', bashCall(setup, 'rm x'))).decision).toBe('block');
    expect(linesOf(setup.ledgerPath)).toEqual([]);
    expect(linesOf(join(setup.home, '.bonsai', 'authorization-ledger.jsonl'))).toEqual([expect.objectContaining({ hook: 'rm-guard', decision: 'block' })]);
  });

  it('a ledger path that cannot be written is a warning diagnostic, and the event is still answered', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [{ name: 'rm-guard', event: 'PreToolUse', matcher: { tool: 'bash' }, blocking: true, action: noRm }]);
    // A regular file where the ledger's directory should be: unwritable for any user.
    const blocker = join(setup.workspace, 'not-a-dir');
    writeFileSync(blocker, '');
    const ledgerPath = join(blocker, 'ledger.jsonl');
    const { sidecar, init } = await startBonsai(setup, open, { options: { ledgerPath } });
    expect(init.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'warning', code: 'authorization-ledger', file: ledgerPath })]));
    const answer = await sidecar.request('hooks/PreToolUse', bashCall(setup, 'rm -rf /'));
    expect(answer).toMatchObject({ decision: 'block', reason: expect.stringContaining('rm is vetoed') });
    expect((await sidecar.request('ping', {})) ?? {}).toEqual({});
  });
});
