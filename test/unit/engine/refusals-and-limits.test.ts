// Per-dialect process limits, fail-closed refusal of hooks that lack trust (whenUntrusted "refuse") and http handlers
// under the client's network denial — through the engine with a test-only dialect and a runner that never spawns.
import { describe, expect, it } from 'vitest';
import type { HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import type { HttpPostRequest, ProcessOutcome } from '../../../src/runner/types.js';
import { fakeDialect, hook, outcome, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

/** Reads a preflight as the failure class of its kind (as real dialects do), else the fake's reading. */
function preflightAware(seen: ProcessOutcome[]) {
  return (_context: unknown, _hook: HookSpec, result: ProcessOutcome): HookVerdict => {
    seen.push(result);
    if (result.preflight) return { status: 'error', failureClass: result.preflight.kind, decision: 'block', reason: result.preflight.message, message: result.preflight.message };
    return { status: 'ok', failureClass: null, decision: 'none' };
  };
}

const gated = (id: string, extra: Partial<HookSpec> = {}): HookSpec => ({ ...hook(id, 'PreToolUse', id), trustKey: `key:${id}`, trustHash: `sha256:${id}`, ...extra });

describe('per-dialect limits', () => {
  it('Dialect.killGraceMs and maxOutputBytes reach every run', async () => {
    const runner = scriptedRunner();
    const engine = new Engine({ dialect: fakeDialect([hook('a', 'PreToolUse', 'none')], { killGraceMs: 321, maxOutputBytes: 4096 }), runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests[0]).toMatchObject({ killGraceMs: 321, maxOutputBytes: 4096 });
  });

  it('the killGraceMs option still wins over the dialect', async () => {
    const runner = scriptedRunner();
    const engine = new Engine({ dialect: fakeDialect([hook('a', 'PreToolUse', 'none')], { killGraceMs: 321, maxOutputBytes: 4096 }), runner, workspace: '/ws', killGraceMs: 50, maxOutputBytes: 100 });
    engine.load({ workspace: '/ws', home: '/h' });
    await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests[0]).toMatchObject({ killGraceMs: 50, maxOutputBytes: 100 });
  });
});

describe('whenUntrusted "refuse"', () => {
  function refusingEngine(hooks: HookSpec[]) {
    const runner = scriptedRunner();
    const seen: ProcessOutcome[] = [];
    const engine = new Engine({ dialect: fakeDialect(hooks, { interpret: preflightAware(seen) }), runner, workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/h' });
    return { engine, runner, seen };
  }

  it('an untrusted matching hook that says refuse is reported as a run that did not start (preflight untrusted, "not trusted"), read by interpret', async () => {
    const { engine, runner, seen } = refusingEngine([gated('guard', { whenUntrusted: 'refuse' })]);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests).toHaveLength(0);
    expect(seen[0]).toMatchObject({ started: false, cancelled: false, preflight: { kind: 'untrusted', message: 'not trusted' } });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ hookId: 'guard', failureClass: 'untrusted', status: 'error' });
    expect(result.decision).toBe('block');
  });

  it('a hook that asks for approval and has none is refused as "awaiting approval"', async () => {
    const { engine, seen } = refusingEngine([gated('guard', { whenUntrusted: 'refuse', approval: { summary: 'echo hi', actionType: 'shell' } })]);
    await engine.dispatch('PreToolUse', eventParams());
    expect(seen[0]?.preflight).toEqual({ kind: 'untrusted', message: 'awaiting approval' });
  });

  it('an untrusted hook that says skip (or says nothing) is left out', async () => {
    const { engine, runner } = refusingEngine([gated('quiet', { whenUntrusted: 'skip' }), gated('plain')]);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(result.runs).toEqual([]);
    expect(runner.requests).toHaveLength(0);
  });

  it('a refusing hook whose matcher does not match is not reported at all', async () => {
    const { engine } = refusingEngine([gated('guard', { whenUntrusted: 'refuse', matches: (target) => target === 'Write' })]);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
  });

  it('once trusted for its hash it runs normally; a changed hash (modified) is refused again', async () => {
    const { engine, runner } = refusingEngine([gated('guard', { whenUntrusted: 'refuse' })]);
    engine.setTrusted('key:guard', true);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests).toHaveLength(1);
    expect(result.runs[0]?.failureClass).toBeNull();
    engine.setTrusted('key:guard', true, 'sha256:other');
    const again = await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests).toHaveLength(1);
    expect(again.result.runs[0]?.failureClass).toBe('untrusted');
  });

  it('a disabled hook is never refused (it is off, not waiting)', async () => {
    const { engine } = refusingEngine([gated('guard', { whenUntrusted: 'refuse', disabled: true })]);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
  });
});

describe('networkAccess "denied"', () => {
  const httpHook: HookSpec = {
    id: 'web',
    event: 'PreToolUse',
    matches: () => true,
    handler: { type: 'http', url: 'http://127.0.0.1:9/hook', headers: {}, allowedEnvVars: [], timeoutMs: 1000, onFailure: 'continue' },
    source: '/fake/settings.json',
    scope: 'project',
  };

  function httpEngine(networkAccess: 'allowed' | 'denied' | undefined) {
    const posts: HttpPostRequest[] = [];
    const runner = { ...scriptedRunner(), postHttp: async (request: HttpPostRequest) => (posts.push(request), outcome({ http: { status: 200 } })) };
    const seen: ProcessOutcome[] = [];
    const engine = new Engine({
      dialect: fakeDialect([httpHook], { interpret: preflightAware(seen) }),
      runner,
      workspace: '/ws',
      ...(networkAccess !== undefined ? { serverOptions: { networkAccess } } : {}),
    });
    engine.load({ workspace: '/ws', home: '/h' });
    return { engine, posts, seen };
  }

  it('an http handler under network denial is a recorded failure (preflight network_denied), not a silent skip; no request is made', async () => {
    const { engine, posts, seen } = httpEngine('denied');
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(posts).toHaveLength(0);
    expect(seen[0]?.preflight?.kind).toBe('network_denied');
    expect(seen[0]?.preflight?.message).toContain('http://127.0.0.1:9/hook');
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ hookId: 'web', failureClass: 'network_denied' });
  });

  it('allowed (or unset) networkAccess makes the request', async () => {
    for (const access of ['allowed', undefined] as const) {
      const { engine, posts } = httpEngine(access);
      await engine.dispatch('PreToolUse', eventParams());
      expect(posts).toHaveLength(1);
    }
  });
});
