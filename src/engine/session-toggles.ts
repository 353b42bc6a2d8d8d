// The session's enable/disable toggles (hooks/setEnabled): by hook name (else id), kept across reloads for the life
// of the engine, never written anywhere. Applies them to hooks as a dispatch sees them; decides nothing else.
import type { HookSpec } from './dialect.js';

export const SESSION_DISABLED_BY = 'disabled for this session (hooks/setEnabled)';

/** What a toggle is keyed by: the name the user gave the hook, else its id. */
export function toggleKey(hook: HookSpec): string {
  return hook.name ?? hook.id;
}

/** `hook` without its configured `disabled` (a parked hook turned on for the session). */
function enabledCopy(hook: HookSpec): HookSpec {
  return Object.fromEntries(Object.entries(hook).filter(([key]) => key !== 'disabled' && key !== 'disabledBy')) as HookSpec;
}

export class SessionToggles {
  readonly #byKey = new Map<string, boolean>();
  /** Each hook's toggled copy, made once per hook and value (the dispatch asks on every event). */
  readonly #copies = new WeakMap<HookSpec, { readonly enabled: boolean; readonly hook: HookSpec }>();

  set(key: string, enabled: boolean): void {
    this.#byKey.set(key, enabled);
  }

  /** The value set for this hook in this session; undefined: never toggled. */
  get(hook: HookSpec): boolean | undefined {
    return this.#byKey.size === 0 ? undefined : this.#byKey.get(toggleKey(hook));
  }

  /** The hook as a dispatch sees it: toggled off → disabled (disabledBy says so); toggled on → not disabled. */
  apply(hook: HookSpec): HookSpec {
    const enabled = this.get(hook);
    if (enabled === undefined || enabled === (hook.disabled !== true)) return hook;
    const cached = this.#copies.get(hook);
    if (cached !== undefined && cached.enabled === enabled) return cached.hook;
    const copy: HookSpec = enabled ? enabledCopy(hook) : { ...hook, disabled: true, disabledBy: SESSION_DISABLED_BY };
    this.#copies.set(hook, { enabled, hook: copy });
    return copy;
  }

  applyAll(hooks: readonly HookSpec[]): readonly HookSpec[] {
    return this.#byKey.size === 0 ? hooks : hooks.map((hook) => this.apply(hook));
  }
}
