// One pbi handler object given to the dry run (hooks/dryRun, `hookd test --handler`) → a HookSpec with diagnostics.
// Reuses the hooks-file handler parser; never reads or writes configuration or review state files.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import { parseJsonText } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { pbiCommandHandler, pbiShell } from './handler-spec.js';
import { parsePbiHandler } from './parse-handler.js';

/** The handler's problems are warnings (as in a file); a handler pbi-agent would skip (prompt, agent, async, no command) gives no hook. */
export function parseDryRunHandler(raw: unknown, event: EventName, context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  const text = JSON.stringify(raw) ?? 'null';
  const read = parseJsonText('dry-run', text);
  if (read.status !== 'ok' || read.document.root === undefined) return { diagnostics: [{ severity: 'warning', code: 'invalid-handler', message: 'a hook handler must be an object', field: 'handler' }] };
  const parsed = parsePbiHandler(read.document.root, text);
  const diagnostics = parsed.problems.map((problem): Diagnostic => ({ severity: 'warning', code: problem.code, message: problem.message, field: formatPath(['handler', ...problem.path]) }));
  if (parsed.handler === undefined) return { diagnostics };
  const { handler } = pbiCommandHandler(parsed.handler, pbiShell(context.env));
  return { hook: { id: `dry-run:${event}`, event, matches: () => true, handler, source: 'dry-run', scope: 'explicit' }, diagnostics };
}
