// Claude Code's HTTP hook allowlists: `allowedHttpHookUrls` (URL patterns, `*` is a wildcard) and
// `httpHookAllowedEnvVars`, read from every settings file (managed included) and merged. Values only; no I/O.
import type { HttpHandler } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { diagnostic } from '../../config/diagnostic.js';
import { locate, type JsonDocument } from '../../config/json-locate.js';

/** One file's allowlists; a field is undefined when the file does not set it. */
export type HttpSettings = { readonly allowedUrls?: readonly string[]; readonly allowedEnvVars?: readonly string[] };

/** The merged allowlists: undefined means no restriction; an empty URL list blocks every http hook. */
export type HttpPolicy = HttpSettings;

const NAMES = { allowedUrls: 'allowedHttpHookUrls', allowedEnvVars: 'httpHookAllowedEnvVars' } as const;

export function readHttpSettings(document: JsonDocument): { readonly settings: HttpSettings; readonly diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const root = document.value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return { settings: {}, diagnostics };
  const settings: { allowedUrls?: readonly string[]; allowedEnvVars?: readonly string[] } = {};
  for (const key of ['allowedUrls', 'allowedEnvVars'] as const) {
    const name = NAMES[key];
    const value = (root as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string')) {
      diagnostics.push(
        diagnostic('warning', `"${name}" must be an array of strings; ignored`, { file: document.file, ...locate(document, [name]), field: name, code: 'invalid-field' }),
      );
      continue;
    }
    settings[key] = value;
  }
  return { settings, diagnostics };
}

/** Arrays merge across settings files: a list set anywhere restricts, and the union of every file's list applies. */
export function mergeHttpSettings(files: readonly HttpSettings[]): HttpPolicy {
  const merged: { allowedUrls?: string[]; allowedEnvVars?: string[] } = {};
  for (const file of files) {
    if (file.allowedUrls !== undefined) merged.allowedUrls = [...(merged.allowedUrls ?? []), ...file.allowedUrls];
    if (file.allowedEnvVars !== undefined) merged.allowedEnvVars = [...(merged.allowedEnvVars ?? []), ...file.allowedEnvVars];
  }
  return merged;
}

/** The handler as the policy lets it run (env vars intersected), or why its URL is refused. */
export function applyHttpPolicy(handler: HttpHandler, policy: HttpPolicy): { readonly handler: HttpHandler } | { readonly refused: string } {
  const urls = policy.allowedUrls;
  if (urls !== undefined && !urls.some((pattern) => urlMatches(pattern, handler.url))) {
    const listed = urls.length === 0 ? 'is an empty list (every http hook is blocked)' : `allows only ${urls.map((url) => `"${url}"`).join(', ')}`;
    return { refused: `http hook URL "${handler.url}" is not allowed: allowedHttpHookUrls ${listed}; handler skipped` };
  }
  const names = policy.allowedEnvVars;
  if (names === undefined) return { handler };
  const permitted = new Set(names);
  return { handler: { ...handler, allowedEnvVars: handler.allowedEnvVars.filter((name) => permitted.has(name)) } };
}

/** Whole-string match where `*` stands for any run of characters (none included); everything else is literal. */
export function urlMatches(pattern: string, url: string): boolean {
  const parts = pattern.split('*');
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (parts.length === 1) return url === pattern;
  if (!url.startsWith(first) || url.length < first.length + last.length || !url.endsWith(last)) return false;
  let position = first.length;
  const end = url.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = url.indexOf(middle, position);
    if (found < 0 || found + middle.length > end) return false;
    position = found + middle.length;
  }
  return true;
}
