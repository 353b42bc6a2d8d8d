// `hookd hooks` (no subcommand: the review listing, any dialect) and `hookd hooks trust|disable|enable|revoke <hook-key>`
// (persisted through src/review). Never applies the dangerous bypass: it shows and changes the real statuses.
import { BYPASS_VARIABLE } from '../dialects/pbi/bypass.js';
import type { ReviewListing } from '../protocol/index.js';
import { applyReviewAction } from '../review/actions.js';
import { reviewListing } from '../review/listing.js';
import { toCliJson } from '../review/pbi-shapes.js';
import { ReviewActionError, type ReviewAction, type ReviewContext } from '../review/review-context.js';
import { hooksEngine } from './hooks-engine.js';
import type { CommonFlags } from './load-options.js';
import { asciiJson } from '../config/ascii-json.js';
import { actionDoneText, hookNotFoundText, MANAGED_REVOKE_ERROR, MANAGED_TOGGLE_ERROR, MANAGED_TRUST_TEXT, reviewListingText } from './review-text.js';

export type Print = (line: string) => void;

/** The loaded configuration as review actions see it: no bypass (neither a flag nor pbi's variable reaches the load). */
function reviewContextFromFlags(flags: CommonFlags): { readonly context: ReviewContext; readonly extraDiagnostics: string[] } {
  const { engine, loadContext, trustStore, trustStoreProblem } = hooksEngine(flags, { hiddenLoadVariables: [BYPASS_VARIABLE] });
  const context: ReviewContext = { engine, dialect: engine.dialect, loadContext, trustStore };
  return { context, extraDiagnostics: trustStoreProblem !== undefined ? [trustStoreProblem] : [] };
}

/** `hookd hooks [--json]`: exit 0 (the listing is the answer; diagnostics go to stderr in text mode). */
export function runReviewList(flags: CommonFlags & { json?: boolean }, print: Print, printError: Print): number {
  const { context, extraDiagnostics } = reviewContextFromFlags(flags);
  const listing = reviewListing(context);
  if (flags.json) {
    const withExtra: ReviewListing = { ...listing, diagnostics: [...listing.diagnostics, ...extraDiagnostics] };
    print(asciiJson(toCliJson(withExtra), 2));
    return 0;
  }
  const { stdout, stderr } = reviewListingText(listing, extraDiagnostics);
  for (const line of stdout) print(line);
  for (const line of stderr) printError(line);
  return 0;
}

/**
 * `hookd hooks trust|disable|enable|revoke <hook-key>`: 0 done (and for trust of a managed hook: nothing to do), 1 no
 * hook has the key or the state file could not be written, 2 not allowed (a managed hook; disable/enable of a row
 * trusted per file; revoke of a row that needs no trust).
 */
export async function runReviewAction(action: ReviewAction, key: string, flags: CommonFlags, print: Print, printError: Print): Promise<number> {
  const { context } = reviewContextFromFlags(flags);
  const row = reviewListing(context).hooks.find((hook) => hook.key === key);
  if (row === undefined) return printError(hookNotFoundText(key)), 1;
  if (row.managed) {
    if (action === 'trust') return print(MANAGED_TRUST_TEXT), 0;
    return printError(action === 'revoke' ? MANAGED_REVOKE_ERROR : MANAGED_TOGGLE_ERROR), 2;
  }
  try {
    const { hook } = await applyReviewAction(context, action, key);
    print(actionDoneText(action, hook));
    return 0;
  } catch (error) {
    if (!(error instanceof ReviewActionError)) throw error;
    if (error.kind === 'not_found') return printError(hookNotFoundText(key)), 1;
    printError(`Error: ${error.message}`);
    return error.kind === 'not_allowed' ? 2 : 1;
  }
}
