// Parses what a bonsai action answered: a shell stdout or http body (`{decision: "block", reason}`,
// `{decision: "modify", tool_args}`, `{context}`) and an llm_prompt judge's strict JSON reply. Values only; whether
// a hook may veto or rewrite is output.ts's to decide.
import { findTooDeep, tooDeepMessage } from '../../protocol/json-depth.js';
import { isObject } from '../reading-words.js';

/** A shell or http answer after validation; absent fields were absent (or null). */
export type ActionResponse = {
  /** `allow` is accepted as an explicit "continue" (the judges' word); it decides nothing. */
  readonly decision?: 'block' | 'modify' | 'allow';
  readonly reason?: string;
  readonly toolArgs?: Record<string, unknown>;
  readonly context?: string;
};

export type JudgeReply = { readonly decision: 'allow' | 'block'; readonly reason?: string };

const ACTION_DECISIONS = ['block', 'modify', 'allow'] as const;
const JUDGE_DECISIONS = ['allow', 'block'] as const;

/** `"x"` → `"x"`, 7 → `7`, [..] → `an array`, {..} → `an object`, for messages; cut to 60 characters. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** JSON.parse of the whole text into one object no deeper than hookd's nesting limit, or why not. */
function parseObject(text: string, what: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return `${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!isObject(value)) return `${what} must be one JSON object (got ${describeValue(value)})`;
  const tooDeep = findTooDeep(value);
  if (tooDeep !== undefined) return `${what} is ${tooDeepMessage(what)}`;
  return value;
}

/** A field that must be a string when present (null counts as absent). */
function optionalString(value: Record<string, unknown>, field: string, problems: string[]): string | undefined {
  const item = value[field] ?? undefined;
  if (item === undefined) return undefined;
  if (typeof item === 'string') return item;
  problems.push(`${field} must be a string (got ${describeValue(item)})`);
  return undefined;
}

/**
 * The answer in a non-empty stdout or body (trimmed): one JSON object whose `decision` is block, modify or allow,
 * `reason` and `context` strings, `tool_args` an object (required with modify). Other keys are ignored. A string
 * says why it is malformed (the run then failed).
 */
export function parseActionResponse(text: string, what: string): ActionResponse | string {
  const value = parseObject(text, what);
  if (typeof value === 'string') return value;
  const problems: string[] = [];
  const response: { -readonly [K in keyof ActionResponse]: ActionResponse[K] } = {};
  const decision = value.decision ?? undefined;
  if (decision !== undefined) {
    if (typeof decision === 'string' && (ACTION_DECISIONS as readonly string[]).includes(decision)) response.decision = decision as ActionResponse['decision'];
    else problems.push(`decision must be "block", "modify" or "allow" (got ${describeValue(decision)})`);
  }
  const reason = optionalString(value, 'reason', problems);
  if (reason !== undefined) response.reason = reason;
  const context = optionalString(value, 'context', problems);
  if (context !== undefined) response.context = context;
  const toolArgs = value.tool_args ?? undefined;
  if (toolArgs !== undefined) {
    if (isObject(toolArgs)) response.toolArgs = toolArgs;
    else problems.push(`tool_args must be an object (got ${describeValue(toolArgs)})`);
  }
  if (response.decision === 'modify' && response.toolArgs === undefined && !problems.some((problem) => problem.startsWith('tool_args'))) {
    problems.push('decision "modify" needs tool_args (the rewritten tool arguments, an object)');
  }
  return problems.length > 0 ? `${what} is malformed: ${problems.join('; ')}` : response;
}

/**
 * A judge's reply: exactly one JSON object (surrounding whitespace allowed, nothing else: no prose, no code fence)
 * with `decision` "allow" or "block" and `reason` a string when given. Other keys are ignored. A string says why not.
 */
export function parseJudgeReply(text: string): JudgeReply | string {
  const trimmed = text.trim();
  if (trimmed === '') return 'the model replied nothing; expected strict JSON {"decision":"allow"|"block","reason":"…"}';
  const value = parseObject(trimmed, "the model's reply");
  if (typeof value === 'string') return `${value}; expected strict JSON {"decision":"allow"|"block","reason":"…"}`;
  const problems: string[] = [];
  const decision = value.decision;
  if (typeof decision !== 'string' || !(JUDGE_DECISIONS as readonly string[]).includes(decision)) {
    problems.push(`decision must be "allow" or "block" (got ${decision === undefined ? 'nothing' : describeValue(decision)})`);
  }
  const reason = optionalString(value, 'reason', problems);
  if (problems.length > 0) return `the model's reply is malformed: ${problems.join('; ')}`;
  return { decision: decision as JudgeReply['decision'], ...(reason !== undefined ? { reason } : {}) };
}
