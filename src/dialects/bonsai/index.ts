// The `bonsai` dialect: `[[hooks]]` tables of `.bonsai/config.toml` (shell, http and llm_prompt actions, tool and
// path globs, blocking vetoes, diff evidence, per-hook approval), assembled from the modules beside it. Composition only.
import type { Dialect } from '../../engine/dialect.js';
import { BONSAI_DEFAULT_TOOLS, BONSAI_TOOL_EVENTS } from './builtin-tools.js';
import { parseDryRunHandler } from './dry-run-handler.js';
import { bonsaiParamsFromEnvelope } from './envelope-params.js';
import { BONSAI_EVENTS, DEFAULT_TIMEOUT_SECS } from './hook-data.js';
import { loadBonsaiHooks } from './load.js';
import { committedSources } from './sources.js';
import { syntheticParams } from './synthetic-params.js';
import { persistentToggle } from './toggle-advice.js';
import { prepareBonsaiParams } from './prepare-params.js';
import { redactTexts } from './redact.js';
import { renderStdin } from './envelope.js';
import { bonsaiEnvironment } from './environment.js';
import { expand } from './expand.js';
import { matchTarget, matchTargetField } from './match-target.js';
import { combine, gatesEffect, merge, stopsDispatch, vetoes } from './merge.js';
import { interpret } from './output.js';
import { defaultLedgerPath } from './ledger-path.js';
import { bonsaiReading } from './output-reading.js';
import { serializedTools } from './serialize-tools.js';

export const bonsaiDialect: Dialect = {
  name: 'bonsai',
  events: BONSAI_EVENTS,
  handlerTypes: ['shell', 'http', 'llm_prompt'],
  execution: 'mixed',
  continuationEvents: [],
  load: (context) => loadBonsaiHooks(context),
  matchTarget,
  matchTargetField,
  renderStdin,
  environment: bonsaiEnvironment,
  interpret,
  describeReading: bonsaiReading,
  merge,
  stopsDispatch,
  vetoes,
  expand,
  combine,
  gatesEffect,
  defaultLedgerPath,
  serializedTools,
  prepareParams: prepareBonsaiParams,
  redact: redactTexts,
  defaultTimeoutMs: DEFAULT_TIMEOUT_SECS * 1000,
  // Seed: "SIGTERM, 200 ms grace, SIGKILL"; "Captured stdout and stderr are each capped at 64 KiB".
  killGraceMs: 200,
  maxOutputBytes: 64 * 1024,
  // Both config files are watched; an edit that does not parse keeps the file's last good hooks.
  hotReload: true,
  parseHandler: (raw, event, context) => parseDryRunHandler(raw, event, context),
  paramsFromEnvelope: bonsaiParamsFromEnvelope,
  syntheticParams,
  committedSources,
  toolEvents: BONSAI_TOOL_EVENTS,
  builtinTools: BONSAI_DEFAULT_TOOLS,
  persistentToggle,
};
