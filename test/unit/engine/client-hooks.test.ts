// Programmatic hooks: registration checked against the dialect (event, matcher, default timeout), and
// runClientHook turning the client's answer, silence, failure or a cancel into a ProcessOutcome.
import { describe, expect, it } from 'vitest';
import { runClientHook, type ClientHookRequest, type InvokeClientHook } from '../../../src/engine/client-hook.js';
import { ClientHooks } from '../../../src/engine/client-hooks.js';
import type { Dialect } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { waitUntil } from '../../helpers/processes.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const withMatchers = (overrides: Partial<Dialect> = {}): Dialect =>
  fakeDialect([], {
    compileMatcher: (_event, matcher) => {
      if (matcher === undefined) return { matches: () => true };
      if (matcher.startsWith('(')) return { error: `unbalanced parenthesis in "${matcher}"` };
      return { matches: (target) => target === matcher };
    },
    ...overrides,
  });

function registeredId(hooks: ClientHooks, params: Parameters<ClientHooks['register']>[0]): string {
  const answer = hooks.register(params);
  if (!('hookId' in answer)) throw new Error(`unexpected error: ${answer.error}`);
  return answer.hookId;
}

describe('ClientHooks.register', () => {
  it('refuses an event the dialect does not have, naming it', () => {
    const hooks = new ClientHooks(withMatchers());
    const notInDialect = hooks.register({ event: 'PostToolUse' });
    expect(notInDialect).toEqual({ error: expect.stringMatching(/^event: .*"PostToolUse"/) });
    expect(hooks.register({ event: 'NoSuchEvent' })).toEqual({ error: expect.stringContaining('"NoSuchEvent"') });
    expect(hooks.all()).toEqual([]);
  });

  it("compiles the matcher with the dialect's compileMatcher and uses it", () => {
    const calls: unknown[] = [];
    const dialect = withMatchers();
    const compile = dialect.compileMatcher!;
    const hooks = new ClientHooks({ ...dialect, compileMatcher: (event, matcher) => (calls.push([event, matcher]), compile(event, matcher)) });
    registeredId(hooks, { event: 'PreToolUse', matcher: 'Bash' });
    expect(calls).toEqual([['PreToolUse', 'Bash']]);
    const [registered] = hooks.forEvent('PreToolUse');
    expect(registered?.matcher).toBe('Bash');
    expect(registered?.matches('Bash')).toBe(true);
    expect(registered?.matches('Write')).toBe(false);
  });

  it("surfaces the dialect's matcher error and registers nothing", () => {
    const hooks = new ClientHooks(withMatchers());
    expect(hooks.register({ event: 'PreToolUse', matcher: '(Bash' })).toEqual({ error: 'matcher: unbalanced parenthesis in "(Bash"' });
    expect(hooks.all()).toEqual([]);
  });

  it('a matcher on a dialect without compileMatcher is an error; no matcher matches everything', () => {
    const hooks = new ClientHooks(fakeDialect([]));
    expect(hooks.register({ event: 'PreToolUse', matcher: 'Bash' })).toEqual({ error: expect.stringMatching(/^matcher: .*fake dialect/) });
    registeredId(hooks, { event: 'PreToolUse' });
    const [registered] = hooks.forEvent('PreToolUse');
    expect(registered?.matches('Anything')).toBe(true);
    expect(registered?.matches(undefined)).toBe(true);
  });

  it("the timeout defaults to the dialect's default; a given one, a name and a priority are kept", () => {
    const hooks = new ClientHooks(withMatchers({ defaultTimeoutMs: 4321 }));
    const plain = registeredId(hooks, { event: 'PreToolUse' });
    const custom = registeredId(hooks, { event: 'Stop', timeoutMs: 50, name: 'stop guard', priority: 0.5 });
    const byId = new Map(hooks.all().map((entry) => [entry.id, entry]));
    expect(byId.get(plain)?.handler).toMatchObject({ type: 'client', timeoutMs: 4321 });
    expect(byId.get(plain)?.priority).toBeUndefined();
    expect(byId.get(custom)?.handler).toMatchObject({ type: 'client', timeoutMs: 50, name: 'stop guard' });
    expect(byId.get(custom)).toMatchObject({ event: 'Stop', priority: 0.5, source: 'client', scope: 'client' });
  });

  it('unregister removes one hook, once; ids are never reused', () => {
    const hooks = new ClientHooks(withMatchers());
    const first = registeredId(hooks, { event: 'PreToolUse' });
    const second = registeredId(hooks, { event: 'PreToolUse' });
    expect(first).not.toBe(second);
    expect(hooks.unregister(first)).toBe(true);
    expect(hooks.unregister(first)).toBe(false);
    expect(hooks.forEvent('PreToolUse').map((entry) => entry.id)).toEqual([second]);
    const third = registeredId(hooks, { event: 'PreToolUse' });
    expect([first, second]).not.toContain(third);
  });

  it('through the engine: listed after configured hooks, and an unregistered hook no longer runs', async () => {
    const invoked: string[] = [];
    const engine = new Engine({
      dialect: withMatchers(),
      runner: scriptedRunner(),
      workspace: '/ws',
      invokeClientHook: async (request) => (invoked.push(request.hookId), { exitCode: 0, stderr: '' }),
    });
    engine.load({ workspace: '/ws', home: '/h' });
    const answer = engine.registerClientHook({ event: 'PreToolUse', matcher: 'Bash', name: 'guard' });
    if (!('hookId' in answer)) throw new Error(answer.error);
    expect(engine.hooks()).toContainEqual(expect.objectContaining({ id: answer.hookId, handlerType: 'client', command: 'guard', matcher: 'Bash', enabled: true }));
    await engine.dispatch('PreToolUse', eventParams({ toolName: 'Write' }));
    expect(invoked).toEqual([]);
    await engine.dispatch('PreToolUse', eventParams({ toolName: 'Bash' }));
    expect(invoked).toEqual([answer.hookId]);
    expect(engine.unregisterClientHook(answer.hookId)).toBe(true);
    await engine.dispatch('PreToolUse', eventParams({ toolName: 'Bash' }));
    expect(invoked).toEqual([answer.hookId]);
  });
});

const base = { hookId: 'client:1', event: 'PreToolUse', sessionId: 's1', timeoutMs: 5_000, maxOutputBytes: 1024 } as const;
const request = (extra: Partial<Parameters<typeof runClientHook>[1]> = {}) => ({
  ...base,
  stdin: '{"tool_name":"Bash"}',
  signal: new AbortController().signal,
  ...extra,
});

/** A client that records what it was asked and never answers, whatever its signal does. */
function silentClient() {
  const seen: ClientHookRequest[] = [];
  const invoke: InvokeClientHook = (asked) => {
    seen.push(asked);
    return new Promise(() => undefined);
  };
  return { invoke, seen };
}

describe('runClientHook', () => {
  it("an answer becomes the outcome a command hook would have had: stdout is the output's JSON", async () => {
    const seen: ClientHookRequest[] = [];
    const result = await runClientHook(async (asked) => (seen.push(asked), { output: { decision: 'block', reason: 'no' }, exitCode: 2, stderr: 'blocked' }), request());
    expect(result).toMatchObject({ started: true, exitCode: 2, signal: null, timedOut: false, cancelled: false });
    expect(result.stdout).toEqual({ text: '{"decision":"block","reason":"no"}', bytes: 34, totalBytes: 34, truncated: false });
    expect(result.stderr).toEqual({ text: 'blocked', bytes: 7, totalBytes: 7, truncated: false });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ hookId: 'client:1', event: 'PreToolUse', sessionId: 's1', timeoutMs: 5_000, input: { tool_name: 'Bash' } });
    expect(seen[0]).not.toHaveProperty('stdin');
    expect(seen[0]).not.toHaveProperty('maxOutputBytes');
  });

  it('no output (omitted or null) is empty stdout; a stdin that is not JSON is passed as text', async () => {
    const inputs: unknown[] = [];
    const invoke: InvokeClientHook = async (asked) => (inputs.push(asked.input), { exitCode: 0, stderr: '' });
    expect((await runClientHook(invoke, request({ stdin: 'plain text' }))).stdout.text).toBe('');
    expect((await runClientHook(async () => ({ output: null, exitCode: 0, stderr: '' }), request())).stdout.text).toBe('');
    expect(inputs).toEqual(['plain text']);
  });

  it('output over maxOutputBytes is truncated and says so', async () => {
    const big = 'x'.repeat(500);
    const result = await runClientHook(async () => ({ output: { big }, exitCode: 0, stderr: 'e'.repeat(300) }), request({ maxOutputBytes: 100 }));
    const json = JSON.stringify({ big });
    expect(result.stdout).toEqual({ text: json.slice(0, 100), bytes: 100, totalBytes: json.length, truncated: true });
    expect(result.stderr).toMatchObject({ bytes: 100, totalBytes: 300, truncated: true });
  });

  it('a client that never answers times out after timeoutMs, and its signal is aborted', async () => {
    const { invoke, seen } = silentClient();
    const result = await runClientHook(invoke, request({ timeoutMs: 50 }));
    expect(result).toMatchObject({ started: true, timedOut: true, cancelled: false, exitCode: null });
    expect(seen[0]?.signal.aborted).toBe(true);
  }, 10_000);

  it('a client that stops waiting when told (rejects on abort) times out the same way', async () => {
    const invoke: InvokeClientHook = (asked) =>
      new Promise((_resolve, reject) => asked.signal.addEventListener('abort', () => reject(new Error('request cancelled')), { once: true }));
    const result = await runClientHook(invoke, request({ timeoutMs: 50 }));
    expect(result).toMatchObject({ started: true, timedOut: true, cancelled: false });
    expect(result.spawnError).toBeUndefined();
  }, 10_000);

  it('a late answer after the timeout does not count as a success', async () => {
    let answer: ((value: { exitCode: number; stderr: string }) => void) | undefined;
    const invoke: InvokeClientHook = () => new Promise((resolve) => (answer = resolve));
    const pending = runClientHook(invoke, request({ timeoutMs: 50 }));
    const result = await pending;
    answer?.({ exitCode: 0, stderr: '' });
    expect(result.timedOut).toBe(true);
  }, 10_000);

  it('aborting the dispatch signal while waiting cancels the run and aborts the signal the client got', async () => {
    const { invoke, seen } = silentClient();
    const controller = new AbortController();
    const pending = runClientHook(invoke, request({ signal: controller.signal }));
    expect(await waitUntil(() => seen.length === 1, 5_000)).toBe(true);
    expect(seen[0]?.signal.aborted).toBe(false);
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ started: true, cancelled: true, timedOut: false });
    expect(seen[0]?.signal.aborted).toBe(true);
  }, 10_000);

  it('a dispatch signal aborted before the call never asks the client', async () => {
    const { invoke, seen } = silentClient();
    const controller = new AbortController();
    controller.abort();
    const result = await runClientHook(invoke, request({ signal: controller.signal }));
    expect(result).toMatchObject({ started: false, cancelled: true });
    expect(seen).toEqual([]);
  });

  it('without an invoke callback the run is refused as unsupported', async () => {
    const result = await runClientHook(undefined, request());
    expect(result.started).toBe(false);
    expect(result.cancelled).toBe(false);
    expect(result.preflight).toEqual({ kind: 'unsupported', message: expect.stringContaining('programmaticHooks') });
  });

  it('a client callback that throws (or rejects) is a spawn error carrying its message', async () => {
    const rejected = await runClientHook(async () => {
      throw new Error('connection closed');
    }, request());
    expect(rejected).toMatchObject({ started: false, timedOut: false, cancelled: false });
    expect(rejected.spawnError).toContain('connection closed');
    const thrown = await runClientHook(() => {
      throw new Error('sync failure');
    }, request());
    expect(thrown.spawnError).toContain('sync failure');
  });

  it('through the engine: a timed-out client hook is reported as such and the dispatch completes', async () => {
    const { invoke } = silentClient();
    const dialect = fakeDialect([hook('c0', 'PreToolUse', 'allow')]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws', invokeClientHook: invoke });
    engine.load({ workspace: '/ws', home: '/h' });
    const answer = engine.registerClientHook({ event: 'PreToolUse', timeoutMs: 50 });
    if (!('hookId' in answer)) throw new Error(answer.error);
    const { result, cancelled } = await engine.dispatch('PreToolUse', eventParams());
    expect(cancelled).toBe(false);
    expect(result.runs.map((run) => [run.hookId, run.timedOut])).toEqual([
      ['c0', false],
      [answer.hookId, true],
    ]);
  }, 10_000);
});
