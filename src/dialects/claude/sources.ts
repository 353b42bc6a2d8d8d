// Which files the claude dialect reads, in configured order, with the scope, id label and kind of each: settings
// files (managed, its managed-settings.d drop-ins, user, project, local) then extension sources (plugin hooks
// files, skill and subagent frontmatter). Paths only (and the listing of the drop-in directory); must not parse files.
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ConfigSource } from '../../protocol/index.js';
import type { LoadContext } from '../../engine/dialect.js';

export const DEFAULT_MANAGED_SETTINGS_PATH = '/etc/claude-code/managed-settings.json';

/** At most this many managed-settings.d drop-ins are read (the rest get one diagnostic from the loader). */
export const MAX_MANAGED_DROP_INS = 256;

/** settings: a settings JSON file; plugin: a plugin's hooks/hooks.json; frontmatter: a skill or subagent Markdown file. */
export type SourceKind = 'settings' | 'plugin' | 'frontmatter';

export type SettingsSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** Prefix of hook ids: the scope, or `scope#n` (1-based) when several sources share a scope; extension sources and drop-ins name themselves, e.g. `plugin(formatter)`. */
  readonly label: string;
  /** Substituted for ${CLAUDE_PLUGIN_ROOT} (plugin sources always have one). */
  readonly pluginRoot?: string;
  readonly pluginData?: string;
};

const EXTENSION_SCOPES: readonly string[] = ['plugin', 'skill', 'subagent'];

export function isExtensionScope(scope: string): boolean {
  return EXTENSION_SCOPES.includes(scope);
}

export function sourceKind(source: Pick<SettingsSource, 'scope'>): SourceKind {
  return source.scope === 'plugin' ? 'plugin' : isExtensionScope(source.scope) ? 'frontmatter' : 'settings';
}

/**
 * Discovery order (= configured order of hooks, and the order in which later files win scalar settings):
 * managed, the `managed-settings.d/*.json` drop-ins beside it (in name order), user
 * (`$CLAUDE_CONFIG_DIR/settings.json`, else `<home>/.claude/settings.json`), project
 * (`<workspace>/.claude/settings.json`), local (`<workspace>/.claude/settings.local.json`). Settings files among
 * explicit `sources` are read alone, in the given order. Extension sources (plugin, skill, subagent), given in
 * `sources` or added later, always come after the settings files and never stop discovery.
 */
export function settingsSources(context: LoadContext): SettingsSource[] {
  const given = context.sources;
  const settingsGiven = given?.filter((source) => !isExtensionScope(source.scope));
  const discover = given === undefined || (given.length > 0 && settingsGiven?.length === 0);
  const settings: readonly ConfigSource[] = discover ? discoveredSettings(context) : (settingsGiven ?? []);
  const extensions = [...(given ?? []), ...(context.addedSources ?? [])].filter((source) => isExtensionScope(source.scope));
  const listed = [...settings.map((source) => describe(source, context)), ...withoutRepeats(extensions).map((source) => describe(source, context))];
  return withUniqueLabels(listed);
}

function discoveredSettings(context: LoadContext): ConfigSource[] {
  const managed = context.managedSettingsPath ?? DEFAULT_MANAGED_SETTINGS_PATH;
  return withoutRepeatedPaths([
    { path: managed, scope: 'managed' },
    ...managedDropIns(managed).map((path) => ({ path, scope: 'managed' as const, name: basename(path) })),
    { path: join(userSettingsDir(context), 'settings.json'), scope: 'user' },
    { path: join(context.workspace, '.claude', 'settings.json'), scope: 'project' },
    { path: join(context.workspace, '.claude', 'settings.local.json'), scope: 'local' },
  ]);
}

/** `$CLAUDE_CONFIG_DIR` (hookd's environment; empty counts as unset), else `<home>/.claude`. */
export function userSettingsDir(context: LoadContext): string {
  const override = context.env?.CLAUDE_CONFIG_DIR;
  return override !== undefined && override !== '' ? resolve(override) : join(context.home, '.claude');
}

/** `<dir of the managed file>/managed-settings.d/*.json`, in name order (code-unit order, as a sort of the names). */
export function managedDropIns(managedPath: string): string[] {
  const dir = join(dirname(managedPath), 'managed-settings.d');
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith('.json') && !entry.name.startsWith('.') && !entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  return names
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_MANAGED_DROP_INS)
    .map((name) => join(dir, name));
}

type Described = Omit<SettingsSource, 'label'> & { readonly base: string };

function describe(source: ConfigSource, context: LoadContext): Described {
  const scope = source.scope;
  if (!isExtensionScope(scope)) return { path: source.path, scope, base: source.name !== undefined ? `${scope}(${source.name})` : scope };
  const path = resolve(context.workspace, source.path);
  const pluginRoot = source.pluginRoot !== undefined ? resolve(context.workspace, source.pluginRoot) : scope === 'plugin' ? dirname(dirname(path)) : undefined;
  const name = source.name ?? defaultName(scope, path, pluginRoot);
  return {
    path,
    scope,
    ...(pluginRoot !== undefined ? { pluginRoot } : {}),
    ...(source.pluginData !== undefined ? { pluginData: resolve(context.workspace, source.pluginData) } : {}),
    base: `${scope}(${name})`,
  };
}

/** plugin: the plugin directory's name; skill: `skills/<name>/SKILL.md` → `<name>`; otherwise the file name without `.md`. */
function defaultName(scope: string, path: string, pluginRoot: string | undefined): string {
  if (scope === 'plugin' && pluginRoot !== undefined) return basename(pluginRoot);
  const file = basename(path);
  if (scope === 'skill' && file.toLowerCase() === 'skill.md') return basename(dirname(path));
  return file.replace(/\.md$/i, '');
}

/** Labels are unique: a repeated one gets `#n` (1-based) on every source that has it. */
function withUniqueLabels(listed: readonly Described[]): SettingsSource[] {
  const count = new Map<string, number>();
  for (const source of listed) count.set(source.base, (count.get(source.base) ?? 0) + 1);
  const seen = new Map<string, number>();
  return listed.map(({ base, ...source }) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...source, label: (count.get(base) ?? 0) > 1 ? `${base}#${n}` : base };
  });
}

/** An extension source given twice (by path) counts once, the last one given winning (hooks/addSource replaces). */
function withoutRepeats(sources: readonly ConfigSource[]): ConfigSource[] {
  return sources.filter((source, index) => !sources.slice(index + 1).some((later) => resolve(later.path) === resolve(source.path)));
}

/** When the workspace is the home directory, its settings file is read once, as the project's (the later scope). */
function withoutRepeatedPaths(sources: readonly ConfigSource[]): ConfigSource[] {
  return sources.filter((source, index) => !sources.slice(index + 1).some((later) => resolve(later.path) === resolve(source.path)));
}
