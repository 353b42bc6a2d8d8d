// The settings a fresh clone of the workspace's repository brings (for `hookd check`). Paths only; reads nothing.
import { join } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';

/** Only the committed project file: not settings.local.json (git-ignored by Claude Code), user or managed settings. */
export function committedSettings(context: LoadContext): ConfigSource[] {
  return [{ path: join(context.workspace, '.claude', 'settings.json'), scope: 'project' }];
}
