// The stdin JSON of a WAMP hook. STUB: owned by part E (wamp-io).
import type { EventContext } from '../../engine/dialect.js';

export function renderStdin(context: EventContext): string {
  return JSON.stringify({ hook_event_name: context.event, session_id: context.sessionId, cwd: context.workspace });
}
