// hooks/dryRun for bonsai: one `[[hooks]]` table written as a JSON object → a HookSpec run once and never persisted,
// with the production validation, defaults, globs and timeout. `name` and `event` may be omitted (the request names
// the event). Diagnostics name `handler.<field>`. Must not read files or run anything.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { diagnostic } from '../../config/diagnostic.js';
import { BONSAI_EVENTS } from './hook-data.js';
import { buildHookSpec } from './hook-spec.js';
import { checkHookTable, describeValue, isTable } from './hook-table.js';

export const DRY_RUN_NAME = 'dry-run';

export function parseDryRunHandler(raw: unknown, event: EventName, _context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  if (!(BONSAI_EVENTS as readonly string[]).includes(event)) {
    return { diagnostics: [diagnostic('error', `unknown event "${event}"; bonsai events are ${BONSAI_EVENTS.join(', ')}`, { field: 'event', code: 'unknown-event' })] };
  }
  if (!isTable(raw)) {
    return { diagnostics: [diagnostic('error', `handler: must be one [[hooks]] table as a JSON object, e.g. {"action": {"type": "shell", "command": "..."}} (got ${describeValue(raw)})`, { field: 'handler', code: 'wrong-type' })] };
  }
  if (raw.event !== undefined && raw.event !== event) {
    return { diagnostics: [diagnostic('error', `handler.event: the table says ${describeValue(raw.event)} but the dry run is of ${event}`, { field: 'handler.event', code: 'event-mismatch' })] };
  }
  const check = checkHookTable({ name: DRY_RUN_NAME, ...raw, event });
  const diagnostics = check.problems.map((problem) =>
    diagnostic(problem.severity, problem.message, { field: problem.field === '(table)' ? 'handler' : `handler.${problem.field}`, code: problem.code }),
  );
  if (check.fields === undefined) return { diagnostics };
  // The client hands hookd this table itself: no approval gate (that guards files a repository brings).
  const built = buildHookSpec({ ...check.fields, scope: 'global', file: 'dry-run' });
  if (!built.ok) return { diagnostics: [...diagnostics, diagnostic('error', `${built.field}: invalid glob: ${built.error}`, { field: `handler.${built.field}`, code: 'invalid-glob' })] };
  const hook: HookSpec = { ...built.hook, id: `dry-run:${check.fields.name}`, source: 'dry-run', scope: 'explicit', location: { field: 'handler' } };
  return { hook, diagnostics };
}
