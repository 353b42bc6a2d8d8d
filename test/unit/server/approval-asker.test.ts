// The server's approval questions (hooks/approve) against a real engine (a test-only dialect whose configuration
// the test swaps) and a real trust store in a scratch directory; the client is a recorder the test answers by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import type { DiagnosticsParams } from '../../../src/protocol/index.js';
import { ApproveHookParamsSchema } from '../../../src/protocol/index.js';
import { createApprovalAsker, type ApprovalAsker } from '../../../src/server/approval-asker.js';
import { TrustStore } from '../../../src/trust/store.js';
import { scratchDir } from '../../helpers/scratch.js';
import { fakeDialect, hook, scriptedRunner } from '../engine/fakes.js';
import { eventParams } from '../engine/manual-runner.js';
import { memoryLogger } from '../rpc/wire-client.js';

const FILE = '/ws/.fake/config.toml';
const keyOf = (name: string) => `approval:${FILE}#${name}`;

function asking(name: string, command: string, extra: Partial<HookSpec> = {}): HookSpec {
  return {
    ...hook(`project:${name}`, 'PreToolUse', command),
    name,
    matcher: '{ tool = "Bash" }',
    source: FILE,
    trustKey: keyOf(name),
    trustHash: `sha256:${name}-${command}`,
    approval: { summary: command, actionType: 'shell' },
    ...extra,
  };
}

type Call = { readonly method: string; readonly params: any; readonly signal: AbortSignal; answer(result: unknown): void; fail(error: Error): void };

function setUp(initial: HookSpec[], storeText?: string) {
  let hooks = initial;
  const calls: Call[] = [];
  const notified: DiagnosticsParams[] = [];
  const dir = scratchDir('hookd-approval-');
  const storePath = join(dir, 'trust.json');
  if (storeText !== undefined) writeFileSync(storePath, storeText);
  const trustStore = new TrustStore(storePath, { lockWaitMs: 2000 });
  let asker: ApprovalAsker | undefined;
  const dialect = fakeDialect([], { load: () => ({ hooks, diagnostics: [], sources: [FILE] }) });
  const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws', asksApproval: true, onReload: () => asker?.askNow() });
  const context = { workspace: '/ws', home: '/home/u' };
  engine.load(context);
  const logger = memoryLogger();
  asker = createApprovalAsker({
    engine,
    trustStore,
    logger,
    notify: (params) => notified.push(params),
    callClient: (method, params, { signal }) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
        calls.push({ method, params, signal, answer: resolve, fail: reject });
      }),
  });
  return {
    engine,
    asker,
    calls,
    notified,
    logger,
    storePath,
    reload: (next: HookSpec[] = hooks) => {
      hooks = next;
      engine.reload(context);
    },
    ran: async () => (await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId),
  };
}

describe('approval questions (hooks/approve)', () => {
  it('asks about every hook awaiting approval at once, showing its command, matcher and the hash the answer covers', () => {
    const { asker, calls } = setUp([asking('fmt', 'allow'), asking('audit', 'deny'), { ...hook('user:u', 'PreToolUse', 'allow'), scope: 'user' }]);
    asker.askNow();
    expect(calls.map((call) => call.method)).toEqual(['hooks/approve', 'hooks/approve']);
    expect(calls[0]?.params).toEqual({
      hookId: 'project:fmt',
      name: 'fmt',
      event: 'PreToolUse',
      source: FILE,
      actionType: 'shell',
      summary: 'allow',
      matcher: '{ tool = "Bash" }',
      hash: 'sha256:fmt-allow',
    });
    for (const call of calls) expect(ApproveHookParamsSchema.safeParse(call.params).success).toBe(true);
  });

  it('a never-answering client never blocks events: they are answered while the question is pending, without the hook', async () => {
    const { asker, calls, ran } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    expect(calls).toHaveLength(1);
    expect(await ran()).toEqual([]);
    expect(calls[0]?.signal.aborted).toBe(false);
  });

  it('"once" approves for this load: it fires, and the next load asks again', async () => {
    const { asker, calls, ran, reload, notified } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.answer({ answer: 'once' });
    await asker.settled();
    expect(await ran()).toEqual(['project:fmt']);
    expect(notified.at(-1)).toMatchObject({ trigger: 'approval', hooks: 1 });
    expect(notified.at(-1)?.diagnostics.map((entry) => entry.code)).not.toContain('awaiting_approval');
    reload();
    expect(calls).toHaveLength(2);
    expect(await ran()).toEqual([]);
  });

  it('"session" approves for this hookd process: a reload asks nothing', async () => {
    const { asker, calls, ran, reload } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.answer({ answer: 'session' });
    await asker.settled();
    reload();
    expect(calls).toHaveLength(1);
    expect(await ran()).toEqual(['project:fmt']);
  });

  it('"project" is written to the trust store (key and hash) and read back by a later session', async () => {
    const { asker, calls, ran, storePath } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.answer({ answer: 'project' });
    await asker.settled();
    expect(await ran()).toEqual(['project:fmt']);
    const stored = JSON.parse(readFileSync(storePath, 'utf8')) as { trusted: Record<string, { trustedHash?: string }> };
    expect(stored.trusted[keyOf('fmt')]?.trustedHash).toBe('sha256:fmt-allow');
    // The next initialize reads the store (session-handlers.ts): nothing to ask, the hook runs.
    const later = setUp([asking('fmt', 'allow')]);
    for (const { key, trustedHash } of new TrustStore(storePath).trustedEntries()) later.engine.setTrusted(key, true, trustedHash);
    later.asker.askNow();
    expect(later.calls).toEqual([]);
    expect(await later.ran()).toEqual(['project:fmt']);
  });

  it('a "project" answer the store cannot record approves for this process only, with a warning naming the store', async () => {
    const { asker, calls, ran, notified } = setUp([asking('fmt', 'allow')], '{ not json');
    asker.askNow();
    calls[0]?.answer({ answer: 'project' });
    await asker.settled();
    expect(await ran()).toEqual(['project:fmt']);
    const warning = notified.at(-1)?.diagnostics.find((entry) => entry.code === 'trust-store');
    expect(warning?.message).toContain('approved for this hookd process only');
  });

  it('"deny": the hook does not fire and is not asked about again in this process, until its declaration changes', async () => {
    const { asker, calls, ran, reload, engine } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.answer({ answer: 'deny' });
    await asker.settled();
    expect(await ran()).toEqual([]);
    expect(engine.trustState(keyOf('fmt'))).toBe('denied');
    reload();
    expect(calls).toHaveLength(1);
    reload([asking('fmt', 'allow', { trustHash: 'sha256:edited' })]);
    expect(calls.map((call) => call.params.hash)).toEqual(['sha256:fmt-allow', 'sha256:edited']);
  });

  it('an answer that fails the schema leaves the hook awaiting approval, with a diagnostic naming the problem', async () => {
    const { asker, calls, ran, notified, engine } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.answer({ answer: 'always' });
    await asker.settled();
    expect(await ran()).toEqual([]);
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    const message = notified.at(-1)?.diagnostics.find((entry) => entry.code === 'awaiting_approval')?.message ?? '';
    expect(message).toContain('the client\'s answer to hooks/approve for "fmt" is invalid');
    expect(message).toContain('answer: Invalid option: expected one of "once"|"session"|"project"|"deny"');
  });

  it('an error answer leaves the hook awaiting approval, with a diagnostic carrying the error', async () => {
    const { asker, calls, engine } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    calls[0]?.fail(new Error('the user closed the dialog'));
    await asker.settled();
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
    expect(engine.diagnostics().find((entry) => entry.code === 'awaiting_approval')?.message).toContain('hooks/approve for "fmt" failed: the user closed the dialog');
  });

  it('a reload keeps a pending question for the same declaration (not asked twice) and replaces one whose declaration changed', () => {
    const { asker, calls, reload } = setUp([asking('fmt', 'allow'), asking('audit', 'deny')]);
    asker.askNow();
    reload();
    expect(calls).toHaveLength(2);
    reload([asking('fmt', 'allow', { trustHash: 'sha256:edited' }), asking('audit', 'deny')]);
    expect(calls.map((call) => [call.params.name, call.params.hash, call.signal.aborted])).toEqual([
      ['fmt', 'sha256:fmt-allow', true],
      ['audit', 'sha256:audit-deny', false],
      ['fmt', 'sha256:edited', false],
    ]);
  });

  it('a question trust/set answered meanwhile is withdrawn (cancelled); its late answer changes nothing', async () => {
    const { asker, calls, engine } = setUp([asking('fmt', 'allow')]);
    asker.askNow();
    engine.setTrusted(keyOf('fmt'), true);
    asker.withdrawAnswered();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.answer({ answer: 'deny' });
    await asker.settled();
    expect(engine.trustState(keyOf('fmt'))).toBe('trusted');
  });

  it('close (shutdown) cancels every pending question, and nothing is asked afterwards', async () => {
    const { asker, calls, reload, engine } = setUp([asking('fmt', 'allow'), asking('audit', 'deny')]);
    asker.askNow();
    asker.close();
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, true]);
    reload();
    asker.askNow();
    expect(calls).toHaveLength(2);
    await asker.settled();
    expect(engine.trustState(keyOf('fmt'))).toBe('awaiting_approval');
  });
});
