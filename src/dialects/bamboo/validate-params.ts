// Bamboo's checks of event params beyond the protocol schema: the PreCompact compression payload and the
// delivered notification payload must be complete. Returns one message naming each bad field; never throws.
import type { EventName, EventParams } from '../../protocol/index.js';
import { describeValue } from './json-value.js';
import { buildPayload } from './payload.js';

/** "Compression trigger is threshold, forced_overflow_recovery, or manual." */
export const COMPRESSION_TRIGGERS = ['threshold', 'forced_overflow_recovery', 'manual'] as const;

type Check = (value: unknown) => string | undefined;

const number: Check = (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : `must be a number (got ${describeValue(value)})`);
const string: Check = (value) => (typeof value === 'string' ? undefined : `must be a string (got ${describeValue(value)})`);
const stringOrNumber: Check = (value) =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? undefined : `must be a string or a number (got ${describeValue(value)})`;
const optional = (check: Check): Check => (value) => (value === undefined || value === null ? undefined : check(value));
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? undefined : `must be one of ${values.join(', ')} (got ${describeValue(value)})`;

const CHECKS: Partial<Record<EventName, Readonly<Record<string, Check>>>> = {
  PreCompact: {
    estimated_tokens: number,
    usage_percent: number,
    max_context_tokens: number,
    trigger_context_tokens: number,
    trigger: oneOf(COMPRESSION_TRIGGERS),
    phase: string,
  },
  Notification: {
    id: string,
    category: string,
    priority: stringOrNumber,
    title: string,
    body: string,
    dedup_key: string,
    created_at: string,
    click_url: optional(string),
  },
};

/**
 * PreCompact: numeric `estimated_tokens`, `usage_percent`, `max_context_tokens`, `trigger_context_tokens`, a string
 * `phase`, a known `trigger`. Notification: `id`, `category`, `priority` (string or number), `title`, `body`,
 * `dedup_key`, `created_at`, optional `click_url`. Checked on the payload as hooks would see it (derived fields
 * plus `extra.payload`). Messages: `payload.trigger: must be one of ... (got "auto")`, joined with "; ".
 */
export function validateParams(event: EventName, params: EventParams): string | undefined {
  const checks = CHECKS[event];
  if (checks === undefined) return undefined;
  const payload = buildPayload(event, params);
  const problems: string[] = [];
  for (const [field, check] of Object.entries(checks)) {
    const problem = check(payload[field]);
    if (problem !== undefined) problems.push(`payload.${field}: ${problem}`);
  }
  return problems.length > 0 ? problems.join('; ') : undefined;
}
