// How one unit's matching hooks run, as the dialect says (Dialect.executionFor for this dispatch, else `execution`):
// all at once, one after another (each next hook seeing the params the dialect threads from the previous verdict), or
// mixed (the hooks that may veto in sequence, the others concurrently beside them). Answers in configured order.
// Spawns nothing.
import type { Dialect, EventContext, HookSpec, HookVerdict } from './dialect.js';

export type PlannedRun<T> = { readonly hook: HookSpec; readonly result: T };

/** The execution of this one dispatch: the dialect's answer for these hooks, else its fixed `execution`. */
export function executionOf(dialect: Dialect, context: EventContext, hooks: readonly HookSpec[]): Dialect['execution'] {
  return dialect.executionFor?.(context, hooks) ?? dialect.execution;
}

/**
 * Runs `hooks` with `runOne` under the dialect's execution plan and returns the runs that happened, in configured
 * order (a chain that stopsDispatch ended leaves its later hooks out: they never started). `runOne` gets the context
 * the hook sees: in a sequential chain, the params Dialect.threadParams made of the previous verdict; else `context`.
 */
export async function runExecutionPlan<T>(
  dialect: Dialect,
  context: EventContext,
  hooks: readonly HookSpec[],
  runOne: (hook: HookSpec, context: EventContext) => Promise<T>,
  verdictOf: (result: T) => HookVerdict,
): Promise<PlannedRun<T>[]> {
  const execution = executionOf(dialect, context, hooks);
  if (execution === 'parallel') {
    // One hook (the usual case) needs no Promise.all.
    if (hooks.length === 1) return [{ hook: hooks[0]!, result: await runOne(hooks[0]!, context) }];
    // Assigned, not spread into push: the number of matching hooks has no bound an argument list could take.
    const results = await Promise.all(hooks.map((hook) => runOne(hook, context)));
    return hooks.map((hook, index) => ({ hook, result: results[index]! }));
  }
  const chain = execution === 'mixed' ? hooks.filter((hook) => dialect.vetoes?.(context, hook) === true) : [...hooks];
  const inChain = new Set(chain);
  // mixed: everything outside the chain starts at once and only contributes; it is not stopped by a veto.
  const beside = hooks.filter((hook) => !inChain.has(hook));
  const besideResults = Promise.all(beside.map((hook) => runOne(hook, context)));
  const done = new Map<HookSpec, T>();
  // Only a purely sequential chain threads: in a mixed one the hooks beside it saw the original params.
  const thread = execution === 'sequential' ? dialect.threadParams?.bind(dialect) : undefined;
  let seen = context;
  try {
    for (const hook of chain) {
      const result = await runOne(hook, seen);
      done.set(hook, result);
      const verdict = verdictOf(result);
      if (dialect.stopsDispatch?.(seen, verdict)) break;
      const next = thread?.(seen, verdict);
      if (next !== undefined) seen = { ...seen, params: next };
    }
  } finally {
    // Whatever the chain did, the concurrent runs are awaited (they never reject: runOne resolves every outcome).
    const results = await besideResults;
    beside.forEach((hook, index) => done.set(hook, results[index]!));
  }
  return hooks.flatMap((hook) => (done.has(hook) ? [{ hook, result: done.get(hook) as T }] : []));
}
