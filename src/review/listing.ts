// The review listing of a loaded engine: every hook with its trust review state, discovery diagnostics as text and the
// startup warnings. Reads only; never writes a state file (actions.ts does).
import type { HookSpec } from '../engine/dialect.js';
import type { Diagnostic, HookInfo, ReviewedHook, ReviewListing, ReviewStatus, ReviewWarningsParams } from '../protocol/index.js';
import type { ReviewContext } from './review-context.js';

/** The startup warning under the dangerous bypass (it replaces the review-required one). */
export const BYPASS_WARNING = 'dangerously bypassing hook trust review; untrusted hooks may run.';

/** The startup warning for `count` hooks that are untrusted or modified; none when 0. */
export function reviewRequiredWarning(count: number): string | undefined {
  if (count <= 0) return undefined;
  const hooks = count === 1 ? '1 command hook requires' : `${count} command hooks require`;
  return `${hooks} trust review and will be skipped. Run \`hookd hooks\` or open Settings → Hooks (\`hookd ui\`).`;
}

/** A discovery diagnostic as text: `<file>: <message>` (the message alone when it names no file). */
export function diagnosticText(diagnostic: Diagnostic): string {
  return diagnostic.file !== undefined && diagnostic.file !== '' ? `${diagnostic.file}: ${diagnostic.message}` : diagnostic.message;
}

/** pbi's source names: the prefix of the review key (global, project, managed), else the scope (user → global). */
function reviewedSource(hook: HookSpec): string {
  const prefix = hook.review?.key.split(':', 1)[0];
  if (prefix === 'global' || prefix === 'project' || prefix === 'managed') return prefix;
  return hook.scope === 'user' ? 'global' : hook.scope;
}

function statusMessageOf(hook: HookSpec): string | null {
  return hook.handler.type === 'command' && hook.handler.statusMessage !== undefined ? hook.handler.statusMessage : null;
}

/** The columns every row has, from the hook and its listing. */
function common(hook: HookSpec, info: HookInfo): Pick<ReviewedHook, 'id' | 'event' | 'matcher' | 'command' | 'sourcePath' | 'statusMessage' | 'timeoutMs'> {
  return {
    id: hook.id,
    event: hook.event,
    matcher: hook.matcher ?? null,
    command: info.command ?? '',
    sourcePath: hook.location?.file ?? hook.source,
    statusMessage: statusMessageOf(hook),
    timeoutMs: hook.handler.timeoutMs,
  };
}

/** A hook of a dialect with per-hook review (HookInfo.review). */
function reviewedRow(hook: HookSpec, info: HookInfo): ReviewedHook | undefined {
  const review = info.review;
  if (review === undefined) return undefined;
  return { ...review, diagnostics: [...review.diagnostics], ...common(hook, info), source: reviewedSource(hook) };
}

/** hookd's trust states as review statuses: anything not trusted still needs review. */
function perFileStatus(info: HookInfo): ReviewStatus {
  if (info.trust === 'trusted') return 'trusted';
  if (info.trust === 'modified') return 'modified';
  return 'untrusted';
}

/**
 * A hook of another dialect: trusted per file (`trustKey`: a trust of the row trusts the key), or needing no review
 * (the user's own or managed configuration: `trusted`, or `managed` for a managed scope). A hook disabled in its file
 * is `disabled`.
 */
function otherRow(hook: HookSpec, info: HookInfo, currentHash: (key: string) => string | undefined): ReviewedHook {
  const managed = hook.trustKey === undefined && hook.scope === 'managed';
  const disabled = hook.disabled === true;
  const trustStatus: ReviewStatus = disabled ? 'disabled' : hook.trustKey !== undefined ? perFileStatus(info) : managed ? 'managed' : 'trusted';
  return {
    key: hook.id,
    trustStatus,
    currentHash: (hook.trustKey !== undefined ? currentHash(hook.trustKey) : undefined) ?? hook.trustHash ?? '',
    enabled: !disabled,
    managed,
    runnable: info.enabled,
    diagnostics: [],
    ...common(hook, info),
    source: hook.scope,
    ...(hook.trustKey !== undefined ? { trustKey: hook.trustKey } : {}),
  };
}

/**
 * Untrusted or modified, and skipped for it: a reviewed hook its dialect runs anyway without the bypass (gemini: new
 * project hooks run, with a warning, as in Gemini CLI) is not a review blocker.
 */
function requiresReview(row: ReviewedHook, reviewed: boolean, trustBypassActive: boolean): boolean {
  if (row.trustStatus !== 'untrusted' && row.trustStatus !== 'modified') return false;
  return !(reviewed && row.runnable && !trustBypassActive);
}

/** True when the dangerous trust bypass is on for the engine's load. */
export function bypassActive(context: ReviewContext): boolean {
  return context.dialect.bypassesReview?.(context.loadContext) ?? context.loadContext.bypassHookTrust === true;
}

export function reviewListing(context: ReviewContext): ReviewListing {
  const { engine, dialect } = context;
  const rows: ReviewedHook[] = [];
  const trustBypassActive = bypassActive(context);
  let reviewRequiredCount = 0;
  for (const hook of engine.snapshot.hooks) {
    const info = engine.describe(hook);
    const reviewed = reviewedRow(hook, info);
    const row = reviewed ?? otherRow(hook, info, (key) => engine.currentTrustHash(key));
    rows.push(row);
    if (requiresReview(row, reviewed !== undefined, trustBypassActive)) reviewRequiredCount++;
  }
  const required = reviewRequiredWarning(reviewRequiredCount);
  const warnings = trustBypassActive ? [BYPASS_WARNING] : required !== undefined ? [required] : [];
  const statePath = dialect.reviewStore?.(context.loadContext).path ?? context.trustStore.path;
  return {
    dialect: dialect.name,
    hooks: rows,
    diagnostics: engine.snapshot.diagnostics.map(diagnosticText),
    reviewRequiredCount,
    trustBypassActive,
    warnings,
    statePath,
  };
}

/** The startup warnings of a listing, as the hooks/reviewWarnings notification carries them. */
export function reviewWarnings(listing: ReviewListing): ReviewWarningsParams {
  return { warnings: listing.warnings, reviewRequiredCount: listing.reviewRequiredCount, trustBypassActive: listing.trustBypassActive };
}
