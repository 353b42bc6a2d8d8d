// What `hookd ui`'s HTTP API asks of the review machinery: the listing (re-read from the files first) and one action,
// each answered as the API JSON. An interface, so the HTTP layer is tested apart from any dialect. Types only.
import type { ReviewAction } from '../review/review-context.js';

export interface UiBackend {
  /** Reloads the configuration and the review state, then answers GET /api/hooks's body. */
  list(): Promise<unknown>;
  /** Applies the action and answers the listing after it. Throws ReviewActionError (not_found, not_allowed, persistence). */
  act(action: ReviewAction, key: string): Promise<unknown>;
}
