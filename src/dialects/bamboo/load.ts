// Loads Bamboo's hook files into one ordered HookSpec list: reads each file, rejects a file with any error as a
// whole, assigns ids, trust keys and server-owned placement. Must not run anything.
import type { HookSpec, LoadContext, LoadResult } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { infoAt } from '../../config/diagnostic.js';
import { readJsonFile } from '../../config/json-locate.js';
import { parseConfig } from './parse-config.js';
import { hookSources, serverOwnedPlacement } from './sources.js';

/**
 * User hooks, then project hooks, each in file order (events in the order written, groups, handlers). A file with
 * an error diagnostic (syntax, types, unknown events, matchers, handlers) contributes no hooks and is listed in
 * `rejectedSources` (a reload keeps its last good hooks). Missing files are not errors but are still listed in
 * `sources` so that they are watched. Disabled sections and groups are kept as `disabled` hooks.
 */
export function loadBambooHooks(context: LoadContext, platform: NodeJS.Platform = process.platform): LoadResult {
  const sources = hookSources(context);
  const placement = serverOwnedPlacement(context);
  const hooks: HookSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  const rejected: string[] = [];
  for (const source of sources) {
    const read = readJsonFile(source.path);
    if (read.status === 'missing') continue;
    // An unreadable file or a JSON syntax error has no field path: it names the whole file, "(root)".
    const parsed = read.status === 'ok' ? parseConfig(read.document, platform) : { hooks: [], diagnostics: [{ field: '(root)', ...read.diagnostic }], errorCount: 1 };
    // Never spread a list into arguments: a long one overflows the call (capped now, but a loop costs nothing).
    for (const entry of parsed.diagnostics) diagnostics.push(entry);
    const errors = parsed.errorCount;
    if (errors > 0) {
      rejected.push(source.path);
      diagnostics.push(
        infoAt(`${source.path} has ${errors} error(s): none of its hooks are loaded (a reload keeps its last good hooks)`, {
          file: source.path,
          line: 1,
          column: 1,
          field: '(root)',
          code: 'source-rejected',
        }),
      );
      continue;
    }
    for (const hook of parsed.hooks) {
      hooks.push({
        id: `${source.label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
        event: hook.event,
        ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
        matches: hook.matches,
        handler: hook.handler,
        source: source.path,
        scope: source.scope,
        serverOwnedPlacement: placement,
        ...(source.trustKey !== undefined ? { trustKey: source.trustKey } : {}),
        ...(hook.disabled ? { disabled: true } : {}),
      });
    }
  }
  return { hooks, diagnostics, sources: sources.map((source) => source.path), ...(rejected.length > 0 ? { rejectedSources: rejected } : {}) };
}
