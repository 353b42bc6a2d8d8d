// hooks/addSource and hooks/removeSource: extension sources (plugin hooks files, skill and subagent frontmatter) joining
// or leaving a session after initialize. Changes the session's load context and reloads; parsing is the dialect's.
import { resolve } from 'node:path';
import type { LoadContext } from '../engine/dialect.js';
import type { Logger } from '../logger.js';
import { ErrorCodes, type AddSourceParams, type ConfigSource, type DiagnosticsParams, type RequestMethod } from '../protocol/index.js';
import { RpcError } from '../rpc/errors.js';
import type { RequestHandler } from '../rpc/server.js';
import { reloadAndReport, type ConfigReloader } from './config-reloader.js';
import type { ActiveSession } from './management-handlers.js';

export type SourceHandlerDeps = {
  readonly active: () => ActiveSession & { readonly reloader?: ConfigReloader };
  /** Makes `context` the session's load context (for later reloads, watcher and dry runs alike). */
  readonly setLoadContext: (context: LoadContext) => void;
  readonly logger: Logger;
  readonly notifyDiagnostics: (params: DiagnosticsParams) => void;
};

const samePath = (workspace: string, a: string, b: string) => resolve(workspace, a) === resolve(workspace, b);

export function sourceHandlers(deps: SourceHandlerDeps): Partial<Record<RequestMethod, RequestHandler>> {
  /** Reload with the new context; the watcher follows the new set of files. */
  const apply = async (session: ActiveSession & { readonly reloader?: ConfigReloader }, context: LoadContext, path: string) => {
    deps.setLoadContext(context);
    reloadAndReport(session.engine, context, deps.notifyDiagnostics, [path]);
    await session.reloader?.watchCurrentSources();
    return { hooks: session.engine.hooks(), diagnostics: session.engine.diagnostics() };
  };

  return {
    'hooks/addSource': async (raw) => {
      const session = deps.active();
      const { engine, loadContext } = session;
      if (engine.dialect.acceptsAddedSources !== true) {
        throw new RpcError(ErrorCodes.InvalidParams, `invalid params: source: the ${engine.dialect.name} dialect has no extension sources`);
      }
      const given = (raw as AddSourceParams).source;
      const source: ConfigSource = { ...given, path: resolve(loadContext.workspace, given.path) };
      const before = loadContext.addedSources ?? [];
      const added = !before.some((entry) => samePath(loadContext.workspace, entry.path, source.path));
      const addedSources = [...before.filter((entry) => !samePath(loadContext.workspace, entry.path, source.path)), source];
      deps.logger.info(`sources: ${added ? 'added' : 'replaced'} ${source.scope} source ${source.path}`);
      return { added, ...(await apply(session, { ...loadContext, addedSources }, source.path)) };
    },
    'hooks/removeSource': async (raw) => {
      const session = deps.active();
      const { loadContext } = session;
      const path = resolve(loadContext.workspace, (raw as { path: string }).path);
      const isExtension = (entry: ConfigSource) => entry.scope === 'plugin' || entry.scope === 'skill' || entry.scope === 'subagent';
      const keep = (entry: ConfigSource) => !(isExtension(entry) && samePath(loadContext.workspace, entry.path, path));
      const addedSources = (loadContext.addedSources ?? []).filter(keep);
      const sources = loadContext.sources?.filter(keep);
      const removed = addedSources.length !== (loadContext.addedSources ?? []).length || sources?.length !== loadContext.sources?.length;
      if (!removed) return { removed, hooks: session.engine.hooks(), diagnostics: session.engine.diagnostics() };
      deps.logger.info(`sources: removed ${path}`);
      // `sources` that listed only extension sources meant "discover the settings files": with none left it must not become [] (read nothing).
      const { sources: _given, ...rest } = loadContext;
      const context: LoadContext = { ...rest, addedSources, ...(sources !== undefined && sources.length > 0 ? { sources } : {}) };
      return { removed, ...(await apply(session, context, path)) };
    },
  };
}
