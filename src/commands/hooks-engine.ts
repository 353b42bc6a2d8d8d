// The engine of the one-shot `hookd hooks ...` commands: the configuration as `engineFromFlags` loads it, with the
// trust the agent's sidecar would start from (the trust store under --home), so states match what a session shows.
// Reads the store; never writes it.
import { defaultTrustStorePath, TrustStore } from '../trust/store.js';
import { engineFromFlags, type CommonFlags, type EngineExtras, type LoadedEngine } from './load-options.js';

export type HooksEngine = LoadedEngine & { readonly trustStorePath: string; readonly trustStoreProblem?: string; readonly trustStore: TrustStore };

export function hooksEngine(flags: CommonFlags, extras: EngineExtras = {}): HooksEngine {
  const loaded = engineFromFlags(flags, extras);
  const store = new TrustStore(defaultTrustStorePath(loaded.loadContext.home));
  for (const { key, trustedHash } of store.trustedEntries()) loaded.engine.setTrusted(key, true, trustedHash);
  return { ...loaded, trustStore: store, trustStorePath: store.path, ...(store.problem !== undefined ? { trustStoreProblem: store.problem } : {}) };
}
