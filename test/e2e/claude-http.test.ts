// Claude Code `type: "http"` hooks against the built sidecar, with a real local HTTP server started by each test
// (node:http on 127.0.0.1, port 0). Test names quote Claude Code's hooks reference.
import { spawn } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { TestHttpServer, until, type Answer } from '../helpers/http-server.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const session = { id: 'e2e-http' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_http' });
const json = (status: number, body: unknown): Answer => (_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const text = (status: number, body: string): Answer => (_request, response) => response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'blocked by policy server' } };

const sidecars: Sidecar[] = [];
const servers: TestHttpServer[] = [];
afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((sidecar) => sidecar.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(answer?: Answer): Promise<TestHttpServer> {
  const started = await TestHttpServer.start(answer);
  servers.push(started);
  return started;
}

const httpSettings = (event: string, handler: Record<string, unknown>, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'http', ...handler }] }] },
});

async function sidecarWith(settings: unknown, options: { env?: NodeJS.ProcessEnv; managed?: unknown } = {}) {
  const workspace = makeWorkspace('hookd-http-');
  writeClaudeSettings(workspace, settings);
  let managedSettingsPath: string | undefined;
  if (options.managed !== undefined) managedSettingsPath = writeClaudeSettings(workspace, options.managed, 'managed-settings.json');
  const sidecar = new Sidecar('ndjson', [], options.env ?? process.env);
  sidecars.push(sidecar);
  const init = await sidecar.initialize(workspace, managedSettingsPath !== undefined ? { options: { managedSettingsPath } } : {});
  return { sidecar, workspace, init };
}

/** Writes 16 KiB chunks for as long as the client reads. */
const endlessBody: Answer = (_request, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from(`{"pad":"${'a'.repeat(16 * 1024)}`);
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  pump();
};

describe('Claude Code http hooks (built sidecar, real local server)', () => {
  it('"http: a 2xx JSON body is read like command stdout": the stdin JSON is POSTed with Content-Type: application/json and a deny body denies', async () => {
    const local = await server(json(200, deny));
    const { sidecar, init } = await sidecarWith(httpSettings('PreToolUse', { url: local.url('/pre-tool-use') }, 'Bash'));
    expect(init.hooks).toEqual([expect.objectContaining({ handlerType: 'http', command: local.url('/pre-tool-use') })]);
    const result = await sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'blocked by policy server' });
    expect(result.runs[0]).toMatchObject({ handlerType: 'http', status: 'ok', failureClass: null, httpStatus: 200, exitCode: null, decision: 'deny' });
    const [request] = local.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/pre-tool-use' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toMatchObject({ hook_event_name: 'PreToolUse', session_id: 'e2e-http', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  });

  it('"http: a 2xx JSON body is read like command stdout": UserPromptSubmit additionalContext and decision block', async () => {
    const local = await server(json(200, { decision: 'block', reason: 'no secrets', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' } }));
    const { sidecar } = await sidecarWith(httpSettings('UserPromptSubmit', { url: local.url() }));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result).toMatchObject({ decision: 'block', reason: 'no secrets', additionalContext: 'ctx' });
  });

  it('"http: 2xx with an empty body is success with no output"', async () => {
    const local = await server(text(204, ''));
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'ok', httpStatus: 204, failureClass: null });
  });

  it('"http: 2xx with any other body is a non-blocking error": plain text is not context, and the prompt proceeds', async () => {
    const local = await server(text(200, 'remember the milk'));
    const { sidecar } = await sidecarWith(httpSettings('UserPromptSubmit', { url: local.url() }));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result.decision).toBe('none');
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output', httpStatus: 200 });
  });

  it('"http: a JSON body that fails the output schema is a non-blocking error"', async () => {
    const local = await server(json(200, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } }));
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('"http: non-2xx is a non-blocking error": status codes alone cannot block, and a non-2xx body is not read as a decision', async () => {
    const local = await server(json(403, deny));
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'http_error', httpStatus: 403, decision: 'none' });
    expect(result.runs[0].message).toContain('HTTP 403');
  });

  it('"http: a connection failure is a non-blocking error"; with onFailure "block" it blocks as a command hook that cannot start does', async () => {
    const local = await server();
    const url = local.url();
    await local.close();
    servers.splice(0);
    const { sidecar } = await sidecarWith({
      hooks: { PreToolUse: [{ hooks: [{ type: 'http', url }, { type: 'http', url: `${url}?strict`, onFailure: 'block' }] }] },
    });
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.runs.map((run: { failureClass: string; decision: string }) => [run.failureClass, run.decision])).toEqual([
      ['http_error', 'none'],
      ['http_error', 'deny'],
    ]);
    expect(result.runs[0].message).toMatch(/ECONNREFUSED/);
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('onFailure: block');
  });

  it('"http: header $VAR interpolation is limited to allowedEnvVars": listed names are filled, others become empty', async () => {
    const local = await server(text(200, ''));
    const env = { ...process.env, HOOK_TOKEN: 'tok-123', HOOK_SECRET: 'must-not-leak' };
    const { sidecar } = await sidecarWith(
      httpSettings('PreToolUse', {
        url: local.url(),
        headers: { Authorization: 'Bearer $HOOK_TOKEN', 'X-Braced': '${HOOK_TOKEN}!', 'X-Secret': '[$HOOK_SECRET]' },
        allowedEnvVars: ['HOOK_TOKEN'],
      }),
      { env },
    );
    await sidecar.request('hooks/PreToolUse', bash('ls'));
    const headers = local.requests[0]?.headers;
    expect(headers?.authorization).toBe('Bearer tok-123');
    expect(headers?.['x-braced']).toBe('tok-123!');
    expect(headers?.['x-secret']).toBe('[]');
  });

  it('"httpHookAllowedEnvVars": each hook\'s allowedEnvVars is intersected with the settings list (managed included)', async () => {
    const local = await server(text(200, ''));
    const env = { ...process.env, HOOK_TOKEN: 'tok-123', HOOK_TEAM: 'blue' };
    const { sidecar } = await sidecarWith(
      httpSettings('PreToolUse', { url: local.url(), headers: { 'X-Token': '$HOOK_TOKEN', 'X-Team': '$HOOK_TEAM' }, allowedEnvVars: ['HOOK_TOKEN', 'HOOK_TEAM'] }),
      { env, managed: { httpHookAllowedEnvVars: ['HOOK_TEAM'] } },
    );
    await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(local.requests[0]?.headers['x-token']).toBe('');
    expect(local.requests[0]?.headers['x-team']).toBe('blue');
  });

  it('"allowedHttpHookUrls": only URLs matching the merged allowlist (`*` wildcard) run; the others are skipped with a diagnostic naming file, line and field', async () => {
    const local = await server(text(200, ''));
    const { sidecar, init } = await sidecarWith(
      { allowedHttpHookUrls: [`http://127.0.0.1:${local.port}/allowed/*`], hooks: { PreToolUse: [{ hooks: [{ type: 'http', url: local.url('/allowed/x') }, { type: 'http', url: local.url('/other') }] }] } },
      { managed: { allowedHttpHookUrls: ['https://hooks.example.com/*'] } },
    );
    expect(init.hooks.map((hook: { command: string }) => hook.command)).toEqual([local.url('/allowed/x')]);
    const refused = init.diagnostics.find((entry: { code?: string }) => entry.code === 'http-url-not-allowed');
    expect(refused).toMatchObject({ severity: 'warning', field: 'hooks.PreToolUse[0].hooks[1].url' });
    expect(refused.file).toMatch(/settings\.json$/);
    expect(refused.line).toBeGreaterThan(1);
    await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(local.requests.map((request) => request.path)).toEqual(['/allowed/x']);
  });

  it('"allowedHttpHookUrls: an empty array blocks all HTTP hooks"', async () => {
    const local = await server(text(200, ''));
    const { sidecar, init } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }), { managed: { allowedHttpHookUrls: [] } });
    expect(init.hooks).toEqual([]);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.runs).toEqual([]);
    expect(local.requests).toHaveLength(0);
  });

  it('a cancelled request aborts the HTTP request at once: -32800, and the server sees the connection close', async () => {
    const local = await server(() => {});
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }));
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/PreToolUse', bash('ls'), id);
    await local.waitForRequests(1);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    expect((response.error?.data as { runs: Array<{ status: string }> }).runs.map((run) => run.status)).toEqual(['cancelled']);
    await until(() => local.requests[0]?.closed === true, 20_000, 'the connection to close');
  });

  it('"http: a timeout is a non-blocking error": a server that never answers times out and its connection is closed', async () => {
    const local = await server(() => {});
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url(), timeout: 1 }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, failureClass: 'timeout' });
    await until(() => local.requests[0]?.closed === true, 20_000, 'the connection to close');
  });

  it('a huge body is capped: 64 KiB are read, then reading stops, and the run is output_truncated (never parsed)', async () => {
    const local = await server(endlessBody);
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url() }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'output_truncated', truncated: true, stdout: { bytes: 65536, truncated: true } });
    await until(() => local.requests[0]?.closed === true, 20_000, 'the connection to close');
  });

  it('a redirect is not followed: a 3xx is a non-blocking error naming the target, and only one request is made', async () => {
    const local = await server((request, response) => (request.path === '/old' ? response.writeHead(302, { location: '/new' }).end() : response.end(JSON.stringify(deny))));
    const { sidecar } = await sidecarWith(httpSettings('PreToolUse', { url: local.url('/old') }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ failureClass: 'http_error', httpStatus: 302 });
    expect(result.runs[0].message).toContain('/new');
    expect(local.requests.map((request) => request.path)).toEqual(['/old']);
  });

  it('only http: and https: URLs: anything else is a diagnostic naming file, line and field, and the handler is skipped', async () => {
    const { init } = await sidecarWith({ hooks: { PreToolUse: [{ hooks: [{ type: 'http', url: 'file:///etc/passwd' }, { type: 'http', url: 'not a url' }] }] } });
    expect(init.hooks).toEqual([]);
    const problems = init.diagnostics.filter((entry: { code?: string }) => entry.code === 'invalid-url');
    expect(problems.map((entry: { field: string }) => entry.field)).toEqual(['hooks.PreToolUse[0].hooks[0].url', 'hooks.PreToolUse[0].hooks[1].url']);
    expect(problems[0]).toMatchObject({ severity: 'error', line: expect.any(Number) });
    expect(problems[0].message).toContain('"file:"');
  });

  it('"HTTP hooks are not supported for SessionStart": a warning, the handler is skipped', async () => {
    const local = await server(text(200, ''));
    const { sidecar, init } = await sidecarWith(httpSettings('SessionStart', { url: local.url() }));
    expect(init.hooks).toEqual([]);
    expect(init.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'handler-type-not-accepted', field: 'hooks.SessionStart[0].hooks[0].type' })]);
    await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(local.requests).toHaveLength(0);
  });

  it('the dry run (hooks/dryRun) runs an http handler against the server', async () => {
    const local = await server(json(200, deny));
    const { sidecar } = await sidecarWith({});
    const answer = await sidecar.request('hooks/dryRun', { event: 'PreToolUse', handler: { type: 'http', url: local.url('/dry') } });
    expect(answer.result).toMatchObject({ decision: 'deny', reason: 'blocked by policy server' });
    expect(answer.result.runs[0]).toMatchObject({ handlerType: 'http', httpStatus: 200 });
    expect(local.requests.map((request) => request.path)).toEqual(['/dry']);
  });

  it('`hookd test PreToolUse --handler` runs an http handler', async () => {
    const local = await server(json(200, deny));
    const workspace = makeWorkspace('hookd-http-cli-');
    const handler = JSON.stringify({ type: 'http', url: local.url('/cli') });
    // Asynchronous: the server lives in this process, so a synchronous spawn would never let it answer.
    const child = spawn(process.execPath, [HOOKD_BIN, 'test', 'PreToolUse', '--dialect', 'claude', '--workspace', workspace, '--home', workspace, '--handler', handler, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    expect(local.requests.map((request) => request.path)).toEqual(['/cli']);
    expect(stdout).toContain('"deny"');
    expect(code).not.toBeNull();
  });
});
