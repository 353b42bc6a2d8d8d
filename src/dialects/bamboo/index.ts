// The `bamboo` dialect: Bamboo's `lifecycle_hooks` (command and script handlers, sequential, schema-versioned
// envelope), assembled from the small modules beside it. Composition only; behaviour lives in those modules.
import type { Dialect } from '../../engine/dialect.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { bambooEnvironment } from './environment.js';
import { renderStdin } from './envelope.js';
import { bambooParamsFromEnvelope } from './envelope-params.js';
import { compileEventMatcher } from './event-matcher.js';
import { BAMBOO_EVENTS } from './event-rules.js';
import { loadBambooHooks } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { merge, stopsDispatch } from './merge.js';
import { interpret } from './output.js';
import { bambooReading } from './output-reading.js';
import { BAMBOO_HANDLER_TYPES, DEFAULT_TIMEOUT_MS } from './parse-handler.js';
import { lintShadowing } from './shadowing-lint.js';
import { syntheticParams } from './synthetic-params.js';
import { validateParams } from './validate-params.js';
import { BAMBOO_DEFAULT_TOOLS, BAMBOO_TOOL_EVENTS } from './builtin-tools.js';

export const bambooDialect: Dialect = {
  name: 'bamboo',
  events: BAMBOO_EVENTS,
  execution: 'sequential',
  handlerTypes: BAMBOO_HANDLER_TYPES,
  continuationEvents: ['Stop'],
  load: (context) => loadBambooHooks(context),
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: bambooEnvironment,
  interpret,
  describeReading: (context, _hook, outcome, verdict) => bambooReading(context, outcome, verdict),
  merge,
  stopsDispatch,
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  hotReload: true,
  fireAndForgetEvents: ['Notification'],
  /** Notification hooks read the current configuration; so does a background Bash completion when it arrives. */
  usesCurrentConfig: (event, params) => event === 'Notification' || (event === 'PostToolUse' && params.background === true),
  validateParams,
  compileMatcher: (event, matcher) => {
    const compiled = compileEventMatcher(event, matcher);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  parseHandler: (raw, event, context) => parseDryRunHandler(raw, event, context),
  paramsFromEnvelope: bambooParamsFromEnvelope,
  syntheticParams,
  lint: lintShadowing,
  toolEvents: BAMBOO_TOOL_EVENTS,
  builtinTools: BAMBOO_DEFAULT_TOOLS,
};
