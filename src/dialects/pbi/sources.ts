// Where pbi hooks live (seed 003 "Configuration", facts §1): `<home>/.pbi-agent/hooks.json` (global), then
// `<workspace>/.agents/hooks.json` (project), then the trusted managed sources (managed-policy.ts decides which count).
// Paths only: the shown path (source_path) and the resolved one (in the key); must not read or parse hooks files.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import type { PbiSourceName } from './hook-key.js';

export const PBI_DEFAULT_POLICY_DIR = '/etc/pbi-agent/managed-hooks';

export type PbiSource = {
  readonly name: PbiSourceName;
  /** source_path: the global file as given (home not resolved), the project file under the resolved workspace. */
  readonly path: string;
  /** The file's fully resolved path (symlinks followed): what the hook key carries (facts §2). */
  readonly resolvedPath: string;
  readonly scope: ConfigSource['scope'];
};

export function globalHooksPath(home: string): string {
  return join(home, '.pbi-agent', 'hooks.json');
}

export function projectHooksPath(workspace: string): string {
  return join(resolvedPath(resolve(workspace)), '.agents', 'hooks.json');
}

export function policyDirectory(context: LoadContext): string {
  return resolve(context.workspace, context.managedPolicyDir ?? PBI_DEFAULT_POLICY_DIR);
}

/**
 * The global and project files in that order (explicit `sources` replace them: scope `user` counts as global, every
 * other scope as project). Managed files come from managed-policy.ts.
 */
export function pbiFileSources(context: LoadContext): PbiSource[] {
  if (context.sources !== undefined) {
    return context.sources.map((source) => {
      const path = resolve(context.workspace, source.path);
      return { name: source.scope === 'user' ? 'global' : source.scope === 'managed' ? 'managed' : 'project', path, resolvedPath: resolvedPath(path), scope: source.scope };
    });
  }
  const global = globalHooksPath(context.home);
  const project = projectHooksPath(context.workspace);
  return [
    { name: 'global', path: global, resolvedPath: resolvedPath(global), scope: 'user' },
    { name: 'project', path: project, resolvedPath: resolvedPath(project), scope: 'project' },
  ];
}

/** The project file a fresh clone of the repository brings (`hookd check`): never the user's own file. */
export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: projectHooksPath(context.workspace), scope: 'project' }];
}

/**
 * The real path of `path` (symlinks followed). A file that does not exist yet: the real path of its nearest existing
 * directory joined with the rest (so the key of a file created later is the same).
 */
export function resolvedPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(resolvedPath(parent), basename(path));
  }
}
