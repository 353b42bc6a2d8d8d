// Per-hook trust review (HookSpec.review, pbi) as the engine applies it: a reviewed hook is a dispatch candidate only
// when its dialect found it runnable at load; what hooks/list and hooks/explain say about one that is not. Reads only.
import type { HookInfo } from '../protocol/index.js';
import type { HookSpec } from './dialect.js';

/** Why a reviewed hook is no candidate (its review status), or undefined: it is runnable (or has no review). */
export function reviewBlock(hook: HookSpec): 'disabled' | 'untrusted' | 'modified' | undefined {
  const review = hook.review;
  if (review === undefined || review.runnable) return undefined;
  if (review.status === 'disabled' || review.status === 'modified') return review.status;
  return 'untrusted';
}

/** Where the review is recorded, in words (the state file when known). */
function stateFileText(statePath: string | undefined): string {
  return statePath !== undefined ? statePath : "the dialect's review state file";
}

/** Why a reviewed hook that is not runnable does not fire: its status, its key and the state file that holds it. */
export function reviewBlockDetail(hook: HookSpec, statePath?: string): string {
  const review = hook.review;
  const key = review?.key ?? hook.id;
  const file = stateFileText(statePath);
  switch (reviewBlock(hook)) {
    case 'disabled':
      return `disabled in ${file} ("${key}"): it does not fire, even under the trust bypass, until enabled (review/enable)`;
    case 'modified':
      return `changed since it was trusted (${file} records another hash than ${review?.currentHash ?? 'its current one'} for "${key}"): it does not fire until trusted again (review/trust)`;
    case 'untrusted':
      return `not trusted in ${file} ("${key}"): it does not fire until trusted (review/trust)`;
    case undefined:
      return 'runnable';
  }
}

/** hooks/list's state of a reviewed hook (undefined: no review, the usual rules apply). */
export function reviewHookStatus(hook: HookSpec, statePath?: string): Pick<HookInfo, 'state' | 'stateReason'> | undefined {
  const block = reviewBlock(hook);
  if (hook.review === undefined) return undefined;
  if (block === undefined) return { state: 'active' };
  return { state: block === 'disabled' ? 'parked' : block, stateReason: reviewBlockDetail(hook, statePath) };
}

/** HookInfo.review of a reviewed hook. */
export function reviewInfo(hook: HookSpec): Pick<HookInfo, 'review'> {
  const review = hook.review;
  if (review === undefined) return {};
  return {
    review: {
      key: review.key,
      trustStatus: review.status,
      currentHash: review.currentHash,
      enabled: review.status !== 'disabled',
      managed: review.managed,
      runnable: review.runnable,
      diagnostics: [...review.diagnostics],
    },
  };
}
