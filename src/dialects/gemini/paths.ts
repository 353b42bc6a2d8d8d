// Where Gemini CLI keeps its files (hook-systems §4.1, §4.6): ~/.gemini/settings.json, <project>/.gemini/settings.json,
// the system file, ~/.gemini/trusted_hooks.json and ~/.gemini/trustedFolders.json. Paths only; must not read files.
import { join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';

/** The user's Gemini directory, <home>/.gemini. */
export function geminiDir(context: Pick<LoadContext, 'home'>): string {
  return join(context.home, '.gemini');
}

export function geminiUserSettingsPath(context: Pick<LoadContext, 'home'>): string {
  return join(geminiDir(context), 'settings.json');
}

export function geminiProjectSettingsPath(workspace: string): string {
  return join(resolve(workspace), '.gemini', 'settings.json');
}

/** $GEMINI_CLI_SYSTEM_SETTINGS_PATH when set, else /etc/gemini-cli/settings.json. */
export function geminiSystemSettingsPath(context: Pick<LoadContext, 'env'>): string {
  const fromEnv = context.env?.['GEMINI_CLI_SYSTEM_SETTINGS_PATH'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : '/etc/gemini-cli/settings.json';
}

/** `{ "<project path>": ["<name>:<command>", …] }`: the project hooks the user was already warned about. */
export function geminiTrustedHooksPath(context: Pick<LoadContext, 'home'>): string {
  return join(geminiDir(context), 'trusted_hooks.json');
}

/** The folder-trust decisions (`{ "<path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST" }`). */
export function geminiTrustedFoldersPath(context: Pick<LoadContext, 'home'>): string {
  return join(geminiDir(context), 'trustedFolders.json');
}
