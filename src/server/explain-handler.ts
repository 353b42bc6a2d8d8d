// hooks/explain: checks the event and its params exactly as hooks/<event> would (that event's schema, then the
// dialect's own rules; -32602 naming the field), then asks the engine why each hook would or would not fire.
// Runs nothing: no process is spawned, no state changes.
import type { Engine } from '../engine/engine.js';
import { ErrorCodes, EventParamsSchemas, isEventName, type EventParams, type ExplainParams, type ExplainResult } from '../protocol/index.js';
import { describeIssues } from '../protocol/issue-text.js';
import { RpcError } from '../rpc/errors.js';

const invalidParams = (message: string) => new RpcError(ErrorCodes.InvalidParams, `invalid params: ${message}`);

export function explainRequest(engine: Engine, request: ExplainParams): ExplainResult {
  const { dialect } = engine;
  const { event } = request;
  if (!isEventName(event) || !dialect.events.includes(event))
    throw invalidParams(`event: the ${dialect.name} dialect has no event "${String(event)}" (known: ${dialect.events.join(', ')})`);
  const parsed = EventParamsSchemas[event].safeParse(request.params);
  if (!parsed.success) throw invalidParams(describeIssues(parsed.error.issues, { prefix: ['params'] }));
  const params = parsed.data as EventParams;
  const problem = dialect.validateParams?.(event, params);
  if (problem !== undefined) throw invalidParams(`params: ${problem}`);
  return engine.explain(event, params);
}
