// `hookd ui`: loads the configuration as `hookd hooks` does (plus the dangerous bypass when asked), serves the
// Settings → Hooks page and API on 127.0.0.1, prints exactly one stdout line (the URL with the token) and then logs
// only on stderr until SIGINT/SIGTERM. Runs no hook.
import { hooksEngine } from '../commands/hooks-engine.js';
import { UsageError, type CommonFlags } from '../commands/load-options.js';
import type { LoadContext } from '../engine/dialect.js';
import { reviewListing } from '../review/listing.js';
import { toApiJson } from '../review/pbi-shapes.js';
import type { ReviewContext } from '../review/review-context.js';
import { reviewBackend } from './review-backend.js';
import { startUiServer } from './ui-server.js';

export type UiFlags = CommonFlags & { readonly port?: string; readonly 'dangerously-bypass-hook-trust'?: boolean };

/** The load context of the page: the one `hookd hooks` loads with (managed sources included), plus the bypass when asked. */
export function uiLoadContext(base: LoadContext, flags: UiFlags): LoadContext {
  return flags['dangerously-bypass-hook-trust'] ? { ...base, bypassHookTrust: true } : base;
}

export function portFlag(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port > 65_535) throw new UsageError(`--port takes a port number 0..65535 (0: any free port), got "${value}"`);
  return port;
}

/** Starts the server; resolves with the exit code once SIGINT or SIGTERM closed it. */
export async function runUi(flags: UiFlags, print: (line: string) => void): Promise<number> {
  const port = portFlag(flags.port);
  const loaded = hooksEngine(flags);
  const loadContext = uiLoadContext(loaded.loadContext, flags);
  if (loadContext !== loaded.loadContext) loaded.engine.reload(loadContext);
  const context: ReviewContext = { engine: loaded.engine, dialect: loaded.engine.dialect, loadContext, trustStore: loaded.trustStore };
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  for (const warning of reviewListing(context).warnings) log(`Warning: ${warning}`);
  let server;
  try {
    server = await startUiServer({ backend: reviewBackend(context, toApiJson), port, log });
  } catch (error) {
    throw new UsageError(`cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  print(`hookd ui: ${server.url}`);
  log(`hookd ui: serving the ${loaded.engine.dialect.name} hooks of ${loaded.workspace}; Ctrl-C stops it`);
  const running = server;
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      log(`hookd ui: ${signal}: stopped`);
      void running.close().then(() => resolve(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
