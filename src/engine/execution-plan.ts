// How one unit's matching hooks run, as the dialect's `execution` says: all at once, one after another, or mixed (the
// hooks that may veto in sequence, the others concurrently beside them). Answers in configured order. Spawns nothing.
import type { Dialect, EventContext, HookSpec, HookVerdict } from './dialect.js';

export type PlannedRun<T> = { readonly hook: HookSpec; readonly result: T };

/**
 * Runs `hooks` with `runOne` under the dialect's execution plan and returns the runs that happened, in configured
 * order (a chain that stopsDispatch ended leaves its later hooks out: they never started).
 */
export async function runExecutionPlan<T>(
  dialect: Dialect,
  context: EventContext,
  hooks: readonly HookSpec[],
  runOne: (hook: HookSpec) => Promise<T>,
  verdictOf: (result: T) => HookVerdict,
): Promise<PlannedRun<T>[]> {
  if (dialect.execution === 'parallel') {
    // Assigned, not spread into push: the number of matching hooks has no bound an argument list could take.
    const results = await Promise.all(hooks.map(runOne));
    return hooks.map((hook, index) => ({ hook, result: results[index]! }));
  }
  const chain = dialect.execution === 'mixed' ? hooks.filter((hook) => dialect.vetoes?.(context, hook) === true) : [...hooks];
  const inChain = new Set(chain);
  // mixed: everything outside the chain starts at once and only contributes; it is not stopped by a veto.
  const beside = hooks.filter((hook) => !inChain.has(hook));
  const besideResults = Promise.all(beside.map(runOne));
  const done = new Map<HookSpec, T>();
  try {
    for (const hook of chain) {
      const result = await runOne(hook);
      done.set(hook, result);
      if (dialect.stopsDispatch?.(context, verdictOf(result))) break;
    }
  } finally {
    // Whatever the chain did, the concurrent runs are awaited (they never reject: runOne resolves every outcome).
    const results = await besideResults;
    beside.forEach((hook, index) => done.set(hook, results[index]!));
  }
  return hooks.flatMap((hook) => (done.has(hook) ? [{ hook, result: done.get(hook) as T }] : []));
}
