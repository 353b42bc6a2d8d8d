// hooks/askToolApproval through the real rpc server and session (JSON-RPC over in-memory streams, as main.ts composes
// them) with a test-only dialect whose hooks ask (its merge gives decision "ask" with an approval): the card is asked
// only of clients that declared capabilities.toolApproval, never for an unattended run, its answer folded into the
// event's result; cancelling the event ($/cancelRequest or hooks/cancel) cancels the card with $/cancelRequest.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dialect, HookVerdict } from '../../src/engine/dialect.js';
import { createRpcServer, type RpcServer } from '../../src/rpc/server.js';
import { createSession, type Session } from '../../src/server/session-handlers.js';
import { scratchDir } from '../helpers/scratch.js';
import { scriptedRunner } from '../unit/engine/fakes.js';
import { memoryLogger, WireClient, type WireMessage } from '../unit/rpc/wire-client.js';

const ASK_DIALECT = 'ask-test';
const REASON = 'touches production';

// The session loads dialects by name (dialects/loaders.ts); this file adds one that asks. Its hooks' commands are their decisions
// (the scripted runner echoes a command as its stdout).
vi.mock('../../src/dialects/loaders.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/dialects/loaders.js')>();
  const { fakeDialect, hook } = await import('../unit/engine/fakes.js');
  const asks: Dialect = fakeDialect([hook('asks', 'PreToolUse', 'ask', { timeoutMs: 60_000 }), hook('slow', 'Stop', 'none')], {
    name: 'ask-test',
    merge: (_context, verdicts: readonly HookVerdict[]) =>
      verdicts.some((verdict) => verdict.decision === 'ask')
        ? { decision: 'ask', continue: true, reason: 'touches production', approval: { options: ['allow', 'deny'], reason: 'touches production' } }
        : { decision: 'none', continue: true },
  });
  return {
    ...original,
    LOADABLE_DIALECT_NAMES: [...original.LOADABLE_DIALECT_NAMES, 'ask-test'],
    loadDialect: async (name: string) => (name === 'ask-test' ? asks : original.loadDialect(name)),
  };
});

type Harness = { client: WireClient; server: RpcServer; session: Session; runner: ReturnType<typeof scriptedRunner> };
const open: Harness[] = [];
afterEach(async () => {
  for (const { server, session } of open.splice(0)) {
    await session.abortAll();
    server.dispose();
  }
});

async function start(capabilities: Record<string, unknown>, dialect = ASK_DIALECT, files: Record<string, string> = {}): Promise<Harness> {
  const workspace = scratchDir('hookd-ask-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  const client = new WireClient('ndjson');
  const logger = memoryLogger();
  const runner = scriptedRunner();
  let server: RpcServer | undefined;
  const session = createSession({
    runner,
    logger,
    defaults: {},
    baseEnv: {},
    onProgress: () => {},
    onDiagnostics: () => {},
    callClient: (method, params, options) => server!.request(method, params, options),
  });
  server = createRpcServer({ input: client.input, output: client.output, handlers: session.handlers, logger });
  server.listen();
  const harness = { client, server, session, runner };
  open.push(harness);
  const init = await client.call('initialize', { protocolVersion: '0.1', clientInfo: { name: 'ask-test' }, dialect, workspace, home: workspace, capabilities });
  expect(init.error).toBeUndefined();
  return harness;
}

const preToolUse = (extra: Record<string, unknown> = {}) => ({
  session: { id: 's1' },
  runId: 'run-1',
  toolName: 'shell',
  toolUseId: 'tu-9',
  toolInput: { command: 'deploy --prod' },
  ...extra,
});

const isAsk = (message: WireMessage) => message.method === 'hooks/askToolApproval' && message.id !== undefined;
const cancelOf = (id: unknown) => (message: WireMessage) => message.method === '$/cancelRequest' && (message.params as { id?: unknown })?.id === id;

describe('hooks/askToolApproval (server → client)', () => {
  it('"An ask shows one approval card with the hook\'s reason. The card offers only Allow and Deny": the client is asked once, with the tool call', async () => {
    const { client } = await start({ toolApproval: true });
    const id = client.request('hooks/PreToolUse', preToolUse());
    const ask = await client.next(isAsk);
    expect(ask.params).toEqual({ sessionId: 's1', event: 'PreToolUse', runId: 'run-1', toolName: 'shell', toolUseId: 'tu-9', toolInput: { command: 'deploy --prod' }, reason: REASON, options: ['allow', 'deny'] });
    client.send({ jsonrpc: '2.0', id: ask.id, result: { answer: 'allow' } });
    const response = await client.response(id);
    expect(response.result).toMatchObject({ decision: 'none', approval: { options: ['allow', 'deny'], reason: REASON, answer: 'allow' } });
    expect(client.received.filter(isAsk)).toHaveLength(1);
  });

  it('Deny at the card: decision "deny", binding, reason "denied at the approval card: <reason>"', async () => {
    const { client } = await start({ toolApproval: true });
    const id = client.request('hooks/PreToolUse', preToolUse());
    const ask = await client.next(isAsk);
    client.send({ jsonrpc: '2.0', id: ask.id, result: { answer: 'deny' } });
    expect((await client.response(id)).result).toMatchObject({ decision: 'deny', binding: true, reason: `denied at the approval card: ${REASON}`, approval: { answer: 'deny' } });
  });

  it('an error answer, or an answer that is not allow|deny, is a deny (fail-closed) with a note saying why', async () => {
    const { client } = await start({ toolApproval: true });
    const first = client.request('hooks/PreToolUse', preToolUse());
    const firstAsk = await client.next(isAsk);
    client.send({ jsonrpc: '2.0', id: firstAsk.id, error: { code: -32000, message: 'the card could not be shown' } });
    const failed = (await client.response(first)).result as { decision: string; binding: boolean; notes: string[] };
    expect(failed).toMatchObject({ decision: 'deny', binding: true });
    expect(failed.notes.join('\n')).toContain('hooks/askToolApproval failed: the card could not be shown');

    const second = client.request('hooks/PreToolUse', preToolUse({ toolUseId: 'tu-10' }));
    const secondAsk = await client.next((message) => isAsk(message) && message.id !== firstAsk.id);
    client.send({ jsonrpc: '2.0', id: secondAsk.id, result: { answer: 'allow_for_chat' } });
    const invalid = (await client.response(second)).result as { decision: string; notes: string[] };
    expect(invalid.decision).toBe('deny');
    expect(invalid.notes.join('\n')).toMatch(/the client's answer to hooks\/askToolApproval is invalid: .*answer/);
  });

  it('without capabilities.toolApproval the ask is returned as is (decision "ask" with approval, no answer); nothing is asked', async () => {
    const { client } = await start({});
    const response = await client.call('hooks/PreToolUse', preToolUse());
    expect(response.result).toMatchObject({ decision: 'ask', reason: REASON, approval: { options: ['allow', 'deny'], reason: REASON } });
    expect((response.result as { approval: object }).approval).not.toHaveProperty('answer');
    expect(client.received.filter((message) => message.method === 'hooks/askToolApproval')).toEqual([]);
  });

  it('"When nobody can answer, as in an unattended run, an ask becomes a refusal": the server never asks for an unattended run', async () => {
    const { client } = await start({ toolApproval: true });
    const response = await client.call('hooks/PreToolUse', preToolUse({ unattended: true }));
    // This test dialect leaves the unattended ask to nobody: what matters here is that the client was not asked.
    expect(response.error).toBeUndefined();
    expect(client.received.filter((message) => message.method === 'hooks/askToolApproval')).toEqual([]);
  });

  it('cancelling the event request ($/cancelRequest) cancels the card with $/cancelRequest; the event is answered -32800 and a late answer is ignored', async () => {
    const { client } = await start({ toolApproval: true });
    const id = client.request('hooks/PreToolUse', preToolUse());
    const ask = await client.next(isAsk);
    client.notify('$/cancelRequest', { id });
    await client.next(cancelOf(ask.id));
    const response = await client.response(id);
    expect(response.error?.code).toBe(-32800);
    client.send({ jsonrpc: '2.0', id: ask.id, result: { answer: 'allow' } });
    // The session still works after the late answer.
    const next = client.request('hooks/PreToolUse', preToolUse({ toolUseId: 'tu-11' }));
    const nextAsk = await client.next((message) => isAsk(message) && message.id !== ask.id);
    client.send({ jsonrpc: '2.0', id: nextAsk.id, result: { answer: 'deny' } });
    expect((await client.response(next)).result).toMatchObject({ decision: 'deny' });
  });

  it('hooks/cancel of the session counts an event waiting for its card, cancels the card and answers the event -32800', async () => {
    const { client } = await start({ toolApproval: true });
    const id = client.request('hooks/PreToolUse', preToolUse());
    const ask = await client.next(isAsk);
    const cancel = await client.call('hooks/cancel', { sessionId: 's1' });
    expect(cancel.result).toEqual({ cancelled: 1 });
    await client.next(cancelOf(ask.id));
    expect((await client.response(id)).error?.code).toBe(-32800);
  });

  it('shutdown while a card is pending cancels it; the event is answered -32800', async () => {
    const { client } = await start({ toolApproval: true });
    const id = client.request('hooks/PreToolUse', preToolUse());
    const ask = await client.next(isAsk);
    const shutdown = client.request('shutdown');
    await client.next(cancelOf(ask.id));
    expect((await client.response(id)).error?.code).toBe(-32800);
    expect((await client.response(shutdown)).error).toBeUndefined();
  });

  it("claude's own ask (decision \"ask\" without approval) is returned as is, never sent to the card, even with the capability", async () => {
    const answer = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'claude asks' } };
    // The scripted runner echoes a hook's command as its stdout: this command's output is claude's ask.
    const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: JSON.stringify(answer) }] }] } };
    const { client } = await start({ toolApproval: true }, 'claude', { '.claude/settings.json': JSON.stringify(settings) });
    const response = await client.call('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(response.result).toMatchObject({ decision: 'ask', reason: 'claude asks' });
    expect(response.result).not.toHaveProperty('approval');
    expect(client.received.filter((message) => message.method === 'hooks/askToolApproval')).toEqual([]);
  });
});
