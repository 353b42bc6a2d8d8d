// CONTRACT STUB (part codex-trust implements): one hook's review status as Codex decides it (§3.2): Managed, Trusted
// (hash matches), Modified (differs), Untrusted (none), disabled by `enabled = false`; runnable = enabled && (bypass ||
// trusted || managed). Pure.
import type { HookReviewState } from '../../engine/dialect.js';
import type { CodexConfig } from './config-toml.js';

export type CodexReviewInput = {
  readonly key: string;
  readonly currentHash: string;
  readonly managed: boolean;
  readonly bypass: boolean;
  readonly config: CodexConfig;
};

export function codexReviewState(input: CodexReviewInput): HookReviewState {
  const entry = input.config.hookState.get(input.key);
  const status = input.managed ? 'managed' : entry?.enabled === false ? 'disabled' : entry?.trustedHash === undefined ? 'untrusted' : entry.trustedHash === input.currentHash ? 'trusted' : 'modified';
  const runnable = status === 'managed' || status === 'trusted' || (input.bypass && status !== 'disabled');
  return { key: input.key, status, currentHash: input.currentHash, managed: input.managed, runnable, diagnostics: [] };
}
