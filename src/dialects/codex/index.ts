// The `codex` dialect: Codex CLI 0.171's hooks.json hooks with per-hook trust by hash in $CODEX_HOME/config.toml,
// deciding as the real CLI was observed to (observed-decisions, Codex column). Composition only.
import type { Dialect } from '../../engine/dialect.js';
import { codexBypassesReview } from './bypass.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { renderStdin } from './envelope.js';
import { codexEnvironment } from './environment.js';
import { CODEX_CONTINUATION_EVENTS, CODEX_EVENTS, CODEX_TOOL_EVENTS } from './events.js';
import { CODEX_DEFAULT_TIMEOUT_MS, CODEX_KILL_GRACE_MS } from './limits.js';
import { loadCodexHooks } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { compileCodexMatcher } from './matcher.js';
import { merge } from './merge.js';
import { interpret } from './output.js';
import { describeReading } from './output-reading.js';
import { codexParamsFromEnvelope } from './envelope-params.js';
import { syntheticParams } from './synthetic-params.js';
import { codexConfigPath } from './paths.js';
import { committedSources } from './sources.js';
import { createCodexReviewStore } from './state-store.js';

export const codexDialect: Dialect = {
  name: 'codex',
  events: CODEX_EVENTS,
  handlerTypes: ['command'],
  // Sync handlers of one firing start concurrently; results are reported in configured order (§3.5).
  execution: 'parallel',
  continuationEvents: CODEX_CONTINUATION_EVENTS,
  hotReload: true,
  load: loadCodexHooks,
  reviewStore: (context) => createCodexReviewStore(codexConfigPath(context)),
  bypassesReview: codexBypassesReview,
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: codexEnvironment,
  interpret,
  describeReading,
  merge,
  defaultTimeoutMs: CODEX_DEFAULT_TIMEOUT_MS,
  killGraceMs: CODEX_KILL_GRACE_MS,
  toolEvents: CODEX_TOOL_EVENTS,
  compileMatcher: (_event, matcher) => {
    const compiled = compileCodexMatcher(matcher);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  parseHandler: parseDryRunHandler,
  committedSources,
  paramsFromEnvelope: codexParamsFromEnvelope,
  syntheticParams,
};
