// GENERATED from src/protocol/server-capabilities.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Builds initialize's `capabilities` from the protocol's own tables (methods.ts, the cancel notifications, the
// ServerOptions schema), so a method, notification or option added there is reported at once. Pure.
import type { ServerCapabilities } from './capabilities.js';
import { CancelNotifications } from './cancel-notifications.js';
import { EVENT_ALIAS_NAMES, isEventName } from './events.js';
import { ServerOptionsSchema } from './lifecycle.js';
import { ClientNotifications, Requests, ServerNotifications, ServerRequests } from './methods.js';

const ALIAS_METHODS = new Set<string>(EVENT_ALIAS_NAMES.map((alias) => `hooks/${alias}`));
/** hooks/<Event> and hooks/<Alias>: reported as `events` and `eventAliases` (the dialect's own), not as `requests`. */
const isEventMethod = (method: string): boolean => ALIAS_METHODS.has(method) || (method.startsWith('hooks/') && isEventName(method.slice('hooks/'.length)));

/** The capabilities of this hookd with a dialect whose configuration accepts `handlerTypes`. */
export function serverCapabilities(handlerTypes: readonly string[]): ServerCapabilities {
  const cancels = Object.entries(CancelNotifications);
  return {
    handlerTypes: [...handlerTypes],
    requests: Object.keys(Requests).filter((method) => !isEventMethod(method)),
    serverRequests: Object.entries(ServerRequests).map(([method, spec]) => ({ method, capability: spec.clientCapability })),
    notifications: {
      client: [...Object.keys(ClientNotifications), ...cancels.map(([method]) => method)],
      server: [...Object.keys(ServerNotifications), ...cancels.filter(([, spec]) => spec.sentByServer).map(([method]) => method)],
    },
    options: Object.keys(ServerOptionsSchema.shape),
  };
}
