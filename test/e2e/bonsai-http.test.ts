// Acceptance: bonsai `http` actions through the built sidecar against a real local server (127.0.0.1, port 0): 2xx
// with and without a body, 500, a server slower than the timeout, cancellation, and the client's network denial.
// Hooks come from the global config (pre-trusted) so that no approval is involved; approvals are bonsai-approval's.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, writeGlobal, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import { TestHttpServer, until, type Answer } from '../helpers/http-server.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
const servers: TestHttpServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const json = (status: number, body: unknown): Answer => (_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const empty = (status: number): Answer => (_request, response) => response.writeHead(status).end();
/** Never answers: the request stays open until the client gives up. */
const silent: Answer = (_request, _response: ServerResponse) => {};

async function server(answer: Answer): Promise<TestHttpServer> {
  const started = await TestHttpServer.start(answer);
  servers.push(started);
  return started;
}

const httpHook = (url: string, extra: Partial<BonsaiTable> = {}): BonsaiTable => ({
  name: 'policy-server',
  event: 'PreToolUse',
  matcher: { tool: 'bash' },
  action: { type: 'http', url },
  ...extra,
});

async function sidecarWith(tables: BonsaiTable[], options: { env?: NodeJS.ProcessEnv; networkAccess?: 'allowed' | 'denied' } = {}): Promise<{ setup: BonsaiSetup; sidecar: Sidecar; init: any }> {
  const setup = bonsaiSetup();
  writeGlobal(setup, tables);
  const { sidecar, init } = await startBonsai(setup, open, {
    ...(options.env ? { env: options.env } : {}),
    ...(options.networkAccess ? { options: { networkAccess: options.networkAccess } } : {}),
  });
  expect(init.diagnostics.filter((diagnostic: any) => diagnostic.severity === 'error')).toEqual([]);
  return { setup, sidecar, init };
}

const bash = (setup: BonsaiSetup, command: string) => ({ session: session(setup), toolName: 'bash', toolInput: { command }, toolUseId: 'call-http' });

describe('bonsai http actions (built sidecar, real local server)', () => {
  it('"Shell actions receive one JSON object on stdin; HTTP actions receive it as the POST body": the seed\'s wire object, every field present', async () => {
    const local = await server(empty(204));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url('/pre'))]);
    await sidecar.request('hooks/PreToolUse', bash(setup, 'cargo test'));
    const [request] = await local.waitForRequests(1);
    expect(request).toMatchObject({ method: 'POST', path: '/pre' });
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(request!.body);
    expect(Object.keys(body).sort()).toEqual(['command', 'cwd', 'diff', 'event', 'exit_code', 'file_path', 'output_excerpt', 'session_id', 'tool_args', 'tool_name'].sort());
    expect(body).toMatchObject({ event: 'PreToolUse', session_id: 'bonsai-e2e', cwd: setup.workspace, tool_name: 'bash', tool_args: { command: 'cargo test' }, exit_code: null, output_excerpt: null, diff: null, file_path: null });
  });

  it('"HTTP: 2xx → continue (+ optional JSON body)": a 2xx without a body continues', async () => {
    const local = await server(empty(200));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { blocking: true })]);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ handlerType: 'http', status: 'ok', failureClass: null, httpStatus: 200 });
  });

  it('"HTTP: 2xx → continue (+ optional JSON body)": a 2xx JSON body {"decision":"block","reason":"…"} vetoes a blocking pre-event', async () => {
    const local = await server(json(200, { decision: 'block', reason: 'the policy server says no' }));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { blocking: true })]);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'rm -rf target'));
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('the policy server says no');
    expect(result.runs[0]).toMatchObject({ status: 'ok', httpStatus: 200, decision: 'block' });
  });

  it('"HTTP: 2xx → continue (+ optional JSON body)": a 2xx JSON body {"context":"…"} is folded in as untrusted data', async () => {
    const local = await server(json(201, { context: 'the CI is red on main' }));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url())]);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'git push'));
    expect(result.decision).toBe('none');
    expect(result.additionalContext).toContain('the CI is red on main');
  });

  it('"HTTP: … anything else → failure": a 500 is a failed run; on_failure = "warn" lets the call proceed and the hook still fires next time', async () => {
    const local = await server(json(500, { decision: 'block', reason: 'a 500 body is never read as a decision' }));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { blocking: true, on_failure: 'warn' })]);
    const first = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    expect(first).toMatchObject({ decision: 'none', continue: true });
    expect(first.runs[0]).toMatchObject({ status: 'error', failureClass: 'http_error', httpStatus: 500 });
    // "A failed run never disables the hook — it fires again next match."
    const second = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    expect(second.runs[0]).toMatchObject({ status: 'error', httpStatus: 500 });
    expect(local.requests).toHaveLength(2);
  });

  it('"HTTP: … anything else → failure": a 500 from a blocking on_failure = "block" hook is a fail-closed veto', async () => {
    const local = await server(empty(500));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { blocking: true, on_failure: 'block' })]);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    expect(result.decision).toBe('block');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'http_error', httpStatus: 500 });
  });

  it('"the timeout and cancellation abort the request": a server slower than timeout_secs is a timed-out run and its connection is closed', async () => {
    const local = await server(silent);
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { blocking: true, on_failure: 'block', timeout_secs: 1 })]);
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true });
    expect(result.decision).toBe('block');
    const [request] = await local.waitForRequests(1);
    await until(() => request!.closed, 10_000, 'the timed-out request to be aborted');
  });

  it('"the timeout and cancellation abort the request": $/cancelRequest closes the pending request and answers -32800', async () => {
    const local = await server(silent);
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { timeout_secs: 60 })]);
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/PreToolUse', bash(setup, 'ls'), id);
    const [request] = await local.waitForRequests(1);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    await until(() => request!.closed, 10_000, 'the cancelled request to be aborted');
  });

  it('"${VAR} in headers expands at fire time": from hookd\'s environment when the request is made', async () => {
    const local = await server(empty(204));
    const env = { ...process.env, BONSAI_E2E_TOKEN: 'tok-at-fire-time' };
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { action: { type: 'http', url: local.url(), headers: { Authorization: 'Bearer ${BONSAI_E2E_TOKEN}', 'X-Static': 'plain' } } })], { env });
    await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    const [request] = await local.waitForRequests(1);
    expect(request!.headers.authorization).toBe('Bearer tok-at-fire-time');
    expect(request!.headers['x-static']).toBe('plain');
  });

  it('"HTTP hooks respect sandbox network denial (the denied call is a recorded failure, not a silent skip)"', async () => {
    const local = await server(empty(204));
    const { setup, sidecar } = await sidecarWith([httpHook(local.url(), { name: 'audit-server' }), httpHook(local.url(), { name: 'guard-server', blocking: true, on_failure: 'block' })], { networkAccess: 'denied' });
    const result = await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'));
    // Both are reported as runs that failed with network_denied; the guard fails closed.
    expect(result.runs.map((run: any) => [run.hookId, run.failureClass])).toEqual([
      ['global:audit-server', 'network_denied'],
      ['global:guard-server', 'network_denied'],
    ]);
    for (const run of result.runs) expect(run.status).not.toBe('ok');
    expect(result.decision).toBe('block');
    expect(local.requests).toHaveLength(0);
  });
});
