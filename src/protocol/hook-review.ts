// Zod schemas of per-hook trust review (pbi: hooks_state.json): a hook's review state in hooks/list, the review
// listing the review/* methods, `hookd hooks`, and `hookd ui`'s HTTP API answer, and the startup warnings notification.
// Shapes only; deciding a hook's status is the dialect's, applying trust/disable/enable is src/review/'s.
import { z } from 'zod';

/**
 * trusted: reviewed for its current hash. untrusted: never reviewed. modified: reviewed for another hash (changed
 * since). disabled: explicitly turned off (persisted; stays off under bypass). managed: trusted by a policy source.
 */
export const REVIEW_STATUSES = ['trusted', 'untrusted', 'modified', 'disabled', 'managed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** HookInfo.review: present for hooks of a dialect with per-hook review (pbi), and the row of a review listing. */
export const HookReviewSchema = z
  .looseObject({
    key: z.string().describe('The stable hook key review/trust, review/disable and review/enable take (pbi: `<source>:<file>:<Event>:<matcher>:<identity>:<n>`).'),
    trustStatus: z.enum(REVIEW_STATUSES),
    currentHash: z.string().describe('The normalized hash of the hook as written now (`sha256:<hex>`).'),
    enabled: z.boolean().describe('trustStatus is not "disabled".'),
    managed: z.boolean().describe('Trusted by a policy source: runs without review and cannot be disabled or enabled.'),
    runnable: z.boolean().describe('It runs on matching events now: trusted or managed, or (under the dangerous bypass) anything not disabled.'),
    diagnostics: z.array(z.string()).describe('Problems found in this hook that did not stop it from loading (e.g. an ignored self-declared `managed`).'),
  })
  .meta({ id: 'HookReview' });
export type HookReview = z.infer<typeof HookReviewSchema>;

/** One hook as the review listing shows it (every dialect: hooks gated by a trust key are listed too). */
export const ReviewedHookSchema = HookReviewSchema.extend({
  id: z.string().describe('HookInfo.id.'),
  event: z.string(),
  matcher: z.string().nullable().describe('As written; null when omitted.'),
  command: z.string().describe('The command, or what the handler runs (URL, script path, prompt) for other handler types.'),
  source: z.string().describe('Where it is configured (pbi: global or project; else the scope).'),
  sourcePath: z.string().describe('The file it is written in.'),
  statusMessage: z.string().nullable(),
  timeoutMs: z.number().int(),
  trustKey: z
    .string()
    .optional()
    .describe('Hooks trusted per file (claude, bamboo): the trust/set key a trust of this row trusts — every hook under it; such rows cannot be disabled or enabled here.'),
}).meta({ id: 'ReviewedHook' });
export type ReviewedHook = z.infer<typeof ReviewedHookSchema>;

export const ReviewListingSchema = z
  .looseObject({
    dialect: z.string(),
    hooks: z.array(ReviewedHookSchema).describe('In discovery order.'),
    diagnostics: z.array(z.string()).describe('Discovery diagnostics as text (`<file>: <message>`), in order.'),
    reviewRequiredCount: z.number().int().min(0).describe('Hooks untrusted or modified (they are skipped until trusted).'),
    trustBypassActive: z.boolean(),
    warnings: z.array(z.string()).describe('The startup warnings (without a "Warning: " prefix): review required, or the bypass notice.'),
    statePath: z.string().optional().describe('The review state file (pbi: ~/.pbi-agent/hooks_state.json) or trust store written by actions.'),
  })
  .meta({ id: 'ReviewListing' });
export type ReviewListing = z.infer<typeof ReviewListingSchema>;

export const ReviewKeyParamsSchema = z
  .looseObject({ key: z.string().min(1).max(65_536).describe('ReviewedHook.key (review/list shows them).') })
  .meta({ id: 'ReviewKeyParams' });
export type ReviewKeyParams = z.infer<typeof ReviewKeyParamsSchema>;

/** Server → client once after initialize (and after a reload that changes them): hooks that stay skipped until reviewed. */
export const ReviewWarningsParamsSchema = z
  .looseObject({
    warnings: z.array(z.string()).describe('As ReviewListing.warnings; also written to stderr with a "Warning: " prefix.'),
    reviewRequiredCount: z.number().int().min(0),
    trustBypassActive: z.boolean(),
  })
  .meta({ id: 'ReviewWarningsParams' });
export type ReviewWarningsParams = z.infer<typeof ReviewWarningsParamsSchema>;
