// CONTRACT STUB (part codex-load implements): Codex's matcher (§3.3): ""/"*"/omitted = all; only [A-Za-z0-9_|] → split
// on | and compared exactly; else a Rust regex tested unanchored; tool aliases (apply_patch ≈ Edit, Write; spawn_agent
// ≈ Agent). Pure.
import type { MatchFn } from '../../matching/bounded-matcher.js';

export type CodexMatcher = { readonly ok: true; readonly matches: MatchFn } | { readonly ok: false; readonly error: string };

export function compileCodexMatcher(matcher: string | undefined): CodexMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matches: () => true };
  return { ok: true, matches: (target) => target === matcher };
}
