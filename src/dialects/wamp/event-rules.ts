// WAMP's events (seed 002 "Events") and when each one does not fire. STUB: owned by part E (wamp-io).
import type { EventName, EventParams } from '../../protocol/index.js';
import type { EventHistory } from '../../engine/dialect.js';

export const WAMP_EVENTS: readonly EventName[] = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];
export const WAMP_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse'];

export function eventNotFired(_event: EventName, _params: EventParams, _history: EventHistory): string | undefined {
  return undefined;
}
