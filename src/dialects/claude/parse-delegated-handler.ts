// One Claude Code `prompt`, `agent` or `mcp_tool` handler object → a JudgeHandler / McpToolHandler, or problems with
// paths relative to it. Knows these types' fields and defaults (handler-types.ts says which events accept them); not files or positions.
import { z } from 'zod';
import type { JudgeHandler, McpToolHandler } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { defaultTimeoutSeconds } from './event-rules.js';
import type { HandlerProblem } from './parse-handler.js';
import { fieldProblems } from './field-problems.js';

export const DELEGATED_HANDLER_TYPES: readonly string[] = ['prompt', 'agent', 'mcp_tool'];

/** Default timeouts in seconds: prompt 30, agent 60; mcp_tool as a command on the event. */
const JUDGE_TIMEOUT_SECONDS = { prompt: 30, agent: 60 } as const;

const common = {
  timeout: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be a positive number of seconds' }).optional(),
  statusMessage: z.string({ error: 'must be a string' }).optional(),
  onFailure: z.enum(['block', 'continue'], { error: 'must be "block" or "continue"' }).optional(),
  if: z.string({ error: 'must be a permission rule string' }).optional(),
};

const JudgeSchema = z.looseObject({
  type: z.enum(['prompt', 'agent']),
  prompt: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  model: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).optional(),
  continueOnBlock: z.boolean({ error: 'must be true or false' }).optional(),
  ...common,
});

const McpToolSchema = z.looseObject({
  type: z.literal('mcp_tool'),
  server: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  tool: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  input: z.record(z.string(), z.unknown(), { error: 'must be an object of tool arguments' }).optional(),
  ...common,
});

export type DelegatedParse = { readonly handler?: JudgeHandler | McpToolHandler; readonly problems: readonly HandlerProblem[] };

export function parseDelegatedHandler(raw: object, type: string, event: EventName): DelegatedParse {
  const parsed = type === 'mcp_tool' ? McpToolSchema.safeParse(raw) : JudgeSchema.safeParse(raw);
  if (!parsed.success) return { problems: fieldProblems(parsed.error) };
  const spec = parsed.data;
  const problems: HandlerProblem[] = [];
  const shared = {
    ...(spec.statusMessage !== undefined ? { statusMessage: spec.statusMessage } : {}),
    onFailure: spec.onFailure ?? ('continue' as const),
  };
  if (spec.type === 'mcp_tool') {
    const seconds = spec.timeout ?? defaultTimeoutSeconds(event);
    const handler: McpToolHandler = { type: 'mcp_tool', server: spec.server, tool: spec.tool, input: spec.input ?? {}, timeoutMs: toMs(seconds), ...shared };
    return { handler, problems };
  }
  if (spec.type === 'agent' && spec.continueOnBlock !== undefined) {
    problems.push({ severity: 'info', code: 'ignored-field', message: 'agent handlers have no "continueOnBlock": a failed judgement always feeds back', path: ['continueOnBlock'] });
  }
  const seconds = spec.timeout ?? JUDGE_TIMEOUT_SECONDS[spec.type];
  const handler: JudgeHandler = {
    type: spec.type,
    prompt: spec.prompt,
    ...(spec.model !== undefined ? { model: spec.model } : {}),
    // Claude Code: an agent's ok:false is handled like a prompt's with continueOnBlock.
    ...(spec.type === 'agent' ? { continueOnBlock: true } : spec.continueOnBlock !== undefined ? { continueOnBlock: spec.continueOnBlock } : {}),
    timeoutMs: toMs(seconds),
    ...shared,
  };
  return { handler, problems };
}

function toMs(seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000));
}
