// CONTRACT STUB (part gemini-io implements): the stdin Gemini CLI 0.61 writes (observed-envelopes "gemini"):
// session_id, transcript_path, cwd, hook_event_name (native name), timestamp, then the event's fields.
import type { EventContext } from '../../engine/dialect.js';
import { geminiNativeName } from './events.js';

export function renderStdin(context: EventContext): string {
  return JSON.stringify({ session_id: context.sessionId, cwd: context.cwd, hook_event_name: geminiNativeName(context.event) });
}
