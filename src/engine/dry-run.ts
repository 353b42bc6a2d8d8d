// The dry run of one handler as written in a dialect's configuration: validate it, build the event's params
// (the dialect's deterministic synthetic payload, overridden by what the caller gave), run it with production
// limits, and turn what went wrong into diagnostics. Persists nothing; shared by hooks/dryRun and `hookd test`.
import { EventParamsSchemas, isEventName, type Diagnostic, type EventName, type EventParams, type EventResult } from '../protocol/index.js';
import { describeIssues } from '../protocol/issue-text.js';
import type { Dialect, LoadContext } from './dialect.js';
import type { DispatchOptions, Engine } from './engine.js';

export type DryRunRequest = {
  readonly event: string;
  readonly handler: unknown;
  /** Partial event params laid over the synthetic ones (session fields merge one level deep). */
  readonly params?: Partial<EventParams>;
};

export type DryRunOutcome =
  | { readonly kind: 'invalid-request'; readonly message: string }
  | {
      readonly kind: 'done';
      readonly diagnostics: Diagnostic[];
      readonly result?: EventResult;
      readonly input?: unknown;
      /** The exact text the handler read on stdin (`input` is it parsed). */
      readonly stdin?: string;
      readonly cancelled: boolean;
    };

function parsedEnvelope(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The params of a dry run of `event`: the dialect's synthetic payload with `given` laid over it (session fields merge
 * one level deep), checked against the event's schema and the dialect's own rules; a message names what is wrong.
 */
export function dryRunParams(dialect: Dialect, event: EventName, workspace: string, given: Partial<EventParams> = {}): { readonly params: EventParams } | { readonly message: string } {
  // A dialect without a synthetic payload: just a session; the event's schema says what else is required.
  const base = dialect.syntheticParams?.(event, workspace) ?? ({ session: { id: 'hookd-test-session', cwd: workspace } } as EventParams);
  const merged = { ...base, ...given, session: { ...base.session, ...(given.session ?? {}) } };
  const checked = EventParamsSchemas[event].safeParse(merged);
  if (!checked.success) return { message: `params: ${describeIssues(checked.error.issues)}` };
  const params = checked.data as EventParams;
  const problem = dialect.validateParams?.(event, params);
  if (problem !== undefined) return { message: `params: ${problem}` };
  return { params };
}

export async function dryRunHandler(engine: Engine, loadContext: LoadContext, request: DryRunRequest, options: DispatchOptions = {}): Promise<DryRunOutcome> {
  const { dialect } = engine;
  const { event } = request;
  if (!isEventName(event) || !dialect.events.includes(event))
    return { kind: 'invalid-request', message: `event: the ${dialect.name} dialect has no event "${event}" (known: ${dialect.events.join(', ')})` };
  if (!dialect.parseHandler || !dialect.syntheticParams)
    return { kind: 'invalid-request', message: `handler: the ${dialect.name} dialect has no dry run of a single handler` };

  const built = dryRunParams(dialect, event, loadContext.workspace, request.params);
  if ('message' in built) return { kind: 'invalid-request', message: built.message };
  const { params } = built;

  const parsed = dialect.parseHandler(request.handler, event, loadContext);
  const diagnostics = [...parsed.diagnostics];
  if (parsed.hook === undefined || diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { kind: 'done', diagnostics, cancelled: false };

  const { result, cancelled, stdin, skippedByCondition } = await engine.dryRun(parsed.hook, event, params, options);
  const input = parsedEnvelope(stdin);
  for (const hook of skippedByCondition ?? []) {
    diagnostics.push({
      severity: 'info',
      code: 'condition-not-met',
      message: `the handler was not started: its condition ${hook.condition ?? '(applies)'} does not match these params`,
      field: 'handler',
    });
  }
  for (const run of result.runs) {
    if (run.failureClass === null) continue;
    diagnostics.push({ severity: 'warning', code: run.failureClass, message: run.message ?? `the handler failed (${run.failureClass})`, field: 'handler' });
  }
  return { kind: 'done', diagnostics, result, input, stdin, cancelled };
}
