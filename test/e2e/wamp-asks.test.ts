// WAMP asks through the built sidecar, as the demo agent meets them: an attended ask answered at the card
// (hooks/askToolApproval), an unattended one refused without asking, a "for this chat" answer refused, a deny binding
// in Full access. (test/e2e/wamp-ask.test.ts covers the card's other answers, cancellation and the ask in the result.)
import { afterEach, describe, expect, it } from 'vitest';
import type { Sidecar } from '../helpers/sidecar.js';
import { printJson, startWamp, wampSession, wampSetup, writeHooks, type WampSetup } from '../helpers/wamp.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const REASON = 'pushing to main needs a human';
const ask = printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: REASON } });
const deny = printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'force pushes are never allowed' } });
const asking = (...commands: string[]) => ({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: commands.map((command) => ({ type: 'command', command })) }] } });
const push = (setup: WampSetup, runId: string, extra: Record<string, unknown> = {}) => ({
  session: wampSession(setup),
  runId,
  toolName: 'shell',
  toolInput: { command: 'git push origin main' },
  toolUseId: `call-${runId}`,
  ...extra,
});

async function started(hooks: unknown, capabilities: Record<string, boolean> = {}, answer?: (params: any) => unknown): Promise<{ setup: WampSetup; sidecar: Sidecar }> {
  const setup = wampSetup();
  writeHooks(setup.userFile, hooks);
  const { sidecar } = await startWamp(setup, open, { capabilities }, (sidecar) => {
    if (answer) sidecar.onRequest('hooks/askToolApproval', answer);
  });
  return { setup, sidecar };
}

const approvalRequests = (sidecar: Sidecar) => sidecar.serverRequests.filter((message) => message.method === 'hooks/askToolApproval');

describe('wamp asks (built sidecar)', () => {
  it('"When nobody can answer, as in an unattended run, an ask becomes a refusal." — a binding deny with a warning; the client is not asked even though it could answer', async () => {
    const { setup, sidecar } = await started(asking(ask), { toolApproval: true }, () => ({ answer: 'allow' }));
    const result = await sidecar.request('hooks/PreToolUse', push(setup, 'run-1', { unattended: true }));
    expect(result).toMatchObject({ decision: 'deny', binding: true, reason: `${REASON} (approval needed, but nobody can answer this unattended run)` });
    expect(result.approval).toBeUndefined();
    expect(result.warnings?.length ?? 0).toBeGreaterThan(0);
    expect(approvalRequests(sidecar)).toEqual([]);
  });

  it('"An ask shows one approval card with the hook\'s reason." — with toolApproval the client is asked (Allow and Deny only); allow: the hooks no longer object', async () => {
    const seen: any[] = [];
    const { setup, sidecar } = await started(asking(ask), { toolApproval: true }, (params) => {
      seen.push(params);
      return { answer: 'allow' };
    });
    const result = await sidecar.request('hooks/PreToolUse', push(setup, 'run-1'));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      sessionId: 'wamp-e2e',
      event: 'PreToolUse',
      runId: 'run-1',
      toolName: 'shell',
      toolUseId: 'call-run-1',
      toolInput: { command: 'git push origin main' },
      reason: REASON,
      options: ['allow', 'deny'],
    });
    expect(result.decision).toBe('none');
    expect(result.approval).toMatchObject({ options: ['allow', 'deny'], reason: REASON, answer: 'allow' });
    expect(result.binding).not.toBe(true);
  });

  it('"The card offers only Allow and Deny, never "allow for this chat"." — an answer "allow_for_this_chat" is not accepted: it fails closed (deny) with a note', async () => {
    const { setup, sidecar } = await started(asking(ask), { toolApproval: true }, () => ({ answer: 'allow_for_this_chat' }));
    const result = await sidecar.request('hooks/PreToolUse', push(setup, 'run-1'));
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.notes.length).toBeGreaterThan(0);
  });

  it('"A deny refuses the call in every mode, including Full access, even if you allowed that tool earlier in the chat." — binding in a bypassPermissions session', async () => {
    const { setup, sidecar } = await started(asking(deny));
    const result = await sidecar.request('hooks/PreToolUse', { ...push(setup, 'run-1'), session: { ...wampSession(setup), permissionMode: 'bypassPermissions' } });
    expect(result).toMatchObject({ decision: 'deny', binding: true, reason: 'force pushes are never allowed' });
  });
});
