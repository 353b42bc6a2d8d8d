// CONTRACT STUB (part codex-load implements): the files a codex load reads, in order (user, then project), and the
// committed project file a fresh clone has (`hookd check`). Paths only.
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { codexProjectHooksPath } from './paths.js';

export function committedSources(context: LoadContext): ConfigSource[] {
  return [{ path: codexProjectHooksPath(context.workspace), scope: 'project' }];
}
