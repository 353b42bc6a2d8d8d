// Runs one lifecycle event: match hooks from a snapshot, spawn them through the ProcessRunner
// (in parallel or in sequence, as the dialect says), let the dialect read and merge their answers.
// Reports runs in configured order, never completion order. Knows no dialect by name.
import type { EventParams, EventName, ProgressParams, RunSummary } from '../protocol/index.js';
import type { CommandLine, ProcessOutcome, ProcessRunner } from '../runner/types.js';
import type { Dialect, EventContext, HookSpec, HookVerdict, MergedOutcome } from './dialect.js';
import { hooksForEvent, type RegistrySnapshot } from './registry.js';
import { notStartedOutcome, summarizeRun } from './run-summary.js';

export type DispatchSettings = {
  readonly runner: ProcessRunner;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
  readonly onProgress?: (progress: ProgressParams) => void;
};

export type DispatchRequest = {
  readonly dialect: Dialect;
  readonly snapshot: RegistrySnapshot;
  readonly event: EventName;
  readonly params: EventParams;
  readonly workspace: string;
  readonly requestId?: string | number;
  readonly signal: AbortSignal;
};

export type DispatchOutcome = {
  readonly merged: MergedOutcome;
  readonly runs: RunSummary[];
  readonly cancelled: boolean;
};

export function eventContext(event: EventName, params: EventParams, workspace: string): EventContext {
  return { event, params, workspace, sessionId: params.session.id, cwd: params.session.cwd ?? workspace };
}

export function matchingHooks(dialect: Dialect, snapshot: RegistrySnapshot, event: EventName, params: EventParams): HookSpec[] {
  const target = dialect.matchTarget(event, params);
  return hooksForEvent(snapshot, event).filter((hook) => hook.matches(target));
}

function commandLine(hook: HookSpec): CommandLine {
  const { handler } = hook;
  if (handler.args) return { kind: 'exec', file: handler.command, args: handler.args };
  return { kind: 'shell', script: handler.command, ...(handler.shell ? { shell: handler.shell } : {}) };
}

export async function dispatchEvent(request: DispatchRequest, settings: DispatchSettings): Promise<DispatchOutcome> {
  const { dialect, event, params, workspace, signal } = request;
  const context = eventContext(event, params, workspace);
  const hooks = matchingHooks(dialect, request.snapshot, event, params);
  const stdin = hooks.length > 0 ? dialect.renderStdin(context) : '';

  const runOne = async (hook: HookSpec): Promise<[ProcessOutcome, HookVerdict]> => {
    const status = hook.handler.statusMessage;
    const progress = (phase: ProgressParams['phase']) =>
      status !== undefined &&
      settings.onProgress?.({
        ...(request.requestId !== undefined ? { requestId: request.requestId } : {}),
        sessionId: context.sessionId,
        event,
        hookId: hook.id,
        phase,
        statusMessage: status,
      });
    if (signal.aborted) {
      const outcome = notStartedOutcome();
      return [outcome, dialect.interpret(context, hook, outcome)];
    }
    progress('started');
    const outcome = await settings.runner.run({
      command: commandLine(hook),
      cwd: workspace,
      env: { ...settings.baseEnv, ...dialect.environment(context, hook) },
      stdin,
      timeoutMs: hook.handler.timeoutMs,
      killGraceMs: settings.killGraceMs,
      maxOutputBytes: settings.maxOutputBytes,
      signal,
    });
    progress('finished');
    return [outcome, dialect.interpret(context, hook, outcome)];
  };

  const results: Array<[ProcessOutcome, HookVerdict]> = [];
  if (dialect.execution === 'parallel') {
    results.push(...(await Promise.all(hooks.map(runOne))));
  } else {
    for (const hook of hooks) {
      const result = await runOne(hook);
      results.push(result);
      if (dialect.stopsDispatch?.(context, result[1])) break;
    }
  }

  const ran = hooks.slice(0, results.length);
  const runs = results.map(([outcome, verdict], index) => summarizeRun(ran[index]!, outcome, verdict));
  const merged = dialect.merge(
    context,
    results.map(([, verdict]) => verdict),
  );
  return { merged, runs, cancelled: signal.aborted };
}
