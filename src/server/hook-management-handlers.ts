// hooks/setEnabled and hooks/test of an initialized session: map each to the engine and shape the answer; a name
// that names no hook, or params the event refuses, is -32602. No hook semantics of its own.
import type { Engine } from '../engine/engine.js';
import { persistentToggleAdvice } from '../engine/toggle-advice.js';
import { testHook, type TestHookRequest } from '../engine/test-hook.js';
import type { LoadContext } from '../engine/dialect.js';
import type { Logger } from '../logger.js';
import { ErrorCodes, type RequestMethod, type SetEnabledParams, type SetEnabledResult, type TestHookResult } from '../protocol/index.js';
import { RequestCancelledError, RpcError } from '../rpc/errors.js';
import type { RequestHandler } from '../rpc/server.js';

type Active = { readonly engine: Engine; readonly loadContext: LoadContext };

const invalidParams = (message: string) => new RpcError(ErrorCodes.InvalidParams, `invalid params: ${message}`);

export function hookManagementHandlers(active: () => Active, deps: { readonly logger: Logger }): Partial<Record<RequestMethod, RequestHandler>> {
  return {
    'hooks/setEnabled': async (raw) => {
      const { engine } = active();
      const { name, enabled } = raw as SetEnabledParams;
      const found = engine.findHook(name);
      if (found.kind === 'none') throw invalidParams(`name: no hook named "${name}"${found.known.length > 0 ? ` (known: ${found.known.join(', ')})` : ' (none are configured)'}`);
      if (found.kind === 'invalid') throw invalidParams(`name: "${name}" did not load (${found.entry.message}): fix it in ${found.entry.source}${found.entry.line !== undefined ? `:${found.entry.line}` : ''}; there is nothing to ${enabled ? 'enable' : 'disable'}`);
      const hook = engine.setEnabled(found.hook, enabled);
      deps.logger.info(`hooks: ${hook.name ?? hook.id} ${enabled ? 'enabled' : 'disabled'} for this session (now ${hook.state})`);
      const result: SetEnabledResult = { hook, persist: persistentToggleAdvice(engine.dialect, found.hook, enabled) };
      return result;
    },
    'hooks/test': async (raw, context) => {
      const { engine, loadContext } = active();
      const outcome = await testHook(engine, loadContext.workspace, raw as TestHookRequest, { signal: context.signal, requestId: context.requestId });
      if (outcome.kind === 'invalid-request') throw invalidParams(outcome.message);
      if (outcome.cancelled) throw new RequestCancelledError({ runs: outcome.result?.runs ?? [] });
      const result: TestHookResult = {
        hook: outcome.hook,
        event: outcome.event,
        ...(outcome.result ? { result: outcome.result } : {}),
        ...(outcome.input !== undefined ? { input: outcome.input } : {}),
        ...(outcome.notRun !== undefined ? { notRun: outcome.notRun } : {}),
      };
      return result;
    },
  };
}
