// Prepares a request's params before any hook sees them: moves split into a creation and a deletion, each file's
// redacted diff rendered into files[i].diff, the output excerpt redacted. STUB (groundwork): the diff part replaces it.
import type { EventName, EventParams } from '../../protocol/index.js';

export async function prepareBonsaiParams(_event: EventName, params: EventParams): Promise<EventParams> {
  return params;
}
