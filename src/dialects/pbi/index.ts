// The `pbi` dialect (seed 003): pbi-agent's Codex-style command hooks with per-hook trust review in
// ~/.pbi-agent/hooks_state.json, managed policy sources and the dangerous bypass. Composition only.
import type { Dialect } from '../../engine/dialect.js';
import { bypassesReview } from './bypass.js';
import { renderStdin } from './envelope.js';
import { PBI_CONTINUATION_EVENTS, PBI_EVENTS, PBI_TOOL_EVENTS } from './events.js';
import { PBI_CONTINUATIONS, PBI_DEFAULT_TIMEOUT_MS, PBI_STREAM_CAP_BYTES } from './limits.js';
import { loadPbiHooks } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { merge } from './merge.js';
import { eventNotFired } from './continuation-pass.js';
import { describeReading } from './output-reading.js';
import { interpret } from './output.js';
import { createPbiReviewStore } from './state-file.js';
import { pbiStatePath } from './state-path.js';
import { compilePbiMatcher } from './matcher.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { pbiParamsFromEnvelope } from './envelope-params.js';
import { committedSources } from './sources.js';
import { syntheticParams } from './synthetic-params.js';

export const pbiDialect: Dialect = {
  name: 'pbi',
  events: PBI_EVENTS,
  handlerTypes: ['command'],
  // "All matching runnable hooks of one event start at the same time" (facts §9); hookd merges in configured order.
  execution: 'parallel',
  continuationEvents: PBI_CONTINUATION_EVENTS,
  continuationCap: { limit: PBI_CONTINUATIONS, per: 'session' },
  hotReload: true,
  load: (context) => loadPbiHooks(context),
  reviewStore: (context) => createPbiReviewStore(pbiStatePath(context)),
  bypassesReview,
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: () => ({}),
  interpret,
  describeReading,
  merge,
  eventNotFired,
  defaultTimeoutMs: PBI_DEFAULT_TIMEOUT_MS,
  maxOutputBytes: PBI_STREAM_CAP_BYTES,
  toolEvents: PBI_TOOL_EVENTS,
  compileMatcher: (_event, matcher) => {
    const compiled = compilePbiMatcher(matcher);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  parseHandler: (raw, event, context) => parseDryRunHandler(raw, event, context),
  committedSources,
  syntheticParams,
  paramsFromEnvelope: pbiParamsFromEnvelope,
};
