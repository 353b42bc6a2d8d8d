// The pbi additions of the TypeScript client against a scripted in-process peer playing hookd (no sidecar: what hookd
// sends is fixed here): reviewList/reviewTrust/reviewDisable/reviewEnable with the typed (and, with validateResults,
// validated) ReviewListing, their errors (-32011, -32012), onReviewWarnings (hooks/reviewWarnings), HookInfo.review,
// the new initialize options and the pbi event params. The same flows against the built sidecar: pbi-e2e.test.ts.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createTransport, ErrorCodes, HookdClient, HookdResponseError, initializeParams, REVIEW_STATUSES, type ReviewListing, type ReviewWarningsParams } from '../src/index.js';
import { HookInfoSchema } from '../src/protocol.gen/index.js';

const open: Array<{ client: HookdClient; peer: MessageConnection }> = [];
afterEach(() => {
  for (const { client, peer } of open.splice(0)) {
    client.dispose();
    peer.dispose();
  }
});
function connectedPair(): { client: HookdClient; peer: MessageConnection } {
  const toClient = new PassThrough();
  const toPeer = new PassThrough();
  const client = new HookdClient(createTransport(toClient, toPeer, 'content-length'), { validateResults: true });
  const peer = createMessageConnection(new StreamMessageReader(toPeer), new StreamMessageWriter(toClient));
  peer.listen();
  open.push({ client, peer });
  return { client, peer };
}

const KEY = 'project:/ws/.agents/hooks.json:PreToolUse:shell:sha256:4b:1';
function listing(status: (typeof REVIEW_STATUSES)[number], key = KEY): ReviewListing {
  const warnings = status === 'untrusted' ? ['1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).'] : [];
  return {
    dialect: 'pbi',
    hooks: [
      {
        key, trustStatus: status, currentHash: 'sha256:00', enabled: status !== 'disabled', managed: false, runnable: status === 'trusted', diagnostics: [],
        id: 'pbi:1', event: 'PreToolUse', matcher: 'shell', command: 'echo hi', source: 'project', sourcePath: '/ws/.agents/hooks.json', statusMessage: null, timeoutMs: 600_000,
      },
    ],
    diagnostics: [],
    reviewRequiredCount: warnings.length,
    trustBypassActive: false,
    warnings,
    statePath: '/h/.pbi-agent/hooks_state.json',
  };
}

describe('review/* through the TypeScript client, against a scripted peer', () => {
  it('"Review hooks with either: pbi-agent hooks / trust / disable / enable": reviewList, reviewTrust, reviewDisable, reviewEnable send the key and read the listing', async () => {
    const { client, peer } = connectedPair();
    const sent: Array<[string, unknown]> = [];
    peer.onRequest('review/list', (params: unknown) => (sent.push(['review/list', params]), listing('untrusted')));
    peer.onRequest('review/trust', (params: { key: string }) => (sent.push(['review/trust', params]), listing('trusted', params.key)));
    peer.onRequest('review/disable', (params: { key: string }) => (sent.push(['review/disable', params]), listing('disabled', params.key)));
    peer.onRequest('review/enable', (params: { key: string }) => (sent.push(['review/enable', params]), listing('modified', params.key)));
    const listed = await client.reviewList();
    expect(listed.reviewRequiredCount).toBe(1);
    expect(listed.hooks[0]!.trustStatus).toBe('untrusted');
    expect((await client.reviewTrust({ key: KEY })).hooks[0]).toMatchObject({ key: KEY, trustStatus: 'trusted', runnable: true });
    expect((await client.reviewDisable({ key: KEY })).hooks[0]).toMatchObject({ trustStatus: 'disabled', enabled: false });
    expect((await client.reviewEnable({ key: KEY })).hooks[0]).toMatchObject({ trustStatus: 'modified', enabled: true });
    expect(sent.map(([method]) => method)).toEqual(['review/list', 'review/trust', 'review/disable', 'review/enable']);
    expect(sent.slice(1).map(([, params]) => params)).toEqual([{ key: KEY }, { key: KEY }, { key: KEY }]);
  });

  it('a listing that breaks the schema is refused with validateResults (an unknown trust status)', async () => {
    const { client, peer } = connectedPair();
    peer.onRequest('review/list', () => ({ ...listing('untrusted'), hooks: [{ ...listing('untrusted').hooks[0], trustStatus: 'approved' }] }));
    await expect(client.reviewList()).rejects.toThrow();
  });

  it('an unknown key is -32011 (HookNotFound), a managed hook -32012 (ReviewNotAllowed)', async () => {
    const { client, peer } = connectedPair();
    peer.onRequest('review/trust', () => new ResponseError(ErrorCodes.HookNotFound, 'hook not found: nope'));
    peer.onRequest('review/disable', () => new ResponseError(ErrorCodes.ReviewNotAllowed, 'managed hooks cannot be disabled or enabled manually'));
    const missing = await client.reviewTrust({ key: 'nope' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HookdResponseError);
    expect((missing as HookdResponseError).code).toBe(-32011);
    const managed = await client.reviewDisable({ key: KEY }).catch((e: unknown) => e);
    expect((managed as HookdResponseError).code).toBe(-32012);
  });

  it('"Startup warnings appear ... when untrusted or modified hooks are discovered": onReviewWarnings gets hooks/reviewWarnings', async () => {
    const { client, peer } = connectedPair();
    const seen: ReviewWarningsParams[] = [];
    client.onReviewWarnings((params) => seen.push(params));
    const params = { warnings: ['2 command hooks require trust review and will be skipped.'], reviewRequiredCount: 2, trustBypassActive: false };
    await peer.sendNotification('hooks/reviewWarnings', params);
    const deadline = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([params]);
  });

  it('the pbi initialize options and event params are typed and sent as given', async () => {
    const init = initializeParams({
      workspace: '/ws',
      dialect: 'pbi',
      options: { dangerouslyBypassHookTrust: true, managedHooksPath: '/p/managed.json', managedPolicyDir: '/etc/p', hookStatePath: '/s.json' },
    });
    expect(init.options).toEqual({ dangerouslyBypassHookTrust: true, managedHooksPath: '/p/managed.json', managedPolicyDir: '/etc/p', hookStatePath: '/s.json' });
    const { client, peer } = connectedPair();
    const got: unknown[] = [];
    peer.onRequest('hooks/SubagentStart', (params: unknown) => (got.push(params), { event: 'SubagentStart', decision: 'none', continue: true, notes: [], runs: [] }));
    peer.onRequest('hooks/PreCompact', (params: unknown) => (got.push(params), { event: 'PreCompact', decision: 'none', continue: true, notes: [], runs: [] }));
    const session = { id: 's', provider: 'openai', agentName: 'main', workspaceDirectoryKey: 'wk' };
    await client.subagentStart({ session, taskInstruction: 'check', subagentName: 'Hephaestus', subagentType: 'default' });
    await client.preCompact({ session, trigger: 'auto', inputMessageCount: 4, pendingToolExchange: true });
    expect(got[0]).toMatchObject({ session, taskInstruction: 'check', subagentName: 'Hephaestus', subagentType: 'default' });
    expect(got[1]).toMatchObject({ trigger: 'auto', inputMessageCount: 4, pendingToolExchange: true });
  });

  it('HookInfo.review is part of the HookInfo schema', () => {
    const info = HookInfoSchema.parse({
      id: 'pbi:1', event: 'Stop', handlerType: 'command', source: '/ws/.agents/hooks.json', scope: 'project', timeoutMs: 600_000, enabled: false, state: 'untrusted',
      provenance: { scope: 'project', file: '/ws/.agents/hooks.json' },
      review: { key: KEY, trustStatus: 'modified', currentHash: 'sha256:00', enabled: true, managed: false, runnable: false, diagnostics: [] },
    });
    expect(info.review?.trustStatus).toBe('modified');
  });
});
