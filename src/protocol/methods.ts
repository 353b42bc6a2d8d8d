// The method table: every request and notification name with its params and result schema.
// The single source the rpc layer validates against and the schema generator reads. No handlers here.
import type { z } from 'zod';
import { AsyncRewakeParamsSchema } from './async-rewake.js';
import type { ClientCapabilityName } from './capabilities.js';
import { BackgroundRunParamsSchema } from './background-run.js';
import { EVENT_ALIASES, EVENT_ALIAS_NAMES, EVENT_NAMES, EventParamsSchemas, type EventAlias, type EventName } from './events.js';
import { withDepthBound } from './json-depth.js';
import { defineLazy } from './lazy-table.js';
import {
  CancelSessionParamsSchema,
  CancelSessionResultSchema,
  DiagnosticsParamsSchema,
  EmptyParamsSchema,
  InitializeParamsSchema,
  InitializeResultSchema,
  ListHooksResultSchema,
  PingResultSchema,
  ProgressParamsSchema,
  ShutdownResultSchema,
} from './lifecycle.js';
import {
  BeginRunParamsSchema,
  BeginRunResultSchema,
  DryRunParamsSchema,
  DryRunResultSchema,
  EndRunParamsSchema,
  EndRunResultSchema,
  ReloadResultSchema,
  SetTrustParamsSchema,
  SetTrustResultSchema,
  TrustListResultSchema,
} from './management.js';
import {
  InvokeHookParamsSchema,
  InvokeHookResultSchema,
  RegisterHookParamsSchema,
  RegisterHookResultSchema,
  UnregisterHookParamsSchema,
  UnregisterHookResultSchema,
} from './programmatic.js';
import { EventResultSchemas } from './event-results.js';
import { CallMcpToolParamsSchema, CallMcpToolResultSchema, JudgeParamsSchema, JudgeResultSchema } from './delegated.js';
import { AddSourceParamsSchema, AddSourceResultSchema, RemoveSourceParamsSchema, RemoveSourceResultSchema } from './sources.js';
import { ExplainParamsSchema, ExplainResultSchema } from './explain.js';
import { ApproveHookParamsSchema, ApproveHookResultSchema } from './approval.js';
import { AskToolApprovalParamsSchema, AskToolApprovalResultSchema } from './tool-approval.js';
import { ReviewKeyParamsSchema, ReviewListingSchema, ReviewWarningsParamsSchema } from './hook-review.js';
import { SetEnabledParamsSchema, SetEnabledResultSchema, TestHookParamsSchema, TestHookResultSchema } from './hook-management.js';

export type RequestSpec = {
  readonly params: z.ZodType;
  readonly result: z.ZodType;
  /** True for methods that may be called before `initialize` completes. */
  readonly beforeInitialize?: boolean;
  /** True for methods still served after `shutdown` (the others are answered -32600). */
  readonly afterShutdown?: boolean;
  readonly doc: string;
};

export function eventMethod(event: EventName): `hooks/${EventName}` {
  return `hooks/${event}`;
}

type EventRequestSpecs = {
  readonly [E in EventName as `hooks/${E}`]: {
    readonly params: (typeof EventParamsSchemas)[E];
    readonly result: (typeof EventResultSchemas)[E];
    readonly doc: string;
  };
};

/** An event method's spec: its params and result schemas are read from the lazy tables when first asked for. */
function eventSpec(event: EventName, doc: string): RequestSpec {
  const spec = { doc };
  defineLazy(spec, 'params', () => EventParamsSchemas[event]);
  defineLazy(spec, 'result', () => EventResultSchemas[event]);
  return spec as RequestSpec;
}

/** One typed entry per event, so `Requests['hooks/PreToolUse'].params` keeps its own schema's type. */
const eventRequests = Object.fromEntries(EVENT_NAMES.map((event) => [eventMethod(event), eventSpec(event, `Run the ${event} hooks and merge their answers.`)])) as EventRequestSpecs;

type AliasRequestSpecs = {
  readonly [A in EventAlias as `hooks/${A}`]: {
    readonly params: (typeof EventParamsSchemas)[(typeof EVENT_ALIASES)[A]];
    readonly result: (typeof EventResultSchemas)[(typeof EVENT_ALIASES)[A]];
    readonly doc: string;
  };
};

/** `hooks/BeforeTool` …: a native name for a canonical event (EVENT_ALIASES), same params and result. */
const aliasRequests = Object.fromEntries(
  EVENT_ALIAS_NAMES.map((alias) => {
    const event = EVENT_ALIASES[alias];
    return [
      `hooks/${alias}`,
      eventSpec(event, `Gemini CLI's name for hooks/${event}: the same params and result (event "${event}"). Only dialects that accept the name (gemini) serve it; the others answer -32601.`),
    ];
  }),
) as AliasRequestSpecs;

/** Every params schema also bounds nesting depth (json-depth.ts): a too-deep value is -32602 naming its field. */
export const Requests = withDepthBound({
  initialize: {
    params: InitializeParamsSchema,
    result: InitializeResultSchema,
    beforeInitialize: true,
    doc: 'Load the dialect and its config; must be the first request.',
  },
  shutdown: {
    params: EmptyParamsSchema,
    result: ShutdownResultSchema,
    beforeInitialize: true,
    afterShutdown: true,
    doc: 'Kill every in-flight hook tree, then answer null. Follow with the exit notification.',
  },
  ping: {
    params: EmptyParamsSchema,
    result: PingResultSchema,
    beforeInitialize: true,
    afterShutdown: true,
    doc: 'Liveness check; answers {} at once without touching the engine.',
  },
  'hooks/list': { params: EmptyParamsSchema, result: ListHooksResultSchema, doc: 'The hooks loaded, with provenance, and current diagnostics.' },
  'hooks/cancel': {
    params: CancelSessionParamsSchema,
    result: CancelSessionResultSchema,
    doc: 'Cancel every in-flight event of one session; each is answered with -32800.',
  },
  'hooks/reload': {
    params: EmptyParamsSchema,
    result: ReloadResultSchema,
    doc: 'Read the configuration files again now (as the file watcher does); invalid files keep their last good hooks.',
  },
  'hooks/addSource': {
    params: AddSourceParamsSchema,
    result: AddSourceResultSchema,
    doc: 'Add an extension source (plugin hooks file, skill or subagent frontmatter) to the session and load it now; answered with every hook and diagnostic now current.',
  },
  'hooks/removeSource': {
    params: RemoveSourceParamsSchema,
    result: RemoveSourceResultSchema,
    doc: 'Remove a source added with hooks/addSource; its hooks stop running for events that start from now on.',
  },
  'hooks/register': {
    params: RegisterHookParamsSchema,
    result: RegisterHookResultSchema,
    doc: 'Register a programmatic hook; hookd runs it by sending hooks/invoke to the client, in priority order with configured handlers.',
  },
  'hooks/unregister': { params: UnregisterHookParamsSchema, result: UnregisterHookResultSchema, doc: 'Remove a programmatic hook.' },
  'hooks/dryRun': {
    params: DryRunParamsSchema,
    result: DryRunResultSchema,
    doc: "Validate and run one handler (as written in the dialect's config) on a synthetic or given payload with production limits; persists nothing.",
  },
  'hooks/explain': {
    params: ExplainParamsSchema,
    result: ExplainResultSchema,
    doc: 'Explain, without running anything, every configured and programmatic hook for an event and its params: fires, or skipped and why (matcher tried against which value, disabled, untrusted, condition, wrong event, ...).',
  },
  'hooks/setEnabled': {
    params: SetEnabledParamsSchema,
    result: SetEnabledResultSchema,
    doc: 'Turn one hook (by name, else id) off or on for this session: events that start from now on see it; reloads keep it by name; nothing is written.',
  },
  'hooks/test': {
    params: TestHookParamsSchema,
    result: TestHookResultSchema,
    doc: "Fire one configured hook once on its event with the dialect's synthetic payload (or given params), ignoring its matcher, with production limits and the real runner; answers its decision. Persists nothing (the audit log records it when on; a test run gates no effect, so the authorization ledger does not).",
  },
  'review/list': {
    params: EmptyParamsSchema,
    result: ReviewListingSchema,
    doc: 'Every hook with its trust review state (key, trust status, current hash, enabled, managed, runnable), discovery diagnostics and the startup warnings, as `hookd hooks --json` and `hookd ui` show them.',
  },
  'review/trust': {
    params: ReviewKeyParamsSchema,
    result: ReviewListingSchema,
    doc: 'Trust one hook (by review key) for its current hash, persisted (pbi: hooks_state.json); trusting a disabled hook enables it. Answered with the listing as it is now.',
  },
  'review/disable': {
    params: ReviewKeyParamsSchema,
    result: ReviewListingSchema,
    doc: 'Disable one hook (persisted): it never runs, not even under the dangerous bypass. Managed hooks cannot be disabled (-32012).',
  },
  'review/enable': {
    params: ReviewKeyParamsSchema,
    result: ReviewListingSchema,
    doc: 'Enable a disabled hook again (persisted); it runs once trusted. Managed hooks cannot be enabled (-32012).',
  },
  'review/revoke': {
    params: ReviewKeyParamsSchema,
    result: ReviewListingSchema,
    doc: 'Withdraw the trust of one hook (persisted: its trusted hash is removed, enabled is kept), so it is untrusted and skipped until trusted again; a hook trusted per file has its key untrusted. Managed hooks cannot be revoked (-32012).',
  },
  'runs/begin': {
    params: BeginRunParamsSchema,
    result: BeginRunResultSchema,
    doc: 'Open a run: events carrying this runId use the configuration current now, even if the files change meanwhile.',
  },
  'runs/end': { params: EndRunParamsSchema, result: EndRunResultSchema, doc: "Close a run and release its snapshot." },
  'trust/list': { params: EmptyParamsSchema, result: TrustListResultSchema, doc: 'What the configuration needs trusted, and whether it is.' },
  'trust/set': {
    params: SetTrustParamsSchema,
    result: SetTrustResultSchema,
    doc: 'Trust (or distrust) a key, by default every key the configuration needs; hooks gated by it run (or stop running) at once.',
  },
  ...eventRequests,
  ...aliasRequests,
} as const satisfies Record<string, RequestSpec>);
export type RequestMethod = keyof typeof Requests;

/** Client → server notifications. */
export const ClientNotifications = withDepthBound({
  exit: { params: EmptyParamsSchema, doc: 'Exit the process (after shutdown; exit code 0, else 1).' },
  initialized: { params: EmptyParamsSchema, doc: 'Optional acknowledgement of initialize; ignored.' },
  'hooks/Notification': {
    params: EventParamsSchemas.Notification,
    doc: 'Fire-and-forget Notification event: the hooks run in the background and nothing is answered.',
  },
} as const);

/** Server → client notifications. */
export const ServerNotifications = {
  'hooks/progress': { params: ProgressParamsSchema, doc: 'A hook with a statusMessage (with options.progress.hooks "all": any hook) started, is running or finished.' },
  'hooks/diagnostics': { params: DiagnosticsParamsSchema, doc: 'Configuration diagnostics (on load and reload).' },
  'hooks/backgroundRun': {
    params: BackgroundRunParamsSchema,
    doc: 'A hook run of a fire-and-forget event (nobody waits for its answer) failed: its hook, exit code, signal, failure class and the start of its stderr.',
  },
  'hooks/reviewWarnings': {
    params: ReviewWarningsParamsSchema,
    doc: 'Hooks discovered untrusted or modified (they stay skipped until reviewed), or the dangerous bypass notice: once after initialize, again when a reload changes them.',
  },
  'hooks/asyncRewake': {
    params: AsyncRewakeParamsSchema,
    doc: 'An asyncRewake hook exited with code 2 in the background: wake the model with its message (stderr, else stdout).',
  },
} as const;

/** Server → client requests: hookd asks, the client answers. Sent only to clients that declared the capability. */
export const ServerRequests = withDepthBound({
  'hooks/invoke': {
    params: InvokeHookParamsSchema,
    result: InvokeHookResultSchema,
    doc: 'Run one programmatic hook the client registered; answered like a command hook would (output, exit code, stderr). Cancelled with $/cancelRequest on timeout or when the event is cancelled.',
    clientCapability: 'programmaticHooks',
  },
  'hooks/judge': {
    params: JudgeParamsSchema,
    result: JudgeResultSchema,
    doc: 'Judge with the agent\'s model (a prompt or agent handler): answer {ok, reason?, impossible?}. Sent only to clients that declared capabilities.modelJudge; cancelled with $/cancelRequest on timeout or when the event is cancelled.',
    clientCapability: 'modelJudge',
  },
  'hooks/callMcpTool': {
    params: CallMcpToolParamsSchema,
    result: CallMcpToolResultSchema,
    doc: 'Call one MCP tool of the agent (an mcp_tool handler): answer its content (or text) and isError. Sent only to clients that declared capabilities.mcpTools; cancelled like hooks/judge.',
    clientCapability: 'mcpTools',
  },
  'hooks/approve': {
    params: ApproveHookParamsSchema,
    result: ApproveHookResultSchema,
    doc: 'Approve a hook before it first runs (a permission-style prompt showing its command or URL): answer once, session, project or deny. Sent once per configuration load for each hook awaiting approval, only to clients that declared capabilities.hookApproval; until answered the hook does not fire.',
    clientCapability: 'hookApproval',
  },
  'hooks/askToolApproval': {
    params: AskToolApprovalParamsSchema,
    result: AskToolApprovalResultSchema,
    doc: "Show one approval a hook asked for on a tool call (decision \"ask\"; wamp: only Allow and Deny, never \"allow for this chat\"): answer allow or deny. Sent only to clients that declared capabilities.toolApproval and never for an unattended run; cancelled when the event is cancelled.",
    clientCapability: 'toolApproval',
  },
} as const satisfies Record<string, { params: z.ZodType; result: z.ZodType; doc: string; clientCapability: ClientCapabilityName }>, 'result');
export type ServerRequestMethod = keyof typeof ServerRequests;
