// Where bonsai's configuration lives: the global file `<home>/.bonsai/config.toml` (pre-trusted) then the project
// file `<workspace>/.bonsai/config.toml` (its shell/http hooks need approval), or the client's explicit sources.
// Paths only; must not read or parse files.
import { join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import type { BonsaiScope } from './hook-data.js';

export type BonsaiSource = { readonly path: string; readonly scope: BonsaiScope };

export const CONFIG_DIR = '.bonsai';
export const CONFIG_FILE = 'config.toml';

/** The project file a fresh clone of the repository brings (`hookd check` of a fresh clone). */
export function projectConfigPath(workspace: string): string {
  return join(workspace, CONFIG_DIR, CONFIG_FILE);
}

export function globalConfigPath(home: string): string {
  return join(home, CONFIG_DIR, CONFIG_FILE);
}

/**
 * Explicit sources keep their order; `user` and `managed` files count as global (written by the user or an
 * administrator: pre-trusted), every other scope as project (gated). The same path twice is read once.
 */
export function bonsaiSources(context: LoadContext): BonsaiSource[] {
  const listed: readonly BonsaiSource[] = context.sources?.map((source) => ({ path: source.path, scope: scopeOf(source) })) ?? [
    { path: globalConfigPath(context.home), scope: 'global' },
    { path: projectConfigPath(context.workspace), scope: 'project' },
  ];
  return listed.filter((source, index) => listed.findIndex((other) => resolve(other.path) === resolve(source.path)) === index);
}

function scopeOf(source: ConfigSource): BonsaiScope {
  return source.scope === 'user' || source.scope === 'managed' ? 'global' : 'project';
}

/** Only the committed project file (the global file is the user's own, not the repository's). */
export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: projectConfigPath(context.workspace), scope: 'project' }];
}
