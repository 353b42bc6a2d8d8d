// The loaded configuration as an immutable snapshot: hooks in configured order, diagnostics, sources; and the
// dispatch order of an event's hooks. A dispatch reads a snapshot once at its start; loading a new one never
// disturbs runs in flight.
import type { Diagnostic, EventName, HookInfo } from '../protocol/index.js';
import type { HookSpec, LoadResult } from './dialect.js';

export type RegistrySnapshot = {
  readonly hooks: readonly HookSpec[];
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: readonly string[];
};

export const EMPTY_SNAPSHOT: RegistrySnapshot = Object.freeze({ hooks: [], diagnostics: [], sources: [] });

function freeze(hooks: readonly HookSpec[], diagnostics: readonly Diagnostic[], sources: readonly string[]): RegistrySnapshot {
  return Object.freeze({ hooks: Object.freeze([...hooks]), diagnostics: Object.freeze([...diagnostics]), sources: Object.freeze([...sources]) });
}

/** A first load: files the dialect rejected contribute nothing, even hooks the dialect made of them anyway. */
export function snapshotFrom(result: LoadResult): RegistrySnapshot {
  const rejected = new Set(result.rejectedSources ?? []);
  return freeze(
    result.hooks.filter((hook) => !rejected.has(hook.source)),
    result.diagnostics,
    result.sources,
  );
}

/**
 * The snapshot after a reload: files the dialect rejected as invalid keep the hooks last loaded from them
 * (the last good configuration), in the position of that file among the sources.
 */
export function snapshotKeepingLastGood(previous: RegistrySnapshot, result: LoadResult): RegistrySnapshot {
  const rejected = new Set(result.rejectedSources ?? []);
  if (rejected.size === 0) return snapshotFrom(result);
  const diagnostics = [...result.diagnostics];
  const hooks: HookSpec[] = [];
  // A file may hold 100,000 hooks: append in a loop, never `push(...list)` (arguments are limited).
  const append = (list: readonly HookSpec[], source: string): number => {
    let count = 0;
    for (const hook of list) {
      if (hook.source !== source) continue;
      hooks.push(hook);
      count++;
    }
    return count;
  };
  const placed = new Set<string>();
  for (const source of result.sources) {
    placed.add(source);
    if (!rejected.has(source)) {
      append(result.hooks, source);
      continue;
    }
    const kept = append(previous.hooks, source);
    diagnostics.push({
      severity: 'info',
      file: source,
      code: 'kept-last-good',
      message: `${source} is invalid: keeping the ${kept} hook(s) last loaded from it until it is fixed`,
    });
  }
  for (const hook of result.hooks) if (!placed.has(hook.source)) hooks.push(hook);
  return freeze(hooks, diagnostics, result.sources);
}

/** Hooks configured for one event, in configured order (disabled and untrusted ones included). */
export function hooksForEvent(snapshot: RegistrySnapshot, event: EventName): HookSpec[] {
  return snapshot.hooks.filter((hook) => hook.event === event);
}

/**
 * The dispatch order of an event's hooks: ascending priority; a configured hook without one has its position
 * among the event's configured hooks; a programmatic hook without one runs after every configured hook.
 * Ties: configured before programmatic, then configured or registration order.
 */
export function dispatchOrder(configured: readonly HookSpec[], programmatic: readonly HookSpec[]): HookSpec[] {
  const ranked = [
    ...configured.map((hook, index) => ({ hook, priority: hook.priority ?? index, origin: 0, index })),
    ...programmatic.map((hook, index) => ({ hook, priority: hook.priority ?? Number.POSITIVE_INFINITY, origin: 1, index })),
  ];
  ranked.sort((a, b) => a.priority - b.priority || a.origin - b.origin || a.index - b.index);
  return ranked.map((entry) => entry.hook);
}

/** Whether a hook may be dispatched: enabled, and trusted when it needs trust. */
export function isRunnable(hook: HookSpec, trusted: ReadonlySet<string>): boolean {
  return hook.disabled !== true && (hook.trustKey === undefined || trusted.has(hook.trustKey));
}

function describeCommand(hook: HookSpec): string {
  const { handler } = hook;
  switch (handler.type) {
    case 'command':
      return handler.args ? [handler.command, ...handler.args].join(' ') : handler.command;
    case 'script':
      return handler.path;
    case 'client':
      return handler.name;
  }
}

export function describeHook(hook: HookSpec, trusted: ReadonlySet<string> = new Set()): HookInfo {
  const { handler } = hook;
  return {
    id: hook.id,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    handlerType: handler.type,
    command: describeCommand(hook),
    source: hook.source,
    scope: hook.scope,
    timeoutMs: handler.timeoutMs,
    enabled: isRunnable(hook, trusted),
    ...(hook.priority !== undefined ? { priority: hook.priority } : {}),
    ...(hook.disabled ? { disabled: true } : {}),
    ...(hook.trustKey !== undefined ? { trust: trusted.has(hook.trustKey) ? 'trusted' : 'untrusted', trustKey: hook.trustKey } : {}),
  };
}
