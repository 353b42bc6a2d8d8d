// The server's approval card (hooks/askToolApproval): which results ask, what the client is asked, and how each
// answer (allow, deny, an error, an invalid answer, a cancel) is folded into the event's result. The client is a
// recorder the test answers by hand.
import { describe, expect, it } from 'vitest';
import type { EventParams, EventResult } from '../../../src/protocol/index.js';
import { AskToolApprovalParamsSchema } from '../../../src/protocol/index.js';
import { RpcError } from '../../../src/rpc/errors.js';
import { approvalToAsk, createToolApprovalAsker } from '../../../src/server/tool-approval-asker.js';
import { memoryLogger } from '../rpc/wire-client.js';

type Call = { readonly method: string; readonly params: any; readonly signal: AbortSignal; answer(result: unknown): void; fail(error: Error): void };

const REASON = 'pushes to a remote';
const asking = (extra: Partial<EventResult> = {}): EventResult => ({
  event: 'PreToolUse',
  decision: 'ask',
  reason: REASON,
  continue: true,
  notes: [],
  runs: [],
  approval: { options: ['allow', 'deny'], reason: REASON },
  ...extra,
});
const params = (extra: Partial<EventParams> = {}): EventParams => ({
  session: { id: 's1' },
  runId: 'run-1',
  toolName: 'shell',
  toolUseId: 'tu-1',
  toolInput: { command: 'git push' },
  ...extra,
});

function setUp() {
  const calls: Call[] = [];
  const logger = memoryLogger();
  const asker = createToolApprovalAsker({
    logger,
    callClient: (method, sent, { signal }) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
        calls.push({ method, params: sent, signal, answer: resolve, fail: reject });
      }),
  });
  /** Waits (bounded by the test timeout) until the n-th ask arrived. */
  const asked = async (count = 1) => {
    while (calls.length < count) await new Promise((resolve) => setImmediate(resolve));
    return calls[count - 1]!;
  };
  return { asker, calls, logger, asked };
}

describe('which results ask (approvalToAsk)', () => {
  it('a decision "ask" with an approval and no answer, in an attended run', () => {
    expect(approvalToAsk(params(), asking())).toEqual({ options: ['allow', 'deny'], reason: REASON });
  });

  it('never for an unattended run: "When nobody can answer, as in an unattended run, an ask becomes a refusal" (the dialect\'s; the server asks nothing)', () => {
    expect(approvalToAsk(params({ unattended: true }), asking())).toBeUndefined();
  });

  it('not for an ask without approval (e.g. claude\'s "ask"), one already answered, or another decision', () => {
    const { approval: _approval, ...claudeAsk } = asking();
    expect(approvalToAsk(params(), claudeAsk)).toBeUndefined();
    expect(approvalToAsk(params(), asking({ approval: { options: ['allow', 'deny'], reason: REASON, answer: 'deny' } }))).toBeUndefined();
    expect(approvalToAsk(params(), asking({ decision: 'deny' }))).toBeUndefined();
  });
});

describe('the approval card (hooks/askToolApproval)', () => {
  it('"An ask shows one approval card with the hook\'s reason. The card offers only Allow and Deny": one request with the reason and the tool call', async () => {
    const { asker, calls, asked } = setUp();
    const answered = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    const call = await asked();
    expect(call.method).toBe('hooks/askToolApproval');
    expect(AskToolApprovalParamsSchema.parse(call.params)).toEqual({
      sessionId: 's1',
      event: 'PreToolUse',
      runId: 'run-1',
      toolName: 'shell',
      toolUseId: 'tu-1',
      toolInput: { command: 'git push' },
      reason: REASON,
      options: ['allow', 'deny'],
    });
    call.answer({ answer: 'allow' });
    await answered;
    expect(calls).toHaveLength(1);
  });

  it('allow: decision "none", approval.answer "allow", no reason or binding left, a note', async () => {
    const { asker, asked } = setUp();
    const answered = asker.answer('PreToolUse', params(), asking({ binding: true }), new AbortController().signal);
    (await asked()).answer({ answer: 'allow' });
    const { result, cancelled } = await answered;
    expect(cancelled).toBe(false);
    expect(result.decision).toBe('none');
    expect(result.approval).toEqual({ options: ['allow', 'deny'], reason: REASON, answer: 'allow' });
    expect(result).not.toHaveProperty('reason');
    expect(result).not.toHaveProperty('binding');
    expect(result.notes.join('\n')).toMatch(/answered allow/);
  });

  it('deny: decision "deny", binding, reason "denied at the approval card: <reason>", approval.answer "deny"', async () => {
    const { asker, asked } = setUp();
    const answered = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    (await asked()).answer({ answer: 'deny' });
    const { result } = await answered;
    expect(result).toMatchObject({ decision: 'deny', binding: true, reason: `denied at the approval card: ${REASON}`, approval: { answer: 'deny' } });
  });

  it('an error answer is a deny (fail-closed) with a note saying why', async () => {
    const { asker, asked, logger } = setUp();
    const answered = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    (await asked()).fail(new RpcError(-32601, 'the card is not available'));
    const { result, cancelled } = await answered;
    expect(cancelled).toBe(false);
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.reason).toContain(REASON);
    expect(result).not.toHaveProperty('approval');
    expect(result.notes.join('\n')).toContain('hooks/askToolApproval failed: the card is not available: the ask is denied (fail-closed)');
    expect(logger.lines.some((line) => line.level === 'warn' && line.message.includes('fail-closed'))).toBe(true);
  });

  it('an invalid answer (the rpc layer\'s schema check, or a value not offered) is a deny (fail-closed) naming the problem', async () => {
    const { asker, asked } = setUp();
    const first = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    (await asked(1)).fail(new RpcError(-32603, 'invalid result of hooks/askToolApproval: result.answer: expected one of allow|deny'));
    expect((await first).result.notes.join('\n')).toContain("the client's answer to hooks/askToolApproval is invalid: result.answer: expected one of allow|deny");

    const second = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    (await asked(2)).answer({ answer: 'always' });
    const folded = (await second).result;
    expect(folded).toMatchObject({ decision: 'deny', binding: true });
    expect(folded.notes.join('\n')).toMatch(/the client's answer to hooks\/askToolApproval is invalid: .*answer/);

    const onlyDeny = asker.answer('PreToolUse', params(), asking({ approval: { options: ['deny'], reason: REASON } }), new AbortController().signal);
    (await asked(3)).answer({ answer: 'allow' });
    const notOffered = (await onlyDeny).result;
    expect(notOffered.decision).toBe('deny');
    expect(notOffered.notes.join('\n')).toContain('"allow" was not offered');
  });

  it('asks nothing for a result that does not ask, an unattended run, or a request already cancelled', async () => {
    const { asker, calls } = setUp();
    const none = { ...asking({ decision: 'none' }) };
    expect(await asker.answer('PreToolUse', params(), none, new AbortController().signal)).toEqual({ result: none, cancelled: false });
    const unattended = await asker.answer('PreToolUse', params({ unattended: true }), asking(), new AbortController().signal);
    expect(unattended).toEqual({ result: asking(), cancelled: false });
    expect(await asker.answer('PreToolUse', params(), asking(), AbortSignal.abort())).toMatchObject({ cancelled: true });
    expect(calls).toEqual([]);
  });

  it('cancelling the event request cancels the ask (its signal aborts) and reports the event cancelled; a late answer is not used', async () => {
    const { asker, asked } = setUp();
    const request = new AbortController();
    const answered = asker.answer('PreToolUse', params(), asking(), request.signal);
    const call = await asked();
    expect(call.signal.aborted).toBe(false);
    request.abort();
    expect(call.signal.aborted).toBe(true);
    call.answer({ answer: 'allow' });
    expect(await answered).toMatchObject({ cancelled: true, result: { decision: 'ask' } });
  });

  it('cancelSession cancels only that session\'s pending asks and counts them', async () => {
    const { asker, asked } = setUp();
    const mine = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    const theirs = asker.answer('PreToolUse', params({ session: { id: 's2' } }), asking(), new AbortController().signal);
    const [first, second] = [await asked(1), await asked(2)];
    expect(asker.cancelSession('s1')).toBe(1);
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    expect(await mine).toMatchObject({ cancelled: true });
    second.answer({ answer: 'deny' });
    expect((await theirs).result.decision).toBe('deny');
    expect(asker.cancelSession('s1')).toBe(0);
  });

  it('close cancels every pending ask; nothing is asked afterwards', async () => {
    const { asker, asked, calls } = setUp();
    const pending = asker.answer('PreToolUse', params(), asking(), new AbortController().signal);
    const call = await asked();
    asker.close();
    expect(call.signal.aborted).toBe(true);
    expect(await pending).toMatchObject({ cancelled: true });
    expect(await asker.answer('PreToolUse', params(), asking(), new AbortController().signal)).toMatchObject({ cancelled: true });
    expect(calls).toHaveLength(1);
  });
});
