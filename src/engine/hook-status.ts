// A hook's state and provenance as hooks/list shows them (active, parked, disabled for the session, awaiting
// approval, denied, untrusted, modified, invalid), and the listing of an entry that failed to load. Decides nothing
// about dispatch: it reads what the registry, the trust view and the session toggles already hold.
import type { HookInfo, HookProvenance, HookState } from '../protocol/index.js';
import type { HookSpec, InvalidHookEntry } from './dialect.js';
import { SESSION_DISABLED_BY } from './session-toggles.js';
import { reviewHookStatus } from './review-gate.js';

export type HookStatus = { readonly state: HookState; readonly stateReason?: string };

/**
 * The state for `trust` (the trust view's word for the hook: trusted, untrusted, modified, or an approval state):
 * a hook that asks for approval itself is awaiting approval until it has one for its current effect.
 */
function trustStatus(hook: HookSpec, trust: string): HookStatus {
  const key = hook.trustKey ?? '';
  const asks = hook.approval !== undefined;
  switch (trust) {
    case 'trusted':
      return { state: 'active' };
    case 'denied':
      return { state: 'denied', stateReason: `its approval was denied (${asks ? hook.approval?.summary : key}): it does not fire in this hookd process` };
    case 'untrusted':
    case 'modified':
    case 'awaiting_approval':
    case 'awaiting approval':
      if (asks)
        return {
          state: 'awaiting_approval',
          stateReason: `${trust === 'modified' ? 'its effect changed since it was approved' : 'not approved yet'}: it does not fire until the client approves it (hooks/approve, or trust/set of "${key}")`,
        };
      return trust === 'modified'
        ? { state: 'modified', stateReason: `${hook.source} changed since "${key}" was trusted: it does not fire until trusted again (trust/set)` }
        : { state: 'untrusted', stateReason: `it does not fire until the client trusts "${key}" (trust/set)` };
    default:
      // A trust word this listing does not know yet: say it as it is, never "active".
      return { state: asks ? 'awaiting_approval' : 'untrusted', stateReason: `trust state "${trust}"` };
  }
}

/** `toggle`: the session toggle (hooks/setEnabled), if any; `trust`: the trust view's state for the hook. */
export function hookStatus(hook: HookSpec, trust: string, toggle: boolean | undefined, statePath?: string): HookStatus {
  if (toggle === false) return { state: 'disabled', stateReason: SESSION_DISABLED_BY };
  const reviewed = reviewHookStatus(hook, statePath);
  if (reviewed !== undefined) return reviewed;
  if (toggle !== true && hook.disabled === true) return { state: 'parked', stateReason: hook.disabledBy ?? `disabled in ${hook.source}` };
  if (hook.trustKey === undefined) return { state: 'active' };
  return trustStatus(hook, trust);
}

export function hookProvenance(hook: HookSpec): HookProvenance {
  const at = hook.location;
  return {
    scope: hook.scope,
    file: at?.file ?? hook.source,
    ...(at?.line !== undefined ? { line: at.line } : {}),
    ...(at?.column !== undefined ? { column: at.column } : {}),
    ...(at?.field !== undefined ? { field: at.field } : {}),
  };
}

/** A stable id for an entry that did not load: its file and line (and name), never one a loaded hook can have. */
export function invalidEntryId(entry: InvalidHookEntry): string {
  return `invalid:${entry.source}${entry.line !== undefined ? `:${entry.line}` : ''}${entry.name !== undefined ? `#${entry.name}` : ''}`;
}

/** An entry that failed to load, listed with state invalid; `scopeOf`: the scope of its file's loaded hooks, if any. */
export function describeInvalidEntry(entry: InvalidHookEntry, scopeOf: (source: string) => string | undefined): HookInfo {
  const scope = entry.scope ?? scopeOf(entry.source) ?? 'unknown';
  return {
    id: invalidEntryId(entry),
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    event: entry.event ?? '',
    handlerType: 'invalid',
    source: entry.source,
    scope,
    timeoutMs: 0,
    enabled: false,
    state: 'invalid',
    stateReason: entry.message,
    provenance: { scope, file: entry.source, ...(entry.line !== undefined ? { line: entry.line } : {}), ...(entry.field !== undefined ? { field: entry.field } : {}) },
  };
}

/**
 * The listing with each invalid entry where its file has it: before the first listed hook of the same file written
 * below it, else after that file's last listed hook, else at the end. Linear in the listing (a file may hold 100,000).
 */
export function withInvalidInPlace(listed: readonly HookInfo[], invalid: readonly HookInfo[]): HookInfo[] {
  if (invalid.length === 0) return [...listed];
  const pending = new Map<string, HookInfo[]>();
  for (const entry of invalid) {
    const list = pending.get(entry.provenance.file) ?? [];
    list.push(entry);
    pending.set(entry.provenance.file, list);
  }
  for (const list of pending.values()) list.sort((a, b) => (a.provenance.line ?? 0) - (b.provenance.line ?? 0));
  const out: HookInfo[] = [];
  const flush = (file: string, below?: number) => {
    const list = pending.get(file);
    if (list === undefined) return;
    let taken = 0;
    while (taken < list.length && (below === undefined || (list[taken]?.provenance.line ?? 0) < below)) out.push(list[taken++] as HookInfo);
    if (taken === list.length) pending.delete(file);
    else list.splice(0, taken);
  };
  let previousFile: string | undefined;
  for (const hook of listed) {
    const file = hook.provenance.file;
    if (previousFile !== undefined && previousFile !== file) flush(previousFile);
    flush(file, hook.provenance.line ?? Number.POSITIVE_INFINITY);
    out.push(hook);
    previousFile = file;
  }
  if (previousFile !== undefined) flush(previousFile);
  for (const list of pending.values()) for (const entry of list) out.push(entry);
  return out;
}
