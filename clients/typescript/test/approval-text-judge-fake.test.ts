// The approval callback (hooks/approve) and the judge's text reply (hooks/judge with reply "text") through the
// TypeScript client, against a scripted in-process peer playing hookd (no sidecar: what hookd sends is fixed here), plus
// the initialize params spawnHookd sends for them (capabilities.hookApproval, tools with kinds).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createTransport, HookdClient, initializeParams, type ApprovalRequest, type JudgeRequest } from '../src/index.js';
import { ApproveHookResultSchema, JudgeResultSchema } from '../src/protocol.gen/index.js';

/** A client and the peer (hookd's side) over two in-memory pipes in Content-Length framing. */
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

const approval: ApprovalRequest = {
  hookId: 'project:fmt',
  name: 'fmt',
  event: 'PostFileWrite',
  source: '/w/.bonsai/config.toml',
  actionType: 'shell',
  summary: 'cargo fmt',
  matcher: 'path=src/**/*.rs',
  hash: 'sha256:0123',
};
const textJudge: JudgeRequest = {
  hookId: 'project:review',
  event: 'PreFileWrite',
  sessionId: 's1',
  kind: 'prompt',
  prompt: 'Is this diff safe? Answer {"decision":"allow"|"block","reason"}',
  timeoutMs: 30_000,
  reply: 'text',
};

async function rejectionOf(promise: Promise<unknown>): Promise<ResponseError<unknown>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseError);
  return error as ResponseError<unknown>;
}

describe('the approval callback (hooks/approve), against a scripted peer', () => {
  it('"hookd asks the client (a server → client request showing the command or URL; answers once / session / project / deny)": the callback gets the request and its answer goes back', async () => {
    const { client, peer } = connectedPair();
    const seen: ApprovalRequest[] = [];
    client.onApprove((request) => (seen.push(request), { answer: 'project' }));
    const answer = await peer.sendRequest('hooks/approve', approval);
    expect(ApproveHookResultSchema.parse(answer)).toEqual({ answer: 'project' });
    expect(seen).toEqual([approval]);
  });

  it('the callback may answer just the choice, or asynchronously; every one of once / session / project / deny goes back', async () => {
    const { client, peer } = connectedPair();
    const choices = ['once', 'session', 'project', 'deny'] as const;
    let next = 0;
    client.onApprove(async () => choices[next++]!);
    const answers = [];
    for (let i = 0; i < choices.length; i++) answers.push(await peer.sendRequest('hooks/approve', approval));
    expect(answers).toEqual(choices.map((answer) => ({ answer })));
  });

  it('an answer that is not once / session / project / deny is refused in the client (an error answer, never sent as given)', async () => {
    const { client, peer } = connectedPair();
    client.onApprove(() => 'always' as never);
    const error = await rejectionOf(peer.sendRequest('hooks/approve', approval));
    expect(error.message).toMatch(/answer/);
  });

  it('without an approval callback hooks/approve is answered method-not-found', async () => {
    const { peer } = connectedPair();
    const error = await rejectionOf(peer.sendRequest('hooks/approve', approval));
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('hooks/approve');
  });

  it("hookd's $/cancelRequest (e.g. at shutdown) aborts the callback's signal", async () => {
    const { client, peer } = connectedPair();
    let aborted = false;
    let started = false;
    client.onApprove(
      (_request, { signal }) =>
        new Promise(() => {
          started = true;
          signal.addEventListener('abort', () => (aborted = true));
        }),
    );
    const { CancellationTokenSource } = await import('vscode-jsonrpc/node');
    const source = new CancellationTokenSource();
    const pending = peer.sendRequest('hooks/approve', approval, source.token);
    pending.catch(() => {});
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    source.cancel();
    await expect.poll(() => aborted, { timeout: 10_000 }).toBe(true);
  });
});

describe("the model callback's text reply (hooks/judge reply \"text\"), against a scripted peer", () => {
  it('a judge returning a string answers {text} verbatim', async () => {
    const { client, peer } = connectedPair();
    const seen: JudgeRequest[] = [];
    const reply = '{"decision":"block","reason":"it deletes the tests"}';
    client.onJudge((request) => (seen.push(request), reply));
    const answer = await peer.sendRequest('hooks/judge', textJudge);
    expect(JudgeResultSchema.parse(answer)).toEqual({ text: reply });
    expect(seen[0]!.reply).toBe('text');
  });

  it('a judge may answer {text} itself; the verdict form is kept for verdict requests', async () => {
    const { client, peer } = connectedPair();
    client.onJudge((request) => (request.reply === 'text' ? { text: 'not json at all' } : { ok: false, reason: 'no' }));
    expect(await peer.sendRequest('hooks/judge', textJudge)).toEqual({ text: 'not json at all' });
    const { reply: _reply, ...verdict } = textJudge;
    expect(await peer.sendRequest('hooks/judge', verdict)).toEqual({ ok: false, reason: 'no' });
    expect(await peer.sendRequest('hooks/judge', { ...verdict, reply: 'verdict' })).toEqual({ ok: false, reason: 'no' });
  });

  it('a verdict to a text request, or text to a verdict request, is refused in the client with a message saying which form', async () => {
    const { client, peer } = connectedPair();
    client.onJudge((request) => (request.reply === 'text' ? { ok: true } : 'allow'));
    expect((await rejectionOf(peer.sendRequest('hooks/judge', textJudge))).message).toContain("asks for the model's text reply");
    const { reply: _reply, ...verdict } = textJudge;
    expect((await rejectionOf(peer.sendRequest('hooks/judge', verdict))).message).toContain('asks for a verdict');
  });
});

describe('initialize params for the bonsai additions', () => {
  it('spawnHookd({approve}) declares capabilities.hookApproval; tools are sent with their kinds as given', () => {
    const tools = ['Read', { name: 'bash', kind: 'shell' as const }, { name: 'write', kind: 'file_write' as const, pathField: 'file' }];
    const params = initializeParams({ workspace: '/w', dialect: 'bonsai', approve: () => 'once', judge: () => 'x', tools });
    expect(params.capabilities).toEqual({ programmaticHooks: true, modelJudge: true, hookApproval: true });
    expect(params.tools).toEqual(tools);
    expect(params.dialect).toBe('bonsai');
    const plain = initializeParams({ workspace: '/w' });
    expect(plain.capabilities).toEqual({ programmaticHooks: true });
    expect('tools' in plain).toBe(false);
  });
});
