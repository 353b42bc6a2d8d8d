// CONTRACT STUB (part gemini-load implements): the settings files a gemini load reads and the committed project file.
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { geminiProjectSettingsPath } from './paths.js';

export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: geminiProjectSettingsPath(context.workspace), scope: 'project' }];
}
