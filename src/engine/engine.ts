// The engine facade: holds the current registry snapshot, run snapshots, programmatic hooks and trusted keys;
// dispatches events, caps continuation loops, reloads, and cancels. Composed by the server; never imports rpc/
// or a concrete dialect.
import type { Diagnostic, EventName, EventParams, EventResult, ExplainResult, HookInfo, ProgressParams, RegisterHookParams, RunSummary, ServerOptions } from '../protocol/index.js';
import { AsyncOutbox, MAX_OUTPUTS_PER_SESSION } from './async-outbox.js';
import { asyncOutputOf, asyncRunOf, rewakeMessage, type AsyncSettled } from './async-runs.js';
import type { AuditLog } from './audit-log.js';
import { LEDGER_FLUSH_MS, type AuthorizationLedger } from './authorization-ledger.js';
import { ledgerUnit, type LedgerUnit } from './ledger-runs.js';
import { auditScope, dispatchRecords, runRecord } from './audit-record.js';
import { SessionTempDirs } from './env-files.js';
import type { ProcessRunner } from '../runner/types.js';
import { DEFAULT_KILL_GRACE_MS, DEFAULT_MAX_OUTPUT_BYTES } from '../runner/types.js';
import type { InvokeClientHook } from './client-hook.js';
import { ClientHooks } from './client-hooks.js';
import { missingCapabilityDiagnostics } from './delegated-capabilities.js';
import type { DelegatedClient } from './delegated-hook.js';
import { ContinuationCap, DEFAULT_STOP_BLOCK_CAP, continuationKey } from './continuation-cap.js';
import type { Dialect, HookSpec, LoadContext, ToolKinds } from './dialect.js';
import { dispatchUnits, type UnitDispatch } from './dispatch-units.js';
import type { ProgressOptions } from './run-progress.js';
import { dispatchEvent, eventContext, type BackgroundRun, type DispatchSettings } from './dispatcher.js';
import { InFlightRegistry } from './in-flight.js';
import {
  EMPTY_SNAPSHOT,
  describeHook,
  dispatchOrder,
  hooksForEvent,
  snapshotFrom,
  snapshotKeepingLastGood,
  type RegistrySnapshot,
} from './registry.js';
import { RunSnapshots } from './run-snapshots.js';
import { summarizeRun } from './run-summary.js';
import { candidacyBlock, conditionHolds, matcherAccepts } from './hook-selection.js';
import { explainEvent } from './explain.js';
import { TrustBook, type TrustState } from './trust-state.js';
import { ApprovalProblems, approvalDiagnostics, approvalQuestions, type ApprovalQuestion } from './approvals.js';
import { refusedHooks } from './refusal.js';
import { redactDiagnostics, redactDispatch } from './redaction.js';
import { SessionToggles, toggleKey } from './session-toggles.js';
import { describeInvalidEntry, withInvalidInPlace } from './hook-status.js';
import { findHookNamed, type HookLookup } from './hook-lookup.js';
import { TrustRevocations } from './trust-revocations.js';
import { PendingRunWarnings, runLoadWarnings } from './run-reads.js';
import { DialectContinuations, leaveUnresolved } from './run-continuations.js';
import { FiredEvents, notFiredResult } from './fired-events.js';

export type EngineOptions = {
  readonly dialect: Dialect;
  readonly runner: ProcessRunner;
  readonly workspace: string;
  readonly baseEnv?: Readonly<Record<string, string>>;
  readonly killGraceMs?: number;
  readonly maxOutputBytes?: number;
  /** > 0: RunSummary stdout/stderr carry excerpts of at most this many bytes (default: the runOutputExcerptBytes option). */
  readonly runOutputExcerptBytes?: number;
  readonly stopBlockCap?: number;
  readonly onProgress?: (progress: ProgressParams) => void;
  /** Which hooks report progress and how (default: the `progress` initialize option). */
  readonly progress?: ProgressOptions;
  readonly invokeClientHook?: InvokeClientHook;
  /** What the client runs for delegated handlers (prompt, agent, mcp_tool); absent callbacks: not declared. */
  readonly delegated?: DelegatedClient;
  /** The initialize options, for dialects that read their own (e.g. a dispatch budget). */
  readonly serverOptions?: ServerOptions;
  /** Run async handlers like the others, waiting for them (one-shot commands such as `hookd test`). */
  readonly asyncInForeground?: boolean;
  /** An async handler finished (its output is also kept for the session's next event result). Must not throw. */
  readonly onAsyncSettled?: (settled: AsyncSettled) => void;
  /** Opt-in audit log: a record per run and per decision; dialects append their own through EventContext.audit. */
  readonly auditLog?: AuditLog;
  /** The client answers hooks/approve: the server asks it about hooks awaiting approval (diagnostics say so). */
  readonly asksApproval?: boolean;
  /** Called after each reload (not the first load), so the server can ask the approvals the new load needs. Must not throw. */
  readonly onReload?: () => void;
  /** What the client declared about its tools (initialize `tools`), for Dialect.expand; absent: none declared. */
  readonly toolKinds?: ToolKinds;
  /** The authorization ledger (options.ledgerPath ?? Dialect.defaultLedgerPath): a line per run of a hook that gates an effect. */
  readonly authorizationLedger?: AuthorizationLedger;
};

const NO_TOOL_KINDS: ToolKinds = new Map();
const NO_REFUSALS: ReadonlyMap<HookSpec, string> = new Map();
/** The signal of a dispatch nobody can cancel; nothing listens to it. */
const NEVER_ABORTED: AbortSignal = new AbortController().signal;

export type EventDispatch = {
  readonly result: EventResult;
  readonly cancelled: boolean;
  /** The stdin every hook of the dispatch read ('' when none matched). */
  readonly stdin: string;
  /** Each run's captured stderr text, in the order of `result.runs` (for reports of runs nobody waits for). */
  readonly runStderr: readonly string[];
  /** Hooks the matcher selected but their condition (`HookSpec.applies`) kept from starting. */
  readonly skippedByCondition?: readonly HookSpec[];
};
export type DispatchOptions = {
  readonly signal?: AbortSignal;
  /** Aborts `signal` (the caller's own controller, e.g. the request's): a session cancel uses it, so the dispatch
   * needs no controller of its own. */
  readonly abort?: () => void;
  readonly requestId?: string | number;
  /** false: leave the session's async outputs for a later result (a dispatch nobody reads). Default true. */
  readonly deliverAsyncOutputs?: boolean;
  /** The request was answered before its hooks run (fire-and-forget): no `running` progress, no `hooks: all`. */
  readonly answered?: boolean;
};

/** One note per run that left processes hookd could not kill (see RunSummary.escapedPids). */
function escapeNotes(runs: readonly RunSummary[]): string[] {
  const notes: string[] = [];
  for (const run of runs) {
    if (run.escapedPids !== undefined) notes.push(`${run.hookId} left process(es) ${run.escapedPids.join(', ')} running: they left its process group and cleared its environment, out of hookd's reach`);
  }
  return notes;
}

export class Engine {
  readonly dialect: Dialect;
  readonly #options: EngineOptions;
  readonly #inFlight = new InFlightRegistry();
  readonly #cap: ContinuationCap;
  readonly #runs = new RunSnapshots();
  readonly #clientHooks: ClientHooks;
  readonly #trust = new TrustBook();
  readonly #approvalProblems = new ApprovalProblems();
  /** Async handlers' runs: cancelled by session cancel and abortAll, never by their request's cancel. */
  readonly #background = new InFlightRegistry();
  readonly #outbox = new AsyncOutbox();
  readonly #tempDirs: SessionTempDirs | undefined;
  /** `once` hooks that already ran, as `<session id>\0<hook id>`. */
  readonly #onceRan = new Set<string>();
  /** hooks/setEnabled: per name (else id), for the life of this engine (reloads keep them). */
  readonly #toggles = new SessionToggles();
  /** A signal per trust key that a revoke aborts: runs of that key's hooks (foreground and async) are killed. */
  readonly #revocations = new TrustRevocations();
  #dispatchSettings: DispatchSettings | undefined;
  #snapshot: RegistrySnapshot = EMPTY_SNAPSHOT;
  /** The context of the last load or reload (Dialect.readsPerRun reads again with it when a run begins). */
  #loadContext: LoadContext | undefined;
  /** Dialect.readsPerRun: each run's load warnings, for its first answered result. */
  readonly #runWarnings = new PendingRunWarnings();
  /** Dialect.continuationCap: the dialect's own keep-working cap (instead of #cap). */
  readonly #continuations: DialectContinuations | undefined;
  /** Dialect.eventNotFired: the events each session fired. */
  readonly #fired = new FiredEvents();

  constructor(options: EngineOptions) {
    this.dialect = options.dialect;
    this.#options = options;
    this.#cap = new ContinuationCap(options.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP);
    this.#continuations = options.dialect.continuationCap !== undefined ? new DialectContinuations(options.dialect.continuationCap) : undefined;
    this.#clientHooks = new ClientHooks(options.dialect);
    this.#tempDirs = options.dialect.envFileVariable !== undefined ? new SessionTempDirs() : undefined;
  }

  /** Loads the dialect's configuration and makes it current for events that start from now on. */
  load(context: LoadContext): RegistrySnapshot {
    this.#loadContext = context;
    this.#snapshot = snapshotFrom(this.dialect.load(context));
    return this.#snapshot;
  }

  /** Loads again; files the dialect rejects keep the hooks last loaded from them. Runs in flight are untouched. */
  reload(context: LoadContext): RegistrySnapshot {
    this.#loadContext = context;
    this.#snapshot = snapshotKeepingLastGood(this.#snapshot, this.dialect.load(context));
    this.#options.onReload?.();
    return this.#snapshot;
  }

  get snapshot(): RegistrySnapshot {
    return this.#snapshot;
  }

  /** Configured hooks (with their current trust) then programmatic hooks. */
  hooks(): HookInfo[] {
    const trust = this.#trust.view(this.#snapshot);
    const statePath = this.reviewStatePath();
    const listed = [...this.#snapshot.hooks, ...this.#clientHooks.all()].map((hook) => describeHook(hook, trust, this.#toggles.get(hook), statePath));
    return withInvalidInPlace(listed, this.#invalidHooks());
  }

  /** Entries of the configuration that failed to load, as hooks/list shows them (state invalid). */
  #invalidHooks(): HookInfo[] {
    const invalid = this.#snapshot.invalid ?? [];
    if (invalid.length === 0) return [];
    const scopes = new Map(this.#snapshot.hooks.map((hook) => [hook.source, hook.scope]));
    return invalid.map((entry) => describeInvalidEntry(entry, (source) => scopes.get(source)));
  }

  /** The configured or programmatic hook (or invalid entry) named `name` (HookSpec.name, else id). */
  findHook(name: string): HookLookup {
    return findHookNamed(name, [...this.#snapshot.hooks, ...this.#clientHooks.all()], this.#snapshot.invalid ?? []);
  }

  /** One hook as hooks/list shows it now. */
  describe(hook: HookSpec): HookInfo {
    return describeHook(hook, this.#trust.view(this.#snapshot), this.#toggles.get(hook), this.reviewStatePath());
  }

  /** The dialect's review state file for the current load (Dialect.reviewStore); undefined: the dialect has none. */
  reviewStatePath(): string | undefined {
    const context = this.#loadContext;
    return context === undefined ? undefined : this.dialect.reviewStore?.(context).path;
  }

  /** The context of the last load or reload (src/review/ reloads with it after an action). */
  get loadContext(): LoadContext | undefined {
    return this.#loadContext;
  }

  /** Turns a hook on or off for the life of this engine (by its name, else id); events that start from now on see it. */
  setEnabled(hook: HookSpec, enabled: boolean): HookInfo {
    this.#toggles.set(toggleKey(hook), enabled);
    return this.describe(hook);
  }

  diagnostics(): Diagnostic[] {
    return [...this.#snapshot.diagnostics, ...this.#trustDiagnostics(), ...this.#approvalDiagnostics(), ...this.#capabilityDiagnostics()];
  }

  /** Tools that must run alone in a parallel batch (Dialect.serializedTools over the hooks not disabled); undefined: none. */
  serializeTools(): string[] | undefined {
    const tools = this.dialect.serializedTools?.(this.#snapshot.hooks.filter((hook) => hook.disabled !== true));
    return tools === undefined || tools.length === 0 ? undefined : [...new Set(tools)];
  }

  /** Diagnostics as the client may see them: their messages redacted by the dialect (Dialect.redact). */
  redacted(diagnostics: readonly Diagnostic[]): Promise<Diagnostic[]> {
    return redactDiagnostics(this.dialect, diagnostics);
  }

  #capabilityDiagnostics(): Diagnostic[] {
    const delegated = this.#options.delegated ?? {};
    return missingCapabilityDiagnostics(this.#snapshot.hooks, { modelJudge: delegated.judge !== undefined, mcpTools: delegated.callMcpTool !== undefined });
  }

  #trustDiagnostics(): Diagnostic[] {
    const waiting = new Map<string, { key: string; state: TrustState; count: number }>();
    for (const hook of this.#snapshot.hooks) {
      if (hook.trustKey === undefined || hook.disabled) continue;
      const state = this.#trust.state(this.#snapshot, hook.trustKey);
      // Hooks asking approval have diagnostics of their own (#approvalDiagnostics).
      if (state === 'trusted' || state === 'awaiting_approval' || state === 'denied') continue;
      const entry = waiting.get(hook.source) ?? { key: hook.trustKey, state, count: 0 };
      entry.count += 1;
      waiting.set(hook.source, entry);
    }
    return [...waiting].map(([file, { key, state, count }]) => ({
      severity: 'warning' as const,
      file,
      code: state,
      message: state === 'untrusted' ? `${count} hook(s) in ${file} do not run until the client trusts "${key}" (trust/set)` : this.#modifiedMessage(file, key, count),
    }));
  }

  #approvalDiagnostics(): Diagnostic[] {
    const snapshot = this.#snapshot;
    return approvalDiagnostics({
      snapshot,
      stateOf: (key) => this.#trust.state(snapshot, key),
      clientAsked: this.#options.asksApproval === true,
      problems: this.#approvalProblems,
    });
  }

  #modifiedMessage(file: string, key: string, count: number): string {
    const trustedHash = this.#trust.trustedHash(key);
    const now = this.#trust.currentHash(this.#snapshot, key);
    const why =
      trustedHash === null || trustedHash === undefined
        ? `"${key}" was trusted without a record of its content (an older trust entry), so what runs was never checked against what was reviewed`
        : `${file} changed since "${key}" was trusted (trusted ${trustedHash}, now ${now ?? 'unknown'})`;
    return `${count} hook(s) in ${file} are modified: ${why}; they do not run until the client reviews and trusts "${key}" again (trust/set)`;
  }

  /** Keys that configured hooks need trusted before they run (e.g. one per project-local file). */
  trustKeys(): string[] {
    return [...new Set(this.#snapshot.hooks.flatMap((hook) => (hook.trustKey === undefined ? [] : [hook.trustKey])))];
  }

  /** Trusted for the content loaded now (a key trusted for other content is `modified`, not trusted). */
  isTrusted(key: string): boolean {
    return this.#trust.state(this.#snapshot, key) === 'trusted';
  }

  trustState(key: string): TrustState {
    return this.#trust.state(this.#snapshot, key);
  }

  /** The content hash of what `key` covers in the current configuration (undefined: the dialect hashes nothing). */
  currentTrustHash(key: string): string | undefined {
    return this.#trust.currentHash(this.#snapshot, key);
  }

  /** The hash recorded with the trust of `key` (null: none recorded; undefined: not trusted). */
  trustedHash(key: string): string | null | undefined {
    return this.#trust.trustedHash(key);
  }

  /**
   * Trusts `key` for `trustedHash` (default: the content loaded now; null: trusted without a hash, which content
   * with a hash never matches), or distrusts it. Distrusting also kills, at once, every run of a hook with that key
   * still running (foreground and async; each reported as an "untrusted" failure, its event answered): the promise
   * resolves once they all settled, with how many there were (0 when trusting).
   */
  setTrusted(key: string, trusted: boolean, trustedHash: string | null = this.currentTrustHash(key) ?? null): Promise<number> {
    if (trusted) {
      this.#trust.set(key, trustedHash);
      return Promise.resolve(0);
    }
    this.#trust.delete(key);
    this.#trust.forgetForLoad(this.#snapshot, key);
    return this.#revocations.revoke(key);
  }

  /**
   * What the current configuration load needs approved: one question per trust key awaiting approval (HookSpec.approval
   * hooks without an answer for their current declaration), in configured order.
   */
  approvalQuestions(): ApprovalQuestion[] {
    const snapshot = this.#snapshot;
    return approvalQuestions(snapshot, (key) => this.#trust.state(snapshot, key), (key) => this.#trust.currentHash(snapshot, key));
  }

  /**
   * Records an answer about `key` for `hash` (the hash the question covered; an answer for a hash the key no longer
   * has approves nothing now): `load` (once: this configuration load only), `process` (session; the server also
   * persists a "project" answer and then calls this), `deny` (for this process and this hash).
   */
  answerApproval(key: string, hash: string | null, answer: 'load' | 'process' | 'deny'): void {
    const snapshot = this.#snapshot;
    this.#approvalProblems.clear(snapshot, key);
    if (answer === 'load') this.#trust.approveForLoad(snapshot, key, hash);
    else if (answer === 'process') this.#trust.set(key, hash);
    else this.#trust.deny(snapshot, key, hash);
  }

  /** Asking the client about `key` failed (a bad or error answer): it stays awaiting approval, a diagnostic says why. */
  noteApprovalProblem(key: string, message: string): void {
    this.#approvalProblems.note(this.#snapshot, key, message);
  }

  registerClientHook(params: RegisterHookParams): { readonly hookId: string } | { readonly error: string } {
    return this.#clientHooks.register(params);
  }

  unregisterClientHook(hookId: string): boolean {
    return this.#clientHooks.unregister(hookId);
  }

  /** Opens a run: its events use the configuration current now. Idempotent. */
  beginRun(runId: string): { readonly began: boolean; readonly hooks: number } {
    if (this.dialect.readsPerRun === true && this.#runs.peek(runId) === undefined) this.#readForRun(runId);
    const { snapshot, began } = this.#runs.snapshotFor(runId, this.#snapshot);
    return { began, hooks: snapshot.hooks.length };
  }

  endRun(runId: string): boolean {
    this.#runWarnings.drop(runId);
    return this.#runs.end(runId);
  }

  #snapshotFor(event: EventName, params: EventParams): RegistrySnapshot {
    if (params.runId === undefined || this.dialect.usesCurrentConfig?.(event, params)) return this.#snapshot;
    // Dialect.readsPerRun: the run's first event reads the files again, synchronously, before the run's snapshot is taken.
    if (this.dialect.readsPerRun === true && this.#runs.peek(params.runId) === undefined) this.#readForRun(params.runId);
    return this.#runs.snapshotFor(params.runId, this.#snapshot).snapshot;
  }

  /**
   * Reloads for a run that begins (files the dialect rejects keep their last good hooks) and holds what the load says
   * for the run's first answered result. A load that throws (a bug in the dialect) keeps the configuration as it was.
   */
  #readForRun(runId: string): void {
    const context = this.#loadContext;
    if (context === undefined) return;
    let warnings: string[];
    try {
      warnings = runLoadWarnings(this.dialect, this.reload(context), this.#options.toolKinds ?? NO_TOOL_KINDS);
    } catch (error) {
      warnings = [`reading the hook files for this run failed (${error instanceof Error ? error.message : String(error)}); the hooks read before stay in effect`];
    }
    this.#runWarnings.hold(runId, warnings);
  }

  /** The held load warnings of the event's run, first among the result's warnings. */
  #deliverRunWarnings(params: EventParams, result: EventResult): void {
    if (params.runId === undefined) return;
    const warnings = this.#runWarnings.take(params.runId);
    if (warnings.length > 0) result.warnings = [...warnings, ...(result.warnings ?? [])];
  }

  /** Dialect.eventNotFired: the answer to an event that does not fire here (no runs, nothing read). */
  async #answerNotFired(event: EventName, params: EventParams, options: DispatchOptions, why: string): Promise<EventDispatch> {
    const result = notFiredResult(event, why);
    this.#deliverRunWarnings(params, result);
    if (options.deliverAsyncOutputs !== false) this.#deliverAsyncOutputs(params.session.id, result);
    const redacted = await redactDispatch(this.dialect, { result, cancelled: false, stdin: '', runStderr: [] });
    this.#audit(event, params, options.requestId, redacted);
    return redacted;
  }

  /** The options never change after construction: the dispatch settings are made once. */
  #settings(): DispatchSettings {
    this.#dispatchSettings ??= this.#makeSettings();
    return this.#dispatchSettings;
  }

  #makeSettings(): DispatchSettings {
    const options = this.#options;
    const progress = options.progress ?? options.serverOptions?.progress;
    return {
      runner: options.runner,
      baseEnv: options.baseEnv ?? {},
      killGraceMs: options.killGraceMs ?? this.dialect.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      maxOutputBytes: options.maxOutputBytes ?? this.dialect.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
      runOutputExcerptBytes: options.runOutputExcerptBytes ?? options.serverOptions?.runOutputExcerptBytes ?? 0,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(progress ? { progress } : {}),
      ...(options.invokeClientHook ? { invokeClientHook: options.invokeClientHook } : {}),
      ...(options.delegated ? { delegated: options.delegated } : {}),
      ...(options.serverOptions ? { serverOptions: options.serverOptions } : {}),
      ...(this.#tempDirs ? { tempDirs: this.#tempDirs } : {}),
      ...(options.auditLog ? { auditLog: options.auditLog } : {}),
      revocations: this.#revocations,
    };
  }

  async dispatch(event: EventName, params: EventParams, options: DispatchOptions = {}): Promise<EventDispatch> {
    // Asked and recorded before any await, so of two concurrent events the second sees the first as fired.
    const notFired = this.dialect.eventNotFired?.(event, params, this.#fired.history(params.session.id, this.#options.toolKinds ?? NO_TOOL_KINDS));
    if (notFired !== undefined) return this.#answerNotFired(event, params, options, notFired);
    // Only a dialect that asks (eventNotFired) needs the history: the others keep nothing per event.
    if (this.dialect.eventNotFired !== undefined) this.#fired.markFired(params.session.id, event);
    const snapshot = this.#snapshotFor(event, params);
    const given = this.#continuations !== undefined && this.dialect.continuationEvents.includes(event) ? this.#continuations.withStopHookActive(event, params) : params;
    // The dialect prepares the params once (e.g. redacts an excerpt, renders diffs), then the request fans out.
    const prepared = this.dialect.prepareParams === undefined ? given : await this.dialect.prepareParams(event, given, this.#options.workspace);
    const { merged: _merged, ...dispatch } = await dispatchUnits({
      dialect: this.dialect,
      event,
      params: prepared,
      tools: this.#options.toolKinds ?? NO_TOOL_KINDS,
      runUnit: (unit) => this.#dispatchUnit(snapshot, unit.event, unit.params, options, { requestEvent: event, ...(unit.label !== undefined ? { unit: unit.label } : {}) }),
    });
    if (!dispatch.cancelled) this.#applyContinuationCap(event, prepared, dispatch.result);
    if (!dispatch.cancelled) this.#deliverRunWarnings(prepared, dispatch.result);
    this.dialect.afterDispatch?.(event, prepared.session.id);
    if (!dispatch.cancelled && options.deliverAsyncOutputs !== false) this.#deliverAsyncOutputs(prepared.session.id, dispatch.result);
    if (event === 'SessionEnd') this.#tempDirs?.removeSession(prepared.session.id);
    // Secrets in stderr, reasons, messages and notes never reach the client (nor the audit log).
    const redacted = this.dialect.redact === undefined ? dispatch : await redactDispatch(this.dialect, dispatch);
    this.#audit(event, prepared, options.requestId, redacted);
    // The decisions that gate an effect are on file before the agent acts on them (bounded wait).
    const ledger = this.#options.authorizationLedger;
    if (ledger !== undefined) await ledger.flush(LEDGER_FLUSH_MS);
    return redacted;
  }

  /** One unit of a request (the request itself when the dialect does not fan out): its candidates, matched and run. */
  /** Not async itself: it returns #run's promise (an async wrapper would add a promise and two microtasks). */
  #dispatchUnit(snapshot: RegistrySnapshot, event: EventName, params: EventParams, options: DispatchOptions, ledger?: LedgerUnit): Promise<UnitDispatch> {
    // Order first, then drop what may not run: a configured hook's position (its implicit priority) counts the
    // disabled and untrusted hooks before it, so a programmatic priority means the same whatever is enabled.
    const ordered = dispatchOrder(this.#toggles.applyAll(hooksForEvent(snapshot, event)), this.#toggles.applyAll(this.#clientHooks.forEvent(event)));
    // Trust is judged against the snapshot that runs: a run that began before an edit runs what was reviewed.
    const trust = this.#trust.view(snapshot);
    const onceKey = (hookId: string) => `${params.session.id}\0${hookId}`;
    // A hook that may not run but must not be skipped (whenUntrusted "refuse") stays a candidate, refused when it matches.
    const refused = refusedHooks(ordered, trust);
    const candidates = ordered.filter((hook) => refused.has(hook) || candidacyBlock(hook, trust, (spent) => this.#onceRan.has(onceKey(spent.id))) === undefined);
    // A `once` hook is spent as soon as a dispatch picks it (before it runs), so two concurrent events cannot both run it.
    // Spent only when it would start: its matcher and its condition (claude `if`) both apply. Most events have none.
    const onceHooks = candidates.filter((hook) => hook.once === true && !refused.has(hook));
    if (onceHooks.length > 0) {
      const target = this.dialect.matchTarget(event, params);
      const context = eventContext(event, params, this.#options.workspace);
      for (const hook of onceHooks) if (matcherAccepts(hook, target) && conditionHolds(hook, context)) this.#onceRan.add(onceKey(hook.id));
    }
    return this.#run(event, params, candidates, options, false, refused, ledger);
  }

  /** The event's run records, then its decision record (as answered), when the audit log is on. */
  #audit(event: EventName, params: EventParams, requestId: string | number | undefined, dispatch: EventDispatch): void {
    const log = this.#options.auditLog;
    if (log === undefined) return;
    for (const record of dispatchRecords(auditScope(this.dialect.name, event, params, requestId), dispatch.result, dispatch.cancelled)) log.append(record);
  }

  /**
   * Why each hook would or would not fire on `event` with `params` (hooks/explain): the dispatch's own selection
   * steps on the snapshot a dispatch would use, without running anything or spending a `once` hook.
   */
  explain(event: EventName, params: EventParams): ExplainResult {
    const snapshot = params.runId === undefined || this.dialect.usesCurrentConfig?.(event, params) ? this.#snapshot : (this.#runs.peek(params.runId) ?? this.#snapshot);
    const trust = this.#trust.view(snapshot);
    const reviewStatePath = this.reviewStatePath();
    const isOther = (hook: HookSpec) => hook.event !== event;
    const explained = explainEvent({
      dialect: this.dialect,
      event,
      params,
      workspace: this.#options.workspace,
      // Hooks a setting kept from loading are never dispatched: explained after the event's others.
      ordered: [...dispatchOrder(this.#toggles.applyAll(hooksForEvent(snapshot, event)), this.#toggles.applyAll(this.#clientHooks.forEvent(event))), ...(snapshot.notLoaded ?? []).filter((hook) => !isOther(hook))],
      others: [...this.#toggles.applyAll(snapshot.hooks.filter(isOther)), ...(snapshot.notLoaded ?? []).filter(isOther), ...this.#toggles.applyAll(this.#clientHooks.all().filter(isOther))],
      trust,
      onceSpent: (hook) => this.#onceRan.has(`${params.session.id}\0${hook.id}`),
      backgroundRuns: this.#options.asyncInForeground !== true,
      ...(reviewStatePath !== undefined ? { reviewStatePath } : {}),
      modifiedWhy: (hook) => {
        const key = hook.trustKey ?? '';
        const trustedHash = this.#trust.trustedHash(key);
        const why = typeof trustedHash === 'string' ? `trusted ${trustedHash}, now ${this.#trust.currentHash(snapshot, key) ?? 'unknown'}` : 'trusted without a record of its content';
        return `${hook.source} is modified since "${key}" was trusted (${why}): review and trust it again (trust/set)`;
      },
    });
    // Dialect.eventNotFired: such an event runs none of the hooks explained (asked with the session's history now).
    const notFired = this.dialect.eventNotFired?.(event, params, this.#fired.history(params.session.id, this.#options.toolKinds ?? NO_TOOL_KINDS));
    if (notFired !== undefined) explained.notes.unshift(`${event} would not fire here: ${notFired}; no hook would run`);
    return explained;
  }

  #deliverAsyncOutputs(sessionId: string, result: EventResult): void {
    const { outputs, dropped } = this.#outbox.take(sessionId);
    if (outputs.length > 0) result.asyncOutputs = outputs;
    if (dropped > 0) result.notes.push(`${dropped} older async hook output(s) of this session were dropped undelivered (at most ${MAX_OUTPUTS_PER_SESSION} are kept)`);
  }

  /** Runs one async handler under its own signal, tracked per session; its output goes to the outbox when it settles. */
  #startBackground(event: EventName, requestId: string | number | undefined, background: BackgroundRun): void {
    const { hook, context } = background;
    const sessionId = context.sessionId;
    const settled = this.#background.track(sessionId, undefined, (signal) => background.run(signal));
    settled.then(
      ({ outcome, verdict, env }) => {
        this.#options.auditLog?.append(runRecord(auditScope(this.dialect.name, event, context.params, requestId), summarizeRun(hook, outcome, verdict), { async: true }));
        if (outcome.cancelled) return;
        const output = asyncOutputOf(event, hook, outcome, verdict, env);
        if (output.additionalContext !== undefined || output.systemMessage !== undefined || output.environment !== undefined) this.#outbox.put(sessionId, output);
        const rewake = rewakeMessage(hook, outcome);
        try {
          this.#options.onAsyncSettled?.({ sessionId, event, hook, outcome, verdict, output, ...(rewake !== undefined ? { rewake } : {}), ...(requestId !== undefined ? { requestId } : {}) });
        } catch {
          // a failing reporter must not turn into an unhandled rejection
        }
      },
      () => undefined,
    );
  }

  /**
   * Runs the event's hooks without anyone waiting; tracked like any dispatch (cancel and shutdown kill it).
   * `onSettled` gets the dispatch, or the error of a dispatch that failed (a bug in hookd), never throwing back.
   */
  dispatchInBackground(event: EventName, params: EventParams, onSettled: (outcome: { dispatch?: EventDispatch; error?: unknown }) => void): void {
    const report = (outcome: { dispatch?: EventDispatch; error?: unknown }) => {
      try {
        onSettled(outcome);
      } catch {
        // a failing reporter must not turn into an unhandled rejection
      }
    };
    this.dispatch(event, params, { deliverAsyncOutputs: false, answered: true }).then(
      (dispatch) => report({ dispatch }),
      (error: unknown) => report({ error }),
    );
  }

  /** Runs one handler (not in the configuration) on an event, ignoring its matcher. Persists nothing. */
  async dryRun(hook: HookSpec, event: EventName, params: EventParams, options: DispatchOptions = {}): Promise<EventDispatch> {
    const prepared = this.dialect.prepareParams === undefined ? params : await this.dialect.prepareParams(event, params, this.#options.workspace);
    const { merged: _merged, ...dispatch } = await this.#run(event, prepared, [hook], options, true);
    const redacted = await redactDispatch(this.dialect, dispatch);
    this.#audit(event, prepared, options.requestId, redacted);
    return redacted;
  }

  async #run(
    event: EventName,
    params: EventParams,
    candidates: readonly HookSpec[],
    options: DispatchOptions,
    ignoreMatchers: boolean,
    refused: ReadonlyMap<HookSpec, string> = NO_REFUSALS,
    ledger?: LedgerUnit,
  ): Promise<UnitDispatch> {
    const startBackground = ignoreMatchers || this.#options.asyncInForeground === true ? undefined : (run: BackgroundRun) => this.#startBackground(event, options.requestId, run);
    const work = (signal: AbortSignal) =>
      dispatchEvent(
        {
          dialect: this.dialect,
          candidates,
          event,
          params,
          workspace: this.#options.workspace,
          signal,
          ignoreMatchers,
          ...(refused.size > 0 ? { refused } : {}),
          ...(startBackground ? { startBackground } : {}),
          ...(options.answered === true ? { answered: true } : {}),
          ...(options.requestId !== undefined ? { requestId: options.requestId } : {}),
        },
        this.#settings(),
      );
    // No candidate (most events): nothing starts and the dispatch settles in this turn of the event loop (microtasks
    // only), so no cancel can reach it meanwhile; it needs no controller of its own in the in-flight registry.
    const { runs, merged, cancelled, stdin, runStderr, skippedByCondition, environment, environmentNotes, backgroundStarted, ran } = await (candidates.length === 0
      ? work(options.signal ?? NEVER_ABORTED)
      : this.#inFlight.track(params.session.id, options.signal, work, options.abort, candidates.length));
    if (ledger !== undefined && this.#options.authorizationLedger !== undefined)
      await ledgerUnit(this.#options.authorizationLedger, this.dialect, eventContext(event, params, this.#options.workspace), ledger, ran, runs);
    const result: EventResult = { event, ...merged, notes: [...escapeNotes(runs), ...environmentNotes], runs };
    if (environment !== undefined) result.environment = environment;
    if (backgroundStarted.length > 0) result.asyncRuns = backgroundStarted.map(asyncRunOf);
    return { result, merged, cancelled, stdin, runStderr, ...(skippedByCondition ? { skippedByCondition } : {}) };
  }

  #applyContinuationCap(event: EventName, params: EventParams, result: EventResult): void {
    if (this.#continuations !== undefined) return this.#applyDialectCap(this.#continuations, event, params, result);
    if (event === 'UserPromptSubmit') this.#cap.resetSession(params.session.id);
    if (!this.dialect.continuationEvents.includes(event)) return;
    const blocked = result.decision === 'block' && result.continue;
    const verdict = this.#cap.record(continuationKey(params.session.id, event, params.agentId), blocked);
    if (verdict.honour) return;
    result.notes.push(
      `${event} hooks blocked ${verdict.count} consecutive times, past the cap of ${this.#cap.limit}: stopping anyway` +
        (result.reason ? ` (last reason: ${result.reason})` : ''),
    );
    result.decision = 'none';
  }

  /** Dialect.continuationCap: the (limit+1)th consecutive block of the run (or session) is not honoured. */
  #applyDialectCap(continuations: DialectContinuations, event: EventName, params: EventParams, result: EventResult): void {
    if (event === 'UserPromptSubmit') continuations.resetSession(params.session.id);
    if (!this.dialect.continuationEvents.includes(event)) return;
    const verdict = continuations.record(event, params, result.decision === 'block' && result.continue);
    if (!verdict.honour) leaveUnresolved(result, event, verdict.count, continuations.cap);
  }

  /** Aborts every in-flight event of a session; each then answers as cancelled. */
  cancelSession(sessionId: string): number {
    // Async handlers of the session die too, but only requests count (each of them is answered -32800).
    this.#background.cancelSession(sessionId);
    return this.#inFlight.cancelSession(sessionId);
  }

  /** Aborts everything (async handlers included), resolves once every hook tree is dead, then removes the session temp dirs. */
  async abortAll(): Promise<void> {
    await Promise.all([this.#inFlight.abortAll(), this.#background.abortAll()]);
    this.#tempDirs?.removeAll();
  }

  /** Async handlers still running in the background. */
  get backgroundCount(): number {
    return this.#background.size;
  }

  get inFlightCount(): number {
    return this.#inFlight.size;
  }
}
