// Bamboo's checks of event params beyond the protocol schema: the PreCompact compression payload and the
// delivered notification payload must be complete. Returns one message naming each bad field; never throws.
import { z } from 'zod';
import type { EventName, EventParams } from '../../protocol/index.js';
import { describeIssues } from '../../protocol/issue-text.js';
import { buildPayload } from './payload.js';
import { got } from './schema.js';

/** "Compression trigger is threshold, forced_overflow_recovery, or manual." */
export const COMPRESSION_TRIGGERS = ['threshold', 'forced_overflow_recovery', 'manual'] as const;

const number = z.number({ error: got('must be a number') });
const string = z.string({ error: got('must be a string') });

const PAYLOADS: Partial<Record<EventName, z.ZodType>> = {
  PreCompact: z.looseObject({
    estimated_tokens: number,
    usage_percent: number,
    max_context_tokens: number,
    trigger_context_tokens: number,
    trigger: z.enum(COMPRESSION_TRIGGERS, { error: got(`must be one of ${COMPRESSION_TRIGGERS.join(', ')}`) }),
    phase: string,
  }),
  Notification: z.looseObject({
    id: string,
    category: string,
    priority: z.union([z.string(), z.number()], { error: got('must be a string or a number') }),
    title: string,
    body: string,
    dedup_key: string,
    created_at: string,
    click_url: string.nullish(),
  }),
};

/**
 * PreCompact: numeric `estimated_tokens`, `usage_percent`, `max_context_tokens`, `trigger_context_tokens`, a string
 * `phase`, a known `trigger`. Notification: `id`, `category`, `priority` (string or number), `title`, `body`,
 * `dedup_key`, `created_at`, optional `click_url`. Checked on the payload as hooks would see it (derived fields
 * plus `extra.payload`). Messages: `payload.trigger: must be one of ... (got "auto")`, joined with "; ".
 */
export function validateParams(event: EventName, params: EventParams): string | undefined {
  const parsed = PAYLOADS[event]?.safeParse(buildPayload(event, params));
  return parsed?.success === false ? describeIssues(parsed.error.issues, { prefix: ['payload'] }) : undefined;
}
