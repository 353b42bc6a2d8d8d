// The text of `hookd hooks` (the review listing) and of its trust/disable/enable/revoke answers, in pbi-agent's `hooks` layout
// (facts §13): one block per hook on stdout, discovery diagnostics for stderr. Formats only; never loads or writes.
import type { ReviewAction } from '../review/review-context.js';
import type { ReviewedHook, ReviewListing } from '../protocol/index.js';

export const NO_HOOKS_TEXT = 'No hooks discovered.';

export const REVIEW_HINT = 'Review: use `hookd hooks trust <hook-key>` after inspecting a hook, or manage hooks in the web Settings → Hooks browser (`hookd ui`).';

export const MANAGED_TRUST_TEXT = 'Managed hooks are trusted by policy; no action needed.';
export const MANAGED_TOGGLE_ERROR = 'Error: managed hooks cannot be disabled or enabled manually.';
export const MANAGED_REVOKE_ERROR = 'Error: managed hooks are trusted by policy; their trust cannot be revoked.';

/** `30s`: whole seconds as pbi prints them (a timeout below a second, which pbi cannot express, keeps its fraction). */
export function timeoutText(timeoutMs: number): string {
  return `${timeoutMs / 1000}s`;
}

/** The matcher as written; `*` when it is absent or empty (padding is kept, as pbi shows it). */
export function matcherText(matcher: string | null): string {
  return matcher === null || matcher === '' ? '*' : matcher;
}

/** `[untrusted]`, `[managed managed]` for a managed hook (its status plus the managed mark). */
function statusText(hook: ReviewedHook): string {
  return hook.managed ? `${hook.trustStatus} managed` : hook.trustStatus;
}

/** One hook's block: the header line and its indented fields (status: and diagnostic: lines only when present). */
export function hookBlock(hook: ReviewedHook): string[] {
  return [
    `${hook.event} [${statusText(hook)}] matcher=${matcherText(hook.matcher)} source=${hook.source}`,
    `  command: ${hook.command}`,
    `  key: ${hook.key}`,
    `  hash: ${hook.currentHash}`,
    ...(hook.statusMessage !== null && hook.statusMessage !== '' ? [`  status: ${hook.statusMessage}`] : []),
    `  timeout: ${timeoutText(hook.timeoutMs)}`,
    ...hook.diagnostics.map((text) => `  diagnostic: ${text}`),
  ];
}

/**
 * The listing as stdout and stderr lines. Unlike pbi-agent, which hides the diagnostics when no hook is valid, hookd
 * prints them in every case: every ignored thing gets a diagnostic the user can see.
 */
export function reviewListingText(listing: ReviewListing, extraDiagnostics: readonly string[] = []): { readonly stdout: string[]; readonly stderr: string[] } {
  const stdout = listing.hooks.length === 0 ? [NO_HOOKS_TEXT] : [...listing.hooks.flatMap(hookBlock), '', REVIEW_HINT];
  const diagnostics = [...listing.diagnostics, ...extraDiagnostics];
  const stderr = diagnostics.length === 0 ? [] : ['', 'Diagnostics:', ...diagnostics.map((text) => `- ${text}`)];
  return { stdout, stderr };
}

const DONE_WORDS: Record<ReviewAction, string> = { trust: 'Trusted', disable: 'Disabled', enable: 'Enabled', revoke: 'Revoked trust of' };

/** `Trusted hook: PreToolUse python3 .agents/hooks/check_policy.py` (revoke: `Revoked trust of hook: …`) */
export function actionDoneText(action: ReviewAction, hook: Pick<ReviewedHook, 'event' | 'command'>): string {
  return `${DONE_WORDS[action]} hook: ${hook.event} ${hook.command}`;
}

export function hookNotFoundText(key: string): string {
  return `Error: hook not found: ${key}`;
}
