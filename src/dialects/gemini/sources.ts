// The settings files a gemini load reads, in Gemini CLI's merge order (settings.ts mergeSettings: system defaults,
// user, workspace, system — hook arrays concatenated in that order), and the committed project file. Paths only.
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { geminiProjectSettingsPath, geminiSystemSettingsPath, geminiUserSettingsPath } from './paths.js';

export type GeminiSourceRole = 'system-defaults' | 'user' | 'project' | 'system' | 'explicit';

export type GeminiSource = {
  readonly path: string;
  readonly scope: ConfigSource['scope'];
  /** What the file is to Gemini: the project file is the one folder trust and trusted_hooks.json are about. */
  readonly role: GeminiSourceRole;
  /** Hook id prefix: the role, or the scope of an explicit source (`#2` … when several share it). */
  readonly label: string;
};

/** $GEMINI_CLI_SYSTEM_DEFAULTS_PATH when set, else system-defaults.json beside the system settings file. */
export function geminiSystemDefaultsPath(context: Pick<LoadContext, 'env'>): string {
  const fromEnv = context.env?.['GEMINI_CLI_SYSTEM_DEFAULTS_PATH'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : join(dirname(geminiSystemSettingsPath(context)), 'system-defaults.json');
}

/**
 * Discovery: system defaults (managed), user, project, system (managed). Gemini reads no project file when the
 * workspace is the home directory (its project file would be the user file). Explicit `context.sources` replace
 * discovery: each file with its scope, in the order given; a `project` one is the project file.
 */
export function geminiSources(context: LoadContext): GeminiSource[] {
  if (context.sources !== undefined) {
    const seen = new Map<string, number>();
    return context.sources.map((source) => {
      const base = source.scope;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { path: resolve(source.path), scope: source.scope, role: source.scope === 'project' ? 'project' : 'explicit', label: n === 1 ? base : `${base}#${n}` };
    });
  }
  const found: GeminiSource[] = [
    { path: geminiSystemDefaultsPath(context), scope: 'managed', role: 'system-defaults', label: 'system-defaults' },
    { path: geminiUserSettingsPath(context), scope: 'user', role: 'user', label: 'user' },
  ];
  if (!sameDirectory(context.workspace, context.home)) found.push({ path: geminiProjectSettingsPath(context.workspace), scope: 'project', role: 'project', label: 'project' });
  found.push({ path: geminiSystemSettingsPath(context), scope: 'managed', role: 'system', label: 'system' });
  return found;
}

export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: geminiProjectSettingsPath(context.workspace), scope: 'project' }];
}

function sameDirectory(a: string, b: string): boolean {
  return realOrResolved(a) === realOrResolved(b);
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
