// Zod schemas of each event's result: the fields every event result has, plus only the event-specific fields that
// event can carry (from the dialects' merge rules). Describes only; results.ts owns the fields themselves.
import { z } from 'zod';
import type { EventName } from './events.js';
import { lazyTable } from './lazy-table.js';
import { EventResultSchema } from './results.js';

/** Result fields only some events carry; every other field of EventResultSchema is on every event's result. */
export const EVENT_SPECIFIC_RESULT_FIELDS = [
  'additionalContext',
  'updatedInput',
  'updatedToolOutput',
  'updatedPermissions',
  'interrupt',
  'worktreePath',
  'retry',
  'displayContent',
  'elicitation',
  'llmRequest',
  'llmResponse',
  'toolConfig',
] as const satisfies readonly (keyof typeof EventResultSchema.shape)[];
export type EventSpecificResultField = (typeof EVENT_SPECIFIC_RESULT_FIELDS)[number];

type ResultShape = typeof EventResultSchema.shape;
/** The schema type of an event result carrying the event-specific fields K (and every common field). */
export type EventResultSchemaWith<E extends EventName, K extends EventSpecificResultField> = z.ZodObject<
  Omit<ResultShape, Exclude<EventSpecificResultField, K> | 'event'> & { event: z.ZodLiteral<E> },
  z.core.$loose
>;

/** EventResultSchema without the event-specific fields `event` cannot carry, named `<Event>Result` in the JSON Schema. */
function resultOf<const E extends EventName, const K extends EventSpecificResultField>(event: E, fields: readonly K[]): EventResultSchemaWith<E, K> {
  const mask = Object.fromEntries(EVENT_SPECIFIC_RESULT_FIELDS.filter((field) => !(fields as readonly string[]).includes(field)).map((field) => [field, true]));
  const carries = fields.length > 0 ? `; of the event-specific fields it carries ${fields.join(', ')}` : '; it carries no event-specific field';
  const schema = EventResultSchema.omit(mask as { readonly [F in EventSpecificResultField]?: true }).extend({ event: z.literal(event) });
  return schema.meta({ id: `${event}Result`, description: `The merged outcome of hooks/${event}${carries}.` }) as unknown as EventResultSchemaWith<E, K>;
}

/**
 * Which event-specific fields each event's result may carry, across every dialect that dispatches it (claude:
 * merge.ts, merge-later-events.ts and the hookSpecificOutput fields output-schema.ts reads; bamboo: merge.ts, which
 * adds additionalContext on every decision event and PreCompact). Stop and SubagentStop context becomes the block
 * reason in claude, but bamboo's Stop keeps additionalContext. Each is built when first read (lazy-table.ts).
 */
export const EventResultSchemas = lazyTable({
  SessionStart: () => resultOf('SessionStart', ['additionalContext']),
  SessionEnd: () => resultOf('SessionEnd', []),
  UserPromptSubmit: () => resultOf('UserPromptSubmit', ['additionalContext']),
  PreToolUse: () => resultOf('PreToolUse', ['additionalContext', 'updatedInput']),
  PermissionRequest: () => resultOf('PermissionRequest', ['updatedInput', 'updatedPermissions', 'interrupt']),
  PostToolUse: () => resultOf('PostToolUse', ['additionalContext', 'updatedToolOutput']),
  PostToolUseFailure: () => resultOf('PostToolUseFailure', ['additionalContext']),
  Notification: () => resultOf('Notification', []),
  Stop: () => resultOf('Stop', ['additionalContext']),
  SubagentStart: () => resultOf('SubagentStart', ['additionalContext']),
  SubagentStop: () => resultOf('SubagentStop', []),
  PreCompact: () => resultOf('PreCompact', ['additionalContext']),
  PostCompact: () => resultOf('PostCompact', []),
  Setup: () => resultOf('Setup', ['additionalContext']),
  InstructionsLoaded: () => resultOf('InstructionsLoaded', []),
  UserPromptExpansion: () => resultOf('UserPromptExpansion', ['additionalContext']),
  MessageDisplay: () => resultOf('MessageDisplay', ['displayContent']),
  PermissionDenied: () => resultOf('PermissionDenied', ['retry']),
  PostToolBatch: () => resultOf('PostToolBatch', ['additionalContext']),
  TaskCreated: () => resultOf('TaskCreated', []),
  TaskCompleted: () => resultOf('TaskCompleted', []),
  StopFailure: () => resultOf('StopFailure', []),
  TeammateIdle: () => resultOf('TeammateIdle', []),
  ConfigChange: () => resultOf('ConfigChange', []),
  CwdChanged: () => resultOf('CwdChanged', []),
  DirectoryAdded: () => resultOf('DirectoryAdded', []),
  FileChanged: () => resultOf('FileChanged', []),
  WorktreeCreate: () => resultOf('WorktreeCreate', ['worktreePath']),
  WorktreeRemove: () => resultOf('WorktreeRemove', []),
  Elicitation: () => resultOf('Elicitation', ['elicitation']),
  ElicitationResult: () => resultOf('ElicitationResult', ['elicitation']),
  PreModelSwitch: () => resultOf('PreModelSwitch', []),
  PostModelSwitch: () => resultOf('PostModelSwitch', ['additionalContext']),
  PreFileWrite: () => resultOf('PreFileWrite', ['additionalContext']),
  PostFileWrite: () => resultOf('PostFileWrite', ['additionalContext']),
  PreBash: () => resultOf('PreBash', ['additionalContext']),
  PostBash: () => resultOf('PostBash', ['additionalContext']),
  BeforeModel: () => resultOf('BeforeModel', ['llmRequest', 'llmResponse']),
  AfterModel: () => resultOf('AfterModel', ['llmResponse']),
  BeforeToolSelection: () => resultOf('BeforeToolSelection', ['toolConfig']),
} satisfies Record<EventName, () => z.ZodType>);
export type EventResultOf<E extends EventName> = z.infer<(typeof EventResultSchemas)[E]>;
