// The `gemini` dialect: Gemini CLI 0.61's settings.json hooks under their own event names (an agent may send either
// those or the canonical ones), deciding as the real CLI was observed to (observed-decisions, Gemini column).
// Composition only.
import type { Dialect } from '../../engine/dialect.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { renderStdin } from './envelope.js';
import { geminiParamsFromEnvelope } from './envelope-params.js';
import { geminiEnvironment } from './environment.js';
import { GEMINI_CONTINUATION_EVENTS, GEMINI_EVENTS, GEMINI_EVENT_ALIASES, GEMINI_TOOL_EVENTS } from './events.js';
import { executionFor, threadParams } from './execution.js';
import { GEMINI_DEFAULT_TIMEOUT_MS, GEMINI_MAX_OUTPUT_BYTES } from './limits.js';
import { loadGeminiHooks } from './load.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { compileGeminiMatcher } from './matcher.js';
import { merge } from './merge.js';
import { interpret } from './output.js';
import { describeReading } from './output-reading.js';
import { geminiTrustedHooksPath } from './paths.js';
import { committedSources } from './sources.js';
import { syntheticParams } from './synthetic-params.js';
import { createGeminiReviewStore } from './trusted-hooks.js';

export const geminiDialect: Dialect = {
  name: 'gemini',
  events: GEMINI_EVENTS,
  eventAliases: GEMINI_EVENT_ALIASES,
  handlerTypes: ['command'],
  // Parallel unless a matching definition says `sequential: true` (executionFor).
  execution: 'parallel',
  executionFor,
  threadParams,
  continuationEvents: GEMINI_CONTINUATION_EVENTS,
  hotReload: true,
  load: loadGeminiHooks,
  reviewStore: (context) => createGeminiReviewStore(geminiTrustedHooksPath(context), context.workspace),
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: geminiEnvironment,
  interpret,
  describeReading,
  merge,
  defaultTimeoutMs: GEMINI_DEFAULT_TIMEOUT_MS,
  maxOutputBytes: GEMINI_MAX_OUTPUT_BYTES,
  toolEvents: GEMINI_TOOL_EVENTS,
  compileMatcher: (event, matcher) => {
    const compiled = compileGeminiMatcher(event, matcher);
    return compiled.ok ? { matches: compiled.matches } : { error: compiled.error };
  },
  parseHandler: parseDryRunHandler,
  committedSources,
  syntheticParams,
  paramsFromEnvelope: geminiParamsFromEnvelope,
};
