// `hookd check`: which hooks a fresh clone of the workspace's repository would run, with workspace trust off and on.
// Loads the dialect's committed files alone (twice); never runs anything and never reads the trust store.
import type { Dialect, LoadContext } from '../engine/dialect.js';
import { describeHook, isRunnable, snapshotFrom } from '../engine/registry.js';
import type { HookInfo } from '../protocol/index.js';

export type FreshCloneReport = {
  /** The files a fresh clone has (the dialect's committed configuration). */
  readonly sources: readonly string[];
  /** Its hooks as they load with workspace trust off. */
  readonly hooks: readonly HookInfo[];
  /** Off (headless Claude Code, hookd's default): the ids that run at once. */
  readonly workspaceTrustOff: { readonly runs: readonly string[] };
  /** On: what runs before the client trusts the workspace, and the key and content hash it would be asked to trust. */
  readonly workspaceTrustOn: { readonly runs: readonly string[]; readonly afterTrust: readonly string[]; readonly trustKey?: string; readonly contentHash?: string };
  /** The dialect does not read options.workspaceTrust (Dialect.readsWorkspaceTrust): its project trust, if any, is its own (e.g. wamp's). */
  readonly ignoresWorkspaceTrust: boolean;
};

/** Nothing is trusted in a fresh clone: a hook that needs a key does not run. */
const NOTHING_TRUSTED = { stateOf: (hook: { trustKey?: string }) => (hook.trustKey === undefined ? ('trusted' as const) : ('untrusted' as const)) };

export function freshCloneReport(dialect: Dialect, context: LoadContext): FreshCloneReport | undefined {
  const committed = dialect.committedSources?.(context);
  if (committed === undefined) return undefined;
  const load = (workspaceTrust: boolean) => snapshotFrom(dialect.load({ ...context, sources: committed, workspaceTrust }));
  const off = load(false);
  const on = load(true);
  const runs = (hooks: typeof off.hooks) => hooks.filter((hook) => isRunnable(hook, NOTHING_TRUSTED)).map((hook) => hook.id);
  const gated = on.hooks.find((hook) => hook.trustKey !== undefined);
  return {
    sources: committed.map((source) => source.path),
    hooks: off.hooks.map((hook) => describeHook(hook, NOTHING_TRUSTED)),
    workspaceTrustOff: { runs: runs(off.hooks) },
    workspaceTrustOn: {
      runs: runs(on.hooks),
      afterTrust: on.hooks.filter((hook) => hook.disabled !== true).map((hook) => hook.id),
      ...(gated?.trustKey !== undefined ? { trustKey: gated.trustKey } : {}),
      ...(gated?.trustHash !== undefined ? { contentHash: gated.trustHash } : {}),
    },
    ignoresWorkspaceTrust: dialect.readsWorkspaceTrust !== true,
  };
}

/** The report as lines for the human-readable `hookd check`. */
export function freshCloneLines(report: FreshCloneReport): string[] {
  const lines = [`a fresh clone of the repository has only ${report.sources.join(', ')} (no local, user or managed settings) and would run:`];
  const describe = (ids: readonly string[]) =>
    ids.map((id) => {
      const hook = report.hooks.find((entry) => entry.id === id);
      return `    ${id}  ${hook?.event ?? ''}${hook?.matcher !== undefined ? ` [${hook.matcher}]` : ''}  ${hook?.command ?? ''}`;
    });
  const { workspaceTrustOff: off, workspaceTrustOn: on } = report;
  if (report.ignoresWorkspaceTrust) {
    // The dialect gates its project files itself (wamp: the project's trust): one answer, before and after that trust.
    const after = on.trustKey !== undefined && on.afterTrust.length !== on.runs.length ? ` until the client trusts "${on.trustKey}" (trust/set), then ${on.afterTrust.length}` : '';
    lines.push(`  ${on.runs.length} hook(s)${after}`, ...describe(on.runs));
    return lines;
  }
  lines.push(`  with workspace trust off (headless Claude Code; hookd's default): ${off.runs.length} hook(s)`, ...describe(off.runs));
  if (on.afterTrust.length === 0 || on.trustKey === undefined) {
    lines.push(`  with workspace trust on (options.workspaceTrust): ${on.runs.length} hook(s)`, ...describe(on.runs));
  } else {
    lines.push(
      `  with workspace trust on (options.workspaceTrust): ${on.runs.length} hook(s) until the client trusts "${on.trustKey}" (${on.contentHash ?? 'no content hash'}), then ${on.afterTrust.length}`,
      ...describe(on.runs),
    );
  }
  return lines;
}
