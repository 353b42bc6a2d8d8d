// A scratch home and workspace for gemini loader tests: settings files, trustedFolders.json (the workspace trusted
// unless asked otherwise), the system files kept out of /etc by GEMINI_CLI_SYSTEM_SETTINGS_PATH.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { scratchDir } from '../../helpers/scratch.js';

export function geminiSetup(options: { /** true: no trustedFolders.json (the folder-trust feature decides). */ folderTrust?: boolean } = {}) {
  const root = realpathSync(scratchDir('hookd-gemini-load-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  const etc = join(root, 'etc');
  for (const dir of [join(home, '.gemini'), join(workspace, '.gemini'), etc]) mkdirSync(dir, { recursive: true });
  const userFile = join(home, '.gemini', 'settings.json');
  const projectFile = join(workspace, '.gemini', 'settings.json');
  const systemFile = join(etc, 'settings.json');
  const systemDefaultsFile = join(etc, 'system-defaults.json');
  const trustedFolders = join(home, '.gemini', 'trustedFolders.json');
  const trustedHooks = join(home, '.gemini', 'trusted_hooks.json');
  const context: LoadContext = { workspace, home, env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: systemFile } };
  const write = (file: string, config: unknown) => writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  if (options.folderTrust !== true) write(trustedFolders, { [workspace]: 'TRUST_FOLDER' });
  return { root, home, workspace, userFile, projectFile, systemFile, systemDefaultsFile, trustedFolders, trustedHooks, context, write };
}

