// Loads Bamboo's hook files into one ordered HookSpec list: reads each file, rejects a file with any error (saying
// which of its events may still load at start-up), assigns ids, trust keys and server-owned placement. Must not run anything.
import type { HookSpec, LoadContext, LoadResult, Placement, SourceRejection } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { locate, readJsonFile, type JsonDocument } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import { parseConfig, SECTION, type ParsedConfig, type ParsedHook } from './parse-config.js';
import { hookSources, serverOwnedPlacement, type HookSource } from './sources.js';
import { hooksContentHash } from './trust-hash.js';

/**
 * User hooks, then project hooks, each in file order (events in the order written, groups, handlers). A file with
 * an error diagnostic (syntax, types, unknown events, matchers, handlers) is listed in `rejectedSources` and
 * `rejections`: a reload keeps its last good hooks, a first load its events without errors. Missing files are not errors but are still listed in
 * `sources` so that they are watched. Disabled sections and groups are kept as `disabled` hooks.
 */
export function loadBambooHooks(context: LoadContext, platform: NodeJS.Platform = process.platform): LoadResult {
  const sources = hookSources(context);
  const placement = serverOwnedPlacement(context);
  const hooks: HookSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  const rejections: SourceRejection[] = [];
  for (const source of sources) {
    const read = readJsonFile(source.path);
    if (read.status === 'missing') continue;
    // An unreadable file or a JSON syntax error has no field path: it names the whole file, "(root)".
    const parsed: ParsedConfig =
      read.status === 'ok'
        ? parseConfig(read.document, platform)
        : { hooks: [], diagnostics: [{ field: '(root)', ...read.diagnostic }], errorCount: 1, eventsWithErrors: [], fileLevelError: true };
    // Never spread a list into arguments: a long one overflows the call (capped now, but a loop costs nothing).
    for (const entry of parsed.diagnostics) diagnostics.push(entry);
    // Trust-gated files: every hook carries the hash of the content it was loaded from (trust is bound to it).
    const trustHash = source.trustKey !== undefined && read.status === 'ok' ? hooksContentHash(read.document.value) : undefined;
    const specs = parsed.hooks.map((hook) => hookSpec(source, placement, hook, trustHash, read.status === 'ok' ? read.document : undefined));
    if (parsed.errorCount === 0) {
      for (const spec of specs) hooks.push(spec);
      continue;
    }
    rejections.push(rejection(source.path, parsed, specs));
  }
  return {
    hooks,
    diagnostics,
    sources: sources.map((source) => source.path),
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
  };
}

/**
 * A file with errors. An edit is rejected whole (the engine keeps its last good hooks: "Changes are validated").
 * At start-up there is no last good: every event without an error still loads, as written, so that one typo does
 * not switch off every guard of the file; an event with an error loads nothing at all (its handlers run in sequence
 * and the first decision stops dispatch, so dropping one of them would change what the others decide). An error
 * outside every event (syntax, the section's type or `enabled`) leaves nothing to trust: nothing loads.
 */
function rejection(path: string, parsed: ParsedConfig, specs: readonly HookSpec[]): SourceRejection {
  const base = { source: path, errors: parsed.errorCount };
  if (parsed.fileLevelError) return base;
  const broken = new Set(parsed.eventsWithErrors);
  return {
    ...base,
    startupHooks: specs.filter((spec) => !broken.has(spec.event)),
    inactive: parsed.eventsWithErrors.map((event) => formatPath([SECTION, event])),
  };
}

function hookSpec(source: HookSource, placement: Placement, hook: ParsedHook, trustHash: string | undefined, document?: JsonDocument): HookSpec {
  // Where the handler is written, for diagnostics about it after loading (`hookd check`).
  const path = [SECTION, hook.event, hook.groupIndex, 'hooks', hook.handlerIndex];
  return {
    location: { file: source.path, ...(document !== undefined ? locate(document, path) : {}), field: formatPath(path) },
    id: `${source.label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    matches: hook.matches,
    handler: hook.handler,
    source: source.path,
    scope: source.scope,
    serverOwnedPlacement: placement,
    ...(source.trustKey !== undefined ? { trustKey: source.trustKey } : {}),
    ...(trustHash !== undefined ? { trustHash } : {}),
    ...(hook.disabled ? { disabled: true } : {}),
    ...(hook.disabledBy !== undefined ? { disabledBy: hook.disabledBy } : {}),
    ...(hook.at !== undefined ? { location: hook.at } : {}),
  };
}
