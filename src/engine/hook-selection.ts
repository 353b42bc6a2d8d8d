// The checks that decide whether a hook starts on an event, one function per step, shared by the dispatch
// (engine.ts, dispatcher.ts) and the explanation (explain.ts) so the two can never disagree. Runs nothing.
import type { EventContext, HookSpec } from './dialect.js';
import type { TrustView } from './trust-state.js';
import { reviewBlock } from './review-gate.js';

/** Why a hook is no candidate of a dispatch at all (checked before matching). */
export type CandidacyBlock = 'disabled' | 'untrusted' | 'modified' | 'awaiting_approval' | 'denied' | 'once';

/**
 * The first reason a hook may not be dispatched now: disabled, not trusted for its current content, or a `once`
 * hook already spent (`onceSpent`). Undefined: it is a candidate.
 */
export function candidacyBlock(hook: HookSpec, trust: TrustView, onceSpent: (hook: HookSpec) => boolean = () => false): CandidacyBlock | undefined {
  if (hook.disabled === true) return 'disabled';
  const review = reviewBlock(hook);
  if (review !== undefined) return review;
  const state = trust.stateOf(hook);
  if (state !== 'trusted') return state;
  if (hook.once === true && onceSpent(hook)) return 'once';
  return undefined;
}

/** Its matcher accepts the dialect's match target for the event (undefined: the event has no match field). */
export function matcherAccepts(hook: HookSpec, target: string | undefined): boolean {
  return hook.matches(target);
}

/** Its condition (claude: the handler's `if` rule) holds for the event; a hook without one always holds. */
export function conditionHolds(hook: HookSpec, context: EventContext): boolean {
  return hook.applies === undefined || hook.applies(context);
}

/** Why a candidate does not start on this event; `duplicateOf`: the earlier hook of the same dedupeKey. */
export type EligibilityStep = {
  readonly hook: HookSpec;
  readonly skip?: 'matcher-mismatch' | 'condition' | 'deduplicated';
  readonly duplicateOf?: HookSpec;
};

/**
 * For each candidate in dispatch order: its matcher (unless `ignoreMatchers`), then its condition, then one per
 * dedupeKey (the first hook that passed both keeps the key; hooks without a key are all kept).
 */
export function eligibilitySteps(candidates: readonly HookSpec[], target: string | undefined, context: EventContext, ignoreMatchers = false): EligibilityStep[] {
  const firstOfKey = new Map<string, HookSpec>();
  return candidates.map((hook): EligibilityStep => {
    if (!ignoreMatchers && !matcherAccepts(hook, target)) return { hook, skip: 'matcher-mismatch' };
    if (!conditionHolds(hook, context)) return { hook, skip: 'condition' };
    if (hook.dedupeKey !== undefined) {
      const first = firstOfKey.get(hook.dedupeKey);
      if (first !== undefined) return { hook, skip: 'deduplicated', duplicateOf: first };
      firstOfKey.set(hook.dedupeKey, hook);
    }
    return { hook };
  });
}

/** An async command handler runs in the background when the dispatch can start background runs at all. */
export function runsInBackground(hook: HookSpec, backgroundRuns: boolean): boolean {
  return backgroundRuns && hook.handler.type === 'command' && hook.handler.async !== undefined;
}
