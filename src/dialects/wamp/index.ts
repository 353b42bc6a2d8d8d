// The `wamp` dialect (seed 002): Claude-format hook files that can only restrict, WAMP's tool names and caps, project
// trust that revokes running hooks, files read once per send. Composition only; behaviour lives in the modules beside it.
import type { Dialect } from '../../engine/dialect.js';
import { WAMP_BUILTIN_TOOLS } from './builtin-tools.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { renderStdin } from './envelope.js';
import { wampEnvironment, wampInheritedEnvironment } from './environment.js';
import { WAMP_EVENTS, WAMP_TOOL_EVENTS, eventNotFired } from './event-rules.js';
import { WAMP_DEFAULT_TIMEOUT_MS, WAMP_STOP_CONTINUATIONS, WAMP_STREAM_CAP_BYTES } from './limits.js';
import { loadWampHooks } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { compileWampMatcher } from './matcher.js';
import { wampParamsFromEnvelope } from './envelope-params.js';
import { committedSources } from './sources.js';
import { syntheticParams } from './synthetic-params.js';
import { merge } from './merge.js';
import { interpret } from './output.js';
import { wampReading } from './output-reading.js';
import { validateParams } from './validate-params.js';

export const wampDialect: Dialect = {
  name: 'wamp',
  events: WAMP_EVENTS,
  handlerTypes: ['command'],
  // "Several matching handlers run in parallel."
  execution: 'parallel',
  continuationEvents: ['Stop'],
  continuationCap: { limit: WAMP_STOP_CONTINUATIONS, per: 'run' },
  // "Hooks are read once per send: an edit applies from the next message, and a running turn keeps the hooks it started with."
  readsPerRun: true,
  hotReload: false,
  load: (context) => loadWampHooks(context),
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: (context, hook) => wampEnvironment(context, hook),
  inheritedEnvironment: wampInheritedEnvironment,
  interpret,
  describeReading: wampReading,
  merge,
  validateParams,
  eventNotFired,
  defaultTimeoutMs: WAMP_DEFAULT_TIMEOUT_MS,
  maxOutputBytes: WAMP_STREAM_CAP_BYTES,
  compileMatcher: (_event, matcher) => {
    const compiled = compileWampMatcher(matcher);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  parseHandler: (raw, event, context) => parseDryRunHandler(raw, event, context),
  toolEvents: WAMP_TOOL_EVENTS,
  builtinTools: WAMP_BUILTIN_TOOLS,
  committedSources,
  syntheticParams,
  paramsFromEnvelope: wampParamsFromEnvelope,
};
