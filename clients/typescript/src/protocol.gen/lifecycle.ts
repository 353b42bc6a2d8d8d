// GENERATED from src/protocol/lifecycle.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of the session lifecycle and management methods (initialize, hooks/list, hooks/cancel, ...)
// and of the notifications hookd sends. Hook vocabulary beyond names and provenance stays out.
import { z } from 'zod';
import { AuditLogOptionsSchema } from './audit-log.js';
import { HookReviewSchema } from './hook-review.js';
import { DiagnosticSchema } from './diagnostics.js';
import { FAILURE_CLASSES, RUN_STATUSES } from './results.js';
import { ServerCapabilitiesSchema } from './capabilities.js';
import { HOOK_STATES, HookProvenanceSchema } from './hook-states.js';

export const ConfigSourceSchema = z
  .looseObject({
    path: z.string(),
    scope: z
      .enum(['user', 'project', 'local', 'managed', 'explicit', 'plugin', 'skill', 'subagent'])
      .default('explicit')
      .describe(
        'How the file is treated: managed sources survive allowManagedHooksOnly and disableAllHooks. plugin (a hooks/hooks.json), skill and subagent (a Markdown file with `hooks:` in its YAML frontmatter) are extension sources: they add to the settings files, never replace their discovery.',
      ),
    pluginRoot: z.string().optional().describe('plugin (or a skill inside a plugin): the plugin directory, substituted for ${CLAUDE_PLUGIN_ROOT}; default for plugin: the directory above hooks/.'),
    pluginData: z.string().optional().describe('The plugin\'s persistent data directory, substituted for ${CLAUDE_PLUGIN_DATA}.'),
    name: z.string().optional().describe('Extension sources: the plugin, skill or subagent name used in hook ids; default from the path.'),
  })
  .meta({ id: 'ConfigSource' });
export type ConfigSource = z.infer<typeof ConfigSourceSchema>;

export const ServerOptionsSchema = z
  .looseObject({
    stopBlockCap: z.number().int().min(0).optional().describe('Consecutive Stop blocks before hookd stops anyway; 0 disables the cap.'),
    killGraceMs: z.number().int().min(0).max(60_000).optional().describe('SIGTERM → SIGKILL grace for hook trees.'),
    managedSettingsPath: z.string().optional(),
    defaultWorkArea: z.string().optional().describe('Where server-owned hooks run (events with serverOwned: true).'),
    trustStorePath: z.string().optional().describe('The trust store file; default <home>/.hookd/trust.json.'),
    watch: z.boolean().optional().describe('Hot reload for dialects that have it (default true); false: reload only on hooks/reload.'),
    workspaceTrust: z
      .boolean()
      .optional()
      .describe('claude: hooks of <workspace>/.claude/settings.json and settings.local.json run only once the client trusts the workspace (trust/set), bound to their content; default false (as headless Claude Code).'),
    trustWorkspace: z
      .boolean()
      .optional()
      .describe("wamp: the session trusts its own workspace (a Cloud session): the project's hooks run as in a trusted project, without trust/set."),
    sessionEndTimeoutMs: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .describe(
        'claude: the budget (ms) all SessionEnd hooks of one dispatch share; hooks still running when it ends are killed and reported as timed out. Default: 1500, raised to the largest timeout configured on SessionEnd, at most 60000 (or CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS).',
      ),
    runOutputExcerptBytes: z
      .number()
      .int()
      .min(0)
      .max(1_048_576)
      .optional()
      .describe("Each RunSummary's stdout and stderr carry an `excerpt` of at most this many bytes of what the hook printed (as Claude Code shows in verbose mode); 0 or absent: no excerpts."),
    progress: z
      .looseObject({
        hooks: z
          .enum(['statusMessage', 'all'])
          .optional()
          .describe('Which hooks send hooks/progress: those with a statusMessage (default) or every hook the request waits for.'),
        intervalMs: z
          .number()
          .int()
          .min(100)
          .max(60_000)
          .optional()
          .describe('While such a hook runs, a `running` progress every this many ms (only while its request is unanswered); absent: none.'),
      })
      .optional()
      .describe(
        'Detailed hooks/progress: every progress carries elapsedMs, `finished` carries the run\'s status, failureClass and exitCode. Absent: progress as in 0.1 (hooks with a statusMessage, started and finished, no timing).',
      ),
    remote: z.boolean().optional().describe('The agent runs as a remote (web) session: claude hooks get CLAUDE_CODE_REMOTE=true.'),
    subprocessEnvScrub: z
      .boolean()
      .optional()
      .describe("Remove credentials from hooks' environment (claude: as CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1); default: hookd's own CLAUDE_CODE_SUBPROCESS_ENV_SCRUB."),
    networkAccess: z
      .enum(['allowed', 'denied'])
      .optional()
      .describe('denied: the agent\'s sandbox denies network access; http handlers then fail (a recorded failure, never a silent skip). Default allowed.'),
    ledgerPath: z
      .string()
      .min(1)
      .optional()
      .describe('Dialects with an authorization ledger (bonsai): the JSONL file every decision of a hook that gates an effect is appended to (relative to the workspace; default: the dialect\'s, e.g. bonsai `<home>/.bonsai/authorization-ledger.jsonl`). Not writable: a warning diagnostic, the session goes on without a ledger.'),
    dangerouslyBypassHookTrust: z
      .boolean()
      .optional()
      .describe('pbi: untrusted and modified hooks run for this hookd process (a warning says so); disabled hooks stay disabled; the review state file is not edited. Also `hookd --dangerously-bypass-hook-trust` and PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST=1.'),
    managedHooksPath: z
      .string()
      .min(1)
      .optional()
      .describe('pbi: a hooks.json the client vouches for as a trusted policy source: its handlers with `managed: true` run without review and cannot be disabled.'),
    managedPolicyDir: z
      .string()
      .min(1)
      .optional()
      .describe('pbi: the policy directory of managed hooks files (default /etc/pbi-agent/managed-hooks); a file there counts only when owned by root and not writable by group or others.'),
    hookStatePath: z.string().min(1).optional().describe('pbi: the review state file; default <home>/.pbi-agent/hooks_state.json.'),
    auditLog: AuditLogOptionsSchema.optional().describe(
      'Append a JSONL audit record of every handler run and every event decision to this file (see protocol/README.md, "Audit log"); overrides `hookd serve --audit-log`. Off by default.',
    ),
  })
  .meta({ id: 'ServerOptions' });
export type ServerOptions = z.infer<typeof ServerOptionsSchema>;

/** A tool the agent registered, with what it does (a bare name is `{name, kind: "other"}`). */
export const ToolDeclarationSchema = z
  .looseObject({
    name: z.string().min(1).max(512),
    kind: z
      .enum(['shell', 'file_write', 'other'])
      .default('other')
      .describe('shell: its PreToolUse/PostToolUse also fire PreBash/PostBash; file_write: also PreFileWrite/PostFileWrite (dialects that have those events).'),
    commandField: z.string().min(1).optional().describe('shell: the toolInput field holding the command (default "command").'),
    pathField: z.string().min(1).optional().describe('file_write: the toolInput field holding the path when the call carries no `files` (default "path").'),
  })
  .meta({ id: 'ToolDeclaration' });
export type ToolDeclaration = z.infer<typeof ToolDeclarationSchema>;

export const InitializeParamsSchema = z
  .looseObject({
    protocolVersion: z.string(),
    clientInfo: z.looseObject({ name: z.string(), version: z.string().optional() }).optional(),
    dialect: z.string().default('claude'),
    workspace: z.string().min(1).describe('Absolute path of the project the agent works in.'),
    home: z.string().optional().describe('Overrides $HOME for user-scope config discovery.'),
    sources: z
      .array(ConfigSourceSchema)
      .optional()
      .describe('Explicit config files; when given, discovery is skipped and only these are read.'),
    capabilities: z
      .looseObject({
        programmaticHooks: z
          .boolean()
          .optional()
          .describe('The client answers hooks/invoke requests, so it may register programmatic hooks (hooks/register).'),
        modelJudge: z.boolean().optional().describe('The client answers hooks/judge requests (prompt and agent handlers judged by its model).'),
        mcpTools: z.boolean().optional().describe('The client answers hooks/callMcpTool requests (mcp_tool handlers call its MCP tools).'),
        hookApproval: z
          .boolean()
          .optional()
          .describe('The client answers hooks/approve requests (a hook that needs approval before it first runs, e.g. bonsai project hooks): once, session, project or deny.'),
        toolApproval: z
          .boolean()
          .optional()
          .describe("The client answers hooks/askToolApproval (a hook's ask on a tool call, shown as one approval card): allow or deny. Without it an ask is returned in the result (approval)."),
      })
      .default({}),
    options: ServerOptionsSchema.optional(),
    tools: z
      .array(z.union([z.string().min(1).max(512), ToolDeclarationSchema]))
      .max(10_000)
      .optional()
      .describe(
        'The tool names the agent registered (built-in and MCP, e.g. ["Bash", "Read", "mcp__fs__read"]): initialize diagnostics then warn (matcher-unknown-tool) about each tool-event matcher that matches none of them, a guard that would never run.',
      ),
  })
  .meta({ id: 'InitializeParams' });
export type InitializeParams = z.infer<typeof InitializeParamsSchema>;

export const HookInfoSchema = z
  .looseObject({
    id: z.string(),
    event: z.string(),
    matcher: z.string().optional(),
    handlerType: z.string(),
    command: z.string().optional(),
    source: z.string(),
    scope: z.string(),
    timeoutMs: z.number().int(),
    enabled: z.boolean().describe('Whether it is dispatched now: not disabled in its file and, if it needs trust, trusted.'),
    priority: z.number().optional().describe('Dispatch order within the event, when set (programmatic hooks).'),
    disabled: z.boolean().optional().describe('Disabled in its configuration (kept, never dispatched).'),
    trust: z
      .enum(['trusted', 'untrusted', 'modified', 'awaiting_approval', 'denied'])
      .optional()
      .describe(
        'Present when the hook runs only after the client trusts trustKey; modified: trusted for other content than now (it does not run); awaiting_approval: a hook that asks approval (hooks/approve) and has none for its current declaration yet; denied: its approval was denied in this hookd process.',
      ),
    trustKey: z.string().optional(),
    name: z.string().optional().describe('The name the user gave the hook (bonsai `name`); hooks/setEnabled and hooks/test take it (else the id).'),
    state: z.enum(HOOK_STATES).describe('Whether and why it fires now: active, parked, disabled (this session), awaiting_approval, denied, untrusted, modified, invalid.'),
    stateReason: z.string().optional().describe('Why it is not active, in words (e.g. which `enabled = false`, the load error of an invalid entry).'),
    provenance: HookProvenanceSchema,
    review: HookReviewSchema.optional().describe('Dialects with per-hook trust review (pbi): its key, trust status, current hash, enabled, managed and runnable.'),
    sessionEnabled: z.boolean().optional().describe('Present once hooks/setEnabled toggled it in this session: the value set (it outlasts reloads, not the hookd process).'),
  })
  .meta({ id: 'HookInfo' });
export type HookInfo = z.infer<typeof HookInfoSchema>;

export const SpawnPathSchema = z
  .looseObject({
    active: z.enum(['supervisor', 'node']).describe('supervisor: hook processes start through the native hook process supervisor (posix_spawn, subreaper, parent-death signal); node: the pure-Node fallback runner.'),
    requested: z.enum(['auto', 'supervisor', 'node']).describe('What HOOKD_SPAWN_PATH asked for (auto by default).'),
    detail: z.string().describe('Why this path, in one sentence (e.g. why the supervisor is not available).'),
  })
  .meta({ id: 'SpawnPath' });
export type SpawnPath = z.infer<typeof SpawnPathSchema>;

export const InitializeResultSchema = z
  .looseObject({
    protocolVersion: z.string(),
    serverInfo: z.looseObject({ name: z.string(), version: z.string() }),
    dialect: z.string(),
    events: z.array(z.string()),
    eventAliases: z
      .record(z.string(), z.string())
      .optional()
      .describe("Native event names the dialect also serves as methods, alias → canonical event: hooks/<alias> runs that event and answers its result (event: the canonical name), e.g. gemini's {\"BeforeTool\": \"PreToolUse\"}. Absent when the dialect serves none; other dialects answer hooks/<alias> with -32601."),
    hooks: z.array(HookInfoSchema),
    diagnostics: z.array(DiagnosticSchema),
    capabilities: ServerCapabilitiesSchema,
    serializeTools: z.array(z.string()).optional().describe('Tools that must run alone in a parallel batch of tool calls, because a hook must see (and may veto or rewrite) each call before anything else runs (bonsai: blocking PreToolUse hooks with literal tool matchers). Absent when the dialect names none.'),
    spawnPath: SpawnPathSchema.optional().describe('How hookd starts hook processes: the native supervisor or the pure-Node fallback, and why. docs/supervisor.md.'),
  })
  .meta({ id: 'InitializeResult' });
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

export const EmptyParamsSchema = z.looseObject({}).optional().meta({ id: 'EmptyParams' });

export const SerializeToolsSchema = z.array(z.string()).optional().describe('Tools that must run alone in a parallel batch of tool calls, because a hook must see (and may veto or rewrite) each call before anything else runs (bonsai: blocking PreToolUse hooks with literal tool matchers). Absent when the dialect names none.');

export const ListHooksResultSchema = z.looseObject({ hooks: z.array(HookInfoSchema), diagnostics: z.array(DiagnosticSchema), serializeTools: SerializeToolsSchema });
export type ListHooksResult = z.infer<typeof ListHooksResultSchema>;

export const CancelSessionParamsSchema = z.looseObject({ sessionId: z.string().min(1) });
export const CancelSessionResultSchema = z.looseObject({ cancelled: z.number().int().describe('Dispatches aborted.') });

export const ShutdownResultSchema = z.null();

export const PingResultSchema = z.looseObject({});

export const ProgressParamsSchema = z
  .looseObject({
    requestId: z.union([z.string(), z.number()]).optional(),
    sessionId: z.string(),
    event: z.string(),
    hookId: z.string(),
    phase: z.enum(['started', 'finished', 'running']).describe('running: sent every options.progress.intervalMs while the hook runs (only when asked for).'),
    statusMessage: z.string().optional(),
    elapsedMs: z.number().int().min(0).optional().describe('With options.progress: whole ms since the hook started (0 at started).'),
    status: z.enum(RUN_STATUSES).optional().describe("With options.progress, at finished: the run's status, as in its RunSummary."),
    failureClass: z.enum(FAILURE_CLASSES).nullable().optional().describe('With options.progress, at finished: why the run failed; null when it did not.'),
    exitCode: z.number().int().nullable().optional().describe('With options.progress, at finished: the exit code (null: none, e.g. killed or not a process).'),
  })
  .meta({ id: 'ProgressParams' });
export type ProgressParams = z.infer<typeof ProgressParamsSchema>;

export const DiagnosticsParamsSchema = z
  .looseObject({
    diagnostics: z.array(DiagnosticSchema).describe('Every current diagnostic (an empty list: the configuration is clean).'),
    trigger: z
      .enum(['reload', 'approval'])
      .optional()
      .describe('What produced the list: a reload (file watcher or hooks/reload), or an approval question settled (hooks/approve answered, failed or got a bad answer).'),
    changedFiles: z.array(z.string()).optional().describe('On reload: the files whose change triggered it.'),
    hooks: z.number().int().optional().describe('Configured hooks now current.'),
  })
  .meta({ id: 'DiagnosticsParams' });
export type DiagnosticsParams = z.infer<typeof DiagnosticsParamsSchema>;
