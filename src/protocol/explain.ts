// Zod schemas of hooks/explain: for an event and its params, every configured hook and why it would or would not
// fire. Shapes only; the engine decides (src/engine/explain.ts), nothing here knows a dialect.
import { z } from 'zod';
import { EVENT_NAMES, EventParamsBaseSchema } from './events.js';

export const EXPLAIN_REASONS = [
  'matched',
  'matcher-mismatch',
  'disabled',
  'untrusted',
  'modified',
  'awaiting_approval',
  'denied',
  'condition',
  'wrong-event',
  'deduplicated',
  'once',
] as const;
export type ExplainReason = (typeof EXPLAIN_REASONS)[number];

export const ExplainParamsSchema = z
  .looseObject({
    event: z.enum(EVENT_NAMES).describe('The lifecycle event to explain, as in hooks/<EventName>.'),
    params: EventParamsBaseSchema.describe("The event's params exactly as hooks/<event> takes them (validated with that event's schema)."),
  })
  .meta({ id: 'ExplainParams' });
export type ExplainParams = z.infer<typeof ExplainParamsSchema>;

export const MatchTargetSchema = z
  .looseObject({
    field: z.string().describe("Where the value comes from, in the dialect's own words (claude: tool_name, source, trigger, notification_type, ...)."),
    value: z.string().describe('The value every matcher of the event is tried against.'),
  })
  .meta({ id: 'MatchTarget' });

export const HookExplanationSchema = z
  .looseObject({
    id: z.string(),
    event: z.string().describe('The event the hook is configured for (another one than explained: reason wrong-event).'),
    source: z.string().describe('The file it came from ("client" for programmatic hooks).'),
    line: z.number().int().optional().describe('1-based line of the handler in `source`, when known.'),
    column: z.number().int().optional(),
    scope: z.string(),
    matcher: z.string().optional().describe('The matcher as written; absent when omitted.'),
    handlerType: z.string(),
    command: z.string().optional().describe('The command, script path, URL, prompt or tool the handler runs.'),
    verdict: z.enum(['fires', 'skipped']).describe('fires: a hooks/<event> with these params starts it (a sequential dialect may still stop before it, see notes).'),
    reason: z
      .enum(EXPLAIN_REASONS)
      .describe(
        'matched (fires); else the first check that keeps it from starting, in dispatch order: wrong-event, disabled, untrusted, modified, once, matcher-mismatch, condition, deduplicated.',
      ),
    detail: z.string().describe('The same for a person, e.g. `matcher "Edit|Write" tried against tool_name "Bash": no match`.'),
    matches: z
      .boolean()
      .optional()
      .describe('Whether its matcher accepts the match target, also for a hook skipped for another reason (absent for other events\' hooks).'),
    condition: z.string().optional().describe('Its condition as written (claude: `if "Bash(git *)"`).'),
    duplicateOf: z.string().optional().describe('deduplicated: the id of the earlier hook that runs instead.'),
    trustKey: z.string().optional(),
    background: z.boolean().optional().describe('fires: it runs in the background (async): the event does not wait for it and it cannot decide.'),
    cwd: z.string().optional().describe('fires on a server-owned event: where it runs.'),
  })
  .meta({ id: 'HookExplanation' });
export type HookExplanation = z.infer<typeof HookExplanationSchema>;

export const ExplainResultSchema = z
  .looseObject({
    event: z.string(),
    matchTarget: MatchTargetSchema.optional().describe('Absent when the event has no matcher field (every matcher matches).'),
    hooks: z
      .array(HookExplanationSchema)
      .describe("Every configured and programmatic hook: the event's own in dispatch order, then every other event's (wrong-event)."),
    notes: z.array(z.string()).describe('What an explanation cannot know ahead of the runs, e.g. a sequential dialect stopping at a decision.'),
  })
  .meta({ id: 'ExplainResult' });
export type ExplainResult = z.infer<typeof ExplainResultSchema>;
