// The hookd that `hookd acp` fires hooks through: the sidecar's own runner, session and JSON-RPC server, run in this
// process over an in-memory stream pair, with a vscode-jsonrpc client on the other end. So an ACP hook point is one
// hookd request — validated, matched, run and merged exactly as for any agent — and cancelling it ($/cancelRequest)
// kills its trees. It owns that composition and its end (every hook tree killed); it knows nothing of ACP.
import { PassThrough } from 'node:stream';
import { CancellationTokenSource, createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { processEnvironment } from '../process-environment.js';
import { EXIT_KILL_GRACE_MS, EXIT_SUPERVISOR_WAIT_MS } from '../process-exit.js';
import { createRpcServer } from '../rpc/server.js';
import { createProcessRunner } from '../runner/process-runner.js';
import { createSession } from '../server/session-handlers.js';

export type HookService = {
  /** One hookd request; `signal` aborting sends $/cancelRequest (the request's hook trees are killed). */
  request(method: string, params: unknown, signal?: AbortSignal): Promise<unknown>;
  /** Aborts what runs (every hook tree killed) and closes the connection. */
  close(): Promise<void>;
};

export function startHookService(logger: Logger): HookService {
  const runner = createProcessRunner({ logger });
  void runner.spawnPath();
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const session = createSession({
    runner,
    logger,
    defaults: {},
    baseEnv: processEnvironment(),
    onProgress: () => {},
    onDiagnostics: (params) => logger.debug(`hooks/diagnostics: ${JSON.stringify(params)}`),
    onBackgroundRun: () => {},
    onAsyncRewake: () => {},
    onReviewWarnings: () => {},
    callClient: (method) => Promise.reject(new Error(`hookd acp does not answer ${method}`)),
  });
  const server = createRpcServer({ input: toServer, output: fromServer, framing: 'content-length', handlers: session.handlers, logger });
  server.listen();
  const client: MessageConnection = createMessageConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer));
  client.listen();

  let closed = false;
  return {
    async request(method, params, signal) {
      if (closed) throw new Error('the hook service is closed');
      const source = new CancellationTokenSource();
      const onAbort = () => source.cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        if (signal?.aborted) source.cancel();
        return await client.sendRequest(method, params, source.token);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        source.dispose();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      runner.capKillGrace(EXIT_KILL_GRACE_MS);
      await session.abortAll().catch((error: unknown) => logger.error(`hook cleanup failed: ${String(error)}`));
      runner.killAllNow();
      runner.endSupervisorSync?.(EXIT_SUPERVISOR_WAIT_MS);
      client.dispose();
      toServer.end();
    },
  };
}
