// One request as the units it fans out into (Dialect.expand): runs them one after another, ends the request at the
// first unit that blocks, re-expands after a rewrite, and combines the units' outcomes into the request's one answer.
// Knows no dialect by name; running a unit is the caller's (the engine's) business.
import type { EventName, EventParams, EventResult, RunSummary } from '../protocol/index.js';
import type { Dialect, DispatchUnit, HookSpec, MergedOutcome, ToolKinds } from './dialect.js';
import type { EventDispatch } from './engine.js';

/** A unit's dispatch plus the merged outcome it answered (before the engine's notes and runs were added). */
export type UnitDispatch = EventDispatch & { readonly merged: MergedOutcome };

/** The units a request runs: the dialect's expansion, or the request itself (also when the dialect answers none). */
export function unitsOf(dialect: Dialect, event: EventName, params: EventParams, tools: ToolKinds): readonly DispatchUnit[] {
  const units = dialect.expand?.(event, params, tools);
  return units === undefined || units.length === 0 ? [{ event, params }] : units;
}

/** A unit whose outcome stops the call: blocked, denied, or told the agent to stop. Later units then do not run. */
export function blocksRequest(merged: MergedOutcome): boolean {
  return merged.decision === 'block' || merged.decision === 'deny' || merged.continue === false;
}

const joined = (parts: readonly (string | undefined)[], separator: string): string | undefined => {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  return present.length === 0 ? undefined : present.join(separator);
};

/**
 * The default combination of units' outcomes (in unit order): the first blocking unit's decision and reason win,
 * else the first decision that is not "none"; the last rewrite wins; contexts are joined by blank lines, messages
 * and feedback by newlines; the agent continues only if every unit lets it; `extra` fields merge, later wins.
 */
export function combineOutcomes(outcomes: readonly { readonly unit: DispatchUnit; readonly merged: MergedOutcome }[]): MergedOutcome {
  const merged = outcomes.map((outcome) => outcome.merged);
  if (merged.length === 1) return merged[0]!;
  const decider = merged.find(blocksRequest) ?? merged.find((outcome) => outcome.decision !== 'none') ?? merged[0];
  const rewrite = [...merged].reverse().find((outcome) => outcome.updatedInput !== undefined);
  const stopped = merged.find((outcome) => outcome.continue === false);
  const extra = Object.assign({}, ...merged.map((outcome) => outcome.extra ?? {})) as Record<string, unknown>;
  const additionalContext = joined(merged.map((outcome) => outcome.additionalContext), '\n\n');
  const systemMessage = joined(merged.map((outcome) => outcome.systemMessage), '\n');
  const feedback = joined(merged.map((outcome) => outcome.feedback), '\n');
  return {
    ...(decider ?? {}),
    decision: decider?.decision ?? 'none',
    continue: stopped === undefined,
    ...(decider?.reason !== undefined ? { reason: decider.reason } : {}),
    ...(rewrite?.updatedInput !== undefined ? { updatedInput: rewrite.updatedInput } : {}),
    ...(stopped?.stopReason !== undefined ? { stopReason: stopped.stopReason } : {}),
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
    ...(feedback !== undefined ? { feedback } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

export type UnitsRequest = {
  readonly dialect: Dialect;
  readonly event: EventName;
  /** The request's params after Dialect.prepareParams. */
  readonly params: EventParams;
  readonly tools: ToolKinds;
  readonly runUnit: (unit: DispatchUnit) => Promise<UnitDispatch>;
};

const labelled = (runs: readonly RunSummary[], label: string | undefined): RunSummary[] => (label === undefined ? [...runs] : runs.map((run) => ({ ...run, unit: label })));

/**
 * Runs the request's units in order. A unit that blocks (or is cancelled) ends the request; after a unit rewrote the
 * tool input the request is expanded again from the rewritten input and the remaining units come from that answer.
 * One unit: its dispatch as it is (runs labelled when the unit has a label).
 */
export async function dispatchUnits(request: UnitsRequest): Promise<UnitDispatch> {
  const { dialect, event, tools } = request;
  let units = unitsOf(dialect, event, request.params, tools);
  const done: { unit: DispatchUnit; dispatch: UnitDispatch }[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!;
    const dispatch = await request.runUnit(unit);
    done.push({ unit, dispatch });
    if (dispatch.cancelled || blocksRequest(dispatch.merged)) break;
    const rewritten = dispatch.merged.updatedInput;
    if (rewritten !== undefined && index + 1 < units.length) {
      // Later units see the call as it will run: re-expanded from the rewritten tool input.
      units = [...units.slice(0, index + 1), ...unitsOf(dialect, event, { ...request.params, toolInput: rewritten }, tools).slice(index + 1)];
    }
  }
  return combinedDispatch(dialect, event, done);
}

function combinedDispatch(dialect: Dialect, event: EventName, done: readonly { unit: DispatchUnit; dispatch: UnitDispatch }[]): UnitDispatch {
  if (done.length === 1) {
    const { unit, dispatch } = done[0]!;
    return { ...dispatch, result: { ...dispatch.result, event, runs: labelled(dispatch.result.runs, unit.label) } };
  }
  const outcomes = done.map(({ unit, dispatch }) => ({ unit, merged: dispatch.merged }));
  const merged = dialect.combine?.(event, outcomes) ?? combineOutcomes(outcomes);
  const runs = done.flatMap(({ unit, dispatch }) => labelled(dispatch.result.runs, unit.label));
  const environment = Object.assign({}, ...done.map(({ dispatch }) => dispatch.result.environment ?? {})) as Record<string, string>;
  const asyncRuns = done.flatMap(({ dispatch }) => dispatch.result.asyncRuns ?? []);
  const result: EventResult = { event, ...merged, notes: done.flatMap(({ dispatch }) => dispatch.result.notes), runs };
  if (Object.keys(environment).length > 0) result.environment = environment;
  if (asyncRuns.length > 0) result.asyncRuns = asyncRuns;
  const skipped: HookSpec[] = done.flatMap(({ dispatch }) => [...(dispatch.skippedByCondition ?? [])]);
  return {
    result,
    merged,
    cancelled: done.some(({ dispatch }) => dispatch.cancelled),
    // What the first unit that ran a hook read (a report shows one stdin).
    stdin: done.find(({ dispatch }) => dispatch.stdin !== '')?.dispatch.stdin ?? '',
    runStderr: done.flatMap(({ dispatch }) => dispatch.runStderr),
    ...(skipped.length > 0 ? { skippedByCondition: skipped } : {}),
  };
}
