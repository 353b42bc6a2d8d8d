// The wamp additions of the TypeScript client against a scripted in-process peer playing hookd (no sidecar: what hookd
// sends is fixed here): the tool approval callback (hooks/askToolApproval, capabilities.toolApproval), trustWorkspace,
// the new event params and the new result fields, typed. The same flows against the built sidecar: wamp-e2e.test.ts.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createTransport, HookdClient, initializeParams, type EventResult, type ToolApprovalRequest } from '../src/index.js';
import { AskToolApprovalResultSchema, EventResultSchema } from '../src/protocol.gen/index.js';

function connectedPair(): { client: HookdClient; peer: MessageConnection } {
  const toClient = new PassThrough();
  const toPeer = new PassThrough();
  const client = new HookdClient(createTransport(toClient, toPeer, 'content-length'));
  const peer = createMessageConnection(new StreamMessageReader(toPeer), new StreamMessageWriter(toClient));
  peer.listen();
  open.push({ client, peer });
  return { client, peer };
}
const open: Array<{ client: HookdClient; peer: MessageConnection }> = [];
afterEach(() => {
  for (const { client, peer } of open.splice(0)) {
    client.dispose();
    peer.dispose();
  }
});

const ask: ToolApprovalRequest = {
  sessionId: 's1',
  event: 'PreToolUse',
  runId: 'run-1',
  toolName: 'shell',
  toolUseId: 'tu-1',
  toolInput: { command: 'git push' },
  reason: 'pushing needs a human',
  options: ['allow', 'deny'],
};

async function rejectionOf(promise: Promise<unknown>): Promise<ResponseError<unknown>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseError);
  return error as ResponseError<unknown>;
}

describe('the tool approval callback (hooks/askToolApproval), against a scripted peer', () => {
  it('"an ask asks for one approval with only Allow and Deny (no "allow for this chat"), as a server → client request": the callback gets it and its answer goes back', async () => {
    const { client, peer } = connectedPair();
    const seen: ToolApprovalRequest[] = [];
    const answers = ['allow', 'deny', true, false, { answer: 'deny' }] as const;
    let next = 0;
    client.onToolApproval(async (request) => (seen.push(request), answers[next++]!));
    const got = [];
    for (let i = 0; i < answers.length; i++) got.push(AskToolApprovalResultSchema.parse(await peer.sendRequest('hooks/askToolApproval', ask)));
    expect(got).toEqual([{ answer: 'allow' }, { answer: 'deny' }, { answer: 'allow' }, { answer: 'deny' }, { answer: 'deny' }]);
    expect(seen[0]).toEqual(ask);
  });

  it('an answer other than allow or deny is refused in the client (an error answer, which hookd reads as deny), never sent as given', async () => {
    const { client, peer } = connectedPair();
    client.onToolApproval(() => 'allow_for_chat' as never);
    const error = await rejectionOf(peer.sendRequest('hooks/askToolApproval', ask));
    expect(error.code).not.toBe(-32601);
  });

  it('without a callback hooks/askToolApproval is answered method-not-found', async () => {
    const { peer } = connectedPair();
    const error = await rejectionOf(peer.sendRequest('hooks/askToolApproval', ask));
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('hooks/askToolApproval');
  });

  it("hookd's $/cancelRequest (the event was cancelled) aborts the callback's signal", async () => {
    const { client, peer } = connectedPair();
    let started = false;
    let aborted = false;
    client.onToolApproval(
      (_request, { signal }) =>
        new Promise(() => {
          started = true;
          signal.addEventListener('abort', () => (aborted = true));
        }),
    );
    const { CancellationTokenSource } = await import('vscode-jsonrpc/node');
    const source = new CancellationTokenSource();
    const pending = peer.sendRequest('hooks/askToolApproval', ask, source.token);
    pending.catch(() => {});
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    source.cancel();
    await expect.poll(() => aborted, { timeout: 10_000 }).toBe(true);
  });
});

describe('initialize params and event params for wamp', () => {
  it('spawnHookd({toolApproval}) declares capabilities.toolApproval; "A Cloud session trusts its own workspace": trustWorkspace is options.trustWorkspace', () => {
    const params = initializeParams({ workspace: '/w', dialect: 'wamp', toolApproval: () => 'allow', trustWorkspace: true, options: { killGraceMs: 100 } });
    expect(params.capabilities).toEqual({ programmaticHooks: true, toolApproval: true });
    expect(params.options).toEqual({ killGraceMs: 100, trustWorkspace: true });
    expect(initializeParams({ workspace: '/w', trustWorkspace: false }).options).toEqual({ trustWorkspace: false });
    const plain = initializeParams({ workspace: '/w' });
    expect(plain.capabilities).toEqual({ programmaticHooks: true });
    expect('options' in plain).toBe(false);
  });

  it('the wamp event params (runId, session agent/runtime, turnKind, unattended, isError, finish, rootRun) are sent as given', async () => {
    const { client, peer } = connectedPair();
    const sent: unknown[] = [];
    const answer = (event: string) => ({ event, decision: 'none', continue: true, notes: [], runs: [] });
    for (const event of ['UserPromptSubmit', 'PostToolUse', 'Stop']) peer.onRequest(`hooks/${event}`, (params: unknown) => (sent.push(params), answer(event)));
    const session = { id: 's', agent: 'wamp', runtime: 'acp' };
    await client.userPromptSubmit({ session, runId: 'r1', prompt: 'hi', turnKind: 'scheduled', unattended: true });
    await client.postToolUse({ session, runId: 'r1', toolName: 'shell', toolInput: { command: 'false' }, toolResponse: 'exit 1', isError: true });
    await client.stop({ session, runId: 'r1', finish: 'user_stop', rootRun: false });
    expect(sent).toEqual([
      { session, runId: 'r1', prompt: 'hi', turnKind: 'scheduled', unattended: true },
      { session, runId: 'r1', toolName: 'shell', toolInput: { command: 'false' }, toolResponse: 'exit 1', isError: true },
      { session, runId: 'r1', finish: 'user_stop', rootRun: false },
    ]);
  });

  it('the wamp result fields (warnings, binding, approval, refusal, unresolved, notFired) come back typed', async () => {
    const { client, peer } = connectedPair();
    const refused = {
      event: 'UserPromptSubmit',
      decision: 'block',
      continue: true,
      reason: 'no secrets',
      notes: [],
      runs: [],
      warnings: ['a hook failed', 'no secrets'],
      binding: true,
      approval: { options: ['allow', 'deny'], reason: 'ask me', answer: 'deny' },
      refusal: { code: 'failed_precondition', message: 'prompt refused by a hook: no secrets', data: { reason: 'no secrets' } },
      unresolved: 'tests still fail',
      notFired: 'not fired here',
    } satisfies EventResult;
    peer.onRequest('hooks/UserPromptSubmit', () => refused);
    const result = await client.userPromptSubmit({ session: { id: 's' }, prompt: 'hi' });
    expect(result).toEqual(refused);
    const typed: EventResult = EventResultSchema.parse(result);
    const seen: [string[] | undefined, boolean | undefined, string | undefined, string | undefined, string | undefined, string | undefined] = [
      typed.warnings,
      typed.binding,
      typed.approval?.answer,
      typed.refusal?.data.reason,
      typed.unresolved,
      typed.notFired,
    ];
    expect(seen).toEqual([['a hook failed', 'no secrets'], true, 'deny', 'no secrets', 'tests still fail', 'not fired here']);
  });
});
