// CONTRACT STUB (part codex-trust implements): $CODEX_HOME/config.toml read bounded and parsed with smol-toml:
// `[features] hooks`, `[projects."<path>"] trust_level`, `[hooks.state."<key>"]` enabled / trusted_hash. Must not write.
import type { Diagnostic } from '../../protocol/index.js';

export type CodexHookStateEntry = { readonly enabled?: boolean; readonly trustedHash?: string };

export type CodexConfig = {
  readonly path: string;
  /** `[features] hooks` (or the deprecated `codex_hooks`); undefined when not set (hooks are on by default). */
  readonly hooksFeature: boolean | undefined;
  /** `[projects."<path>"] trust_level` by project path as written. */
  readonly projectTrust: ReadonlyMap<string, string>;
  /** `[hooks.state."<key>"]` by hook key. */
  readonly hookState: ReadonlyMap<string, CodexHookStateEntry>;
  /** Problems reading or parsing the file, naming file, line and field; the file then counts as empty. */
  readonly diagnostics: readonly Diagnostic[];
};

export function readCodexConfig(path: string): CodexConfig {
  return { path, hooksFeature: undefined, projectTrust: new Map(), hookState: new Map(), diagnostics: [] };
}

/** True when `workspace` (or, as Codex resolves it, its project root) has trust_level "trusted". */
export function projectTrusted(config: CodexConfig, workspace: string): boolean {
  return config.projectTrust.get(workspace) === 'trusted';
}
