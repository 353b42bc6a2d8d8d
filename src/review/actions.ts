// Trust, disable and enable of one hook by review key: through the dialect's review store (pbi) or hookd's trust store
// (a row with a trustKey), then a reload so the engine runs what is now recorded. Throws ReviewActionError.
import type { ReviewedHook, ReviewListing } from '../protocol/index.js';
import type { ReviewAction, ReviewContext } from './review-context.js';

export async function applyReviewAction(context: ReviewContext, action: ReviewAction, key: string): Promise<{ readonly listing: ReviewListing; readonly hook: ReviewedHook }> {
  void context;
  void action;
  void key;
  throw new Error('applyReviewAction: not implemented yet');
}
