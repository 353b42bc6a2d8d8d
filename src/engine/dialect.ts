// The interface every dialect implements, and the hook/verdict types the engine works with.
// The engine knows dialects only through this file; it must never import a concrete dialect.
import type { ApprovalRequest, ContextDelivery, Decision, ReviewStatus, Diagnostic, EventName, EventParams, FailureClass, Refusal, RunStatus, ConfigSource, EventAlias, ServerOptions, ToolDeclaration } from '../protocol/index.js';
import type { ProcessOutcome } from '../runner/types.js';
import type { AuditAttributes } from './audit-record.js';

export type CommandHandler = {
  readonly type: 'command';
  /** Shell string, or the executable when `args` is given (exec form, no shell). */
  readonly command: string;
  readonly args?: readonly string[];
  /** Shell for the shell form; default `sh`. */
  readonly shell?: string;
  /** Shell form as a login shell: `shell -lc command` (pbi-agent runs `[$SHELL or /bin/sh, "-lc", command]`). */
  readonly loginShell?: boolean;
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  /** `block`: a hook that cannot start, times out, exits unexpectedly or prints bad output blocks. */
  readonly onFailure: 'continue' | 'block';
  /** True when `timeoutMs` was configured for this handler (not the dialect's default). */
  readonly explicitTimeout?: boolean;
  /**
   * Runs in the background: the event is answered without waiting, its output is delivered on the session's next
   * event result (asyncOutputs); `rewake`: an exit code 2 also sends hooks/asyncRewake. It never decides.
   */
  readonly async?: { readonly rewake: boolean };
};

/** One way to run a script: `file ...args <script path>`, e.g. {label: 'bun run', file: 'bun', args: ['run']}. */
export type ScriptRuntime = { readonly label: string; readonly file: string; readonly args: readonly string[] };

/** A script file run by the first runtime found on the hook's PATH (runtime selection happens per run). */
export type ScriptHandler = {
  readonly type: 'script';
  /** As written; a relative path resolves against the placement's scriptBase at run time. */
  readonly path: string;
  /** Tried in order; the first whose executable is found runs the script. */
  readonly runtimes: readonly ScriptRuntime[];
  /** Set when the script cannot run on this platform at all (e.g. a batch file outside Windows): the run fails with it. */
  readonly platformProblem?: string;
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  readonly onFailure: 'continue' | 'block';
};

/** A programmatic hook: hookd asks the client to run it (server → client request). */
export type ClientHandler = {
  readonly type: 'client';
  readonly name: string;
  readonly timeoutMs: number;
  readonly statusMessage?: undefined;
  readonly onFailure: 'continue';
};

/** An HTTP POST of the hook's stdin JSON to a URL; the runner makes the request (same timeout, cancel and caps). */
export type HttpHandler = {
  readonly type: 'http';
  /** An absolute http: or https: URL (checked at load). */
  readonly url: string;
  /** Header values as written: `$VAR` / `${VAR}` are filled from the hook's environment at run time, for allowedEnvVars only. */
  readonly headers: Readonly<Record<string, string>>;
  /** Variables a header may interpolate; a reference to any other variable becomes the empty string. */
  readonly allowedEnvVars: readonly string[];
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  readonly onFailure: 'continue' | 'block';
};

/** A model judge the client runs for hookd (server → client hooks/judge): Claude `prompt` / `agent`, bonsai `llm_prompt`. */
export type JudgeHandler = {
  readonly type: 'prompt' | 'agent';
  /** As configured; `$ARGUMENTS` is replaced by the hook input at run time (appended when absent, `\$` escapes). */
  readonly prompt: string;
  readonly model?: string;
  /**
   * What the client answers: `verdict` (default) {ok, reason}; `text`: the model's reply verbatim ({text}), handed to
   * the dialect as the run's stdout (bonsai llm_prompt parses it as strict JSON itself).
   */
  readonly reply?: 'verdict' | 'text';
  /**
   * Builds the prompt from the hook input JSON (the dialect's stdin) instead of the `$ARGUMENTS` substitution, e.g.
   * bonsai's `{{diff}}` markers, each wrapped as untrusted data. Must not throw.
   */
  readonly renderPrompt?: (hookInput: string) => string;
  /** On a failed judgement: feed the reason back instead of ending the turn (the dialect reads it). */
  readonly continueOnBlock?: boolean;
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  readonly onFailure: 'continue' | 'block';
};

/** An MCP tool the client calls for hookd (server → client hooks/callMcpTool); its text output is read as stdout. */
export type McpToolHandler = {
  readonly type: 'mcp_tool';
  readonly server: string;
  readonly tool: string;
  /** String values may hold `${path}` placeholders, substituted from the hook input at run time. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  readonly onFailure: 'continue' | 'block';
};

export type HandlerSpec = CommandHandler | ScriptHandler | ClientHandler | HttpHandler | JudgeHandler | McpToolHandler;

/** Where a hook runs: its working directory and the base of relative script paths. */
export type Placement = { readonly cwd: string; readonly scriptBase: string };

export type HookSpec = {
  /** Stable and unique within a registry, e.g. `project:PreToolUse[0].hooks[1]`. */
  readonly id: string;
  readonly event: EventName;
  /** The matcher as written; undefined when omitted. */
  readonly matcher?: string;
  /** Compiled matcher; `target` is the dialect's match field for the event (undefined: the event has none). */
  readonly matches: (target: string | undefined) => boolean;
  /**
   * A condition on the whole event, checked after `matches` (claude: the handler's `if` permission rule); false: the
   * hook is not started for this event. Omitted: always true.
   */
  readonly applies?: (context: EventContext) => boolean;
  /** The condition as written, for reports of hooks it kept from starting (e.g. `if "Bash(git *)"`). */
  readonly condition?: string;
  readonly handler: HandlerSpec;
  /** The file it came from ("client" for programmatic hooks). */
  readonly source: string;
  readonly scope: ConfigSource['scope'] | 'client';
  /**
   * Dispatch order within an event: lower first, ties in configured order then registration order.
   * Omitted for configured hooks: their position among the event's configured hooks (0, 1, 2, ...).
   */
  readonly priority?: number;
  /** Where the hook runs for server-owned events (no agent session workspace); default: the workspace. */
  readonly serverOwnedPlacement?: Placement;
  /** Set when the hook may run only after the client trusted this key (e.g. a project-local config file). */
  readonly trustKey?: string;
  /**
   * With trustKey: the content hash of what the key covers, as loaded (e.g. `sha256:<hex>` of the file's hooks).
   * Trust is recorded with the hash; once the content hashes differently the hook is `modified` and does not run.
   */
  readonly trustHash?: string;
  /** Disabled in configuration but kept for listing; never dispatched. */
  readonly disabled?: boolean;
  /** With disabled: what disabled it, for explanations (e.g. `"enabled": false on its group (lifecycle_hooks.Stop[0])`). */
  readonly disabledBy?: string;
  /** Where the handler is written (for diagnostics about it after loading, e.g. a missing client capability). */
  readonly location?: { readonly file?: string; readonly line?: number; readonly column?: number; readonly field?: string };
  /** Hooks with the same key run once per event when several match: the first in dispatch order runs. */
  readonly dedupeKey?: string;
  /** Plugin hooks (and hooks of a skill inside a plugin): the plugin directory (claude: CLAUDE_PLUGIN_ROOT). */
  readonly pluginRoot?: string;
  /** The plugin's persistent data directory (claude: CLAUDE_PLUGIN_DATA), when the client gave one. */
  readonly pluginData?: string;
  /** Runs at most once per session (the first dispatch that matches it), then never again in that session. */
  readonly once?: boolean;
  /** The name the user gave the hook (bonsai `name`): hooks/setEnabled and hooks/test find it by this. Unique per registry. */
  readonly name?: string;
  /**
   * With trustKey: the hook asks for approval itself (server → client hooks/approve) instead of waiting for trust/set;
   * `summary` is what the prompt shows (the command or the URL). The answer covers trustHash.
   */
  readonly approval?: { readonly summary: string; readonly actionType: string };
  /**
   * What a dispatch does with this hook when it matches but may not run (untrusted, awaiting approval, denied): `skip`
   * (default: it is left out) or `refuse` (reported as a run that did not start, preflight `untrusted`, which the
   * dialect's interpret reads like any other failure, e.g. a fail-closed veto).
   */
  readonly whenUntrusted?: 'skip' | 'refuse';
  /**
   * Per-hook trust review (pbi): the dialect read the hook's status from its own state file at load. The engine
   * dispatches the hook only when `runnable`; hooks/list reports it (HookInfo.review); src/review/ changes it through
   * Dialect.reviewStore, then reloads. A hook with review has no trustKey.
   */
  readonly review?: HookReviewState;
  /** The dialect's own facts about the hook (e.g. bonsai's blocking and on_failure); the engine never reads it. */
  readonly data?: unknown;
};

/** A hook's review as its dialect decided it at load (see HookSpec.review). */
export type HookReviewState = {
  readonly key: string;
  readonly status: ReviewStatus;
  /** `sha256:<hex>` of the hook as written now. */
  readonly currentHash: string;
  readonly managed: boolean;
  /** trusted or managed; under the dangerous bypass anything not disabled. */
  readonly runnable: boolean;
  /** Problems of this hook that did not stop it from loading, as text (`<file>: <message>`). */
  readonly diagnostics: readonly string[];
};

/** A dialect's persisted per-hook review state (pbi: ~/.pbi-agent/hooks_state.json). Every write is locked and atomic. */
export interface ReviewStore {
  /** The state file. */
  readonly path: string;
  /** Records `key` as trusted for `currentHash` (and enabled). */
  trust(key: string, currentHash: string): Promise<void>;
  /** Records `key` as enabled or disabled (its trusted hash, if any, unchanged). */
  setEnabled(key: string, enabled: boolean): Promise<void>;
  /** Removes the trusted hash of `key` (enabled unchanged): the hook is untrusted until trusted again. */
  revoke(key: string): Promise<void>;
}

export type LoadContext = {
  readonly workspace: string;
  readonly home: string;
  /** When given, only these files are read (no discovery). */
  readonly sources?: readonly ConfigSource[];
  readonly managedSettingsPath?: string;
  /** hookd's own environment (dialects read variables such as a data-directory override from it). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where server-owned hooks run when configured (initialize options.defaultWorkArea). */
  readonly defaultWorkArea?: string;
  /** initialize options.workspaceTrust: project-local configuration runs only once the client trusts the workspace (claude). */
  readonly workspaceTrust?: boolean;
  /** Sources the client added after initialize (hooks/addSource), in the order added; read after the others. */
  readonly addedSources?: readonly ConfigSource[];
  /** initialize options.trustWorkspace: the session trusts its own workspace (wamp Cloud session): no trust key on project hooks. */
  readonly trustWorkspace?: boolean;
  /** `--dangerously-bypass-hook-trust` or initialize options.dangerouslyBypassHookTrust (pbi also reads its own variable from env). */
  readonly bypassHookTrust?: boolean;
  /** initialize options.managedHooksPath: a hooks file the client vouches for as a trusted policy source (pbi). */
  readonly managedHooksPath?: string;
  /** initialize options.managedPolicyDir: the policy directory of managed hooks files (pbi; default the dialect's). */
  readonly managedPolicyDir?: string;
  /** initialize options.hookStatePath: the review state file (pbi; default <home>/.pbi-agent/hooks_state.json). */
  readonly hookStatePath?: string;
};

export type LoadResult = {
  /** In configured order: the order the dialect's merge and reporting use. */
  readonly hooks: readonly HookSpec[];
  readonly diagnostics: readonly Diagnostic[];
  /** Every file that was read or looked for (for watching and listing). */
  readonly sources: readonly string[];
  /**
   * Files whose content is invalid as a whole (errors in them). On a reload the engine keeps the hooks it last
   * loaded from these files instead (the last good configuration); on the first load they contribute nothing.
   */
  readonly rejectedSources?: readonly string[];
  /** What the dialect found wrong in each rejected file, and what of it a first load may still run. */
  readonly rejections?: readonly SourceRejection[];
  /**
   * Hooks written in a file that a setting kept from loading (claude: disableAllHooks, allowManagedHooksOnly), each
   * `disabled` with `disabledBy` saying why. Never dispatched nor listed; hooks/explain reports them.
   */
  readonly notLoaded?: readonly HookSpec[];
  /**
   * Entries written in the configuration that failed to load (bonsai: an invalid glob, a duplicate name): listed with
   * state "invalid" (hooks/list), never dispatched. Each also has an error diagnostic.
   */
  readonly invalid?: readonly InvalidHookEntry[];
};

/** A configured entry that did not load, as hooks/list shows it. */
export type InvalidHookEntry = {
  readonly name?: string;
  readonly event?: string;
  readonly source: string;
  readonly line?: number;
  /** The scope of its file (listed as its provenance); omitted: the scope of the file's loaded hooks, else "unknown". */
  readonly scope?: ConfigSource['scope'];
  /** The field that failed, as the file names it (e.g. `matcher.path`). */
  readonly field?: string;
  /** Why it did not load (the same words as its diagnostic). */
  readonly message: string;
};

/**
 * A file in `rejectedSources`. A reload keeps its last good hooks; a first load (start-up: no last good to keep) runs
 * `startupHooks`, the parts of the file the dialect judges safe to run without the rest (bamboo: every event of
 * the file without an error), and reports `inactive` (those that do not load) as not active. Without
 * `startupHooks` nothing of the file runs.
 */
export type SourceRejection = {
  readonly source: string;
  /** Errors found in it, listed or not. */
  readonly errors: number;
  readonly startupHooks?: readonly HookSpec[];
  /** The parts that do not load, as the file names them (bamboo: `lifecycle_hooks.SessionStart`). */
  readonly inactive?: readonly string[];
};

/** What a dialect may read to size a dispatch budget: hookd's environment and the initialize options. */
export type DispatchBudgetSettings = { readonly env: Readonly<Record<string, string | undefined>>; readonly options: ServerOptions };

/** Everything a dialect needs to know about the event being dispatched. */
export type EventContext = {
  readonly event: EventName;
  readonly params: EventParams;
  readonly workspace: string;
  readonly sessionId: string;
  /** The agent's current directory (session.cwd, else the workspace). Hooks themselves run in the workspace. */
  readonly cwd: string;
  /** The event is not tied to an agent session's workspace (params.serverOwned): hooks use serverOwnedPlacement. */
  readonly serverOwned?: boolean;
  /** Appends a record to the audit log, stamped with this session and event (engine/audit-log.ts); absent when it is off. */
  readonly audit?: (record: AuditAttributes) => void;
};

/**
 * One event a request fans out into (Dialect.expand): the event whose hooks run, with its params, and a label the
 * result's runs carry (e.g. the file of a multi-file write). A request with one unit is dispatched as before.
 */
export type DispatchUnit = { readonly event: EventName; readonly params: EventParams; readonly label?: string };

/** What the client declared about its tools at initialize (name → declaration; bare names are kind "other"). */
export type ToolKinds = ReadonlyMap<string, ToolDeclaration>;

/** What one run asked for, after the dialect read its output. */
export type HookVerdict = {
  readonly status: RunStatus;
  readonly failureClass: FailureClass | null;
  readonly decision: Decision;
  readonly reason?: string;
  readonly additionalContext?: string;
  readonly updatedInput?: Record<string, unknown>;
  readonly updatedToolOutput?: unknown;
  readonly updatedPermissions?: unknown[];
  readonly interrupt?: boolean;
  readonly systemMessage?: string;
  /** false: the agent must stop. */
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly suppressOutput?: boolean;
  /** Text the dialect shows the model without blocking (e.g. exit-2 stderr on PostToolUse). */
  readonly feedback?: string;
  /** How the agent hands additionalContext to the model (EventResult.contextDelivery; codex, gemini). */
  readonly contextDelivery?: ContextDelivery;
  /** BeforeModel (gemini): request fields to override. */
  readonly llmRequest?: Record<string, unknown>;
  /** BeforeModel: a synthetic response instead of the model's; AfterModel: the chunk to use instead. */
  readonly llmResponse?: Record<string, unknown>;
  /** BeforeToolSelection (gemini): tool-calling mode and allowed function names. */
  readonly toolConfig?: { readonly mode?: 'AUTO' | 'ANY' | 'NONE'; readonly allowedFunctionNames?: string[] };
  /** WorktreeCreate: the directory a hook created for the worktree (absolute). */
  readonly worktreePath?: string;
  /** PermissionDenied: tell the model it may retry the denied tool call. */
  readonly retry?: boolean;
  /** MessageDisplay: text to display in place of the delta (display only). */
  readonly displayContent?: string;
  /** Elicitation, ElicitationResult: the answer to send the MCP server instead of (or over) the user's. */
  readonly elicitation?: ElicitationAnswer;
  /** Escape sequences the agent writes to its terminal (claude: `terminalSequence`, validated by the dialect). */
  readonly terminalSequence?: string;
  readonly extra?: Record<string, unknown>;
  readonly message?: string;
  /** Texts the agent shows the user as warnings (wamp: a failed hook, an ignored field); merged into EventResult.warnings. */
  readonly warnings?: string[];
  /** A deny that holds in every permission mode (EventResult.binding). */
  readonly binding?: boolean;
  /** decision "ask": the approval to show (EventResult.approval); the server asks the client when it declared toolApproval. */
  readonly approval?: ApprovalRequest;
  /** A refused prompt, as an engine.run.start caller reports it (EventResult.refusal). */
  readonly refusal?: Refusal;
};

/**
 * An agent's own stdin envelope turned into protocol params (`hookd test --input`): the event it names and the params
 * (session fields it lacks are the caller's to fill). `nativeNames` maps a params path (`session.id`, `toolInput`) to
 * the envelope field it came from, so problems found later name the field as the user wrote it.
 */
export type EnvelopeConversion =
  | { readonly ok: true; readonly event: EventName; readonly params: Record<string, unknown>; readonly nativeNames: Readonly<Record<string, string>>; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: string };

export type ElicitationAnswer = { readonly action: 'accept' | 'decline' | 'cancel'; readonly content?: Record<string, unknown> };

/** The merged answer before the engine adds runs and notes. */
export type MergedOutcome = Omit<HookVerdict, 'status' | 'failureClass' | 'message'> & {
  readonly continue: boolean;
};

/** What the engine knows about a session when a dialect asks whether an event fires (Dialect.eventNotFired). */
export type EventHistory = {
  /** True when this session already dispatched `event` (a fired dispatch; one that did not fire does not count). */
  readonly seenInSession: (event: EventName) => boolean;
  /** What the client declared about its tools at initialize (empty: none declared). */
  readonly tools: ToolKinds;
};

export interface Dialect {
  readonly name: string;
  readonly events: readonly EventName[];
  /** The handler `type`s its configuration accepts (what its handler parser takes); initialize reports them in capabilities. */
  readonly handlerTypes?: readonly string[];
  /**
   * parallel: all matching handlers at once, reported in configured order. sequential: one after another
   * (stopsDispatch may end it). mixed: the hooks `vetoes` names run one after another (stopsDispatch may end them)
   * while all the others run concurrently beside them; reported in configured order.
   */
  readonly execution: 'parallel' | 'sequential' | 'mixed';
  /** mixed execution: true for a hook that may veto or rewrite the event (runs in the sequential chain). */
  vetoes?(context: EventContext, hook: HookSpec): boolean;
  /**
   * The execution of this one dispatch, overriding `execution` (gemini: sequential when any matching hook's group says
   * `sequential: true`, else parallel). `hooks` are the matching hooks about to run, in configured order.
   */
  executionFor?(context: EventContext, hooks: readonly HookSpec[]): 'parallel' | 'sequential';
  /**
   * Sequential execution only: the params the next hook of the chain sees after `verdict` (gemini: a BeforeTool
   * `tool_input` merged over toolInput, a BeforeAgent additionalContext appended to the prompt, a BeforeModel
   * `llm_request` merged); its stdin is rendered from them. Undefined: unchanged. Must not throw.
   */
  threadParams?(context: EventContext, verdict: HookVerdict): EventParams | undefined;
  /**
   * Native event names (EVENT_ALIASES) this dialect serves as methods (`hooks/BeforeTool` runs PreToolUse); the
   * result's `event` is the canonical name. Undefined: none.
   */
  readonly eventAliases?: readonly EventAlias[];
  /**
   * The events one request runs, in order (default: just itself). E.g. PreToolUse of a shell tool → PreToolUse then
   * PreBash; a three-file PreFileWrite → one unit per file. Units run one after another; a unit whose merged outcome
   * blocks ends the request; after a unit rewrote the tool input (updatedInput) expand is asked again with the
   * rewritten input and the remaining units come from that answer, so later units see the call as it will run.
   */
  expand?(event: EventName, params: EventParams, tools: ToolKinds): readonly DispatchUnit[];
  /** Several units' merged outcomes (in unit order) as the request's one outcome; default: first block, last rewrite, contexts joined. */
  combine?(event: EventName, outcomes: readonly { readonly unit: DispatchUnit; readonly merged: MergedOutcome }[]): MergedOutcome;
  /** Rewrites a request's params before any hook sees them (e.g. redacting an output excerpt); may be async. Must not throw. */
  prepareParams?(event: EventName, params: EventParams, workspace: string): EventParams | Promise<EventParams>;
  /**
   * Redacts secrets from texts that leave hookd for the client (run stderr and excerpts, reasons, messages, notes,
   * diagnostics), one answer per text in order. Must not throw. Undefined: nothing is redacted.
   */
  redact?(texts: readonly string[]): Promise<string[]>;
  /** SIGTERM → SIGKILL grace for this dialect's hook trees (the killGraceMs option overrides it). */
  readonly killGraceMs?: number;
  /** Bytes of stdout and of stderr kept per run (default: the engine's). */
  readonly maxOutputBytes?: number;
  /**
   * Tools that must run alone in a parallel batch because a hook must see (and may veto or rewrite) each call before
   * anything else runs (bonsai: blocking PreToolUse hooks with literal tool matchers). Reported as serializeTools.
   */
  serializedTools?(hooks: readonly HookSpec[]): string[];
  /**
   * True when this hook's decision on this event gates an effect (bonsai: blocking pre-hooks): its runs are appended
   * to the authorization ledger (options.ledgerPath) when the dialect has one.
   */
  gatesEffect?(context: EventContext, hook: HookSpec): boolean;
  /** Where the authorization ledger goes when options.ledgerPath is not given; undefined: no ledger unless configured. */
  defaultLedgerPath?(context: { readonly workspace: string; readonly home: string }): string | undefined;
  /** Events on which a `block` decision means "keep working"; hookd caps consecutive ones per session. */
  readonly continuationEvents: readonly EventName[];
  /**
   * The dialect's own keep-working cap, instead of the stopBlockCap option: at most `limit` honoured blocks per session
   * or per run (params.runId); the next block is not honoured (decision "none") and its reason is the result's
   * `unresolved`. Per run: params.stopHookActive is set true for hooks once a block of the run was honoured.
   */
  readonly continuationCap?: { readonly limit: number; readonly per: 'session' | 'run' };
  /**
   * The configuration is read from disk when a run begins (the first event of a new params.runId), not watched: the
   * run keeps what it read, the next run reads again. The load's warnings (and matcher-unknown-tool warnings against
   * the initialize `tools`) are the run's first result's `warnings`.
   */
  readonly readsPerRun?: boolean;
  /**
   * Why this event does not fire hooks here (wamp: a Goal continuation's UserPromptSubmit, an aborted run's Stop, an ACP
   * turn's tool event for a tool the client did not register); undefined: it fires. The result then has `notFired`
   * and no runs. Must not throw.
   */
  eventNotFired?(event: EventName, params: EventParams, history: EventHistory): string | undefined;
  load(context: LoadContext): LoadResult;
  /**
   * Per-hook review (pbi): the store review/trust|disable|enable|revoke write; its file is among LoadResult.sources, so an
   * edit by another process reloads. Undefined: hooks are trusted per key (trust/set) or not at all.
   */
  reviewStore?(context: LoadContext): ReviewStore;
  /** True when the dangerous trust bypass is on for this load (the flag, the option, or the dialect's own variable). */
  bypassesReview?(context: LoadContext): boolean;
  /** The value matchers are tested against for this event; undefined when the event has no matcher. */
  matchTarget(event: EventName, params: EventParams): string | undefined;
  /** Where matchTarget's value comes from, in the dialect's words (claude: `tool_name`); for explanations. */
  matchTargetField?(event: EventName): string | undefined;
  /** The JSON (or other text) written to each hook's stdin. */
  renderStdin(context: EventContext): string;
  /** Variables added to the hook's environment (on top of hookd's own); scriptPath: a script handler's resolved path. */
  environment(context: EventContext, hook: HookSpec, run: { readonly scriptPath?: string }): Record<string, string>;
  interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict;
  /**
   * How this dialect's rules read one run's output, in one line (e.g. `exit 2: stderr is the reason → block`), for
   * RunSummary.reading. For people only; asked only when run output excerpts are on (never on the plain hot path).
   */
  describeReading?(context: EventContext, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): string;
  /** verdicts are in configured order, one per matching hook that ran. */
  merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome;
  /** Sequential dialects only: true when this verdict ends dispatch of the remaining handlers. */
  stopsDispatch?(context: EventContext, verdict: HookVerdict): boolean;
  /** Called once a dispatch of `event` for `sessionId` is merged (e.g. to remove a session's temp files when it ends). */
  afterDispatch?(event: EventName, sessionId: string): void;
  /**
   * A budget (ms) the matching hooks of one dispatch share: hooks still running when it ends are killed and reported
   * as timed out. Undefined: no budget beyond each hook's own timeout.
   */
  dispatchBudgetMs?(event: EventName, hooks: readonly HookSpec[], settings: DispatchBudgetSettings): number | undefined;

  /** At most this many prompt/agent handlers of one dispatch run at once, the rest queue (Claude Code: 12). */
  readonly maxConcurrentJudges?: number;
  /** Default timeout of a handler (programmatic hooks use it when they give none). */
  readonly defaultTimeoutMs: number;
  /** The loader reads LoadContext.workspaceTrust (claude); `hookd check` then reports a fresh clone with it off and on. */
  readonly readsWorkspaceTrust?: boolean;
  /** Watch the configuration files and reload them on change (last good kept on an invalid edit). */
  readonly hotReload?: boolean;
  /** The dialect reads LoadContext.addedSources (hooks/addSource is refused otherwise). */
  readonly acceptsAddedSources?: boolean;
  /** Events the client does not wait for: hookd answers at once and runs the hooks in the background. */
  readonly fireAndForgetEvents?: readonly EventName[];
  /** True when this event reads the current configuration even inside a run that has a snapshot. */
  usesCurrentConfig?(event: EventName, params: EventParams): boolean;
  /** Dialect-specific checks of event params beyond the protocol schema; a message means -32602. */
  validateParams?(event: EventName, params: EventParams): string | undefined;
  /** Compiles a matcher for a programmatic hook; undefined matcher: match everything the event allows. */
  compileMatcher?(event: EventName, matcher: string | undefined): { readonly matches: (target: string | undefined) => boolean } | { readonly error: string };
  /** Parses one handler as written in this dialect's configuration (dry run). Never persists anything. */
  parseHandler?(raw: unknown, event: EventName, context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] };
  /** Warnings about the configuration as a whole that no single entry shows (`hookd check`), e.g. handlers an earlier one can hide. */
  lint?(hooks: readonly HookSpec[], context?: LoadContext): Diagnostic[];
  /** Events whose matcher is tested against a tool name (`hookd check` warns about a matcher that names no tool). */
  readonly toolEvents?: readonly EventName[];
  /** The tool names the agent registers when it does not say (`hookd check --tools` and initialize `tools` replace them). */
  readonly builtinTools?: readonly string[];
  /** The configuration files a fresh clone of the workspace's repository has (committed project files), for `hookd check`. */
  committedSources?(context: LoadContext): ConfigSource[];
  /**
   * The agent's own stdin envelope (e.g. Claude Code's snake_case JSON) as protocol params, for `hookd test --input`.
   * `event`: the event named on the command line, if any (a different `hook_event_name` is an error). Unknown or
   * mistyped fields are an error naming the field; nested values (tool_input, tool_response) stay verbatim.
   */
  paramsFromEnvelope?(envelope: Readonly<Record<string, unknown>>, event: EventName | undefined): EnvelopeConversion;
  /**
   * How to make a session toggle (hooks/setEnabled) last, in the dialect's words (bonsai: `set enabled = false in the
   * [[hooks]] table …`). Undefined: hookd's general advice (edit its entry in its file).
   */
  persistentToggle?(hook: HookSpec, enabled: boolean): string | undefined;
  /** Deterministic sample params for an event (dry run, `hookd test`). */
  syntheticParams?(event: EventName, workspace: string): EventParams;
  /** The environment hooks inherit, from hookd's own (e.g. without telemetry or credential variables); once per session. */
  inheritedEnvironment?(env: Readonly<Record<string, string>>, options: ServerOptions): Record<string, string>;
  /**
   * The variable naming a fresh per-run file the hook may append `export NAME=value` lines to on this event
   * (claude: CLAUDE_ENV_FILE); the variables come back as the result's `environment`. Undefined: no file.
   */
  envFileVariable?(event: EventName): string | undefined;
}
