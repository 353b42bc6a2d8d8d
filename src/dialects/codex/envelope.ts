// CONTRACT STUB (part codex-io implements): the stdin Codex CLI 0.171 writes (observed-envelopes "codex"): session_id,
// turn_id, transcript_path, cwd, hook_event_name, model, permission_mode, then the event's fields, in that order.
import type { EventContext } from '../../engine/dialect.js';

export function renderStdin(context: EventContext): string {
  return JSON.stringify({ session_id: context.sessionId, cwd: context.cwd, hook_event_name: context.event });
}
