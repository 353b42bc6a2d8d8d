// The loaded configuration as an immutable snapshot: hooks in configured order, diagnostics, sources; and the
// dispatch order of an event's hooks. A dispatch reads a snapshot once at its start; loading a new one never
// disturbs runs in flight.
import type { Diagnostic, EventName, HookInfo } from '../protocol/index.js';
import type { HookSpec, InvalidHookEntry, LoadResult, SourceRejection } from './dialect.js';
import type { TrustView } from './trust-state.js';
import { candidacyBlock } from './hook-selection.js';
import { reviewInfo } from './review-gate.js';
import { hookProvenance, hookStatus } from './hook-status.js';
import { SessionToggles } from './session-toggles.js';

export type RegistrySnapshot = {
  readonly hooks: readonly HookSpec[];
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: readonly string[];
  /** Hooks written in the configuration that the dialect's policy did not load (LoadResult.notLoaded); explained only. */
  readonly notLoaded?: readonly HookSpec[];
  /** Entries written in the configuration that failed to load (LoadResult.invalid); listed with state invalid, never dispatched. */
  readonly invalid?: readonly InvalidHookEntry[];
};

export const EMPTY_SNAPSHOT: RegistrySnapshot = Object.freeze({ hooks: [], diagnostics: [], sources: [] });

function freeze(hooks: readonly HookSpec[], diagnostics: readonly Diagnostic[], sources: readonly string[]): RegistrySnapshot {
  return Object.freeze({ hooks: Object.freeze([...hooks]), diagnostics: Object.freeze([...diagnostics]), sources: Object.freeze([...sources]) });
}

/** Appends the hooks of `source` from `list` in a loop (never `push(...list)`: a file may hold 100,000 hooks). */
function appendFrom(hooks: HookSpec[], list: readonly HookSpec[], source: string): number {
  let count = 0;
  for (const hook of list) {
    if (hook.source !== source) continue;
    hooks.push(hook);
    count++;
  }
  return count;
}

const listOf = (parts: readonly string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** What a first load says of a rejected file: plainly which of its hooks are not active. */
function startupRejection(source: string, rejection: SourceRejection | undefined, loaded: number): Diagnostic {
  const errors = rejection !== undefined ? `has ${rejection.errors} error(s)` : 'is invalid';
  const at = { file: source, line: 1, column: 1, field: '(root)' };
  const inactive = rejection?.inactive ?? [];
  if (loaded === 0 || inactive.length === 0)
    return { severity: 'warning', ...at, code: 'source-rejected', message: `${source} ${errors}: none of its hooks are active until it is fixed` };
  const shown = inactive.length > 5 ? [...inactive.slice(0, 5), `${inactive.length - 5} more`] : inactive;
  return {
    severity: 'warning',
    ...at,
    code: 'source-partly-loaded',
    message: `${source} ${errors}: its ${listOf(shown)} hooks are not active until fixed; its other ${loaded} hook(s) are loaded`,
  };
}

/** `diagnostics` with each file's note right after that file's last diagnostic (at the end if it has none). */
function withNotesAfterTheirFiles(diagnostics: readonly Diagnostic[], notes: ReadonlyMap<string, Diagnostic>): Diagnostic[] {
  const last = new Map<string, number>();
  diagnostics.forEach((entry, index) => {
    if (entry.file !== undefined && notes.has(entry.file)) last.set(entry.file, index);
  });
  const out: Diagnostic[] = [];
  diagnostics.forEach((entry, index) => {
    out.push(entry);
    if (entry.file !== undefined && last.get(entry.file) === index) out.push(notes.get(entry.file) as Diagnostic);
  });
  for (const [file, note] of notes) if (!last.has(file)) out.push(note);
  return out;
}

/**
 * A first load (no last good configuration): a file the dialect rejected contributes only its `startupHooks`
 * (nothing when it has none, even hooks the dialect made of it anyway), and a warning says what is not active.
 */
export function snapshotFrom(result: LoadResult): RegistrySnapshot {
  const snapshot = snapshotOfLoad(result);
  return withInvalid(result.notLoaded === undefined || result.notLoaded.length === 0 ? snapshot : Object.freeze({ ...snapshot, notLoaded: Object.freeze([...result.notLoaded]) }), result.invalid ?? []);
}

/** `snapshot` listing `invalid` too (none: unchanged). */
function withInvalid(snapshot: RegistrySnapshot, invalid: readonly InvalidHookEntry[]): RegistrySnapshot {
  return invalid.length === 0 ? snapshot : Object.freeze({ ...snapshot, invalid: Object.freeze([...invalid]) });
}

function snapshotOfLoad(result: LoadResult): RegistrySnapshot {
  const rejected = new Set(result.rejectedSources ?? []);
  if (rejected.size === 0) return freeze(result.hooks, result.diagnostics, result.sources);
  const rejections = new Map((result.rejections ?? []).map((rejection) => [rejection.source, rejection]));
  const hooks: HookSpec[] = [];
  const notes = new Map<string, Diagnostic>();
  const placed = new Set<string>();
  for (const source of [...result.sources, ...rejected]) {
    if (placed.has(source)) continue;
    placed.add(source);
    if (!rejected.has(source)) {
      appendFrom(hooks, result.hooks, source);
      continue;
    }
    const rejection = rejections.get(source);
    const loaded = appendFrom(hooks, rejection?.startupHooks ?? [], source);
    notes.set(source, startupRejection(source, rejection, loaded));
  }
  for (const hook of result.hooks) if (!placed.has(hook.source)) hooks.push(hook);
  return freeze(hooks, withNotesAfterTheirFiles(result.diagnostics, notes), result.sources);
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
  const append = (list: readonly HookSpec[], source: string): number => appendFrom(hooks, list, source);
  const placed = new Set<string>();
  for (const source of result.sources) {
    placed.add(source);
    if (!rejected.has(source)) {
      append(result.hooks, source);
      continue;
    }
    const kept = append(previous.hooks, source);
    diagnostics.push(
      kept > 0
        ? { severity: 'info', file: source, code: 'kept-last-good', message: `${source} is invalid: keeping the ${kept} hook(s) last loaded from it until it is fixed` }
        : { severity: 'warning', file: source, code: 'kept-last-good', message: `${source} is invalid: none of its hooks are active until it is fixed (no hooks were loaded from it before)` },
    );
  }
  for (const hook of result.hooks) if (!placed.has(hook.source)) hooks.push(hook);
  const snapshot = freeze(hooks, diagnostics, result.sources);
  // A rejected file keeps the invalid entries last listed from it, as it keeps its hooks.
  const invalid = [...(result.invalid ?? []).filter((entry) => !rejected.has(entry.source)), ...(previous.invalid ?? []).filter((entry) => rejected.has(entry.source))];
  return withInvalid(result.notLoaded === undefined || result.notLoaded.length === 0 ? snapshot : Object.freeze({ ...snapshot, notLoaded: Object.freeze([...result.notLoaded]) }), invalid);
}

const NO_HOOKS: readonly HookSpec[] = Object.freeze([]);

/** Each snapshot's hooks by event, built the first time a dispatch asks (a snapshot never changes). */
const hooksByEvent = new WeakMap<RegistrySnapshot, ReadonlyMap<EventName, readonly HookSpec[]>>();

/** Hooks configured for one event, in configured order (disabled and untrusted ones included). */
export function hooksForEvent(snapshot: RegistrySnapshot, event: EventName): readonly HookSpec[] {
  let byEvent = hooksByEvent.get(snapshot);
  if (byEvent === undefined) {
    const lists = new Map<EventName, HookSpec[]>();
    for (const hook of snapshot.hooks) {
      const list = lists.get(hook.event);
      if (list === undefined) lists.set(hook.event, [hook]);
      else list.push(hook);
    }
    for (const list of lists.values()) Object.freeze(list);
    byEvent = lists;
    hooksByEvent.set(snapshot, byEvent);
  }
  return byEvent.get(event) ?? NO_HOOKS;
}

/**
 * The dispatch order of an event's hooks: ascending priority; a configured hook without one has its position
 * among the event's configured hooks; a programmatic hook without one runs after every configured hook.
 * Ties: configured before programmatic, then configured or registration order.
 */
export function dispatchOrder(configured: readonly HookSpec[], programmatic: readonly HookSpec[]): HookSpec[] {
  // The usual case, no programmatic hook and no priority: the configured order is the order.
  if (programmatic.length === 0 && configured.every((hook) => hook.priority === undefined)) return [...configured];
  const ranked = [
    ...configured.map((hook, index) => ({ hook, priority: hook.priority ?? index, origin: 0, index })),
    ...programmatic.map((hook, index) => ({ hook, priority: hook.priority ?? Number.POSITIVE_INFINITY, origin: 1, index })),
  ];
  ranked.sort((a, b) => a.priority - b.priority || a.origin - b.origin || a.index - b.index);
  return ranked.map((entry) => entry.hook);
}

/** Whether a hook may be dispatched: enabled, and trusted (for its current content) when it needs trust. */
export function isRunnable(hook: HookSpec, trust: TrustView): boolean {
  return candidacyBlock(hook, trust) === undefined;
}

const NOTHING_TRUSTED: TrustView = { stateOf: (hook) => (hook.trustKey === undefined ? 'trusted' : 'untrusted') };

export function describeCommand(hook: HookSpec): string {
  const { handler } = hook;
  switch (handler.type) {
    case 'command':
      return handler.args ? [handler.command, ...handler.args].join(' ') : handler.command;
    case 'script':
      return handler.path;
    case 'client':
      return handler.name;
    case 'http':
      return handler.url;
    case 'prompt':
    case 'agent':
      return handler.prompt;
    case 'mcp_tool':
      return `${handler.server}/${handler.tool}`;
  }
}

/** `toggle`: the session toggle of the hook (hooks/setEnabled), if any; `enabled` and `state` take it into account. */
export function describeHook(hook: HookSpec, trust: TrustView = NOTHING_TRUSTED, toggle?: boolean, statePath?: string): HookInfo {
  const { handler } = hook;
  const toggled = toggle === undefined ? hook : toggledHook(hook, toggle);
  return {
    id: hook.id,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    handlerType: handler.type,
    command: describeCommand(hook),
    source: hook.source,
    scope: hook.scope,
    timeoutMs: handler.timeoutMs,
    enabled: isRunnable(toggled, trust),
    ...(hook.priority !== undefined ? { priority: hook.priority } : {}),
    ...(hook.disabled ? { disabled: true } : {}),
    ...(hook.trustKey !== undefined ? { trust: trust.stateOf(hook), trustKey: hook.trustKey } : {}),
    ...(hook.name !== undefined ? { name: hook.name } : {}),
    ...hookStatus(hook, hook.trustKey === undefined ? 'trusted' : trust.stateOf(hook), toggle, statePath),
    provenance: hookProvenance(hook),
    ...reviewInfo(hook),
    ...(toggle !== undefined ? { sessionEnabled: toggle } : {}),
  };
}

function toggledHook(hook: HookSpec, enabled: boolean): HookSpec {
  const toggles = new SessionToggles();
  toggles.set(hook.name ?? hook.id, enabled);
  return toggles.apply(hook);
}
