// GENERATED from src/protocol/events.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of the lifecycle-event requests (`hooks/<EventName>` params), camelCase on the wire.
// Owns the event vocabulary; must not know any dialect's stdin envelope (dialects render those).
import { z } from 'zod';
import { lazyTable, once } from './lazy-table.js';

export const EVENT_NAMES = [
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  // Claude Code 2.1's other events (hooks reference); dialects list which of these they dispatch.
  'Setup',
  'InstructionsLoaded',
  'UserPromptExpansion',
  'MessageDisplay',
  'PermissionDenied',
  'PostToolBatch',
  'TaskCreated',
  'TaskCompleted',
  'StopFailure',
  'TeammateIdle',
  'ConfigChange',
  'CwdChanged',
  'DirectoryAdded',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'Elicitation',
  'ElicitationResult',
  // Claude Code 2.1.251+: around a model switch (hooks guide; input fields from the hooks reference).
  'PreModelSwitch',
  'PostModelSwitch',
  // bonsai (seed 001): file writes and shell commands as events of their own; a client may send them directly, or
  // hookd derives them from PreToolUse/PostToolUse of a tool the client declared as a shell or file-writing tool.
  'PreFileWrite',
  'PostFileWrite',
  'PreBash',
  'PostBash',
  // Gemini CLI's events around the model call (no other agent has them): the request about to be sent, a streamed
  // response chunk, and the tool selection before the request.
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

/**
 * Native event names an agent may send instead of the canonical ones (`hooks/BeforeTool` = `hooks/PreToolUse`):
 * Gemini CLI's. A dialect accepts those it lists in Dialect.eventAliases; the result's `event` is the canonical name.
 */
export const EVENT_ALIASES = {
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  PreCompress: 'PreCompact',
} as const satisfies Record<string, EventName>;
export type EventAlias = keyof typeof EVENT_ALIASES;
export const EVENT_ALIAS_NAMES = Object.keys(EVENT_ALIASES) as EventAlias[];

export const SessionInfoSchema = z
  .looseObject({
    id: z.string().min(1).describe('Session id; hook state such as the Stop-block counter is kept per session.'),
    cwd: z.string().optional().describe('Current directory of the agent; defaults to the workspace.'),
    transcriptPath: z.string().optional(),
    permissionMode: z.string().optional(),
    model: z.string().optional(),
    promptId: z.string().optional(),
    turnId: z.string().optional(),
    agentId: z.string().optional(),
    agentType: z.string().optional(),
    effort: z.string().optional().describe('The effort level of the current turn (Claude Code: effort.level); claude hooks get it as CLAUDE_EFFORT.'),
    provider: z.string().optional().describe('pbi: the model provider (hook input `provider`), e.g. "openai".'),
    agentName: z.string().optional().describe('pbi: the agent\'s name (hook input `agent_name`), "main" or a sub-agent\'s generated name.'),
    workspaceDirectoryKey: z.string().optional().describe('pbi: hook input `workspace_directory_key` (null when absent).'),
    agent: z.string().optional().describe('wamp: the agent running the conversation (hook input `agent`); default "wamp".'),
    runtime: z
      .string()
      .optional()
      .describe('wamp: the runtime running the turn, "native" (default) or a foreign one such as "acp" (hook input `runtime`): ACP turns fire no Stop, and their tool events only for tools the client registered (lent to the agent).'),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

const JsonObject = z.record(z.string(), z.unknown());

/** One call of a PostToolBatch batch; `toolResponse` is the serialized tool_result content the model sees. */
export const ToolCallSchema = z
  .looseObject({
    toolName: z.string().min(1),
    toolInput: JsonObject,
    toolUseId: z.string().optional(),
    toolResponse: z.unknown().optional(),
  })
  .meta({ id: 'ToolCall' });
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * One file of a write operation (bonsai PreFileWrite/PostFileWrite, or a file-writing tool's PreToolUse/PostToolUse):
 * what the file holds before and what the operation intends it to hold. hookd renders the diff hooks see from these.
 */
export const FileChangeSchema = z
  .looseObject({
    path: z.string().min(1).describe('The file, relative to the workspace (an absolute path inside it is made relative).'),
    operation: z
      .enum(['create', 'modify', 'delete', 'move'])
      .describe('move: `fromPath` is moved to `path` (hooks see a creation of path and a deletion of fromPath).'),
    fromPath: z.string().min(1).optional().describe('move: the source path.'),
    oldContent: z.string().nullable().optional().describe('The content before the operation (null or absent: none, e.g. a creation).'),
    newContent: z.string().nullable().optional().describe('The intended content (null or absent: none, e.g. a deletion).'),
  })
  .meta({ id: 'FileChange' });
export type FileChange = z.infer<typeof FileChangeSchema>;

/** Every field any event may carry. Per-event schemas below narrow which are required. */
export const EventParamsBaseSchema = z.looseObject({
  session: SessionInfoSchema,
  toolName: z.string().optional(),
  toolInput: JsonObject.optional(),
  toolUseId: z.string().optional(),
  toolResponse: z.unknown().optional(),
  durationMs: z.number().optional(),
  error: z.string().optional(),
  isInterrupt: z.boolean().optional(),
  permissionSuggestions: z.array(z.unknown()).optional(),
  prompt: z.string().optional(),
  source: z.string().optional(),
  reason: z.string().optional(),
  trigger: z.string().optional(),
  customInstructions: z.string().optional(),
  stopHookActive: z.boolean().optional(),
  lastAssistantMessage: z.string().optional(),
  message: z.string().optional(),
  title: z.string().optional(),
  notificationType: z.string().optional(),
  agentId: z.string().optional(),
  agentType: z.string().optional(),
  agentTranscriptPath: z.string().optional(),
  inputMessageCount: z.number().int().min(0).optional().describe('pbi PreCompact: messages in the context being compacted.'),
  pendingToolExchange: z.boolean().optional().describe('pbi PreCompact: a tool call awaits its result in the context being compacted.'),
  summaryChars: z.number().int().min(0).optional().describe('pbi PostCompact: length of the compaction summary.'),
  estimatedContextTokens: z.number().int().min(0).optional().describe('pbi PostCompact: estimated tokens of the compacted context.'),
  taskInstruction: z.string().optional().describe('pbi SubagentStart, SubagentStop: the instruction the sub-agent was given.'),
  subagentName: z.string().optional().describe('pbi SubagentStart, SubagentStop: the sub-agent\'s name.'),
  subagentType: z.string().optional().describe('pbi SubagentStart, SubagentStop: the sub-agent\'s type (the matcher target; "default" when none).'),
  // Claude Code 2.1 events beyond the first thirteen (camelCase of the stdin fields Claude Code sends).
  sessionTitle: z.string().optional().describe('SessionStart: the session title already set, if any.'),
  filePath: z.string().optional().describe('InstructionsLoaded, ConfigChange, FileChanged: the file concerned (absolute).'),
  memoryType: z.string().optional().describe('InstructionsLoaded: User, Project, Local or Managed.'),
  loadReason: z.string().optional().describe('InstructionsLoaded: session_start, nested_traversal, path_glob_match, include or compact.'),
  globs: z.array(z.string()).optional().describe('InstructionsLoaded: the paths: globs of a path_glob_match load.'),
  triggerFilePath: z.string().optional().describe('InstructionsLoaded: the file whose access triggered a lazy load.'),
  parentFilePath: z.string().optional().describe('InstructionsLoaded: the file that included this one (include loads).'),
  expansionType: z.string().optional().describe('UserPromptExpansion: slash_command or mcp_prompt.'),
  commandName: z.string().optional().describe('UserPromptExpansion: the command or skill name (the matcher target).'),
  commandArgs: z.string().optional(),
  commandSource: z.string().optional(),
  messageId: z.string().optional().describe('MessageDisplay: the assistant message being displayed (turnId comes from session.turnId).'),
  index: z.number().int().nonnegative().optional().describe('MessageDisplay: zero-based batch index within the message.'),
  final: z.boolean().optional().describe("MessageDisplay: true on the message's last batch."),
  delta: z.string().optional().describe('MessageDisplay: the newly completed text of this batch.'),
  toolCalls: z.array(ToolCallSchema).optional().describe('PostToolBatch: every call of the batch, in order.'),
  taskId: z.string().optional(),
  taskSubject: z.string().optional(),
  taskDescription: z.string().optional(),
  teammateName: z.string().optional(),
  teamName: z.string().optional(),
  errorDetails: z.string().optional().describe('StopFailure: details of the API error, when known.'),
  oldCwd: z.string().optional(),
  newCwd: z.string().optional(),
  directory: z.string().optional().describe('DirectoryAdded: the directory added (absolute).'),
  fileEvent: z.string().optional().describe('FileChanged: change, add or unlink (rendered as the envelope field `event`).'),
  name: z.string().optional().describe('WorktreeCreate: the worktree slug.'),
  worktreePath: z.string().optional().describe('WorktreeRemove: the worktree being removed (absolute).'),
  mcpServerName: z.string().optional().describe('Elicitation, ElicitationResult: the MCP server (the matcher target).'),
  mode: z.string().optional().describe('Elicitation, ElicitationResult: form or url.'),
  url: z.string().optional(),
  elicitationId: z.string().optional(),
  requestedSchema: JsonObject.optional(),
  action: z.string().optional().describe("ElicitationResult: the user's answer, accept, decline or cancel."),
  content: JsonObject.optional().describe('ElicitationResult: the form values the user gave.'),
  fromModel: z.string().optional().describe('PreModelSwitch, PostModelSwitch: the model before the switch (canonical name).'),
  toModel: z.string().optional().describe('PreModelSwitch, PostModelSwitch: the canonical name of the model the session switches to (the matcher target).'),
  requestedModel: z.string().optional().describe('PreModelSwitch, PostModelSwitch: the model as requested (an alias such as "opus", before resolution).'),
  contextTokens: z.number().optional().describe('PreModelSwitch, PostModelSwitch: tokens in the context the new model must read.'),
  promptCacheWarm: z.boolean().optional().describe('PreModelSwitch, PostModelSwitch: whether the prompt cache is still warm.'),
  cacheTtl: z.string().optional().describe('PreModelSwitch, PostModelSwitch: the prompt cache TTL (e.g. "5m", "1h").'),
  estimatedCacheWriteUsd: z.number().optional().describe('PreModelSwitch, PostModelSwitch: estimated cost in USD of re-writing the cache for the new model.'),
  pricing: JsonObject.optional().describe('PreModelSwitch, PostModelSwitch: the pricing Claude Code reports for the switch, as given.'),
  command: z.string().optional().describe('PreBash, PostBash: the shell command the tool runs.'),
  exitCode: z.number().int().nullable().optional().describe('PostBash (and PostToolUse of a shell tool): the command\'s exit code.'),
  outputExcerpt: z.string().optional().describe('Post events: an excerpt of the tool output; dialects that say so redact it before hooks see it.'),
  files: z
    .array(FileChangeSchema)
    .max(10_000)
    .optional()
    .describe('PreFileWrite, PostFileWrite (and PreToolUse/PostToolUse of a file-writing tool): every file of one write operation.'),
  runId: z
    .string()
    .min(1)
    .optional()
    .describe('The run this event belongs to: every event of a run uses the configuration current when the run began (runs/begin, or its first event).'),
  serverOwned: z
    .boolean()
    .optional()
    .describe("The event is not tied to an agent session's workspace (e.g. a server notification); hooks run in the configured default work area."),
  background: z.boolean().optional().describe('PostToolUse: the tool completed in the background (e.g. a background Bash job).'),
  isError: z.boolean().optional().describe('PostToolUse: the call failed (wamp: tool_response.is_error; default false).'),
  unattended: z
    .boolean()
    .optional()
    .describe('Nobody can answer a question in this run (e.g. a scheduled turn): wamp turns an ask into a refusal.'),
  turnKind: z
    .enum(['message', 'goal', 'scheduled'])
    .optional()
    .describe('SessionStart, UserPromptSubmit: what started the turn, a sent message (default), a Goal continuation or a scheduled turn; wamp fires neither event for the last two.'),
  finish: z
    .enum(['natural', 'abort', 'error', 'user_stop'])
    .optional()
    .describe('Stop: how the run ended, naturally (default) or by an abort, an error or the user stopping it; wamp fires Stop only at a natural finish.'),
  rootRun: z.boolean().optional().describe('Stop: the run is a root run (default true); wamp fires Stop only for native root runs.'),
  llmRequest: JsonObject.optional().describe('BeforeModel, AfterModel, BeforeToolSelection (gemini): the model request, as Gemini CLI renders it (hook input `llm_request`: model, messages, config, toolConfig).'),
  llmResponse: JsonObject.optional().describe('AfterModel (gemini): the streamed response chunk (hook input `llm_response`).'),
  extra: JsonObject.optional().describe('Dialect-specific fields copied into the hook envelope as given.'),
});
export type EventParams = z.infer<typeof EventParamsBaseSchema>;

/** Tool events share one schema (built once, when the first of them is read). */
const toolEvent = once(() => EventParamsBaseSchema.extend({ toolName: z.string().min(1), toolInput: JsonObject }));

/** Each event's params schema, built when first read (lazy-table.ts): a session parses the few events it sends. */
export const EventParamsSchemas = lazyTable({
  SessionStart: () => EventParamsBaseSchema.extend({ source: z.string().default('startup') }),
  SessionEnd: () => EventParamsBaseSchema.extend({ reason: z.string().default('other') }),
  UserPromptSubmit: () => EventParamsBaseSchema.extend({ prompt: z.string() }),
  PreToolUse: toolEvent,
  PermissionRequest: toolEvent,
  PostToolUse: toolEvent,
  PostToolUseFailure: toolEvent,
  Notification: () => EventParamsBaseSchema.extend({ message: z.string() }),
  Stop: () => EventParamsBaseSchema.extend({ stopHookActive: z.boolean().default(false) }),
  SubagentStart: () => EventParamsBaseSchema,
  SubagentStop: () => EventParamsBaseSchema.extend({ stopHookActive: z.boolean().default(false) }),
  PreCompact: () => EventParamsBaseSchema.extend({ trigger: z.string().default('manual') }),
  PostCompact: () => EventParamsBaseSchema.extend({ trigger: z.string().default('manual') }),
  Setup: () => EventParamsBaseSchema.extend({ trigger: z.string().default('init') }),
  InstructionsLoaded: () => EventParamsBaseSchema.extend({ filePath: z.string(), memoryType: z.string(), loadReason: z.string() }),
  UserPromptExpansion: () => EventParamsBaseSchema.extend({ expansionType: z.string(), commandName: z.string(), prompt: z.string() }),
  MessageDisplay: () => EventParamsBaseSchema.extend({
    messageId: z.string(),
    index: z.number().int().nonnegative(),
    final: z.boolean(),
    delta: z.string(),
  }),
  PermissionDenied: () => toolEvent().extend({ reason: z.string() }),
  PostToolBatch: () => EventParamsBaseSchema.extend({ toolCalls: z.array(ToolCallSchema) }),
  TaskCreated: () => EventParamsBaseSchema.extend({ taskId: z.string(), taskSubject: z.string() }),
  TaskCompleted: () => EventParamsBaseSchema.extend({ taskId: z.string(), taskSubject: z.string() }),
  StopFailure: () => EventParamsBaseSchema.extend({ error: z.string() }),
  TeammateIdle: () => EventParamsBaseSchema.extend({ teammateName: z.string() }),
  ConfigChange: () => EventParamsBaseSchema.extend({ source: z.string() }),
  CwdChanged: () => EventParamsBaseSchema.extend({ oldCwd: z.string(), newCwd: z.string() }),
  DirectoryAdded: () => EventParamsBaseSchema.extend({ directory: z.string(), source: z.string() }),
  FileChanged: () => EventParamsBaseSchema.extend({ filePath: z.string(), fileEvent: z.string().default('change') }),
  WorktreeCreate: () => EventParamsBaseSchema.extend({ name: z.string() }),
  WorktreeRemove: () => EventParamsBaseSchema.extend({ worktreePath: z.string() }),
  Elicitation: () => EventParamsBaseSchema.extend({ mcpServerName: z.string(), message: z.string() }),
  ElicitationResult: () => EventParamsBaseSchema.extend({ mcpServerName: z.string(), action: z.string() }),
  PreModelSwitch: () => EventParamsBaseSchema.extend({ toModel: z.string() }),
  PostModelSwitch: () => EventParamsBaseSchema.extend({ toModel: z.string() }),
  PreFileWrite: () => EventParamsBaseSchema.extend({ files: z.array(FileChangeSchema).min(1).max(10_000) }),
  PostFileWrite: () => EventParamsBaseSchema.extend({ files: z.array(FileChangeSchema).min(1).max(10_000) }),
  PreBash: () => EventParamsBaseSchema.extend({ command: z.string() }),
  PostBash: () => EventParamsBaseSchema.extend({ command: z.string() }),
  BeforeModel: () => EventParamsBaseSchema.extend({ llmRequest: JsonObject }),
  AfterModel: () => EventParamsBaseSchema.extend({ llmRequest: JsonObject, llmResponse: JsonObject }),
  BeforeToolSelection: () => EventParamsBaseSchema.extend({ llmRequest: JsonObject }),
} satisfies Record<EventName, () => z.ZodType>);
