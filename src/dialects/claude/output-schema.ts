// The schema of a Claude Code hook's JSON stdout: universal fields and `hookSpecificOutput` per event.
// Validates and types only; what a field means for a verdict is decided in output.ts.
import { z } from 'zod';
import type { EventName } from '../../protocol/index.js';
import { describeIssues } from '../../protocol/issue-text.js';

const UniversalSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  systemMessage: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  decision: z.enum(['approve', 'block']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z.unknown().optional(),
  /** Not validated here: an invalid value is ignored (terminal-sequence.ts), never a failed run. */
  terminalSequence: z.unknown().optional(),
});

const SpecificSchema = z.looseObject({
  hookEventName: z.string(),
  additionalContext: z.string().optional(),
  permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
  permissionDecisionReason: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  decision: z
    .looseObject({
      behavior: z.enum(['allow', 'deny']),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      updatedPermissions: z.array(z.unknown()).optional(),
      message: z.string().optional(),
      interrupt: z.boolean().optional(),
    })
    .optional(),
  updatedToolOutput: z.unknown().optional(),
  updatedMCPToolOutput: z.unknown().optional(),
  sessionTitle: z.string().optional(),
  initialUserMessage: z.string().optional(),
  watchPaths: z.array(z.string()).optional(),
  reloadSkills: z.boolean().optional(),
  retry: z.boolean().optional(),
  displayContent: z.string().optional(),
  action: z.enum(['accept', 'decline', 'cancel']).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
  worktreePath: z.string().optional(),
});

export type SpecificOutput = z.infer<typeof SpecificSchema>;
export type HookOutput = {
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly systemMessage?: string;
  readonly suppressOutput?: boolean;
  readonly decision?: 'approve' | 'block';
  readonly reason?: string;
  readonly terminalSequence?: unknown;
  readonly specific?: SpecificOutput;
};

type SpecificField = Exclude<keyof typeof SpecificSchema.shape, 'hookEventName'>;

/** The `hookSpecificOutput` fields each event reads; other fields are ignored (not validated). */
const SPECIFIC_FIELDS: Readonly<Record<EventName, readonly SpecificField[]>> = {
  PreToolUse: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
  PermissionRequest: ['decision'],
  PostToolUse: ['additionalContext', 'updatedToolOutput', 'updatedMCPToolOutput'],
  PostToolUseFailure: ['additionalContext'],
  UserPromptSubmit: ['additionalContext', 'sessionTitle'],
  SessionStart: ['additionalContext', 'sessionTitle', 'initialUserMessage', 'watchPaths', 'reloadSkills'],
  SubagentStart: ['additionalContext'],
  Stop: ['additionalContext'],
  SubagentStop: ['additionalContext'],
  SessionEnd: [],
  Notification: [],
  PreCompact: [],
  PostCompact: [],
  Setup: ['additionalContext'],
  InstructionsLoaded: [],
  UserPromptExpansion: ['additionalContext'],
  MessageDisplay: ['displayContent'],
  PermissionDenied: ['retry'],
  PostToolBatch: ['additionalContext'],
  TaskCreated: [],
  TaskCompleted: [],
  StopFailure: [],
  TeammateIdle: [],
  ConfigChange: [],
  CwdChanged: ['watchPaths'],
  DirectoryAdded: [],
  FileChanged: ['watchPaths'],
  WorktreeCreate: ['worktreePath'],
  WorktreeRemove: [],
  Elicitation: ['action', 'content'],
  ElicitationResult: ['action', 'content'],
  PreModelSwitch: ['permissionDecision', 'permissionDecisionReason'],
  PostModelSwitch: ['additionalContext'],
  // bonsai's events: not dispatched by claude.
  PreFileWrite: [],
  PostFileWrite: [],
  PreBash: [],
  PostBash: [],
  BeforeModel: [],
  AfterModel: [],
  BeforeToolSelection: [],
};

const specificSchemas = new Map<EventName, z.ZodType<SpecificOutput>>();
function specificSchema(event: EventName): z.ZodType<SpecificOutput> {
  let schema = specificSchemas.get(event);
  if (schema === undefined) {
    const mask: Record<string, true> = { hookEventName: true };
    for (const field of SPECIFIC_FIELDS[event]) mask[field] = true;
    // Strips the rest: a field this event does not read (e.g. additionalContext on Notification) never reaches the verdict.
    schema = z.object(SpecificSchema.pick(mask as { hookEventName: true }).shape) as unknown as z.ZodType<SpecificOutput>;
    specificSchemas.set(event, schema);
  }
  return schema;
}

export type HookOutputParse = { readonly ok: true; readonly output: HookOutput } | { readonly ok: false; readonly error: string };

/** Validates a parsed JSON object against the universal fields and the event's `hookSpecificOutput`. */
export function parseHookOutput(event: EventName, value: unknown): HookOutputParse {
  const universal = UniversalSchema.safeParse(value);
  if (!universal.success) return { ok: false, error: describeIssues(universal.error.issues, { root: 'output' }) };
  const { hookSpecificOutput, continue: keepGoing, stopReason, systemMessage, suppressOutput, decision, reason, terminalSequence } = universal.data;
  const rest: HookOutput = { continue: keepGoing, stopReason, systemMessage, suppressOutput, decision, reason, terminalSequence };
  if (hookSpecificOutput === undefined) return { ok: true, output: rest };
  if (hookSpecificOutput === null || typeof hookSpecificOutput !== 'object' || Array.isArray(hookSpecificOutput)) {
    return { ok: false, error: 'hookSpecificOutput must be an object' };
  }
  const name = (hookSpecificOutput as Record<string, unknown>).hookEventName;
  if (name === undefined) return { ok: false, error: `hookSpecificOutput.hookEventName is required (expected "${event}")` };
  if (name !== event) return { ok: false, error: `hookSpecificOutput.hookEventName is ${JSON.stringify(name)} but the event is "${event}"` };
  const specific = specificSchema(event).safeParse(hookSpecificOutput);
  if (!specific.success) return { ok: false, error: describeIssues(specific.error.issues, { prefix: ['hookSpecificOutput'] }) };
  return { ok: true, output: { ...rest, specific: specific.data } };
}
