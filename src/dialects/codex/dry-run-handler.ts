// One handler object as written in a codex hooks.json, parsed for hooks/dryRun (`hookd test --handler`) → a HookSpec
// with diagnostics. Reuses the hooks-file handler parser; never reads or writes configuration or review state.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { parseCodexHandler } from './parse-handler.js';

/** The handler's problems keep their severity (as in a file); a handler Codex or hookd would skip gives no hook. */
export function parseDryRunHandler(raw: unknown, event: EventName, _context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = parseCodexHandler(raw, event);
  const diagnostics = parsed.problems.map((problem): Diagnostic => ({ severity: problem.severity, code: problem.code, message: problem.message, field: formatPath(['handler', ...problem.path]) }));
  if (parsed.handler === undefined) return { diagnostics };
  return { hook: { id: `dry-run:${event}`, event, matches: () => true, handler: parsed.handler, source: 'dry-run', scope: 'explicit' }, diagnostics };
}
