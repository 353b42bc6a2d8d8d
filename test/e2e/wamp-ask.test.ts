// The wamp dialect's asks end to end through the built sidecar: a user hook in ~/.wamp/hooks.json asks
// (permissionDecision "ask"); a client that declared capabilities.toolApproval gets one hooks/askToolApproval card and
// its answer decides the call; an unattended run is never asked (the ask is a refusal); cancelling the event cancels
// the card with $/cancelRequest.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
const releases: Array<() => void> = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const ASK_REASON = 'deploys to production';
const ask = (reason: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: reason } });
const deny = (reason: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
/** A shell command that prints `json` (single-quoted: the JSON has no single quotes). */
const printing = (json: string) => `printf '%s' '${json}'`;

/** A home whose ~/.wamp/hooks.json (user scope: runs without trust) has these PreToolUse commands for `shell`. */
function scene(commands: string[]): { home: string; workspace: string } {
  const home = scratchDir('hookd-wamp-ask-home-');
  const workspace = scratchDir('hookd-wamp-ask-ws-');
  mkdirSync(join(home, '.wamp'));
  const hooks = { hooks: { PreToolUse: [{ matcher: 'shell', hooks: commands.map((command) => ({ type: 'command', command })) }] } };
  writeFileSync(join(home, '.wamp', 'hooks.json'), JSON.stringify(hooks, null, 2));
  return { home, workspace };
}

async function start(commands: string[], capabilities: Record<string, unknown> = { toolApproval: true }): Promise<Sidecar> {
  const { home, workspace } = scene(commands);
  const sidecar = new Sidecar();
  open.push(sidecar);
  await sidecar.initialize(workspace, { dialect: 'wamp', home, capabilities, tools: ['shell', 'write', 'edit', 'apply_patch'] });
  return sidecar;
}

const preToolUse = (extra: Record<string, unknown> = {}) => ({
  session: { id: 'wamp-ask' },
  runId: 'run-1',
  toolName: 'shell',
  toolUseId: 'call-1',
  toolInput: { command: 'deploy --prod' },
  ...extra,
});

const cards = (sidecar: Sidecar) => sidecar.serverRequests.filter((message) => message.method === 'hooks/askToolApproval');

describe('wamp asks through the built sidecar (hooks/askToolApproval)', () => {
  it('"An ask shows one approval card with the hook\'s reason. The card offers only Allow and Deny, never \\"allow for this chat\\"."', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    sidecar.onRequest('hooks/askToolApproval', () => ({ answer: 'allow' }));
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(cards(sidecar)).toHaveLength(1);
    expect(cards(sidecar)[0]!.params).toEqual({
      sessionId: 'wamp-ask',
      event: 'PreToolUse',
      runId: 'run-1',
      toolName: 'shell',
      toolUseId: 'call-1',
      toolInput: { command: 'deploy --prod' },
      reason: ASK_REASON,
      options: ['allow', 'deny'],
    });
    // Allow: the hooks no longer object; the agent's own permission decision follows.
    expect(result).toMatchObject({ decision: 'none', approval: { options: ['allow', 'deny'], reason: ASK_REASON, answer: 'allow' } });
    expect(result).not.toHaveProperty('binding');
  });

  it('Deny at the card refuses the call: a binding deny "denied at the approval card: <reason>"', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    sidecar.onRequest('hooks/askToolApproval', () => ({ answer: 'deny' }));
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result).toMatchObject({ decision: 'deny', binding: true, reason: `denied at the approval card: ${ASK_REASON}`, approval: { answer: 'deny' } });
  });

  it('a card the client cannot answer (an error answer) denies the call, fail-closed, with a note saying why', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    sidecar.onRequest('hooks/askToolApproval', () => {
      throw Object.assign(new Error('no approval UI in this client'), { code: -32601 });
    });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.notes.join('\n')).toContain('hooks/askToolApproval failed: no approval UI in this client');
  });

  it('"When nobody can answer, as in an unattended run, an ask becomes a refusal": no card is asked, the call is a binding deny', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    sidecar.onRequest('hooks/askToolApproval', () => ({ answer: 'allow' }));
    const result = await sidecar.request('hooks/PreToolUse', preToolUse({ unattended: true }));
    expect(cards(sidecar)).toEqual([]);
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.reason).toContain(ASK_REASON);
    expect(result).not.toHaveProperty('approval.answer');
  });

  it('"a deny outranks an ask": no card is asked when another hook denies', async () => {
    const sidecar = await start([printing(ask(ASK_REASON)), printing(deny('never in prod'))]);
    sidecar.onRequest('hooks/askToolApproval', () => ({ answer: 'allow' }));
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(cards(sidecar)).toEqual([]);
    expect(result).toMatchObject({ decision: 'deny', binding: true });
  });

  it('without capabilities.toolApproval the ask is in the result (decision "ask", approval with only allow and deny); nothing is asked', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))], {});
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(cards(sidecar)).toEqual([]);
    expect(result).toMatchObject({ decision: 'ask', approval: { options: ['allow', 'deny'], reason: ASK_REASON } });
    expect(result.approval).not.toHaveProperty('answer');
  });

  it('cancelling the event while its card is shown cancels the card ($/cancelRequest); the event is answered -32800', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    // The card stays open until the test ends.
    sidecar.onRequest('hooks/askToolApproval', () => new Promise((resolve) => releases.push(() => resolve({ answer: 'allow' }))));
    const id = sidecar.nextId();
    const answered = sidecar.call('hooks/PreToolUse', preToolUse(), id);
    expect(await waitUntil(() => cards(sidecar).length === 1, 20_000)).toBe(true);
    const cardId = cards(sidecar)[0]!.id;
    sidecar.notify('$/cancelRequest', { id });
    const response: RpcMessage = await answered;
    expect(response.error?.code).toBe(-32800);
    const cancelledCard = (message: RpcMessage) => message.method === '$/cancelRequest' && (message.params as { id?: unknown }).id === cardId;
    expect(await waitUntil(() => sidecar.notifications.some(cancelledCard), 20_000)).toBe(true);
  });

  it('input closing while a card is shown: the event is answered -32800 "cancelled: hookd is exiting" and hookd exits', async () => {
    const sidecar = await start([printing(ask(ASK_REASON))]);
    sidecar.onRequest('hooks/askToolApproval', () => new Promise((resolve) => releases.push(() => resolve({ answer: 'allow' }))));
    const answered = sidecar.call('hooks/PreToolUse', preToolUse());
    expect(await waitUntil(() => cards(sidecar).length === 1, 20_000)).toBe(true);
    sidecar.child.stdin.end();
    const response: RpcMessage = await answered;
    expect(response.error).toMatchObject({ code: -32800, message: 'cancelled: hookd is exiting' });
    expect((await sidecar.exited).code).toBe(1);
  });
});
