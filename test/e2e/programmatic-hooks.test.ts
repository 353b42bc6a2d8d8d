// Programmatic hooks (hooks/register → server → client hooks/invoke) with the bamboo dialect, against the built
// sidecar: priority order among configured handlers, what the client is sent, how its answer is read, timeouts and
// cancellation ($/cancelRequest both ways), registration errors, unregister and listing.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { waitUntil } from '../helpers/processes.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-programmatic', model: 'claude-sonnet-4' };
const preToolUse = (command = 'ls', toolName = 'Bash') => ({ session, toolName, toolInput: { command }, toolUseId: 'toolu_prog_1' });

type Started = { setup: BambooSetup; sidecar: Sidecar; init: any; order: string; out: string; configuredIds: string[] };

/** A bamboo setup whose user file has one PreToolUse group: handlers #0 and #1 each append their name to `order`. */
async function start(options: { capability?: boolean; config?: (out: string) => unknown } = {}): Promise<Started> {
  const setup = bambooSetup();
  const out = makeWorkspace('hookd-prog-out-');
  const order = join(out, 'order');
  writeBambooConfig(
    setup.userFile,
    options.config?.(out) ?? {
      PreToolUse: [
        {
          matcher: '^Bash$',
          hooks: [
            { type: 'command', command: `printf '%s\\n' h0 >> '${order}'` },
            { type: 'command', command: `printf '%s\\n' h1 >> '${order}'` },
          ],
        },
      ],
    },
  );
  const sidecar = bambooSidecar(setup);
  open.push(sidecar);
  const init = await initializeBamboo(sidecar, setup, options.capability === false ? {} : { capabilities: { programmaticHooks: true } });
  const configuredIds = init.hooks.filter((hook: { event: string }) => hook.event === 'PreToolUse').map((hook: { id: string }) => hook.id);
  if (options.config === undefined) expect(configuredIds).toHaveLength(2);
  return { setup, sidecar, init, order, out, configuredIds };
}

const orderOf = (file: string): string[] => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
};

const invokes = (sidecar: Sidecar): RpcMessage[] => sidecar.serverRequests.filter((message) => message.method === 'hooks/invoke');
const cancelsSent = (sidecar: Sidecar): RpcMessage[] => sidecar.notifications.filter((message) => message.method === '$/cancelRequest');

describe('"Programmatic hooks and configured handlers share the same dispatcher and priority ordering" (bamboo, built sidecar)', () => {
  it('A programmatic hook registered by the test client runs in priority order between configured handlers (#0, client, #1)', async () => {
    const { sidecar, order, configuredIds } = await start();
    sidecar.onRequest('hooks/invoke', async () => {
      appendFileSync(order, 'client\n');
      // Answer a little later: were #1 started alongside (not sequentially), it would be in the file before us.
      await sleep(50);
      return {};
    });
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', matcher: '^Bash$', priority: 0.5, name: 'agent-policy' });
    expect(hookId).toEqual(expect.any(String));

    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(orderOf(order)).toEqual(['h0', 'client', 'h1']);
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual([configuredIds[0], hookId, configuredIds[1]]);
    expect(result.runs[1]).toMatchObject({ handlerType: 'client', status: 'ok', failureClass: null, exitCode: 0, decision: 'none' });
    expect(result.decision).toBe('none');
    expect(invokes(sidecar)).toHaveLength(1);
  });

  it('lower priority first; a tie runs the configured handler first; no priority runs after every configured handler', async () => {
    const { sidecar, order } = await start();
    const names = new Map<string, string>();
    sidecar.onRequest('hooks/invoke', (params: { hookId: string }) => {
      appendFileSync(order, `${names.get(params.hookId)}\n`);
      return {};
    });
    for (const [name, priority] of [
      ['last', undefined],
      ['tie', 1],
      ['first', -1],
    ] as const) {
      const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', name, ...(priority !== undefined ? { priority } : {}) });
      names.set(hookId, name);
    }
    await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(orderOf(order)).toEqual(['first', 'h0', 'h1', 'tie', 'last']);
  });

  it('hooks/invoke carries hookId, event, sessionId, timeoutMs and input = the Bamboo envelope a command handler reads on stdin', async () => {
    // One configured handler that saves its stdin, so that the two can be compared.
    const { sidecar, setup, out } = await start({
      config: (dir) => ({ PreToolUse: [{ hooks: [{ type: 'command', command: `cat > '${join(dir, 'stdin.json')}'` }] }] }),
    });
    const stdinFile = join(out, 'stdin.json');
    sidecar.onRequest('hooks/invoke', () => ({}));
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', matcher: 'Bash', priority: 5, timeoutMs: 4321 });
    await sidecar.request('hooks/PreToolUse', preToolUse('echo hi'));

    const [invoke] = invokes(sidecar);
    expect(invoke).toBeDefined();
    const params = invoke!.params as Record<string, any>;
    expect(params).toMatchObject({ hookId, event: 'PreToolUse', sessionId: session.id, timeoutMs: 4321 });
    expect(params.input).toMatchObject({
      schema_version: 1,
      hook_event_name: 'PreToolUse',
      session_id: session.id,
      workspace_path: setup.workspace,
      model: 'claude-sonnet-4',
      payload: { tool_name: 'Bash', tool_input: { command: 'echo hi' } },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      tool_name: 'Bash',
      tool_input: { command: 'echo hi' },
    });
    // Exactly what the command handler of the same dispatch read.
    expect(params.input).toEqual(JSON.parse(readFileSync(stdinFile, 'utf8')));
  });

  it('without timeoutMs the invoke carries the dialect default (60000 ms)', async () => {
    const { sidecar } = await start();
    sidecar.onRequest('hooks/invoke', () => ({}));
    await sidecar.request('hooks/register', { event: 'PreToolUse' });
    await sidecar.request('hooks/PreToolUse', preToolUse());
    expect((invokes(sidecar)[0]?.params as { timeoutMs: number }).timeoutMs).toBe(60_000);
  });

  it('a client answer {output: {decision: "block", reason}} blocks and stops the remaining handlers', async () => {
    const { sidecar, order, configuredIds } = await start();
    sidecar.onRequest('hooks/invoke', () => {
      appendFileSync(order, 'client\n');
      return { output: { decision: 'block', reason: 'the agent policy forbids it', additional_context: 'try ls -la' } };
    });
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result).toMatchObject({ decision: 'block', reason: 'the agent policy forbids it', additionalContext: 'try ls -la' });
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual([configuredIds[0], hookId]);
    expect(result.runs[1]).toMatchObject({ status: 'ok', decision: 'block' });
    expect(orderOf(order)).toEqual(['h0', 'client']);
  });

  it('a client answer {exitCode: 2, stderr} blocks with stderr as the reason and stops the remaining handlers', async () => {
    const { sidecar, order } = await start();
    sidecar.onRequest('hooks/invoke', () => {
      appendFileSync(order, 'client\n');
      return { exitCode: 2, stderr: 'blocked by the client\n' };
    });
    await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('blocked by the client');
    expect(result.runs).toHaveLength(2);
    expect(result.runs[1]).toMatchObject({ exitCode: 2, decision: 'block' });
    expect(orderOf(order)).toEqual(['h0', 'client']);
  });

  it('a client answer with another exit code is a non-blocking nonzero_exit; dispatch continues', async () => {
    const { sidecar, order } = await start();
    sidecar.onRequest('hooks/invoke', () => ({ exitCode: 1, stderr: 'oops' }));
    await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result.decision).toBe('none');
    expect(result.runs[1]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1 });
    expect(orderOf(order)).toEqual(['h0', 'h1']);
  });

  it('a client that never answers: after timeoutMs hookd sends $/cancelRequest for that invoke and the run is a non-blocking timeout', async () => {
    const { sidecar, order } = await start();
    let answerLate: (value: unknown) => void = () => {};
    sidecar.onRequest('hooks/invoke', () => new Promise((resolve) => (answerLate = resolve)));
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5, timeoutMs: 300 });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());

    expect(result.decision).toBe('none');
    expect(result.runs).toHaveLength(3);
    expect(result.runs[1]).toMatchObject({ hookId, status: 'timeout', timedOut: true, failureClass: 'timeout', decision: 'none' });
    expect(result.runs[1].durationMs).toBeGreaterThanOrEqual(250);
    expect(orderOf(order)).toEqual(['h0', 'h1']);
    const [invoke] = invokes(sidecar);
    expect(await waitUntil(() => cancelsSent(sidecar).some((message) => (message.params as { id: unknown }).id === invoke!.id), 2000)).toBe(true);

    // An answer after the cancel is ignored: the session keeps serving.
    answerLate({ output: { decision: 'block', reason: 'too late' } });
    expect(await sidecar.request('ping')).toEqual({});
  });

  it('cancelling the event while the client sits on hooks/invoke: hookd sends $/cancelRequest for the invoke and answers -32800', async () => {
    const { sidecar, order, configuredIds } = await start();
    sidecar.onRequest('hooks/invoke', () => new Promise(() => {}));
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/PreToolUse', preToolUse(), id);
    expect(await waitUntil(() => invokes(sidecar).length === 1, 5000)).toBe(true);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;

    expect(response.error?.code).toBe(-32800);
    // The partial runs: #0 finished, the client hook was cancelled, #1 never started (reported as cancelled).
    const runs = (response.error?.data as { runs: Array<{ hookId: string; status: string; durationMs: number }> }).runs;
    expect(runs.map((run) => run.hookId)).toEqual([configuredIds[0], hookId, configuredIds[1]]);
    expect(runs.map((run) => run.status)).toEqual(['ok', 'cancelled', 'cancelled']);
    expect(runs[2]!.durationMs).toBe(0);
    const invokeId = invokes(sidecar)[0]!.id;
    expect(await waitUntil(() => cancelsSent(sidecar).some((message) => (message.params as { id: unknown }).id === invokeId), 2000)).toBe(true);
    expect(orderOf(order)).toEqual(['h0']);
  });

  it('a client answering hooks/invoke with a JSON-RPC error is a non-blocking failed run; dispatch continues', async () => {
    const { sidecar, order } = await start();
    sidecar.onRequest('hooks/invoke', () => {
      throw new Error('the agent could not run its hook');
    });
    await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result.decision).toBe('none');
    expect(result.runs[1]).toMatchObject({ status: 'error', decision: 'none' });
    expect(result.runs[1].failureClass).not.toBeNull();
    expect(result.runs[1].message).toContain('the agent could not run its hook');
    expect(orderOf(order)).toEqual(['h0', 'h1']);
  });

  it('shutdown while the client sits on hooks/invoke: the event is answered -32800, the invoke is cancelled, shutdown answers', async () => {
    const { sidecar } = await start();
    sidecar.onRequest('hooks/invoke', () => new Promise(() => {}));
    await sidecar.request('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    const event = sidecar.call('hooks/PreToolUse', preToolUse());
    expect(await waitUntil(() => invokes(sidecar).length === 1, 5000)).toBe(true);
    expect(await sidecar.request('shutdown')).toBeNull();
    expect((await event).error?.code).toBe(-32800);
    const invokeId = invokes(sidecar)[0]!.id;
    expect(await waitUntil(() => cancelsSent(sidecar).some((message) => (message.params as { id: unknown }).id === invokeId), 2000)).toBe(true);
    sidecar.notify('exit');
    expect(await sidecar.exited).toEqual({ code: 0, signal: null });
  });

  it('the matcher is a Rust regex over the tool name: a hook for ^Write$ is not invoked on Bash', async () => {
    const { sidecar } = await start();
    sidecar.onRequest('hooks/invoke', () => ({}));
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', matcher: '^Write$', priority: 0.5 });
    const bash = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(bash.runs.map((run: { hookId: string }) => run.hookId)).not.toContain(hookId);
    expect(invokes(sidecar)).toHaveLength(0);
    await sidecar.request('hooks/PreToolUse', preToolUse('x', 'Write'));
    expect(invokes(sidecar)).toHaveLength(1);
  });

  it.each([
    ['an invalid regex', { event: 'PreToolUse', matcher: '(' }],
    ['a look-around Rust regex does not have', { event: 'PreToolUse', matcher: '(?=Bash)' }],
    ['a matcher on Stop', { event: 'Stop', matcher: '.*' }],
  ])('registering with %s is -32602 naming the matcher field', async (_what, params) => {
    const { sidecar } = await start();
    const response = await sidecar.call('hooks/register', params);
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/\bmatcher\b/);
    expect((await sidecar.request('hooks/list')).hooks.filter((hook: { scope: string }) => hook.scope === 'client')).toEqual([]);
  });

  it('registering for an event bamboo does not have is -32602 naming the event', async () => {
    const { sidecar } = await start();
    const response = await sidecar.call('hooks/register', { event: 'PermissionRequest' });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('event');
  });

  it('registering without capabilities.programmaticHooks is an error; nothing is registered or invoked', async () => {
    const { sidecar, order } = await start({ capability: false });
    sidecar.onRequest('hooks/invoke', () => ({}));
    const response = await sidecar.call('hooks/register', { event: 'PreToolUse', priority: 0.5 });
    expect(response.error).toBeDefined();
    expect(response.error?.message).toContain('programmaticHooks');
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result.runs).toHaveLength(2);
    expect(invokes(sidecar)).toHaveLength(0);
    expect(orderOf(order)).toEqual(['h0', 'h1']);
  });

  it('hooks/list shows the programmatic hook (scope "client"); hooks/unregister removes it and it is no longer invoked', async () => {
    const { sidecar, order } = await start();
    sidecar.onRequest('hooks/invoke', () => {
      appendFileSync(order, 'client\n');
      return {};
    });
    const { hookId } = await sidecar.request('hooks/register', { event: 'PreToolUse', matcher: '^Bash$', priority: 0.5, timeoutMs: 1500, name: 'agent-policy' });
    const listed = (await sidecar.request('hooks/list')).hooks.find((hook: { id: string }) => hook.id === hookId);
    expect(listed).toMatchObject({
      id: hookId,
      event: 'PreToolUse',
      matcher: '^Bash$',
      handlerType: 'client',
      scope: 'client',
      priority: 0.5,
      timeoutMs: 1500,
      enabled: true,
    });

    expect(await sidecar.request('hooks/unregister', { hookId })).toEqual({ removed: true });
    expect(await sidecar.request('hooks/unregister', { hookId })).toEqual({ removed: false });
    expect((await sidecar.request('hooks/list')).hooks.map((hook: { id: string }) => hook.id)).not.toContain(hookId);
    const result = await sidecar.request('hooks/PreToolUse', preToolUse());
    expect(result.runs).toHaveLength(2);
    expect(invokes(sidecar)).toHaveLength(0);
    expect(orderOf(order)).toEqual(['h0', 'h1']);
  });
});
