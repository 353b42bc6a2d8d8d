// Test doubles for engine unit tests: a minimal dialect and a runner that never spawns.
import type { CommandHandler, Dialect, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';
import type { ProcessOutcome, ProcessRunner, SpawnRequest } from '../../../src/runner/types.js';

export function outcome(partial: Partial<ProcessOutcome> = {}): ProcessOutcome {
  const empty = { text: '', bytes: 0, totalBytes: 0, truncated: false };
  return { started: true, exitCode: 0, signal: null, timedOut: false, cancelled: false, durationMs: 1, stdout: empty, stderr: empty, ...partial };
}

export function hook(id: string, event: EventName, command: string, extra: Partial<CommandHandler> = {}): HookSpec {
  return {
    id,
    event,
    matches: () => true,
    handler: { type: 'command', command, timeoutMs: 1000, onFailure: 'continue', ...extra },
    source: '/fake/settings.json',
    scope: 'project',
  };
}

/** Each hook's command is the decision it returns; the runner finishes hooks after `delays[command]` ms. */
export function scriptedRunner(delays: Record<string, number> = {}): ProcessRunner & { requests: SpawnRequest[]; order: string[] } {
  const requests: SpawnRequest[] = [];
  const order: string[] = [];
  return {
    requests,
    order,
    findExecutable: (name) => `/fake/bin/${name}`,
    run(request) {
      requests.push(request);
      const script = request.command.kind === 'shell' ? request.command.script : request.command.file;
      return new Promise((resolve) => {
        const finish = (result: ProcessOutcome) => {
          order.push(script);
          resolve(result);
        };
        if (request.signal?.aborted) return finish(outcome({ started: false, cancelled: true, exitCode: null }));
        const timer = setTimeout(() => finish(outcome({ stdout: { text: script, bytes: script.length, totalBytes: script.length, truncated: false } })), delays[script] ?? 0);
        request.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          finish(outcome({ cancelled: true, exitCode: null, signal: 'SIGTERM' }));
        });
      });
    },
  };
}

const RANK = ['none', 'allow', 'ask', 'deny', 'block'] as const;

export function fakeDialect(hooks: HookSpec[], overrides: Partial<Dialect> = {}): Dialect {
  return {
    name: 'fake',
    events: ['PreToolUse', 'Stop', 'UserPromptSubmit'],
    execution: 'parallel',
    continuationEvents: ['Stop'],
    defaultTimeoutMs: 1000,
    load: () => ({ hooks, diagnostics: [], sources: ['/fake/settings.json'] }),
    matchTarget: (_event, params) => params.toolName,
    renderStdin: (context) => JSON.stringify({ event: context.event }),
    environment: (context) => ({ FAKE_SESSION: context.sessionId }),
    interpret: (_context, _hook, result): HookVerdict => {
      if (result.cancelled) return { status: 'cancelled', failureClass: 'cancelled', decision: 'none' };
      const decision = result.stdout.text as HookVerdict['decision'];
      return { status: 'ok', failureClass: null, decision: RANK.includes(decision as never) ? decision : 'none', reason: result.stdout.text };
    },
    merge: (_context, verdicts) => {
      let decision: HookVerdict['decision'] = 'none';
      for (const verdict of verdicts) if (RANK.indexOf(verdict.decision as never) > RANK.indexOf(decision as never)) decision = verdict.decision;
      return { decision, continue: true, reason: verdicts.map((verdict) => verdict.reason).join(',') };
    },
    ...overrides,
  };
}
