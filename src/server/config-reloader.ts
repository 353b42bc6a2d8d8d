// Hot reload for dialects that want it: watches the configuration files, reloads the engine when their content
// changes, and tells the client the diagnostics now current. Composition only; parsing is the dialect's.
import { watchSources, type SourceWatcher } from '../config/source-watcher.js';
import type { LoadContext } from '../engine/dialect.js';
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../logger.js';
import type { Diagnostic, DiagnosticsParams } from '../protocol/index.js';

export type ConfigReloader = {
  readonly ready: Promise<void>;
  close(): Promise<void>;
  /** Watches the files of the configuration now current (after a source was added or removed). */
  watchCurrentSources(): Promise<void>;
};

/**
 * Reloads now and reports; shared by the watcher and the hooks/reload method. A load that throws is a bug, but the
 * client still hears of it: the notification carries the diagnostics still current (the configuration loaded
 * before is kept) plus an error naming the files, and then the error is rethrown to be logged or answered.
 */
export function reloadAndReport(
  engine: Engine,
  loadContext: LoadContext,
  notify: (params: DiagnosticsParams) => void,
  changedFiles: readonly string[] = [],
): void {
  let hooks: number;
  try {
    hooks = engine.reload(loadContext).hooks.length;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const files = changedFiles.length > 0 ? changedFiles.join(', ') : 'the configuration';
    const failure: Diagnostic = {
      severity: 'error',
      message: `reloading ${files} failed (${why}); the configuration loaded before stays in effect`,
      ...(changedFiles.length === 1 ? { file: changedFiles[0] } : {}),
      code: 'reload-failed',
    };
    notify({ diagnostics: [...engine.diagnostics(), failure], trigger: 'reload', changedFiles: [...changedFiles], hooks: engine.snapshot.hooks.length });
    throw error;
  }
  notify({ diagnostics: engine.diagnostics(), trigger: 'reload', changedFiles: [...changedFiles], hooks });
}

export function startConfigReloader(options: {
  readonly engine: Engine;
  /** The context to reload with, or a getter of the current one (sources can be added to a session). */
  readonly loadContext: LoadContext | (() => LoadContext);
  readonly logger: Logger;
  readonly notify: (params: DiagnosticsParams) => void;
}): ConfigReloader {
  const { engine, logger } = options;
  const given = options.loadContext;
  const loadContext = typeof given === 'function' ? given : () => given;
  let watcher: SourceWatcher | undefined;
  watcher = watchSources({
    files: engine.snapshot.sources,
    logger,
    onChange: async (change) => {
      logger.info(`config changed: ${change.changedFiles.join(', ') || '(files)'}; reloading`);
      reloadAndReport(engine, loadContext(), options.notify, change.changedFiles);
      await watcher?.setFiles(engine.snapshot.sources);
    },
  });
  return { ready: watcher.ready, close: () => watcher.close(), watchCurrentSources: () => watcher.setFiles(engine.snapshot.sources) };
}
