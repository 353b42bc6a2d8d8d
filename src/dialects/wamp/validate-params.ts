// WAMP's checks of event params beyond the protocol schema: every event belongs to a Run (params.runId), because the
// hooks are read once per send and a Run keeps what it read. Returns a message (→ -32602); never throws.
import type { EventName, EventParams } from '../../protocol/index.js';

export function validateParams(event: EventName, params: EventParams): string | undefined {
  if (params.runId === undefined || params.runId === '') {
    return `wamp: runId is required on every event (${event} has none): hooks are read once per send, and every event of the Run uses what was read when it began`;
  }
  return undefined;
}
