// Where Codex CLI keeps its files (hook-systems §3.1): $CODEX_HOME (default <home>/.codex) with hooks.json and
// config.toml, and <project>/.codex/hooks.json. Paths only; must not read files.
import { join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';

/** $CODEX_HOME when set and not empty (resolved against the workspace), else <home>/.codex. */
export function codexHome(context: Pick<LoadContext, 'env' | 'home' | 'workspace'>): string {
  const fromEnv = context.env?.['CODEX_HOME'];
  return fromEnv !== undefined && fromEnv !== '' ? resolve(context.workspace, fromEnv) : join(context.home, '.codex');
}

/** $CODEX_HOME/config.toml: features, project trust and the per-hook review state ([hooks.state."<key>"]). */
export function codexConfigPath(context: Pick<LoadContext, 'env' | 'home' | 'workspace'>): string {
  return join(codexHome(context), 'config.toml');
}

/** The user's hooks file, $CODEX_HOME/hooks.json. */
export function codexUserHooksPath(context: Pick<LoadContext, 'env' | 'home' | 'workspace'>): string {
  return join(codexHome(context), 'hooks.json');
}

/** The project's hooks file, <workspace>/.codex/hooks.json (runs only when config.toml trusts the project). */
export function codexProjectHooksPath(workspace: string): string {
  return join(resolve(workspace), '.codex', 'hooks.json');
}
