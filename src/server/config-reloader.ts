// Hot reload for dialects that want it: watches the configuration files, reloads the engine when their content
// changes, and tells the client the diagnostics now current. Composition only; parsing is the dialect's.
import { watchSources, type SourceWatcher } from '../config/source-watcher.js';
import type { LoadContext } from '../engine/dialect.js';
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../logger.js';
import type { DiagnosticsParams } from '../protocol/index.js';

export type ConfigReloader = { readonly ready: Promise<void>; close(): Promise<void> };

/** Reloads now and reports; shared by the watcher and the hooks/reload method. */
export function reloadAndReport(
  engine: Engine,
  loadContext: LoadContext,
  notify: (params: DiagnosticsParams) => void,
  changedFiles: readonly string[] = [],
): void {
  const snapshot = engine.reload(loadContext);
  notify({ diagnostics: engine.diagnostics(), trigger: 'reload', changedFiles: [...changedFiles], hooks: snapshot.hooks.length });
}

export function startConfigReloader(options: {
  readonly engine: Engine;
  readonly loadContext: LoadContext;
  readonly logger: Logger;
  readonly notify: (params: DiagnosticsParams) => void;
}): ConfigReloader {
  const { engine, loadContext, logger } = options;
  let watcher: SourceWatcher | undefined;
  watcher = watchSources({
    files: engine.snapshot.sources,
    logger,
    onChange: async (change) => {
      logger.info(`config changed: ${change.changedFiles.join(', ') || '(files)'}; reloading`);
      reloadAndReport(engine, loadContext, options.notify, change.changedFiles);
      await watcher?.setFiles(engine.snapshot.sources);
    },
  });
  return { ready: watcher.ready, close: () => watcher.close() };
}
