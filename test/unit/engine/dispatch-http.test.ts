// The dispatcher's http path with a runner that records requests (no network): the body is the rendered stdin,
// headers are interpolated from hookd's and the dialect's environment, and a runner without HTTP refuses.
import { describe, expect, it } from 'vitest';
import type { HookSpec, HttpHandler } from '../../../src/engine/dialect.js';
import { dispatchEvent } from '../../../src/engine/dispatcher.js';
import type { HttpPostRequest } from '../../../src/runner/types.js';
import { fakeDialect, outcome, scriptedRunner } from './fakes.js';

const handler: HttpHandler = {
  type: 'http',
  url: 'http://127.0.0.1:9/hook',
  headers: { Authorization: 'Bearer $TOKEN', 'X-Session': '${FAKE_SESSION}', 'X-Other': '$OTHER' },
  allowedEnvVars: ['TOKEN', 'FAKE_SESSION'],
  timeoutMs: 1234,
  onFailure: 'continue',
};
const httpHook: HookSpec = { id: 'h', event: 'PreToolUse', matches: () => true, handler, source: '/fake/settings.json', scope: 'project' };
const params = { session: { id: 's-1' }, toolName: 'Bash', toolInput: { command: 'ls' } };

function dispatch(runner: ReturnType<typeof scriptedRunner>, signal = new AbortController().signal) {
  const dialect = fakeDialect([httpHook]);
  return dispatchEvent(
    { dialect, candidates: [httpHook], event: 'PreToolUse', params, workspace: '/ws', signal },
    { runner, baseEnv: { TOKEN: 't0k', OTHER: 'no' }, killGraceMs: 10, maxOutputBytes: 4096 },
  );
}

describe('dispatching an http handler', () => {
  it('POSTs the rendered stdin with headers filled from the hook environment (allowedEnvVars only), the timeout and the cap', async () => {
    const posted: HttpPostRequest[] = [];
    const runner = Object.assign(scriptedRunner(), {
      postHttp: (request: HttpPostRequest) => {
        posted.push(request);
        return Promise.resolve(outcome({ exitCode: null, stdout: { text: 'deny', bytes: 4, totalBytes: 4, truncated: false }, http: { status: 200 } }));
      },
    });
    const result = await dispatch(runner);
    expect(posted).toEqual([
      {
        url: 'http://127.0.0.1:9/hook',
        headers: { Authorization: 'Bearer t0k', 'X-Session': 's-1', 'X-Other': '' },
        body: JSON.stringify({ event: 'PreToolUse' }),
        timeoutMs: 1234,
        maxOutputBytes: 4096,
        signal: expect.any(AbortSignal),
      },
    ]);
    expect(runner.requests).toEqual([]); // nothing spawned
    expect(result.runs[0]).toMatchObject({ handlerType: 'http', httpStatus: 200, decision: 'deny' });
  });

  it('a runner that cannot make HTTP requests: the run is refused as unsupported, nothing is sent', async () => {
    const runner = scriptedRunner();
    const dialect = fakeDialect([httpHook], {
      interpret: (_context, _hook, result) => ({ status: 'error', failureClass: 'unsupported', decision: 'none', message: result.preflight?.message ?? 'none' }),
    });
    const result = await dispatchEvent(
      { dialect, candidates: [httpHook], event: 'PreToolUse', params, workspace: '/ws', signal: new AbortController().signal },
      { runner, baseEnv: {}, killGraceMs: 10, maxOutputBytes: 4096 },
    );
    expect(result.runs[0]).toMatchObject({ failureClass: 'unsupported', message: 'this runner cannot make HTTP requests' });
  });
});
