// The gemini dialect's configuration: the `hooks` key of the system-defaults, user, project and system settings.json
// (JSONC) in Gemini CLI's merge order, Gemini's event names, `timeout` in ms, `sequential`, de-duplication by
// name:command, hooksConfig.enabled / disabled, folder trust, and the project hooks' review state from
// ~/.gemini/trusted_hooks.json. Reads files; never writes.
import { resolve } from 'node:path';
import type { HookSpec, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import { diagnostic, infoAt, warningAt } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { readJsonFile } from '../../config/json-locate.js';
import type { Diagnostic } from '../../protocol/index.js';
import { decideFolderTrust, trustedFoldersPath, type FolderTrust } from './folder-trust.js';
import type { GeminiHookData } from './hook-data.js';
import { GEMINI_SHELL } from './limits.js';
import { compileGeminiMatcher } from './matcher.js';
import { geminiHookKey, geminiHookName } from './parse-handler.js';
import { parseGeminiSettings, type Located, type ParsedGeminiHook, type ParsedGeminiSettings } from './parse-settings.js';
import { geminiTrustedHooksPath } from './paths.js';
import { geminiSources, type GeminiSource } from './sources.js';
import { geminiKeyHash, readTrustedHooks, trustedHooksStatus, type TrustedHooksSnapshot } from './trusted-hooks.js';

type ReadSource = { readonly source: GeminiSource; readonly parsed: ParsedGeminiSettings };

/**
 * One HookSpec per command handler, in Gemini's order: the files in merge order (sources.ts), then event, definition
 * and handler order. Ids are `<label>:<Event as written>[definition].hooks[handler]`. A missing file contributes
 * nothing, silently; an unreadable or invalid one is an error and contributes nothing (a reload keeps its last good
 * hooks; Gemini refuses to start). Then, as Gemini decides:
 * - folder trust (folder-trust.ts, from the non-project files): untrusted → no settings hook loads at all, the user's
 *   and system's included (hookRegistry runs none of the merged settings' hooks in an untrusted folder), and the
 *   project file is not part of the settings (its hooksConfig is not read);
 * - `hooksConfig.enabled` (the last file that sets it wins) false → no hook loads;
 * - `hooksConfig.disabled` (the union of every file's list) names a hook (its `name`, else its command) → disabled;
 * - project hooks carry a review state: `trusted` when trusted_hooks.json lists `<name>:<command>` for the workspace,
 *   else `untrusted`, and runnable either way (Gemini warns about new ones and runs them; a disabled one has no review
 *   state); one warning lists the new ones. hookd never records them itself (Gemini does, right after warning).
 * The hooks kept from loading are `notLoaded`, each `disabled` with `disabledBy` saying why.
 */
export function loadGeminiHooks(context: LoadContext): LoadResult {
  const env = context.env ?? {};
  const sources = geminiSources(context);
  const diagnostics: Diagnostic[] = [];
  const rejections: SourceRejection[] = [];
  const read: ReadSource[] = [];
  for (const source of sources) {
    const file = readJsonFile(source.path, { comments: true });
    if (file.status === 'missing') continue;
    if (file.status === 'error') {
      diagnostics.push(file.diagnostic);
      rejections.push({ source: source.path, errors: 1 });
      continue;
    }
    const parsed = parseGeminiSettings(file.document, env);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.rejected) {
      rejections.push({ source: source.path, errors: 1 });
      continue;
    }
    read.push({ source, parsed });
  }

  const trustSettings = read.filter((entry) => entry.source.role !== 'project');
  const trust = decideFolderTrust(context, lastDefined(trustSettings.map((entry) => entry.parsed.folderTrustEnabled)));
  diagnostics.push(...trust.diagnostics);
  const merged = trust.trusted ? read : trustSettings;
  const hooksEnabled = lastDefined(merged.map((entry) => entry.parsed.hooksEnabled));
  const disabledNames = new Map<string, Located<string>>();
  for (const entry of merged) for (const name of entry.parsed.disabled) if (!disabledNames.has(name.value)) disabledNames.set(name.value, name);

  const trustedHooksPath = geminiTrustedHooksPath(context);
  const trustedHooks = readTrustedHooks(trustedHooksPath);
  const project = resolve(context.workspace);
  const built: HookSpec[] = [];
  for (const entry of read) {
    const notices = new FileDiagnostics(entry.source.path);
    for (const hook of entry.parsed.hooks) {
      const spec = buildHook(hook, entry.source, disabledNames, trustedHooks, project);
      built.push(spec.hook);
      for (const notice of spec.diagnostics) notices.add(notice.severity, () => notice);
    }
    diagnostics.push(...notices.list());
  }

  let hooks: HookSpec[] = built;
  let notLoaded: HookSpec[] = [];
  if (!trust.trusted) {
    notLoaded = built.map((hook) => ({ ...hook, disabled: true, disabledBy: untrustedWords(trust, context) }));
    hooks = [];
    if (notLoaded.length > 0) diagnostics.push(warningAt(`Project hooks disabled because the folder is not trusted (Gemini CLI's words): ${untrustedWords(trust, context)}; none of the ${notLoaded.length} settings hook(s) loads`, { ...(trust.file !== undefined ? { file: trust.file } : {}), code: 'folder-untrusted' }));
  } else if (hooksEnabled?.value === false) {
    const why = `"hooksConfig.enabled": false in ${hooksEnabled.at.file ?? 'the settings'} (line ${hooksEnabled.at.line ?? 1}): Gemini CLI runs no hooks`;
    notLoaded = built.map((hook) => ({ ...hook, disabled: true, disabledBy: why }));
    hooks = [];
    diagnostics.push(infoAt(`${why}; none of the ${notLoaded.length} hook(s) loads`, { ...hooksEnabled.at, code: 'hooks-disabled' }));
  } else {
    const fresh = [...new Set(hooks.filter((hook) => hook.review?.status === 'untrusted' && hook.disabled !== true).map((hook) => hookLabel(hook)))];
    if (fresh.length > 0) diagnostics.push(untrustedHooksWarning(fresh, trustedHooksPath, project));
  }
  if (trustedHooks.problem !== undefined && hooks.some((hook) => hook.review !== undefined)) {
    diagnostics.push(warningAt(`${trustedHooks.problem}: every project hook counts as new (Gemini CLI starts from an empty list too); trusting fails until the file is fixed or removed`, { file: trustedHooksPath, code: 'invalid-trusted-hooks' }));
  }

  const looked = [...sources.map((source) => source.path), trustedFoldersPath(context), trustedHooksPath];
  return {
    hooks,
    diagnostics,
    sources: [...new Set(looked)],
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
    ...(notLoaded.length > 0 ? { notLoaded } : {}),
  };
}

function buildHook(hook: ParsedGeminiHook, source: GeminiSource, disabledNames: ReadonlyMap<string, Located<string>>, trustedHooks: TrustedHooksSnapshot, project: string): { readonly hook: HookSpec; readonly diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const field = hook.matcherAt.field ?? 'matcher';
  const compiled = compileGeminiMatcher(hook.event, hook.matcher, `${source.path} ${field}`);
  const matches = compiled.ok ? compiled.matches : () => false;
  if (compiled.ok && compiled.warning !== undefined) diagnostics.push(diagnostic('warning', `${field}: ${compiled.warning}`, { ...hook.matcherAt, code: 'matcher-notice' }));
  const { handler } = hook;
  const key = geminiHookKey(handler);
  const disabledBy = disabledNames.get(geminiHookName(handler));
  const data: GeminiHookData = { sequential: hook.sequential, nativeEvent: hook.nativeEvent, ...(handler.name !== undefined ? { name: handler.name } : {}), ...(handler.env !== undefined ? { env: handler.env } : {}) };
  // A hook hooksConfig.disabled turns off has no review state: hooks/list then says what disabled it (the settings
  // entry), not the review file.
  const reviewed = source.role === 'project' && disabledBy === undefined;
  const status = trustedHooksStatus(trustedHooks, project, key);
  const spec: HookSpec = {
    id: `${source.label}:${hook.nativeEvent}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    matches,
    handler: {
      type: 'command',
      command: handler.command,
      shell: GEMINI_SHELL,
      timeoutMs: handler.timeoutMs,
      onFailure: 'continue',
      ...(handler.explicitTimeout ? { explicitTimeout: true } : {}),
      ...(handler.description !== undefined ? { statusMessage: handler.description } : {}),
    },
    source: source.path,
    scope: source.scope,
    location: hook.at,
    dedupeKey: key,
    data,
    ...(disabledBy !== undefined ? { disabled: true, disabledBy: `"${disabledBy.value}" is in hooksConfig.disabled (${disabledBy.at.file ?? 'settings'}:${disabledBy.at.line ?? 1})` } : {}),
    ...(reviewed ? { review: { key, status, currentHash: geminiKeyHash(key), managed: false, runnable: true, diagnostics: [] } } : {}),
  };
  return { hook: spec, diagnostics };
}

/** The last setting written, in merge order (later files override earlier ones). */
function lastDefined<T>(values: readonly (T | undefined)[]): T | undefined {
  return values.filter((value): value is T => value !== undefined).pop();
}

function hookLabel(hook: HookSpec): string {
  const data = hook.data as GeminiHookData | undefined;
  return data?.name ?? (hook.handler.type === 'command' ? hook.handler.command : hook.id);
}

function untrustedWords(trust: FolderTrust, context: LoadContext): string {
  const workspace = resolve(context.workspace);
  const fix = trust.file !== undefined ? `; to trust it add "${workspace}": "TRUST_FOLDER" to ${trust.file} (or turn folder trust off: "security": {"folderTrust": {"enabled": false}} in the user settings)` : '';
  return `the workspace ${workspace} is not trusted: ${trust.because}${fix}`;
}

/** The new project hooks the warning names one by one (Gemini lists all; a file with thousands must not make a megabyte). */
export const MAX_LISTED_NEW_HOOKS = 50;

/** Gemini's warning (hookRegistry.checkProjectHooksTrust), and what hookd does instead of recording them. */
function untrustedHooksWarning(names: readonly string[], path: string, project: string): Diagnostic {
  const shown = names.slice(0, MAX_LISTED_NEW_HOOKS).map((name) => `  - ${name.length > 200 ? `${name.slice(0, 200)}…` : name}`);
  if (names.length > MAX_LISTED_NEW_HOOKS) shown.push(`  … and ${names.length - MAX_LISTED_NEW_HOOKS} more`);
  const list = shown.join('\n');
  return warningAt(
    `WARNING: The following project-level hooks have been detected in this workspace:\n${list}\n\nThese hooks will be executed. If you did not configure these hooks or do not trust this project,\nplease review the project settings (.gemini/settings.json) and remove them.\n` +
      `(hookd runs them as Gemini CLI does, but does not record them in ${path} under ${JSON.stringify(project)} as Gemini would: review/trust or \`hookd hooks trust <name>:<command>\` records one, and the warning stops.)`,
    { file: path, code: 'untrusted-project-hooks' },
  );
}
