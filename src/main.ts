// Composition root of the sidecar: runner → session (engine) → rpc server on stdio, plus the
// process-level cleanup (stdin EOF, SIGTERM, SIGINT, SIGHUP kill every hook tree, then exit).
import { busyTierUp } from './busy-tier-up.js';
import { createLogger, type LogLevel } from './logger.js';
import { setMatcherWarningSink } from './matching/matcher-warnings.js';
import { processEnvironment } from './process-environment.js';
import { EXIT_KILL_GRACE_MS, exitKillingHooks } from './process-exit.js';
import { keepStdoutForProtocol } from './stdout-guard.js';
import { createRpcServer, type RpcServer } from './rpc/server.js';
import type { Framing } from './rpc/framing.js';
import { createProcessRunner } from './runner/process-runner.js';
import { createSession, type SessionDefaults } from './server/session-handlers.js';

export type ServeOptions = SessionDefaults & {
  readonly framing?: Framing;
  readonly logLevel?: LogLevel;
  readonly maxMessageBytes?: number;
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
};

/** How long cleanup may take before hookd exits regardless (the tree kill itself needs about grace + 25 ms). */
const EXIT_DEADLINE_MS = 900;

export function serve(options: ServeOptions = {}): void {
  const logger = createLogger(options.logLevel ?? 'warn');
  keepStdoutForProtocol();

  // A bundled build's launcher (scripts/cli-launcher.mjs) says whether V8's code cache spared the start its compile.
  const codeCache: unknown = Reflect.get(globalThis, Symbol.for('hookd.codeCache'));
  if (typeof codeCache === 'string') logger.info(`startup code cache: ${codeCache}`);

  setMatcherWarningSink((message) => logger.warn(message));
  const runner = createProcessRunner({ logger });
  // Start the hook process supervisor now (the first hook then waits for nothing); the runner logs which spawn
  // path is active, and warns once when it is the pure-Node fallback.
  void runner.spawnPath?.();
  let server: RpcServer | undefined;
  const session = createSession({
    runner,
    logger,
    defaults: options,
    baseEnv: processEnvironment(),
    onProgress: (progress) => server?.notify('hooks/progress', progress),
    onDiagnostics: (params) => server?.notify('hooks/diagnostics', params),
    onBackgroundRun: (params) => server?.notify('hooks/backgroundRun', params),
    onAsyncRewake: (params) => server?.notify('hooks/asyncRewake', params),
    onReviewWarnings: (params) => server?.notify('hooks/reviewWarnings', params),
    callClient: (method, params, requestOptions) =>
      server ? server.request(method, params, requestOptions) : Promise.reject(new Error('the connection is not open')),
  });

  let exiting = false;
  /** `code` may be a function: evaluated when exiting (a shutdown still queued at EOF counts). */
  const exitAfterCleanup = (code: number | (() => number), why: string) => {
    if (exiting) return;
    exiting = true;
    logger.info(`exiting (${why})`);
    const exitCode = () => (typeof code === 'function' ? code() : code);
    // Whatever killGraceMs says, hook trees get SIGKILL before hookd is gone (also at the hard stop).
    const hardStop = setTimeout(() => exitKillingHooks(runner, exitCode()), EXIT_DEADLINE_MS);
    runner.capKillGrace(EXIT_KILL_GRACE_MS);
    // Requests already read still get their answer: abort what runs (answered -32800), then wait until every
    // response is flushed to stdout. Events that start after this spawn nothing (see Session.abortAll).
    session
      .abortAll()
      .then(() => server?.whenIdle())
      .catch((error: unknown) => logger.error(`cleanup failed: ${String(error)}`))
      .finally(() => {
        clearTimeout(hardStop);
        exitKillingHooks(runner, exitCode());
      });
  };

  server = createRpcServer({
    input: options.input ?? process.stdin,
    output: options.output ?? process.stdout,
    ...(options.framing ? { framing: options.framing } : {}),
    ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
    handlers: session.handlers,
    logger,
    onRequest: busyTierUp(),
    onNotification: (method, params) => {
      if (method === 'exit') exitAfterCleanup(session.shutdownRequested() ? 0 : 1, 'exit notification');
      else session.onNotification(method, params);
    },
  });
  server.onClose(() => exitAfterCleanup(() => (session.shutdownRequested() ? 0 : 1), 'input closed'));
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => exitAfterCleanup(0, signal));
  process.stdout.on('error', (error) => logger.debug(`stdout: ${error.message}`));
  server.listen();
}
