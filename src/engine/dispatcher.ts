// Runs one lifecycle event: match the candidate hooks, launch each (command, script, http or programmatic) in
// parallel or in sequence as the dialect says (a sequential chain renders each next hook's stdin from the params the
// dialect threads), let the dialect read and merge their answers. Reports runs in dispatch order, never completion
// order. Hands async handlers to the caller to run in the background. Knows no dialect by name.
import { setMaxListeners } from 'node:events';
import type { EventParams, EventName, ProgressParams, RunSummary, ServerOptions } from '../protocol/index.js';
import type { CommandLine, ProcessOutcome, ProcessRunner } from '../runner/types.js';
import { withAudit, type AuditLog } from './audit-log.js';
import { runClientHook, type InvokeClientHook } from './client-hook.js';
import { isDelegatedHandler, runDelegatedHook, type DelegatedClient } from './delegated-hook.js';
import type { CommandHandler, Dialect, EventContext, HookSpec, HookVerdict, MergedOutcome, Placement } from './dialect.js';
import { concurrencyLimit, type ConcurrencyLimit } from './concurrency-limit.js';
import { interpolateHeaders } from './http-headers.js';
import type { SessionTempDirs } from './env-files.js';
import { collectEnvFile, mergeEnvironments, openEnvFile, type CollectedEnv } from './run-env-file.js';
import { startRunProgress, type ProgressOptions } from './run-progress.js';
import { notStartedOutcome, summarizeRun } from './run-summary.js';
import { planScript, resolveScriptPath } from './script-plan.js';
import { eligibilitySteps, runsInBackground } from './hook-selection.js';
import { runExecutionPlan } from './execution-plan.js';
import { networkDeniedMessage } from './refusal.js';
import { launchSignal, revokedBeforeStart, revokedOutcome, revokedVerdict, revokedWhileRunning, stoppedByRevocation, watchRevocations, type TrustRevocations } from './trust-revocations.js';

export type DispatchSettings = {
  readonly runner: ProcessRunner;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
  /** > 0: each RunSummary carries stdout/stderr excerpts of at most this many bytes. */
  readonly runOutputExcerptBytes?: number;
  readonly onProgress?: (progress: ProgressParams) => void;
  /** The initialize option `progress` (which hooks report, elapsed time, status, `running`); undefined: 0.1 progress. */
  readonly progress?: ProgressOptions;
  /** Runs programmatic hooks; undefined: the client cannot, and such hooks fail as unsupported. */
  readonly invokeClientHook?: InvokeClientHook;
  /** Runs delegated handlers (prompt, agent, mcp_tool) through the client; a missing callback: unsupported. */
  readonly delegated?: DelegatedClient;
  /** The initialize options (a dialect may size a dispatch budget from them). */
  readonly serverOptions?: ServerOptions;
  /** Where per-run environment files go (Dialect.envFileVariable); undefined: hooks get none. */
  readonly tempDirs?: SessionTempDirs;
  /** The audit log, offered to the dialect as EventContext.audit; undefined: off. */
  readonly auditLog?: AuditLog;
  /** Revoking trust in a key kills the runs of hooks with that key (foreground and async); undefined: nothing does. */
  readonly revocations?: TrustRevocations;
};

/** One async handler's run, handed to whoever runs it in the background with a signal of its own. */
export type BackgroundRun = {
  readonly hook: HookSpec;
  readonly context: EventContext;
  readonly run: (signal: AbortSignal) => Promise<{ readonly outcome: ProcessOutcome; readonly verdict: HookVerdict; readonly env?: CollectedEnv }>;
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
  /** Starts async handlers (CommandHandler.async) without waiting; undefined: they run like the others. */
  readonly startBackground?: (run: BackgroundRun) => void;
  /** The request was answered already (a fire-and-forget event): no hook counts as awaited for progress. */
  readonly answered?: boolean;
  /**
   * Candidates that may not run (HookSpec.whenUntrusted "refuse"), each with why ("awaiting approval", "denied", "not
   * trusted"): when one matches it is reported as a run that did not start (preflight "untrusted") for the dialect to read.
   */
  readonly refused?: ReadonlyMap<HookSpec, string>;
};

export type DispatchOutcome = {
  readonly merged: MergedOutcome;
  readonly runs: RunSummary[];
  readonly cancelled: boolean;
  /** What the matching hooks read on stdin ('' when none matched); a threaded sequential chain: what the first read. */
  readonly stdin: string;
  /** Each run's captured stderr text (at most the output cap), in the order of `runs`. */
  readonly runStderr: readonly string[];
  /** Hooks whose matcher matched but whose `applies` condition did not: not started (dry runs report them). */
  readonly skippedByCondition?: readonly HookSpec[];
  /** Variables the runs wrote to their environment files, merged in configured order (later wins). */
  readonly environment?: Record<string, string>;
  /** What went wrong reading environment files, one line each. */
  readonly environmentNotes: readonly string[];
  /** The async handlers started in the background, in configured order. */
  readonly backgroundStarted: readonly HookSpec[];
  /** Each run's hook and verdict, in the order of `runs` (for the authorization ledger). */
  readonly ran: readonly { readonly hook: HookSpec; readonly verdict: HookVerdict }[];
};

export function eventContext(event: EventName, params: EventParams, workspace: string): EventContext {
  return { event, params, workspace, sessionId: params.session.id, cwd: params.session.cwd ?? workspace, serverOwned: params.serverOwned === true };
}

function commandLine(handler: CommandHandler): CommandLine {
  if (handler.args) return { kind: 'exec', file: handler.command, args: handler.args };
  return { kind: 'shell', script: handler.command, ...(handler.shell ? { shell: handler.shell } : {}), ...(handler.loginShell === true ? { login: true } : {}) };
}

/** One run: its outcome, how the dialect read it, and the variables its env file set (if any). */
type RunResult = [ProcessOutcome, HookVerdict, CollectedEnv | undefined];

type BuiltEnvironment = { readonly base: Readonly<Record<string, string>>; readonly added: Readonly<Record<string, string>>; readonly env: Readonly<Record<string, string>> };

/** Each hook's latest run environment: the next run with the same variables reuses it (frozen, so never changed). */
const latestEnvironment = new WeakMap<HookSpec, BuiltEnvironment>();

/** The same names, in the same order, with the same values. */
function sameVariables(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  const others = Object.keys(b);
  if (names.length !== others.length) return false;
  return names.every((name, index) => others[index] === name && a[name] === b[name]);
}

/**
 * The inherited environment with the variables the dialect (and the env file) add on top. Copying the whole inherited
 * environment per run is the costly part of a launch, so a hook's runs share one frozen object while the added
 * variables stay the same (the runner may then reuse what it derived from it).
 */
function runEnvironment(hook: HookSpec, base: Readonly<Record<string, string>>, added: Record<string, string>): Readonly<Record<string, string>> {
  const latest = latestEnvironment.get(hook);
  if (latest !== undefined && latest.base === base && sameVariables(latest.added, added)) return latest.env;
  const env = Object.freeze({ ...base, ...added });
  latestEnvironment.set(hook, { base, added, env });
  return env;
}

export function placementOf(context: EventContext, hook: HookSpec): Placement {
  if (context.serverOwned && hook.serverOwnedPlacement) return hook.serverOwnedPlacement;
  return { cwd: context.workspace, scriptBase: context.workspace };
}

function refusedOutcome(preflight: NonNullable<ProcessOutcome['preflight']>): ProcessOutcome {
  return { ...notStartedOutcome(), cancelled: false, preflight };
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
  const shared = AbortSignal.any([signal, spent.signal]);
  // Every run of the dispatch listens to it (see in-flight.ts).
  setMaxListeners(0, shared);
  return {
    signal: shared,
    ended: (outcome) => outcome.started && outcome.cancelled && spent.signal.aborted && !signal.aborted,
    message: (event) => `killed when the ${budgetMs} ms budget the ${event} hooks share ran out`,
    dispose: () => clearTimeout(timer),
  };
}

export async function dispatchEvent(request: DispatchRequest, settings: DispatchSettings): Promise<DispatchOutcome> {
  const { dialect, event, params, workspace, signal } = request;
  const context = withAudit(eventContext(event, params, workspace), settings.auditLog);
  const target = dialect.matchTarget(event, params);
  // Matcher, condition, one per dedupeKey: the same steps hooks/explain reports (hook-selection.ts).
  const steps = eligibilitySteps(request.candidates, target, context, request.ignoreMatchers === true);
  const skippedByCondition: HookSpec[] = [];
  const eligible: HookSpec[] = [];
  // Async handlers start first, each under a signal of its own: cancelling this request does not end them.
  const background: HookSpec[] = [];
  const hooks: HookSpec[] = [];
  const startsBackground = request.startBackground !== undefined;
  for (const step of steps) {
    if (step.skip === 'condition') skippedByCondition.push(step.hook);
    if (step.skip !== undefined) continue;
    eligible.push(step.hook);
    (runsInBackground(step.hook, startsBackground) ? background : hooks).push(step.hook);
  }
  const stdin = eligible.length > 0 ? dialect.renderStdin(context) : '';
  const envFileVariable = dialect.envFileVariable?.(event);
  // Made when the first judge asks (most dispatches have none).
  let judgeSlots: ConcurrencyLimit | undefined;
  const judgeSlot = (max: number): ConcurrencyLimit => (judgeSlots ??= concurrencyLimit(max));
  // The dialect's shared budget (claude SessionEnd) bounds the runs the event waits for, not async ones.
  const budget = dispatchBudget(hooks.length > 0 ? dialect.dispatchBudgetMs?.(event, hooks, { env: settings.baseEnv, options: settings.serverOptions ?? {} }) : undefined, signal);
  const runSignal = budget?.signal ?? signal;

  // A threaded chain's later hooks see other params: their stdin is rendered again, once per hook.
  const stdinOf = (seen: EventContext): string => (seen === context ? stdin : dialect.renderStdin(seen));
  const launch = (hook: HookSpec, context: EventContext, signal: AbortSignal, extraEnv: Record<string, string>): Promise<ProcessOutcome> => {
    const { handler } = hook;
    const stdin = stdinOf(context);
    const placement = placementOf(context, hook);
    const limits = { timeoutMs: handler.timeoutMs, killGraceMs: settings.killGraceMs, maxOutputBytes: settings.maxOutputBytes, signal, stdin };
    const refusal = request.refused?.get(hook);
    if (refusal !== undefined) return Promise.resolve(refusedOutcome({ kind: 'untrusted', message: refusal }));
    if (handler.type === 'client') {
      return runClientHook(settings.invokeClientHook, {
        hookId: hook.id,
        event,
        sessionId: context.sessionId,
        stdin,
        timeoutMs: handler.timeoutMs,
        signal,
        maxOutputBytes: settings.maxOutputBytes,
      });
    }
    if (handler.type === 'http') {
      // The client's sandbox denies the network: a recorded failure the dialect reads, never a silent skip.
      if (settings.serverOptions?.networkAccess === 'denied') return Promise.resolve(refusedOutcome({ kind: 'network_denied', message: networkDeniedMessage(handler.url) }));
      if (settings.runner.postHttp === undefined) return Promise.resolve(refusedOutcome({ kind: 'unsupported', message: 'this runner cannot make HTTP requests' }));
      const env = { ...settings.baseEnv, ...dialect.environment(context, hook, {}) };
      const headers = interpolateHeaders(handler.headers, handler.allowedEnvVars, env);
      return settings.runner.postHttp({ url: handler.url, headers, body: stdin, timeoutMs: handler.timeoutMs, maxOutputBytes: settings.maxOutputBytes, signal });
    }
    if (isDelegatedHandler(handler)) {
      const run = { hookId: hook.id, event, sessionId: context.sessionId, stdin, signal, maxOutputBytes: settings.maxOutputBytes };
      const ask = () => runDelegatedHook(settings.delegated ?? {}, handler, run);
      return handler.type === 'mcp_tool' || dialect.maxConcurrentJudges === undefined ? ask() : judgeSlot(dialect.maxConcurrentJudges)(ask);
    }
    if (handler.type === 'command') {
      const env = runEnvironment(hook, settings.baseEnv, { ...dialect.environment(context, hook, {}), ...extraEnv });
      return settings.runner.run({ command: commandLine(handler), cwd: placement.cwd, env, ...limits });
    }
    const scriptPath = resolveScriptPath(handler, placement.scriptBase);
    const env = runEnvironment(hook, settings.baseEnv, { ...dialect.environment(context, hook, { scriptPath }), ...extraEnv });
    const plan = planScript(handler, placement.scriptBase, env, settings.runner.findExecutable);
    if (plan.kind === 'refused') return Promise.resolve(refusedOutcome(plan.preflight));
    return settings.runner.run({ command: plan.command, cwd: placement.cwd, env, ...limits });
  };

  // Taken as the hooks are picked: a trust revocation from now on stops them, running or not yet started.
  const revocationOf = watchRevocations(settings.revocations, eligible);
  const environments = new Map<HookSpec, CollectedEnv>();
  /** One run and how the dialect read it; `collect`: its env file's variables join the event's environment. */
  const runWith = async (hook: HookSpec, context: EventContext, ownSignal: AbortSignal, awaited: boolean, collect: boolean): Promise<RunResult> => {
    const revocation = revocationOf(hook);
    const { signal, release } = launchSignal(ownSignal, revocation);
    if (signal.aborted) {
      const outcome = notStartedOutcome();
      if (!stoppedByRevocation(outcome, revocation, ownSignal)) return [outcome, dialect.interpret(context, hook, outcome), undefined];
      const refused = refusedOutcome({ kind: 'untrusted', message: revokedBeforeStart(revocation.key) });
      return [refused, revokedVerdict(dialect.interpret(context, hook, refused), revokedBeforeStart(revocation.key)), undefined];
    }
    const envFile = openEnvFile(settings.tempDirs, envFileVariable, hook, context);
    const progress = startRunProgress({
      hook,
      sessionId: context.sessionId,
      event,
      signal,
      awaited,
      ...(request.requestId !== undefined ? { requestId: request.requestId } : {}),
      ...(settings.onProgress ? { onProgress: settings.onProgress } : {}),
      ...(settings.progress ? { options: settings.progress } : {}),
    });
    const running = launch(hook, context, signal, envFile?.env ?? {});
    let launched: ProcessOutcome;
    try {
      launched = await (revocation === undefined ? running : revocation.track(running));
    } finally {
      progress.stop();
      release();
    }
    // A run whose trust was revoked while it ran is a failed run the dialect reads (the event is still answered).
    if (stoppedByRevocation(launched, revocation, ownSignal)) {
      const message = revokedWhileRunning(revocation.key);
      const outcome = revokedOutcome(launched, message);
      const verdict = revokedVerdict(dialect.interpret(context, hook, outcome), message);
      progress.finished(outcome, verdict);
      const env = collectEnvFile(envFile, hook, launched);
      if (collect && env !== undefined) environments.set(hook, env);
      return [outcome, verdict, env];
    }
    // A run the budget ended (not the client's cancel) timed out: killed like a cancel, reported as a timeout.
    const ended = ownSignal === runSignal && budget?.ended(launched) === true;
    const outcome = ended ? { ...launched, cancelled: false, timedOut: true } : launched;
    const verdict = dialect.interpret(context, hook, outcome);
    progress.finished(outcome, verdict);
    const env = collectEnvFile(envFile, hook, outcome);
    if (collect && env !== undefined) environments.set(hook, env);
    return [outcome, ended && budget ? { ...verdict, message: budget.message(event) } : verdict, env];
  };
  // The context each run saw (a threaded chain's own params), for reading its output the way it was asked.
  const seenBy = new Map<HookSpec, EventContext>();
  // Not async itself: runWith's promise as it is (an async wrapper would add a promise and two microtasks).
  const runOne = (hook: HookSpec, seen: EventContext): Promise<RunResult> => {
    seenBy.set(hook, seen);
    return runWith(hook, seen, runSignal, request.answered !== true, true);
  };

  const backgroundStarted = request.signal.aborted ? [] : background;
  for (const hook of backgroundStarted) {
    request.startBackground?.({
      hook,
      context,
      run: async (ownSignal) => {
        const [outcome, verdict, env] = await runWith(hook, context, ownSignal, false, false);
        return { outcome, verdict, ...(env !== undefined ? { env } : {}) };
      },
    });
  }

  // parallel, sequential (stopsDispatch may end it) or mixed (the vetoing chain in sequence, the rest beside it).
  const planned = await runExecutionPlan(dialect, context, hooks, runOne, (result) => result[1]);
  budget?.dispose();
  const excerptBytes = settings.runOutputExcerptBytes ?? 0;
  const runs: RunSummary[] = [];
  const verdicts: HookVerdict[] = [];
  const runStderr: string[] = [];
  const ranVerdicts: { readonly hook: HookSpec; readonly verdict: HookVerdict }[] = [];
  const ranEnvironments: (CollectedEnv | undefined)[] = [];
  for (const { hook, result } of planned) {
    const [outcome, verdict] = result;
    // How the dialect read each run is for people who see its output: worked out only when excerpts are on.
    const reading = excerptBytes > 0 ? dialect.describeReading?.(seenBy.get(hook) ?? context, hook, outcome, verdict) : undefined;
    runs.push(summarizeRun(hook, outcome, verdict, excerptBytes, reading));
    verdicts.push(verdict);
    runStderr.push(outcome.stderr.text);
    ranVerdicts.push({ hook, verdict });
    ranEnvironments.push(environments.get(hook));
  }
  const merged = dialect.merge(context, verdicts);
  const collected = mergeEnvironments(ranEnvironments);
  return {
    merged,
    runs,
    cancelled: signal.aborted,
    stdin,
    runStderr,
    ...(skippedByCondition.length > 0 ? { skippedByCondition } : {}),
    ...(collected.environment !== undefined ? { environment: collected.environment } : {}),
    environmentNotes: collected.notes,
    backgroundStarted,
    ran: ranVerdicts,
  };
}
