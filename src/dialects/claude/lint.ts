// `hookd check` for Claude Code settings: hookd's own warnings about loaded hooks that no single entry's parse shows
// (a SessionEnd timeout past Claude Code's budget). Commands that cannot start are src/commands/guard-lint.ts's
// (every dialect). Reads nothing; never runs anything.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';

/** Claude Code gives all SessionEnd hooks together 1.5 s, raised to the largest hook timeout, at most 60 s. */
export const SESSION_END_MAX_BUDGET_MS = 60_000;
const MAX_WARNINGS = 50;

export function lintClaudeHooks(hooks: readonly HookSpec[], _context?: LoadContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  let more = 0;
  const add = (hook: HookSpec, code: string, message: string) => {
    if (out.length >= MAX_WARNINGS) return void more++;
    out.push({ severity: 'warning', file: hook.source, field: fieldOf(hook), code, message });
  };
  for (const hook of hooks) {
    if (hook.disabled === true || hook.handler.type !== 'command') continue;
    const { handler } = hook;
    if (hook.event === 'SessionEnd' && handler.timeoutMs > SESSION_END_MAX_BUDGET_MS)
      add(
        hook,
        'timeout-over-budget',
        `timeout ${handler.timeoutMs / 1000} s is above SessionEnd's budget: Claude Code gives all SessionEnd hooks together at most ${SESSION_END_MAX_BUDGET_MS / 1000} s, so this hook is stopped then`,
      );
  }
  if (more > 0) out.push({ severity: 'warning', code: 'lint-more', message: `and ${more} more warning(s) about hooks, not listed` });
  return out;
}

/** `project:PreToolUse[0].hooks[1]` → `hooks.PreToolUse[0].hooks[1]`. */
function fieldOf(hook: HookSpec): string {
  return `hooks.${hook.id.slice(hook.id.indexOf(':') + 1)}`;
}
