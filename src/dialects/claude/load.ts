// Loads every Claude Code settings source into one ordered HookSpec list: reads files, applies
// disableAllHooks / allowManagedHooksOnly, drops duplicate handlers (same command, same matcher), marks the rest
// for de-duplication when they match together, assigns ids. Must not run anything.
import type { HookSpec, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { infoAt, warningAt } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { readJsonFile } from '../../config/json-locate.js';
import { readFrontmatterFile } from '../../config/read-frontmatter.js';
import { adaptHook, fileLevelProblem, rawHandler } from './extension-hooks.js';
import { extensionFileNotes } from './extension-notes.js';
import { parseSettings, type ParsedHook, type ParsedSettings, type SettingsFlag } from './parse-settings.js';
import { settingsSources, sourceKind, type SettingsSource } from './sources.js';
import { WorkspaceTrustGate } from './workspace-trust.js';
import { applyHttpPolicy, mergeHttpSettings, readHttpSettings, type HttpSettings } from './http-policy.js';

type LoadedFile = { readonly source: SettingsSource; readonly settings: ParsedSettings; readonly value: unknown; readonly http?: HttpSettings };

export function loadClaudeSettings(context: LoadContext): LoadResult {
  const sources = settingsSources(context);
  const diagnostics: Diagnostic[] = [];
  const files: LoadedFile[] = [];
  const trustGate = new WorkspaceTrustGate(context);
  // Files invalid as a whole: a reload keeps the hooks last loaded from them (Claude Code keeps running on a bad edit).
  const rejections: SourceRejection[] = [];
  for (const source of sources) {
    const read = sourceKind(source) === 'frontmatter' ? readFrontmatterFile(source.path) : readJsonFile(source.path);
    if (read.status === 'missing') continue;
    if (read.status === 'error') {
      diagnostics.push(read.diagnostic);
      rejections.push({ source: source.path, errors: 1 });
      continue;
    }
    const parsed = parseSettings(read.document, context.workspace, context.env, context.home);
    trustGate.record(source.scope, read.document.value);
    // Never spread a list into arguments: a long one overflows the call (capped now, but a loop costs nothing).
    for (const entry of parsed.diagnostics) diagnostics.push(entry);
    if (fileLevelProblem(read.document.value)) rejections.push({ source: source.path, errors: 1 });
    // Extension files hold hooks, not settings: their flags (and http allowlists) are ignored (with a note).
    for (const entry of extensionFileNotes(source, read.document, parsed)) diagnostics.push(entry);
    const isSettings = sourceKind(source) === 'settings';
    const settings: ParsedSettings = isSettings ? parsed : { hooks: parsed.hooks, diagnostics: parsed.diagnostics };
    const http = isSettings ? readHttpSettings(read.document) : undefined;
    for (const entry of http?.diagnostics ?? []) diagnostics.push(entry);
    files.push({ source, settings, value: read.document.value, ...(http ? { http: http.settings } : {}) });
  }

  const policy = hookPolicy(files, diagnostics);
  const httpPolicy = mergeHttpSettings(files.map((file) => file.http ?? {}));
  const hooks: HookSpec[] = [];
  // The first hook of each command identity + matcher (dropped copies), and of each identity (copies kept for matching).
  const firstByKey = new Map<string, string>();
  const firstByCommand = new Map<string, { readonly id: string; readonly matcher: string }>();
  let disabled = 0;
  let notManaged = 0;
  const notLoaded: HookSpec[] = [];
  for (const { source, settings, value } of files) {
    const managed = source.scope === 'managed';
    const duplicates = new FileDiagnostics(source.path);
    // Claude Code de-duplicates the handlers of all settings files together; a plugin's or skill's copy of a settings
    // handler is kept separate: extension sources dedupe only within themselves.
    const dedupeNamespace = sourceKind(source) === 'settings' ? 'settings\u0000' : `${source.label}\u0000`;
    for (const hook of settings.hooks) {
      if (managed ? policy.disableManaged : policy.disableOthers) {
        disabled++;
        const flag = managed ? policy.disabledManagedBy : policy.disabledBy;
        notLoaded.push(notLoadedHook(source, hook, value, `not loaded: disableAllHooks is true${flagAt(flag)}`));
        continue;
      }
      if (!managed && policy.managedOnly !== undefined) {
        notManaged++;
        notLoaded.push(notLoadedHook(source, hook, value, `not loaded: allowManagedHooksOnly is true${flagAt(policy.managedOnly)}, and this hook is not managed`));
        continue;
      }
      const id = `${source.label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`;
      const adapted = sourceKind(source) === 'settings' ? undefined : adaptHook(source, hook, rawHandler(value, hook));
      for (const entry of adapted?.diagnostics ?? []) diagnostics.push(entry);
      const handler = adapted?.handler ?? hook.handler;
      const allowed = handler.type === 'http' ? applyHttpPolicy(handler, httpPolicy) : { handler };
      if ('refused' in allowed) {
        duplicates.add('warning', () => warningAt(allowed.refused, { ...hook.at, field: `${hook.at.field ?? ''}.url`, code: 'http-url-not-allowed' }));
        continue;
      }
      const key = `${dedupeNamespace}${hook.matcherKey}\u0000${hook.dedupeKey}`;
      const first = firstByKey.get(key);
      if (first !== undefined) {
        duplicates.add('info', () => infoAt(`same command as hook ${first}; it runs once`, { ...hook.at, code: 'duplicate-handler' }));
        continue;
      }
      firstByKey.set(key, id);
      const sameCommand = firstByCommand.get(dedupeNamespace + hook.dedupeKey);
      if (sameCommand !== undefined) {
        duplicates.add('info', () =>
          infoAt(`same command as hook ${sameCommand.id} (matcher "${sameCommand.matcher}"); when both match, it runs once`, { ...hook.at, code: 'duplicate-handler' }),
        );
      } else {
        firstByCommand.set(dedupeNamespace + hook.dedupeKey, { id, matcher: hook.matcherKey });
      }
      hooks.push({
        id,
        event: adapted?.event ?? hook.event,
        ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
        matches: hook.matches,
        ...(hook.condition !== undefined ? { applies: hook.condition.applies, condition: hook.condition.text } : {}),
        handler: allowed.handler,
        source: source.path,
        scope: source.scope,
        ...trustGate.fieldsFor(source.scope),
        location: hook.at,
        dedupeKey: dedupeNamespace + hook.dedupeKey,
        ...(source.pluginRoot !== undefined ? { pluginRoot: source.pluginRoot } : {}),
        ...(source.pluginData !== undefined ? { pluginData: source.pluginData } : {}),
        ...(adapted?.once === true ? { once: true } : {}),
      });
    }
    for (const entry of duplicates.list()) diagnostics.push(entry);
  }
  if (disabled > 0 && policy.disabledBy !== undefined) {
    diagnostics.push(infoAt(`disableAllHooks: ${disabled} hook(s) not loaded`, { ...policy.disabledBy.at, code: 'hooks-disabled' }));
  }
  if (notManaged > 0 && policy.managedOnly !== undefined) {
    diagnostics.push(
      infoAt(`allowManagedHooksOnly: skipped ${notManaged} non-managed hook(s)`, { ...policy.managedOnly.at, code: 'managed-hooks-only' }),
    );
  }
  return {
    hooks,
    diagnostics,
    sources: sources.map((source) => source.path),
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
    ...(notLoaded.length > 0 ? { notLoaded } : {}),
  };
}

const flagAt = (flag: SettingsFlag | undefined): string =>
  flag?.at.file === undefined ? '' : ` in ${flag.at.file}${flag.at.line !== undefined ? `:${flag.at.line}` : ''}`;

/** A hook a hook-policy setting kept from loading, for explanations only (never dispatched or listed). */
function notLoadedHook(source: SettingsSource, hook: ParsedHook, value: unknown, disabledBy: string): HookSpec {
  // An extension source's hook as it would have loaded (a subagent's Stop is its SubagentStop); its notes are not repeated.
  const adapted = sourceKind(source) === 'settings' ? undefined : adaptHook(source, hook, rawHandler(value, hook));
  return {
    id: `${source.label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
    event: adapted?.event ?? hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    matches: hook.matches,
    ...(hook.condition !== undefined ? { applies: hook.condition.applies, condition: hook.condition.text } : {}),
    handler: adapted?.handler ?? hook.handler,
    source: source.path,
    scope: source.scope,
    location: hook.at,
    disabled: true,
    disabledBy,
  };
}

type HookPolicy = {
  readonly disableManaged: boolean;
  readonly disableOthers: boolean;
  /** The flag that disabled hooks, for the info diagnostic. */
  readonly disabledBy?: SettingsFlag;
  /** The managed flag that disabled managed hooks too. */
  readonly disabledManagedBy?: SettingsFlag;
  readonly managedOnly?: SettingsFlag;
};

/**
 * `disableAllHooks` is a scalar setting: the last file in load order that sets it wins among non-managed
 * files (local > project > user), and a managed value overrides them all. A managed `true` disables every
 * hook; a non-managed `true` only non-managed hooks. `allowManagedHooksOnly` counts only in managed files.
 */
function hookPolicy(files: readonly LoadedFile[], diagnostics: Diagnostic[]): HookPolicy {
  let managedDisable: SettingsFlag | undefined;
  let otherDisable: SettingsFlag | undefined;
  let managedOnly: SettingsFlag | undefined;
  for (const { source, settings } of files) {
    const managed = source.scope === 'managed';
    if (settings.disableAllHooks !== undefined) {
      if (managed) managedDisable = settings.disableAllHooks;
      else otherDisable = settings.disableAllHooks;
    }
    const only = settings.allowManagedHooksOnly;
    if (only === undefined) continue;
    if (!managed) {
      diagnostics.push(warningAt('allowManagedHooksOnly is honoured only in managed settings; ignored', { ...only.at, code: 'ignored-setting' }));
    } else if (only.value && managedOnly === undefined) {
      managedOnly = only;
    }
  }
  const decisive = managedDisable ?? otherDisable;
  const disableOthers = decisive?.value === true;
  const disableManaged = managedDisable?.value === true;
  return {
    disableManaged,
    disableOthers,
    ...(disableOthers && decisive !== undefined ? { disabledBy: decisive } : {}),
    ...(disableManaged && managedDisable !== undefined ? { disabledManagedBy: managedDisable } : {}),
    ...(managedOnly !== undefined ? { managedOnly } : {}),
  };
}
