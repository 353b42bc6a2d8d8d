// Runs one lifecycle event: match the candidate hooks, launch each (command, script, http or programmatic) in
// parallel or in sequence as the dialect says, let the dialect read and merge their answers. Reports runs in
// dispatch order, never completion order. Knows no dialect by name.
import type { EventParams, EventName, ProgressParams, RunSummary, ServerOptions } from '../protocol/index.js';
import type { CommandLine, ProcessOutcome, ProcessRunner } from '../runner/types.js';
import { runClientHook, type InvokeClientHook } from './client-hook.js';
import { isDelegatedHandler, runDelegatedHook, type DelegatedClient } from './delegated-hook.js';
import type { CommandHandler, Dialect, EventContext, HookSpec, HookVerdict, MergedOutcome, Placement } from './dialect.js';
import { interpolateHeaders } from './http-headers.js';
import { notStartedOutcome, summarizeRun } from './run-summary.js';
import { planScript, resolveScriptPath } from './script-plan.js';

export type DispatchSettings = {
  readonly runner: ProcessRunner;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
  readonly onProgress?: (progress: ProgressParams) => void;
  /** Runs programmatic hooks; undefined: the client cannot, and such hooks fail as unsupported. */
  readonly invokeClientHook?: InvokeClientHook;
  /** Runs delegated handlers (prompt, agent, mcp_tool) through the client; a missing callback: unsupported. */
  readonly delegated?: DelegatedClient;
  /** The initialize options (a dialect may size a dispatch budget from them). */
  readonly serverOptions?: ServerOptions;
};

export type DispatchRequest = {
  readonly dialect: Dialect;
  /** The event's runnable hooks in dispatch order; matchers are applied here. */
  readonly candidates: readonly HookSpec[];
  readonly event: EventName;
  readonly params: EventParams;
  readonly workspace: string;
  readonly requestId?: string | number;
  readonly signal: AbortSignal;
  /** Run every candidate, ignoring matchers (dry run of one handler). */
  readonly ignoreMatchers?: boolean;
};

export type DispatchOutcome = {
  readonly merged: MergedOutcome;
  readonly runs: RunSummary[];
  readonly cancelled: boolean;
  /** What every matching hook read on stdin ('' when none matched). */
  readonly stdin: string;
  /** Each run's captured stderr text (at most the output cap), in the order of `runs`. */
  readonly runStderr: readonly string[];
  /** Hooks whose matcher matched but whose `applies` condition did not: not started (dry runs report them). */
  readonly skippedByCondition?: readonly HookSpec[];
};

export function eventContext(event: EventName, params: EventParams, workspace: string): EventContext {
  return { event, params, workspace, sessionId: params.session.id, cwd: params.session.cwd ?? workspace, serverOwned: params.serverOwned === true };
}

function commandLine(handler: CommandHandler): CommandLine {
  if (handler.args) return { kind: 'exec', file: handler.command, args: handler.args };
  return { kind: 'shell', script: handler.command, ...(handler.shell ? { shell: handler.shell } : {}) };
}

function placementOf(context: EventContext, hook: HookSpec): Placement {
  if (context.serverOwned && hook.serverOwnedPlacement) return hook.serverOwnedPlacement;
  return { cwd: context.workspace, scriptBase: context.workspace };
}

function refusedOutcome(preflight: NonNullable<ProcessOutcome['preflight']>): ProcessOutcome {
  return { ...notStartedOutcome(), cancelled: false, preflight };
}

/** Keeps the first hook of each dedupeKey (hooks without one are all kept), in order. */
function onePerDedupeKey(hooks: HookSpec[]): HookSpec[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (hook.dedupeKey === undefined) return true;
    if (seen.has(hook.dedupeKey)) return false;
    seen.add(hook.dedupeKey);
    return true;
  });
}

type DispatchBudget = {
  /** Aborts when the client cancels or the budget runs out. */
  readonly signal: AbortSignal;
  /** True for a started run that was cancelled because the budget ran out (not by the client). */
  ended(outcome: ProcessOutcome): boolean;
  message(event: EventName): string;
  dispose(): void;
};

/** A shared budget for one dispatch's runs; undefined when the dialect gives none. */
function dispatchBudget(budgetMs: number | undefined, signal: AbortSignal): DispatchBudget | undefined {
  if (budgetMs === undefined) return undefined;
  const spent = new AbortController();
  const timer = setTimeout(() => spent.abort(), budgetMs);
  timer.unref?.();
  return {
    signal: AbortSignal.any([signal, spent.signal]),
    ended: (outcome) => outcome.started && outcome.cancelled && spent.signal.aborted && !signal.aborted,
    message: (event) => `killed when the ${budgetMs} ms budget the ${event} hooks share ran out`,
    dispose: () => clearTimeout(timer),
  };
}

export async function dispatchEvent(request: DispatchRequest, settings: DispatchSettings): Promise<DispatchOutcome> {
  const { dialect, event, params, workspace, signal } = request;
  const context = eventContext(event, params, workspace);
  const target = dialect.matchTarget(event, params);
  const matched = request.ignoreMatchers ? [...request.candidates] : request.candidates.filter((hook) => hook.matches(target));
  const skippedByCondition: HookSpec[] = [];
  const hooks = onePerDedupeKey(
    matched.filter((hook) => {
      if (hook.applies === undefined || hook.applies(context)) return true;
      skippedByCondition.push(hook);
      return false;
    }),
  );
  const stdin = hooks.length > 0 ? dialect.renderStdin(context) : '';
  const budget = dispatchBudget(hooks.length > 0 ? dialect.dispatchBudgetMs?.(event, hooks, { env: settings.baseEnv, options: settings.serverOptions ?? {} }) : undefined, signal);
  const runSignal = budget?.signal ?? signal;

  const launch = (hook: HookSpec): Promise<ProcessOutcome> => {
    const { handler } = hook;
    const placement = placementOf(context, hook);
    const limits = { timeoutMs: handler.timeoutMs, killGraceMs: settings.killGraceMs, maxOutputBytes: settings.maxOutputBytes, signal: runSignal, stdin };
    if (handler.type === 'client') {
      return runClientHook(settings.invokeClientHook, {
        hookId: hook.id,
        event,
        sessionId: context.sessionId,
        stdin,
        timeoutMs: handler.timeoutMs,
        signal: runSignal,
        maxOutputBytes: settings.maxOutputBytes,
      });
    }
    if (handler.type === 'http') {
      if (settings.runner.postHttp === undefined) return Promise.resolve(refusedOutcome({ kind: 'unsupported', message: 'this runner cannot make HTTP requests' }));
      const env = { ...settings.baseEnv, ...dialect.environment(context, hook, {}) };
      const headers = interpolateHeaders(handler.headers, handler.allowedEnvVars, env);
      return settings.runner.postHttp({ url: handler.url, headers, body: stdin, timeoutMs: handler.timeoutMs, maxOutputBytes: settings.maxOutputBytes, signal: runSignal });
    }
    if (isDelegatedHandler(handler)) {
      const run = { hookId: hook.id, event, sessionId: context.sessionId, stdin, signal: runSignal, maxOutputBytes: settings.maxOutputBytes };
      return runDelegatedHook(settings.delegated ?? {}, handler, run);
    }
    if (handler.type === 'command') {
      const env = { ...settings.baseEnv, ...dialect.environment(context, hook, {}) };
      return settings.runner.run({ command: commandLine(handler), cwd: placement.cwd, env, ...limits });
    }
    const scriptPath = resolveScriptPath(handler, placement.scriptBase);
    const env = { ...settings.baseEnv, ...dialect.environment(context, hook, { scriptPath }) };
    const plan = planScript(handler, placement.scriptBase, env, settings.runner.findExecutable);
    if (plan.kind === 'refused') return Promise.resolve(refusedOutcome(plan.preflight));
    return settings.runner.run({ command: plan.command, cwd: placement.cwd, env, ...limits });
  };

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
    if (runSignal.aborted) {
      const outcome = notStartedOutcome();
      return [outcome, dialect.interpret(context, hook, outcome)];
    }
    progress('started');
    const launched = await launch(hook);
    progress('finished');
    // A run the budget ended (not the client's cancel) timed out: killed like a cancel, reported as a timeout.
    const outcome = budget?.ended(launched) ? { ...launched, cancelled: false, timedOut: true } : launched;
    const verdict = dialect.interpret(context, hook, outcome);
    return [outcome, budget?.ended(launched) ? { ...verdict, message: budget.message(event) } : verdict];
  };

  let results: Array<[ProcessOutcome, HookVerdict]> = [];
  if (dialect.execution === 'parallel') {
    // Assigned, not spread into push: the number of matching hooks has no bound an argument list could take.
    results = await Promise.all(hooks.map(runOne));
  } else {
    for (const hook of hooks) {
      const result = await runOne(hook);
      results.push(result);
      if (dialect.stopsDispatch?.(context, result[1])) break;
    }
  }

  budget?.dispose();
  const ran = hooks.slice(0, results.length);
  const runs = results.map(([outcome, verdict], index) => summarizeRun(ran[index]!, outcome, verdict));
  const merged = dialect.merge(
    context,
    results.map(([, verdict]) => verdict),
  );
  return {
    merged,
    runs,
    cancelled: signal.aborted,
    stdin,
    runStderr: results.map(([outcome]) => outcome.stderr.text),
    ...(skippedByCondition.length > 0 ? { skippedByCondition } : {}),
  };
}
