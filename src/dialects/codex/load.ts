// CONTRACT STUB (part codex-load implements): the codex dialect's configuration: $CODEX_HOME/hooks.json and, when
// config.toml trusts the project, <workspace>/.codex/hooks.json (Claude-shaped JSON), `[features] hooks` honoured;
// each hook carries its review (key, hash, status from config.toml). Reads files; never writes.
import type { LoadContext, LoadResult } from '../../engine/dialect.js';

export function loadCodexHooks(_context: LoadContext): LoadResult {
  return { hooks: [], diagnostics: [], sources: [] };
}
