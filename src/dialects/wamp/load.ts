// Loads WAMP's hook files (user, then project) into one ordered HookSpec list: reads each file once, parses it with
// positions, gives project hooks the project's trust key, assigns ids. Must not run anything or decide trust.
import type { HookSpec, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { readJsonFile } from '../../config/json-locate.js';
import { parseWampHooksFile } from './parse-hooks-file.js';
import { wampSources } from './sources.js';

/**
 * A missing file contributes nothing, silently. A file that cannot be read or is not valid JSON (strict: no comments,
 * no trailing commas) is an error diagnostic with its line and column and contributes nothing; the other file still
 * loads (and a reload keeps the hooks last loaded from it: rejectedSources). Identical handlers in both files both run
 * (WAMP de-duplicates nothing); the home directory's file is read once (sources.ts).
 */
export function loadWampHooks(context: LoadContext): LoadResult {
  const sources = wampSources(context);
  const diagnostics: Diagnostic[] = [];
  const hooks: HookSpec[] = [];
  const rejections: SourceRejection[] = [];
  for (const source of sources) {
    const read = readJsonFile(source.path);
    if (read.status === 'missing') continue;
    if (read.status === 'error') {
      diagnostics.push(read.diagnostic);
      rejections.push({ source: source.path, errors: 1 });
      continue;
    }
    const parsed = parseWampHooksFile(read.document);
    for (const entry of parsed.diagnostics) diagnostics.push(entry);
    if (parsed.rejected) {
      rejections.push({ source: source.path, errors: 1 });
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
        ...(source.trustKey !== undefined ? { trustKey: source.trustKey } : {}),
        location: hook.at,
      });
    }
  }
  return {
    hooks,
    diagnostics,
    sources: sources.map((source) => source.path),
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
  };
}
