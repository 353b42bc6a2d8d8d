// Runs hookd refuses before they start, in words the dialect's interpret reads as a failure: a hook that must not be
// skipped while it lacks trust or approval (HookSpec.whenUntrusted "refuse"), an http handler under network denial.
import type { HookSpec } from './dialect.js';
import type { TrustView } from './trust-state.js';

/** Why a hook in this trust state may not run, as the refused run's preflight message says it. */
export function refusalMessage(state: string, hook: HookSpec): string {
  if (state === 'denied') return 'denied';
  if (state === 'awaiting_approval' || (hook.approval !== undefined && (state === 'untrusted' || state === 'modified'))) return 'awaiting approval';
  return 'not trusted';
}

/** The hooks of `hooks` that are not trusted now and say whenUntrusted "refuse" (disabled ones are never refused: they are off). */
export function refusedHooks(hooks: readonly HookSpec[], trust: TrustView): Map<HookSpec, string> {
  const refused = new Map<HookSpec, string>();
  for (const hook of hooks) {
    if (hook.whenUntrusted !== 'refuse' || hook.disabled === true) continue;
    const state = trust.stateOf(hook);
    if (state !== 'trusted') refused.set(hook, refusalMessage(state, hook));
  }
  return refused;
}

export function networkDeniedMessage(url: string): string {
  return `the client denies network access (networkAccess "denied"): no request was made to ${url}`;
}
