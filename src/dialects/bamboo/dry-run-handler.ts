// The dry-run endpoint's handler: one handler object as written in hooks.json → a HookSpec that is run once and
// never persisted, with the production validation, timeout and placement. Diagnostics name `handler.<field>`.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { diagnostic } from '../../config/diagnostic.js';
import { formatPath } from '../../protocol/issue-text.js';
import { BAMBOO_EVENTS, isBambooEvent } from './event-rules.js';
import { parseHandler } from './parse-handler.js';
import { serverOwnedPlacement } from './sources.js';

export function parseDryRunHandler(
  raw: unknown,
  event: EventName,
  context: LoadContext,
  platform: NodeJS.Platform = process.platform,
): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  if (!isBambooEvent(event)) {
    return { diagnostics: [diagnostic('error', `unknown event "${event}"; Bamboo events are ${BAMBOO_EVENTS.join(', ')}`, { field: 'event', code: 'unknown-event' })] };
  }
  const parsed = parseHandler(raw, platform);
  const diagnostics = parsed.problems.map((problem) =>
    diagnostic(problem.severity, problem.message, { field: formatPath(['handler', ...problem.path]), code: problem.code }),
  );
  if (parsed.handler === undefined || diagnostics.some((entry) => entry.severity === 'error')) return { diagnostics };
  const hook: HookSpec = {
    id: `dry-run:${event}`,
    event,
    matches: () => true,
    handler: parsed.handler,
    source: 'dry-run',
    scope: 'explicit',
    serverOwnedPlacement: serverOwnedPlacement(context),
  };
  return { hook, diagnostics };
}
