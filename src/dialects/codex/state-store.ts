// CONTRACT STUB (part codex-trust implements): writes `[hooks.state."<key>"]` (enabled, trusted_hash) into
// $CODEX_HOME/config.toml as Codex's /hooks browser does, keeping every other byte of the file; locked and atomic.
import type { ReviewStore } from '../../engine/dialect.js';

export function createCodexReviewStore(configPath: string): ReviewStore {
  const refuse = () => Promise.reject(new Error(`not implemented yet: writing ${configPath}`));
  return { path: configPath, trust: refuse, setEnabled: refuse, revoke: refuse };
}
