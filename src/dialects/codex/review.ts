// One hook's review status as Codex decides it (hook-systems §3.2; discovery.rs `hook_trust_status`,
// `hook_enabled`): managed (trusted by policy, never disabled), else disabled by `enabled = false`, else trusted
// (hash matches), modified (differs), untrusted (none); runnable = enabled && (bypass || trusted || managed). Pure.
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
  const entry = input.managed ? undefined : input.config.hookState.get(input.key);
  const status = input.managed
    ? 'managed'
    : entry?.enabled === false
      ? 'disabled'
      : entry?.trustedHash === undefined
        ? 'untrusted'
        : entry.trustedHash === input.currentHash
          ? 'trusted'
          : 'modified';
  const runnable = status === 'managed' || status === 'trusted' || (input.bypass && status !== 'disabled');
  return { key: input.key, status, currentHash: input.currentHash, managed: input.managed, runnable, diagnostics: oddities(input, entry) };
}

/** Entries that decide the status in a way a person may not expect, as `<file>: <message>`. */
function oddities(input: CodexReviewInput, entry: CodexConfig['hookState'] extends ReadonlyMap<string, infer E> ? E | undefined : never): string[] {
  const out: string[] = [];
  const field = `[hooks.state.${JSON.stringify(input.key)}]`;
  if (entry?.trustedHash !== undefined && !/^sha256:[0-9a-f]{64}$/.test(entry.trustedHash)) {
    out.push(`${input.config.path}: ${field} trusted_hash ${JSON.stringify(entry.trustedHash)} is not a sha256:<64 hex> hash Codex writes; the hook counts as modified until it is trusted again`);
  }
  if (entry?.enabled === false && entry.trustedHash !== undefined && entry.trustedHash !== input.currentHash) {
    out.push(`${input.config.path}: ${field} is disabled and its trusted_hash no longer matches the hook (it was changed since it was trusted)`);
  }
  return out;
}
