// Codex's trust hash of one command hook (hook-systems §3.2), byte for byte as codex-rs computes it: the normalized
// identity {event_name, matcher?, hooks:[normalized handler]} as canonical (key-sorted, compact) JSON, SHA-256,
// `sha256:<hex>`. Pure; must not read files or decide what runs.
import { createHash } from 'node:crypto';
import type { EventName } from '../../protocol/index.js';
import { codexEventSnakeCase } from './events.js';

/** What the hash covers: the event, the group's matcher as written and the handler object as written in the file. */
export type CodexHookIdentity = {
  readonly event: EventName;
  readonly matcher: string | undefined;
  readonly handler: Readonly<Record<string, unknown>>;
};

/** Events whose matcher Codex drops before hashing (discovery.rs → events/common.rs `matcher_pattern_for_event`). */
const EVENTS_WITHOUT_MATCHER: readonly EventName[] = ['UserPromptSubmit', 'Stop'];

/** Events on which Codex keeps `additionalContextLimit` in the identity (the events that can produce context). */
const CONTEXT_LIMIT_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'SubagentStart'];
/** Codex's default `additionalContextLimit`; the default is not part of the identity. */
const DEFAULT_CONTEXT_LIMIT = 2_500;

const DEFAULT_TIMEOUT_SEC = 600;
/** SessionEnd: 1 s by default, clamped to 1–3 s, and the clamped value is what is hashed. */
const SESSION_END_TIMEOUT_SEC = { default: 1, min: 1, max: 3 } as const;

function isWholeSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Codex's `timeout_sec.unwrap_or(600).max(1)` (SessionEnd: `unwrap_or(1).clamp(1, 3)`); a non-integer counts as unset. */
export function codexNormalizedTimeoutSec(event: EventName, timeout: unknown): number {
  const given = isWholeSeconds(timeout) ? timeout : undefined;
  if (event === 'SessionEnd') return Math.min(SESSION_END_TIMEOUT_SEC.max, Math.max(SESSION_END_TIMEOUT_SEC.min, given ?? SESSION_END_TIMEOUT_SEC.default));
  return Math.max(1, given ?? DEFAULT_TIMEOUT_SEC);
}

/**
 * The handler as Codex re-builds it before hashing: `type`, `command`, `timeout` (defaulted), `async`, and
 * `statusMessage` / `additionalContextLimit` only when set (TOML has no null, so unset fields vanish);
 * `commandWindows` is always dropped.
 */
function normalizedHandler(event: EventName, handler: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: 'command',
    command: typeof handler['command'] === 'string' ? handler['command'] : '',
    timeout: codexNormalizedTimeoutSec(event, handler['timeout']),
    async: handler['async'] === true,
  };
  if (typeof handler['statusMessage'] === 'string') out['statusMessage'] = handler['statusMessage'];
  const limit = handler['additionalContextLimit'];
  if (CONTEXT_LIMIT_EVENTS.includes(event) && isWholeSeconds(limit) && limit !== DEFAULT_CONTEXT_LIMIT) out['additionalContextLimit'] = limit;
  return out;
}

/** The normalized identity, before serialization (exported for tests and `hooks/explain`-style output). */
export function codexHookIdentity(identity: CodexHookIdentity): Record<string, unknown> {
  const out: Record<string, unknown> = { event_name: codexEventSnakeCase(identity.event) };
  if (identity.matcher !== undefined && !EVENTS_WITHOUT_MATCHER.includes(identity.event)) out['matcher'] = identity.matcher;
  out['hooks'] = [normalizedHandler(identity.event, identity.handler)];
  return out;
}

/** Rust's `String` order (bytes of UTF-8); the identity's keys are ASCII, where it equals JS's default order. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * serde_json's compact output of a key-sorted value (codex_config `version_for_toml` → `canonical_json`). JSON.stringify
 * escapes strings exactly as serde_json does (`\"`, `\\`, `\b\f\n\r\t`, other controls as lowercase `\u00xx`, nothing
 * else) for every string Codex can read (Rust strings hold no lone surrogates).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort(byteOrder);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function codexHookHash(identity: CodexHookIdentity): string {
  return `sha256:${createHash('sha256').update(canonicalJson(codexHookIdentity(identity)), 'utf8').digest('hex')}`;
}
