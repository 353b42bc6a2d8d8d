// Where WAMP's hook files live (seed 002 "Where hooks live"): `<home>/.wamp/hooks.json` (user scope, every project) then
// `<workspace>/.wamp/hooks.json` (project scope, gated by the project's trust), or the client's explicit sources.
// Paths only (and realpath to tell two paths are one file); must not read or parse files.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { projectTrustKey, WAMP_DIR, WAMP_HOOKS_FILE } from './limits.js';

export type WampSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** Prefix of hook ids: the scope, or `scope#n` (1-based) when several sources share it. */
  readonly label: string;
  /** Set on a project file's hooks: they run only once the client trusts this key (trust/set). */
  readonly trustKey?: string;
};

export function userHooksPath(home: string): string {
  return join(home, WAMP_DIR, WAMP_HOOKS_FILE);
}

export function projectHooksPath(workspace: string): string {
  return join(workspace, WAMP_DIR, WAMP_HOOKS_FILE);
}

/** Scopes whose hooks are the project's (gated by its trust); user, managed and explicit files are the user's or the client's. */
const PROJECT_SCOPES: readonly ConfigSource['scope'][] = ['project', 'local'];

/**
 * The files in configured order. Discovered: user then project. Explicit `sources` replace discovery, in the given
 * order. A project-scope file's hooks get the trust key `wamp-project:<workspace>` (no content hash: an edit of a
 * trusted project's file still runs), unless the session trusts its workspace (LoadContext.trustWorkspace, a Cloud
 * session). Two paths that are the same file (the chat runs in the home directory) are read once, as the first
 * (discovered: user scope, never gated).
 */
export function wampSources(context: LoadContext): WampSource[] {
  const listed: readonly ConfigSource[] = context.sources ?? [
    { path: userHooksPath(context.home), scope: 'user' },
    { path: projectHooksPath(context.workspace), scope: 'project' },
  ];
  const seen = new Set<string>();
  const unique: ConfigSource[] = [];
  for (const source of listed) {
    const identity = fileIdentity(resolve(context.workspace, source.path));
    if (seen.has(identity)) continue;
    seen.add(identity);
    unique.push(source);
  }
  const count = new Map<string, number>();
  for (const source of unique) count.set(source.scope, (count.get(source.scope) ?? 0) + 1);
  const numbered = new Map<string, number>();
  return unique.map((source) => {
    const n = (numbered.get(source.scope) ?? 0) + 1;
    numbered.set(source.scope, n);
    const gated = PROJECT_SCOPES.includes(source.scope) && context.trustWorkspace !== true;
    return {
      path: resolve(context.workspace, source.path),
      scope: source.scope,
      label: (count.get(source.scope) ?? 0) > 1 ? `${source.scope}#${n}` : source.scope,
      ...(gated ? { trustKey: projectTrustKey(context.workspace) } : {}),
    };
  });
}

/** The project file a fresh clone of the repository brings (`hookd check`): never the user's own file. */
export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: projectHooksPath(context.workspace), scope: 'project' }];
}

/**
 * The real path of `path` (symlinks resolved), so `~/.wamp/hooks.json` and `<workspace>/.wamp/hooks.json` compare equal
 * when the workspace is the home directory, even through a symlinked home. A file that does not exist yet: the
 * real path of its nearest existing directory, joined with the rest.
 */
function fileIdentity(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(fileIdentity(parent), basename(path));
  }
}
