// The interface every dialect implements, and the hook/verdict types the engine works with.
// The engine knows dialects only through this file; it must never import a concrete dialect.
import type { Decision, Diagnostic, EventName, EventParams, FailureClass, RunStatus, ConfigSource } from '../protocol/index.js';
import type { ProcessOutcome } from '../runner/types.js';

export type CommandHandler = {
  readonly type: 'command';
  /** Shell string, or the executable when `args` is given (exec form, no shell). */
  readonly command: string;
  readonly args?: readonly string[];
  /** Shell for the shell form; default `sh`. */
  readonly shell?: string;
  readonly timeoutMs: number;
  readonly statusMessage?: string;
  /** `block`: a hook that cannot start, times out, exits unexpectedly or prints bad output blocks. */
  readonly onFailure: 'continue' | 'block';
};
export type HandlerSpec = CommandHandler;

export type HookSpec = {
  /** Stable and unique within a registry, e.g. `project:PreToolUse[0].hooks[1]`. */
  readonly id: string;
  readonly event: EventName;
  /** The matcher as written; undefined when omitted. */
  readonly matcher?: string;
  /** Compiled matcher; `target` is the dialect's match field for the event (undefined: the event has none). */
  readonly matches: (target: string | undefined) => boolean;
  readonly handler: HandlerSpec;
  /** The file it came from. */
  readonly source: string;
  readonly scope: ConfigSource['scope'];
};

export type LoadContext = {
  readonly workspace: string;
  readonly home: string;
  /** When given, only these files are read (no discovery). */
  readonly sources?: readonly ConfigSource[];
  readonly managedSettingsPath?: string;
};

export type LoadResult = {
  /** In configured order: the order the dialect's merge and reporting use. */
  readonly hooks: readonly HookSpec[];
  readonly diagnostics: readonly Diagnostic[];
  /** Every file that was read or looked for (for watching and listing). */
  readonly sources: readonly string[];
};

/** Everything a dialect needs to know about the event being dispatched. */
export type EventContext = {
  readonly event: EventName;
  readonly params: EventParams;
  readonly workspace: string;
  readonly sessionId: string;
  /** The agent's current directory (session.cwd, else the workspace). Hooks themselves run in the workspace. */
  readonly cwd: string;
};

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
  readonly extra?: Record<string, unknown>;
  readonly message?: string;
};

/** The merged answer before the engine adds runs and notes. */
export type MergedOutcome = Omit<HookVerdict, 'status' | 'failureClass' | 'message'> & {
  readonly continue: boolean;
};

export interface Dialect {
  readonly name: string;
  readonly events: readonly EventName[];
  /** parallel: all matching handlers at once, reported in configured order. */
  readonly execution: 'parallel' | 'sequential';
  /** Events on which a `block` decision means "keep working"; hookd caps consecutive ones per session. */
  readonly continuationEvents: readonly EventName[];
  load(context: LoadContext): LoadResult;
  /** The value matchers are tested against for this event; undefined when the event has no matcher. */
  matchTarget(event: EventName, params: EventParams): string | undefined;
  /** The JSON (or other text) written to each hook's stdin. */
  renderStdin(context: EventContext): string;
  /** Variables added to the hook's environment (on top of hookd's own). */
  environment(context: EventContext, hook: HookSpec): Record<string, string>;
  interpret(context: EventContext, hook: HookSpec, outcome: ProcessOutcome): HookVerdict;
  /** verdicts are in configured order, one per matching hook that ran. */
  merge(context: EventContext, verdicts: readonly HookVerdict[]): MergedOutcome;
  /** Sequential dialects only: true when this verdict ends dispatch of the remaining handlers. */
  stopsDispatch?(context: EventContext, verdict: HookVerdict): boolean;
}
