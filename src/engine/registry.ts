// The loaded configuration as an immutable snapshot: hooks in configured order, diagnostics, sources.
// Dispatches read a snapshot once at their start; loading a new one never disturbs runs in flight.
import type { Diagnostic, EventName, HookInfo } from '../protocol/index.js';
import type { HookSpec, LoadResult } from './dialect.js';

export type RegistrySnapshot = {
  readonly hooks: readonly HookSpec[];
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: readonly string[];
};

export const EMPTY_SNAPSHOT: RegistrySnapshot = { hooks: [], diagnostics: [], sources: [] };

export function snapshotFrom(result: LoadResult): RegistrySnapshot {
  return Object.freeze({
    hooks: Object.freeze([...result.hooks]),
    diagnostics: Object.freeze([...result.diagnostics]),
    sources: Object.freeze([...result.sources]),
  });
}

/** Hooks configured for one event, in configured order. */
export function hooksForEvent(snapshot: RegistrySnapshot, event: EventName): HookSpec[] {
  return snapshot.hooks.filter((hook) => hook.event === event);
}

export function describeHook(hook: HookSpec): HookInfo {
  const { handler } = hook;
  const command = handler.args ? [handler.command, ...handler.args].join(' ') : handler.command;
  return {
    id: hook.id,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    handlerType: handler.type,
    command,
    source: hook.source,
    scope: hook.scope,
    timeoutMs: handler.timeoutMs,
    enabled: true,
  };
}
