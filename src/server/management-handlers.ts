// The management methods of an initialized session: list, cancel, reload, runs, programmatic hooks, trust and
// dry run. Maps each to the engine and shapes protocol answers; no hook semantics of its own.
import { dryRunHandler } from '../engine/dry-run.js';
import type { LoadContext } from '../engine/dialect.js';
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../logger.js';
import {
  ErrorCodes,
  type DiagnosticsParams,
  type DryRunResult,
  type ExplainParams,
  type RegisterHookParams,
  type RequestMethod,
} from '../protocol/index.js';
import { RequestCancelledError, RpcError } from '../rpc/errors.js';
import type { RequestHandler } from '../rpc/server.js';
import type { TrustStore } from '../trust/store.js';
import { reloadAndReport } from './config-reloader.js';
import { explainRequest } from './explain-handler.js';
import type { ApprovalAsker } from './approval-asker.js';
import type { ToolApprovalAsker } from './tool-approval-asker.js';

/** What an initialized session holds. */
export type ActiveSession = {
  readonly engine: Engine;
  readonly loadContext: LoadContext;
  readonly trustStore: TrustStore;
  readonly programmaticHooks: boolean;
  /** Asks hooks/approve questions (the client declared capabilities.hookApproval). */
  readonly approvals?: ApprovalAsker;
  /** Asks hooks/askToolApproval about a hook's ask on a tool call (the client declared capabilities.toolApproval). */
  readonly toolApprovals?: ToolApprovalAsker;
};

function trustEntries(engine: Engine) {
  return engine.trustKeys().map((key) => {
    const hooks = engine.snapshot.hooks.filter((hook) => hook.trustKey === key);
    const state = engine.trustState(key);
    const currentHash = engine.currentTrustHash(key);
    const trustedHash = engine.trustedHash(key);
    return {
      key,
      trusted: state === 'trusted',
      state,
      hooks: hooks.length,
      sources: [...new Set(hooks.map((hook) => hook.source))],
      ...(currentHash !== undefined ? { currentHash } : {}),
      ...(typeof trustedHash === 'string' ? { trustedHash } : {}),
    };
  });
}

/** `serializeTools` for a result, when the dialect names any. */
const serializeToolsOf = (engine: Engine) => {
  const tools = engine.serializeTools();
  return tools === undefined ? {} : { serializeTools: tools };
};

const invalidParams = (message: string) => new RpcError(ErrorCodes.InvalidParams, `invalid params: ${message}`);

export function managementHandlers(
  active: () => ActiveSession,
  deps: { readonly logger: Logger; readonly notifyDiagnostics: (params: DiagnosticsParams) => void },
): Partial<Record<RequestMethod, RequestHandler>> {
  return {
    'hooks/list': async () => {
      const { engine } = active();
      return { hooks: engine.hooks(), diagnostics: await engine.redacted(engine.diagnostics()), ...serializeToolsOf(engine) };
    },
    'hooks/cancel': async (raw) => {
      const { sessionId } = raw as { sessionId: string };
      const { engine, toolApprovals } = active();
      // An event waiting for its approval card is in flight too.
      return { cancelled: engine.cancelSession(sessionId) + (toolApprovals?.cancelSession(sessionId) ?? 0) };
    },
    'hooks/reload': async () => {
      const { engine, loadContext } = active();
      reloadAndReport(engine, loadContext, deps.notifyDiagnostics);
      return { hooks: engine.hooks(), diagnostics: await engine.redacted(engine.diagnostics()), ...serializeToolsOf(engine) };
    },
    'runs/begin': async (raw) => {
      const { runId } = raw as { runId: string };
      return { runId, ...active().engine.beginRun(runId) };
    },
    'runs/end': async (raw) => ({ ended: active().engine.endRun((raw as { runId: string }).runId) }),
    'hooks/register': async (raw) => {
      const session = active();
      if (!session.programmaticHooks)
        throw new RpcError(ErrorCodes.InvalidRequest, 'programmatic hooks need capabilities.programmaticHooks: true in initialize (hookd calls the client back with hooks/invoke)');
      const registered = session.engine.registerClientHook(raw as RegisterHookParams);
      if ('error' in registered) throw invalidParams(registered.error);
      return registered;
    },
    'hooks/unregister': async (raw) => ({ removed: active().engine.unregisterClientHook((raw as { hookId: string }).hookId) }),
    'trust/list': async () => {
      const { engine, trustStore } = active();
      return { entries: trustEntries(engine), storePath: trustStore.path };
    },
    'trust/set': async (raw) => {
      const { engine, trustStore } = active();
      const params = raw as { key?: string; trusted: boolean; persist: boolean };
      const keys = params.key !== undefined ? [params.key] : engine.trustKeys();
      const revoking: Promise<unknown>[] = [];
      for (const key of keys) {
        // Trust is for the content loaded now: its hash is recorded with it (none when the key covers no hooks yet).
        const contentHash = engine.currentTrustHash(key);
        if (params.persist) {
          try {
            await trustStore.set(key, params.trusted, { contentHash });
          } catch (error) {
            throw new RpcError(ErrorCodes.PersistenceFailed, `could not record trust in ${trustStore.path}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        // A revoke kills the key's running hooks at once; trust/set answers once their trees are dead.
        const stopping = engine.setTrusted(key, params.trusted, contentHash ?? null);
        const what = params.trusted ? `trusted${contentHash !== undefined ? ` for ${contentHash}` : ''}` : 'untrusted';
        deps.logger.info(`trust: ${key} is now ${what}${params.persist ? ' (recorded)' : ' (this session)'}`);
        revoking.push(stopping.then((stopped) => stopped > 0 && deps.logger.info(`trust: revoking ${key} stopped ${stopped} running hook(s)`)));
      }
      await Promise.all(revoking);
      // Questions trust/set just answered are withdrawn from the client.
      active().approvals?.withdrawAnswered();
      return { entries: trustEntries(engine), hooks: engine.hooks(), diagnostics: engine.diagnostics() };
    },
    'hooks/explain': async (raw) => explainRequest(active().engine, raw as ExplainParams),
    'hooks/dryRun': async (raw, context) => {
      const { engine, loadContext } = active();
      const outcome = await dryRunHandler(engine, loadContext, raw as Parameters<typeof dryRunHandler>[2], {
        signal: context.signal,
        requestId: context.requestId,
      });
      if (outcome.kind === 'invalid-request') throw invalidParams(outcome.message);
      if (outcome.cancelled) throw new RequestCancelledError({ runs: outcome.result?.runs ?? [] });
      const result: DryRunResult = {
        diagnostics: outcome.diagnostics,
        ...(outcome.result ? { result: outcome.result } : {}),
        ...(outcome.input !== undefined ? { input: outcome.input } : {}),
      };
      return result;
    },
  };
}
