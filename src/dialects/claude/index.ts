// The `claude` dialect: Claude Code's settings-file hooks, assembled from the small modules beside it.
// Composition only; behaviour lives in the modules it names.
import type { Dialect } from '../../engine/dialect.js';
import { claudeEnvironment } from './environment.js';
import { CLAUDE_EVENTS, takesEnvFile } from './event-rules.js';
import { claudeInheritedEnvironment } from './inherited-environment.js';
import { renderStdin } from './envelope.js';
import { claudeParamsFromEnvelope } from './envelope-params.js';
import { loadClaudeSettings } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { merge } from './merge.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { compileMatcher, NARROW_EXACT_SET } from './matcher.js';
import { EVENT_RULES } from './event-rules.js';
import { interpret } from './output.js';
import { claudeReading } from './output-reading.js';
import { removeEndedSession } from './session-temp-area.js';
import { sessionEndBudgetMs } from './session-end-budget.js';
import { syntheticParams } from '../../commands/synthetic-payload.js';
import { lintClaudeHooks } from './lint.js';
import { committedSettings } from './committed-settings.js';
import { CLAUDE_BUILTIN_TOOLS, CLAUDE_TOOL_EVENTS } from './builtin-tools.js';
import { CLAUDE_HANDLER_TYPES } from './handler-types.js';

export const claudeDialect: Dialect = {
  name: 'claude',
  events: CLAUDE_EVENTS,
  execution: 'parallel',
  handlerTypes: CLAUDE_HANDLER_TYPES,
  continuationEvents: ['Stop', 'SubagentStop'],
  load: loadClaudeSettings,
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: claudeEnvironment,
  interpret,
  describeReading: claudeReading,
  merge,
  afterDispatch: removeEndedSession,
  dispatchBudgetMs: sessionEndBudgetMs,
  defaultTimeoutMs: 600_000,
  // Claude Code runs at most 12 prompt or agent hooks of one event at once; the rest queue (its docs, Nov 2026).
  maxConcurrentJudges: 12,
  /** Claude Code picks up direct edits of its settings files; an invalid edit keeps the last good hooks. */
  hotReload: true,
  readsWorkspaceTrust: true,
  acceptsAddedSources: true,
  compileMatcher: (event, matcher) => {
    const compiled = compileMatcher(matcher, `hooks/register ${event} matcher`, EVENT_RULES[event].narrowExactSet ? NARROW_EXACT_SET : undefined);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  paramsFromEnvelope: claudeParamsFromEnvelope,
  syntheticParams,
  parseHandler: parseDryRunHandler,
  lint: lintClaudeHooks,
  committedSources: committedSettings,
  toolEvents: CLAUDE_TOOL_EVENTS,
  builtinTools: CLAUDE_BUILTIN_TOOLS,
  inheritedEnvironment: claudeInheritedEnvironment,
  envFileVariable: (event) => (takesEnvFile(event) ? 'CLAUDE_ENV_FILE' : undefined),
};
