// The review listing of a loaded engine: every hook with its trust review state, discovery diagnostics as text and the
// startup warnings. Reads only; never writes a state file (actions.ts does).
import type { ReviewListing, ReviewWarningsParams } from '../protocol/index.js';
import type { ReviewContext } from './review-context.js';

export function reviewListing(context: ReviewContext): ReviewListing {
  void context;
  throw new Error('reviewListing: not implemented yet');
}

/** The startup warnings of a listing, as the hooks/reviewWarnings notification carries them. */
export function reviewWarnings(listing: ReviewListing): ReviewWarningsParams {
  return { warnings: listing.warnings, reviewRequiredCount: listing.reviewRequiredCount, trustBypassActive: listing.trustBypassActive };
}
