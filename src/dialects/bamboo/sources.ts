// Where Bamboo hook files live: the data directory, the user and project files in configured order, the trust key
// of project files, and where server-owned hooks run. Paths only; must not read or parse files.
import { join, resolve } from 'node:path';
import type { LoadContext, Placement } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';

export type HookSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** Prefix of hook ids: the scope, or `scope#n` (1-based) when several sources share a scope. */
  readonly label: string;
  /** Set for project-scope files: their hooks run only after the client trusts this key. */
  readonly trustKey?: string;
};

/** `$BAMBOO_DATA_DIR` (from hookd's environment; empty counts as unset), else `<home>/.bamboo`. */
export function dataDir(context: LoadContext): string {
  const override = context.env?.BAMBOO_DATA_DIR;
  return override !== undefined && override !== '' ? resolve(override) : join(context.home, '.bamboo');
}

/** "Project-local hook discovery requires a separate trust gate": one key per workspace. */
export function projectTrustKey(workspace: string): string {
  return `workspace:${workspace}`;
}

/**
 * User file (`<data dir>/hooks.json`, trusted) then project file (`<workspace>/.bamboo/hooks.json`, trust-gated).
 * The same path twice is read once, as the user file (it is Bamboo's own data-directory configuration).
 * Explicit `sources` are read alone, in the given order; only `project` scope is trust-gated.
 */
export function hookSources(context: LoadContext): HookSource[] {
  const listed: readonly ConfigSource[] = context.sources ?? [
    { path: join(dataDir(context), 'hooks.json'), scope: 'user' },
    { path: join(context.workspace, '.bamboo', 'hooks.json'), scope: 'project' },
  ];
  const unique = listed.filter((source, index) => listed.findIndex((other) => resolve(other.path) === resolve(source.path)) === index);
  const perScope = new Map<string, number>();
  for (const source of unique) perScope.set(source.scope, (perScope.get(source.scope) ?? 0) + 1);
  const seen = new Map<string, number>();
  return unique.map((source) => {
    const n = (seen.get(source.scope) ?? 0) + 1;
    seen.set(source.scope, n);
    const label = (perScope.get(source.scope) ?? 0) > 1 ? `${source.scope}#${n}` : source.scope;
    return { path: source.path, scope: source.scope, label, ...(source.scope === 'project' ? { trustKey: projectTrustKey(context.workspace) } : {}) };
  });
}

/**
 * Server-owned hooks (events with no agent session workspace): run in the configured default work area, else
 * the server process directory; relative script paths resolve against the default work area, else the data dir.
 */
export function serverOwnedPlacement(context: LoadContext): Placement {
  return { cwd: context.defaultWorkArea ?? process.cwd(), scriptBase: context.defaultWorkArea ?? dataDir(context) };
}
