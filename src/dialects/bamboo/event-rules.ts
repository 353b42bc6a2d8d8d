// Bamboo's per-event facts as data: which events exist, which take a matcher, and what a handler may
// decide on each (decision, compaction, observer). Only data and lookups; no parsing, no merging.
import type { EventName } from '../../protocol/index.js';

/**
 * - `decision`: a handler may return allow / block (/ ask on PreToolUse) and additional_context; a decision stops
 *   dispatch and exit 2 blocks.
 * - `compaction`: PreCompact; only additional_context counts (custom summarizer instructions); decisions and exit 2
 *   are ignored "because blocking compaction risks context overflow".
 * - `observer`: SessionEnd, Notification; output and decisions are ignored, every matching handler runs.
 */
export type EventKind = 'decision' | 'compaction' | 'observer';

export type BambooEventRule = {
  readonly kind: EventKind;
  /** matcher is "supported only for PreToolUse and PostToolUse". */
  readonly toolEvent: boolean;
};

/** In the order of the seed's "Supported events" table. */
export const BAMBOO_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
  'PreCompact',
  'Notification',
] as const satisfies readonly EventName[];

export type BambooEvent = (typeof BAMBOO_EVENTS)[number];

export const BAMBOO_EVENT_RULES: Readonly<Record<BambooEvent, BambooEventRule>> = {
  SessionStart: { kind: 'decision', toolEvent: false },
  UserPromptSubmit: { kind: 'decision', toolEvent: false },
  PreToolUse: { kind: 'decision', toolEvent: true },
  PostToolUse: { kind: 'decision', toolEvent: true },
  Stop: { kind: 'decision', toolEvent: false },
  SessionEnd: { kind: 'observer', toolEvent: false },
  PreCompact: { kind: 'compaction', toolEvent: false },
  Notification: { kind: 'observer', toolEvent: false },
};

export function isBambooEvent(name: string): name is BambooEvent {
  return (BAMBOO_EVENTS as readonly string[]).includes(name);
}

/** The rule of an event; events outside Bamboo's table are treated as observers (never dispatched by this dialect). */
export function ruleOf(event: EventName): BambooEventRule {
  return isBambooEvent(event) ? BAMBOO_EVENT_RULES[event] : { kind: 'observer', toolEvent: false };
}
