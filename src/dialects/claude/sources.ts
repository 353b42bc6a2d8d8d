// Which settings files the claude dialect reads, in configured order, with the scope and id label of each.
// Paths only; must not read or parse files.
import { join, resolve } from 'node:path';
import type { ConfigSource } from '../../protocol/index.js';
import type { LoadContext } from '../../engine/dialect.js';

export const DEFAULT_MANAGED_SETTINGS_PATH = '/etc/claude-code/managed-settings.json';

export type SettingsSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** Prefix of hook ids: the scope, or `scope#n` (1-based) when several sources share a scope. */
  readonly label: string;
};

/**
 * Discovery order (= configured order of hooks, and the order in which later files win scalar settings):
 * managed, user (`<home>/.claude/settings.json`), project (`<workspace>/.claude/settings.json`),
 * local (`<workspace>/.claude/settings.local.json`). Explicit `sources` are read alone, in the given order.
 */
export function settingsSources(context: LoadContext): SettingsSource[] {
  const sources: readonly ConfigSource[] = context.sources ?? withoutRepeatedPaths([
    { path: context.managedSettingsPath ?? DEFAULT_MANAGED_SETTINGS_PATH, scope: 'managed' },
    { path: join(context.home, '.claude', 'settings.json'), scope: 'user' },
    { path: join(context.workspace, '.claude', 'settings.json'), scope: 'project' },
    { path: join(context.workspace, '.claude', 'settings.local.json'), scope: 'local' },
  ]);
  const perScope = new Map<string, number>();
  for (const source of sources) perScope.set(source.scope, (perScope.get(source.scope) ?? 0) + 1);
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const n = (seen.get(source.scope) ?? 0) + 1;
    seen.set(source.scope, n);
    const label = (perScope.get(source.scope) ?? 0) > 1 ? `${source.scope}#${n}` : source.scope;
    return { path: source.path, scope: source.scope, label };
  });
}

/** When the workspace is the home directory, its settings file is read once, as the project's (the later scope). */
function withoutRepeatedPaths(sources: readonly ConfigSource[]): ConfigSource[] {
  return sources.filter((source, index) => !sources.slice(index + 1).some((later) => resolve(later.path) === resolve(source.path)));
}
