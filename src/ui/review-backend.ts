// The UiBackend of `hookd ui` over src/review: every listing first re-reads the configuration (so an edit shows as
// `modified` on refresh) and hookd's trust store (trust given by another process), every action goes through
// applyReviewAction. Answers in the API JSON the converter makes; never writes a file itself.
import type { ReviewListing } from '../protocol/index.js';
import { applyReviewAction } from '../review/actions.js';
import { reviewListing } from '../review/listing.js';
import type { ReviewAction, ReviewContext } from '../review/review-context.js';
import { TrustStore } from '../trust/store.js';
import type { UiBackend } from './ui-backend.js';

export type ApiConverter = (listing: ReviewListing) => unknown;

async function refreshed(context: ReviewContext): Promise<void> {
  context.engine.reload(context.loadContext);
  const store = new TrustStore(context.trustStore.path);
  const recorded = new Map(store.trustedEntries().map(({ key, trustedHash }) => [key, trustedHash]));
  for (const [key, trustedHash] of recorded) {
    if (context.engine.trustedHash(key) !== trustedHash) await context.engine.setTrusted(key, true, trustedHash);
  }
  // A trust another process withdrew since (hookd's store is the record; the page never runs hooks).
  if (store.problem === undefined) {
    for (const key of context.engine.trustKeys()) {
      if (!recorded.has(key) && context.engine.trustedHash(key) !== undefined) await context.engine.setTrusted(key, false);
    }
  }
}

export function reviewBackend(context: ReviewContext, toApi: ApiConverter): UiBackend {
  return {
    async list() {
      await refreshed(context);
      return toApi(reviewListing(context));
    },
    async act(action: ReviewAction, key: string) {
      await refreshed(context);
      const { listing } = await applyReviewAction(context, action, key);
      return toApi(listing);
    },
  };
}
