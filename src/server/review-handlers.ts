// review/list, review/trust, review/disable, review/enable, review/revoke over src/review (errors mapped to -32011/-32012/-32010),
// and the startup warnings: once after initialize (stderr + hooks/reviewWarnings), again when a reload changes them.
import { ErrorCodes, type RequestMethod, type ReviewKeyParams, type ReviewWarningsParams } from '../protocol/index.js';
import type { RequestHandler } from '../rpc/server.js';
import { RpcError } from '../rpc/errors.js';
import { applyReviewAction } from '../review/actions.js';
import { reviewListing, reviewWarnings } from '../review/listing.js';
import { ReviewActionError, type ReviewAction, type ReviewContext } from '../review/review-context.js';
import type { ActiveSession } from './management-handlers.js';

const CODES = { not_found: ErrorCodes.HookNotFound, not_allowed: ErrorCodes.ReviewNotAllowed, persistence: ErrorCodes.PersistenceFailed } as const;

function contextOf(session: ActiveSession): ReviewContext {
  return { engine: session.engine, dialect: session.engine.dialect, loadContext: session.loadContext, trustStore: session.trustStore };
}

export function reviewHandlers(active: () => ActiveSession): Partial<Record<RequestMethod, RequestHandler>> {
  const act = (action: ReviewAction) => async (raw: unknown) => {
    const { key } = raw as ReviewKeyParams;
    try {
      return (await applyReviewAction(contextOf(active()), action, key)).listing;
    } catch (error) {
      if (error instanceof ReviewActionError) throw new RpcError(CODES[error.kind], error.message);
      throw error;
    }
  };
  return {
    'review/list': async () => reviewListing(contextOf(active())),
    'review/trust': act('trust'),
    'review/disable': act('disable'),
    'review/enable': act('enable'),
    'review/revoke': act('revoke'),
  };
}

export type ReviewAnnouncer = {
  /** After the initialize answer: every warning to stderr as `Warning: <text>`, and the notification. */
  announce(): void;
  /** After a reload: the same again, only when the warnings changed. */
  reannounce(): void;
};

/**
 * Only for a dialect with per-hook review (Dialect.reviewStore): other dialects report untrusted files through
 * their hooks/diagnostics already. `write` gets whole stderr lines.
 */
export function reviewAnnouncer(active: () => ActiveSession | undefined, deps: { readonly write: (line: string) => void; readonly notify: (params: ReviewWarningsParams) => void }): ReviewAnnouncer {
  let last: string | undefined;
  const current = (): ReviewWarningsParams | undefined => {
    const session = active();
    if (session?.engine.dialect.reviewStore === undefined) return undefined;
    return reviewWarnings(reviewListing(contextOf(session)));
  };
  const send = (params: ReviewWarningsParams) => {
    last = JSON.stringify(params);
    for (const warning of params.warnings) deps.write(`Warning: ${warning}\n`);
    deps.notify(params);
  };
  return {
    announce: () => {
      const params = current();
      if (params !== undefined) send(params);
    },
    reannounce: () => {
      const params = current();
      if (params !== undefined && last !== undefined && JSON.stringify(params) !== last) send(params);
    },
  };
}
