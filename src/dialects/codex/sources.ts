// The files a codex load reads, in order (user, then project), and the committed project file a fresh clone has
// (`hookd check`). Paths only: must not read or parse files, nor decide project trust.
import { resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { codexConfigPath, codexProjectHooksPath, codexUserHooksPath } from './paths.js';

export type CodexSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** Prefix of hook ids: `user`, `project`, or `<scope>#n` when several given sources share a scope. */
  readonly label: string;
  /** Discovered (not given by the client): a project file then loads only when config.toml trusts the project. */
  readonly discovered: boolean;
  /** `json`: a hooks.json; `toml`: the inline `[hooks]` tables of config.toml (parse-toml-hooks.ts). */
  readonly format: 'json' | 'toml';
};

/**
 * Discovery (§3.1, observed 16): `$CODEX_HOME/hooks.json` (scope user), then the inline `[hooks]` of
 * `$CODEX_HOME/config.toml` (the same layer: Codex loads a layer's JSON hooks, then its TOML ones), then
 * `<workspace>/.codex/hooks.json` (scope project); when the two hooks.json are one file (the workspace is the home
 * directory) it is read once, as the user file. Explicit `sources` replace discovery: read alone, in the given order
 * (duplicates once), with the scope given.
 */
export function codexSources(context: LoadContext): CodexSource[] {
  if (context.sources === undefined) {
    const user = codexUserHooksPath(context);
    const project = codexProjectHooksPath(context.workspace);
    const found: CodexSource[] = [
      { path: user, scope: 'user', label: 'user', discovered: true, format: 'json' },
      { path: codexConfigPath(context), scope: 'user', label: 'user-toml', discovered: true, format: 'toml' },
    ];
    if (resolve(project) !== resolve(user)) found.push({ path: project, scope: 'project', label: 'project', discovered: true, format: 'json' });
    return found;
  }
  const paths = context.sources.map((source) => ({ path: resolve(context.workspace, source.path), scope: source.scope }));
  const unique = paths.filter((source, index) => paths.findIndex((other) => other.path === source.path) === index);
  const perScope = new Map<string, number>();
  for (const source of unique) perScope.set(source.scope, (perScope.get(source.scope) ?? 0) + 1);
  const seen = new Map<string, number>();
  return unique.map((source) => {
    const n = (seen.get(source.scope) ?? 0) + 1;
    seen.set(source.scope, n);
    return { ...source, label: (perScope.get(source.scope) ?? 0) > 1 ? `${source.scope}#${n}` : source.scope, discovered: false, format: 'json' as const };
  });
}

/** The project file a fresh clone of the repository brings: never the user's own file. */
export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: codexProjectHooksPath(context.workspace), scope: 'project' }];
}
