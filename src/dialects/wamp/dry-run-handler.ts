// One WAMP handler object given to the dry run (hooks/dryRun, `hookd test --handler`) → a HookSpec with diagnostics.
// Reuses the hooks-file handler parser; never reads or writes configuration files.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { parseWampHandler } from './parse-handler.js';

/** The handler's problems are warnings (as in a file); a handler WAMP would skip (not "command", no command) gives no hook. */
export function parseDryRunHandler(raw: unknown, event: EventName, _context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = parseWampHandler(raw);
  const diagnostics = parsed.problems.map(
    (problem): Diagnostic => ({ severity: 'warning', code: problem.code, message: problem.message, field: formatPath(['handler', ...problem.path]) }),
  );
  if (parsed.handler === undefined) return { diagnostics };
  return { hook: { id: `dry-run:${event}`, event, matches: () => true, handler: parsed.handler, source: 'dry-run', scope: 'explicit' }, diagnostics };
}
