// Zod schemas of the lifecycle-event requests (`hooks/<EventName>` params), camelCase on the wire.
// Owns the event vocabulary; must not know any dialect's stdin envelope (dialects render those).
import { z } from 'zod';

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
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

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
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

const JsonObject = z.record(z.string(), z.unknown());

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
  extra: JsonObject.optional().describe('Dialect-specific fields copied into the hook envelope as given.'),
});
export type EventParams = z.infer<typeof EventParamsBaseSchema>;

const toolEvent = EventParamsBaseSchema.extend({ toolName: z.string().min(1), toolInput: JsonObject });

export const EventParamsSchemas = {
  SessionStart: EventParamsBaseSchema.extend({ source: z.string().default('startup') }),
  SessionEnd: EventParamsBaseSchema.extend({ reason: z.string().default('other') }),
  UserPromptSubmit: EventParamsBaseSchema.extend({ prompt: z.string() }),
  PreToolUse: toolEvent,
  PermissionRequest: toolEvent,
  PostToolUse: toolEvent,
  PostToolUseFailure: toolEvent,
  Notification: EventParamsBaseSchema.extend({ message: z.string() }),
  Stop: EventParamsBaseSchema.extend({ stopHookActive: z.boolean().default(false) }),
  SubagentStart: EventParamsBaseSchema,
  SubagentStop: EventParamsBaseSchema.extend({ stopHookActive: z.boolean().default(false) }),
  PreCompact: EventParamsBaseSchema.extend({ trigger: z.string().default('manual') }),
  PostCompact: EventParamsBaseSchema.extend({ trigger: z.string().default('manual') }),
} as const satisfies Record<EventName, z.ZodType>;
