// One Claude Code handler object given to the dry run (hooks/dryRun, `hookd test --handler`) → a HookSpec with
// diagnostics. Reuses the settings-file handler parser; never reads or writes configuration files.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { parseHandler } from './parse-handler.js';

export function parseDryRunHandler(raw: unknown, event: EventName, context: LoadContext): { hook?: HookSpec; diagnostics: Diagnostic[] } {
  const parsed = parseHandler(raw, event, context.workspace, context.env, context.home);
  const diagnostics = parsed.problems.map(
    (problem): Diagnostic => ({ severity: problem.severity, code: problem.code, message: problem.message, field: formatPath(['handler', ...problem.path]) }),
  );
  if (parsed.handler === undefined) return { diagnostics };
  return {
    hook: {
      id: `dry-run:${event}`,
      event,
      matches: () => true,
      ...(parsed.condition !== undefined ? { applies: parsed.condition.applies, condition: parsed.condition.text } : {}),
      handler: parsed.handler,
      source: 'dry-run',
      scope: 'explicit',
    },
    diagnostics,
  };
}
