// Trust, disable, enable and revoke of one hook by review key: through the dialect's review store (pbi, codex, gemini)
// or hookd's trust store (a row with a trustKey), then a reload so the engine runs what is now recorded. Throws
// ReviewActionError.
import type { HookSpec } from '../engine/dialect.js';
import type { ReviewedHook, ReviewListing } from '../protocol/index.js';
import { reviewListing } from './listing.js';
import { ReviewActionError, type ReviewAction, type ReviewContext } from './review-context.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one write; a failure is a persistence error naming the file. */
async function persisting(path: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw new ReviewActionError('persistence', `could not write ${path}: ${errorText(error)}`);
  }
}

/** A hook of the dialect's own review (pbi): written to its review store. Managed hooks are trusted by policy. */
async function applyToReviewed(context: ReviewContext, action: ReviewAction, row: ReviewedHook): Promise<void> {
  if (row.managed) {
    if (action === 'trust') return; // "Managed hooks are trusted by policy; no action needed."
    throw new ReviewActionError('not_allowed', action === 'revoke' ? 'managed hooks are trusted by policy; their trust cannot be revoked' : 'managed hooks cannot be disabled or enabled manually');
  }
  const store = context.dialect.reviewStore?.(context.loadContext);
  if (store === undefined) throw new ReviewActionError('not_allowed', `the ${context.dialect.name} dialect has no review state to write`);
  if (action === 'trust') await persisting(store.path, () => store.trust(row.key, row.currentHash));
  else if (action === 'revoke') await persisting(store.path, () => store.revoke(row.key));
  else await persisting(store.path, () => store.setEnabled(row.key, action === 'enable'));
}

/**
 * A hook trusted per file (claude, bamboo): a trust trusts its key for the content loaded now, a revoke untrusts the key
 * (every hook of that file; their running trees are killed), both recorded in hookd's trust store.
 */
async function applyToPerFile(context: ReviewContext, action: ReviewAction, row: ReviewedHook, trustKey: string): Promise<void> {
  const { engine, trustStore } = context;
  if (action === 'revoke') {
    await persisting(trustStore.path, () => trustStore.set(trustKey, false));
    await engine.setTrusted(trustKey, false);
    return;
  }
  if (action !== 'trust') {
    throw new ReviewActionError('not_allowed', `"${row.key}" is trusted per file ("${trustKey}"); it cannot be disabled or enabled here (hooks/setEnabled turns it off for a session)`);
  }
  const contentHash = engine.currentTrustHash(trustKey);
  await persisting(trustStore.path, () => trustStore.set(trustKey, true, { contentHash }));
  await engine.setTrusted(trustKey, true, contentHash ?? null);
}

/** Applies `action` to the hook whose review key is `key`, then reloads; the listing after it and the hook's row. */
export async function applyReviewAction(context: ReviewContext, action: ReviewAction, key: string): Promise<{ readonly listing: ReviewListing; readonly hook: ReviewedHook }> {
  const before = reviewListing(context);
  const row = before.hooks.find((hook) => hook.key === key);
  if (row === undefined) throw new ReviewActionError('not_found', `hook not found: ${key}`);
  const spec: HookSpec | undefined = context.engine.snapshot.hooks.find((hook) => hook.id === row.id);
  if (spec?.review !== undefined) await applyToReviewed(context, action, row);
  else if (row.trustKey !== undefined) await applyToPerFile(context, action, row, row.trustKey);
  else if (action !== 'trust') {
    const what = action === 'revoke' ? 'it has no trust to revoke' : 'it cannot be disabled or enabled here (hooks/setEnabled turns it off for a session)';
    throw new ReviewActionError('not_allowed', `"${row.key}" needs no trust review (${row.source} configuration); ${what}`);
  }
  // What is recorded now takes effect for events that start from now on (running hooks are not killed).
  context.engine.reload(context.loadContext);
  const listing = reviewListing(context);
  return { listing, hook: listing.hooks.find((hook) => hook.key === key) ?? row };
}
