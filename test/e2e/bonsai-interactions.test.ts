// Acceptance: the seed's "Interactions" through the built sidecar — tools that must serialize in a parallel batch
// (initialize and reload results) and the authorization ledger (JSONL at options.ledgerPath). Network denial of
// http hooks, the third interaction, is pinned in bonsai-http.test.ts against a real local server.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, writeGlobal, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const guard = (name: string, tool: string | undefined, extra: Partial<BonsaiTable> = {}): BonsaiTable => ({
  name,
  event: 'PreToolUse',
  ...(tool !== undefined ? { matcher: { tool } } : {}),
  blocking: true,
  action: { type: 'shell', command: 'exit 0' },
  ...extra,
});

const ledgerLines = (setup: BonsaiSetup): any[] =>
  existsSync(setup.ledgerPath)
    ? readFileSync(setup.ledgerPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

describe('bonsai interactions (built sidecar)', () => {
  it('"Blocking PreToolUse hooks with literal tool matchers force those tools to serialize in parallel batching, since a veto/rewrite must be observed before anything else runs."', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [
      guard('bash-guard', 'bash'),
      guard('edit-guard', 'edit'),
      guard('web-guard', 'web_*'),
      guard('any-guard', undefined),
      guard('read-watch', 'read', { blocking: false }),
      guard('write-bash', 'write', { event: 'PreBash' }),
      guard('parked', 'grep', { enabled: false }),
    ]);
    const { sidecar, init } = await startBonsai(setup, open);
    expect([...init.serializeTools].sort()).toEqual(['bash', 'edit']);
    const listed = await sidecar.request('hooks/list', {});
    expect([...listed.serializeTools].sort()).toEqual(['bash', 'edit']);

    writeGlobal(setup, [guard('bash-guard', 'bash'), guard('grep-guard', 'grep')]);
    const reloaded = await sidecar.request('hooks/reload', {});
    expect([...reloaded.serializeTools].sort()).toEqual(['bash', 'grep']);
  });

  it('"Every hook decision that gates an effect is recorded in the authorization ledger." (JSONL: time, hook name and hash, event, decision, reason, duration)', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [
      guard('bash-guard', 'bash', { action: { type: 'shell', command: 'case "$BONSAI_COMMAND" in *rm*) echo "no rm" >&2; exit 2;; esac' } }),
      { name: 'bash-log', event: 'PreToolUse', matcher: { tool: 'bash' }, action: { type: 'shell', command: 'exit 0' } },
      { name: 'post-log', event: 'PostToolUse', blocking: true, action: { type: 'shell', command: 'exit 0' } },
    ]);
    const { sidecar } = await startBonsai(setup, open);
    const call = (command: string) => ({ session: session(setup), toolName: 'bash', toolInput: { command }, toolUseId: `call-${command}` });
    expect((await sidecar.request('hooks/PreToolUse', call('ls'))).decision).toBe('none');
    expect((await sidecar.request('hooks/PreToolUse', call('rm -rf target'))).decision).toBe('block');
    await sidecar.request('hooks/PostToolUse', { ...call('ls'), toolResponse: { stdout: 'a\nb' } });

    const lines = ledgerLines(setup);
    // Only the blocking pre-hook gates an effect: the non-blocking logger and the post hook are not in the ledger.
    expect(lines.map((line) => line.hook)).toEqual(['bash-guard', 'bash-guard']);
    for (const line of lines) {
      expect(line).toMatchObject({ event: 'PreToolUse', hash: expect.stringMatching(/^sha256:/) });
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(typeof line.durationMs).toBe('number');
    }
    expect(lines[0].decision).not.toBe('block');
    expect(lines[1]).toMatchObject({ decision: 'block', reason: expect.stringContaining('no rm') });
  });

  it('the ledger path is configurable (initialize options.ledgerPath) and appended to, never rewritten', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [guard('bash-guard', 'bash')]);
    const first = await startBonsai(setup, open);
    await first.sidecar.request('hooks/PreToolUse', { session: session(setup), toolName: 'bash', toolInput: { command: 'one' }, toolUseId: 'c1' });
    await first.sidecar.close();
    const second = await startBonsai(setup, open);
    await second.sidecar.request('hooks/PreToolUse', { session: session(setup), toolName: 'bash', toolInput: { command: 'two' }, toolUseId: 'c2' });
    expect(ledgerLines(setup)).toHaveLength(2);
  });
});
