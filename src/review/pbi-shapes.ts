// The review listing in pbi-agent's own JSON shapes: the HTTP API's (facts §14, `hookd ui`) and `hookd hooks --json`'s
// (facts §13), snake_case in pbi-agent's key order, plus hookd's fields. Converts only; serves and prints nothing.
import { asciiJson } from '../config/ascii-json.js';
import type { ReviewedHook, ReviewListing } from '../protocol/index.js';

/** The timeout as pbi-agent shows it: whole seconds. */
function timeoutSeconds(row: ReviewedHook): number {
  return Math.round(row.timeoutMs / 1000);
}

/** The columns both shapes share, in their order (key … managed). */
function leading(row: ReviewedHook) {
  return {
    key: row.key,
    event: row.event,
    matcher: row.matcher,
    command: row.command,
    source: row.source,
    source_path: row.sourcePath,
    status_message: row.statusMessage,
    timeout: timeoutSeconds(row),
    trust_status: row.trustStatus,
    current_hash: row.currentHash,
    enabled: row.enabled,
    managed: row.managed,
  };
}

function trustKeyField(row: ReviewedHook): { trust_key?: string } {
  return row.trustKey !== undefined ? { trust_key: row.trustKey } : {};
}

/** One hook as GET /api/hooks shows it: `runnable` before `diagnostics` (facts §14). */
export function toApiHook(row: ReviewedHook) {
  return { ...leading(row), runnable: row.runnable, diagnostics: [...row.diagnostics], ...trustKeyField(row) };
}

/** One hook as `hookd hooks --json` shows it: `diagnostics` before `runnable` (facts §13). */
export function toCliHook(row: ReviewedHook) {
  return { ...leading(row), diagnostics: [...row.diagnostics], runnable: row.runnable, ...trustKeyField(row) };
}

export type ApiHooksJson = ReturnType<typeof toApiJson>;

/** GET /api/hooks and POST /api/hooks/{trust,disable,enable}: pbi-agent's object plus `dialect` and `warnings`. */
export function toApiJson(listing: ReviewListing) {
  return {
    hooks: listing.hooks.map(toApiHook),
    diagnostics: [...listing.diagnostics],
    review_required_count: listing.reviewRequiredCount,
    trust_bypass_active: listing.trustBypassActive,
    dialect: listing.dialect,
    warnings: [...listing.warnings],
  };
}

export type CliHooksJson = ReturnType<typeof toCliJson>;

/** `hookd hooks --json`: `{"hooks": [...], "diagnostics": [...]}` exactly as pbi-agent's (facts §13). */
export function toCliJson(listing: ReviewListing) {
  return { hooks: listing.hooks.map(toCliHook), diagnostics: [...listing.diagnostics] };
}

/**
 * Text as Python's `json.dumps(value, indent=2)` (ensure_ascii) then print(): 2-space indent, every character above
 * U+007F escaped as \uXXXX (astral ones as their surrogate pair), a trailing newline. pbi-agent prints --json so.
 */
export function pythonIndentedJson(value: unknown): string {
  return `${asciiJson(value, 2)}\n`;
}
