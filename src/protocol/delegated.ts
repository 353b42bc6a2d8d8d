// Zod schemas of delegated handlers: hookd asks the client to judge with its model (hooks/judge, Claude `prompt` and
// `agent` handlers, bonsai `llm_prompt`) or to call one of its MCP tools (hooks/callMcpTool). Shapes only.
import { z } from 'zod';

export const JUDGE_KINDS = ['prompt', 'agent'] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];

export const JudgeParamsSchema = z
  .looseObject({
    hookId: z.string(),
    event: z.string(),
    sessionId: z.string(),
    kind: z.enum(JUDGE_KINDS).describe('prompt: one model call; agent: a subagent that may use tools (Read, Grep, Glob, …) before answering.'),
    prompt: z.string().describe('The prompt as configured, with $ARGUMENTS replaced by the hook input JSON (appended when absent), or as the dialect renders its own template (bonsai llm_prompt: `{{…}}` evidence markers, each wrapped as untrusted data).'),
    model: z.string().optional().describe('The model the hook asks for; omitted: the client picks (Claude Code: a fast model).'),
    timeoutMs: z.number().int().describe('hookd cancels the request ($/cancelRequest) after this long.'),
    reply: z
      .enum(['verdict', 'text'])
      .optional()
      .describe('What to answer: verdict (absent: the default) {ok, reason?}; text: the model\'s reply verbatim as {text}, which hookd parses itself (bonsai llm_prompt: strict JSON {"decision":"allow"|"block","reason"}).'),
  })
  .meta({ id: 'JudgeParams' });
export type JudgeParams = z.infer<typeof JudgeParamsSchema>;

export const JudgeResultSchema = z
  .looseObject({
    ok: z.boolean().optional().describe('reply verdict (required then): true: the condition holds (no effect); false: it does not (the event\'s blocking effect).'),
    text: z.string().optional().describe('reply text (required then): the model\'s reply, verbatim.'),
    reason: z.string().optional().describe('Why, when ok is false: fed back to the model or shown, by event.'),
    impossible: z.boolean().optional().describe('With ok false on Stop/SubagentStop (prompt only): the condition cannot be met, so stop instead of continuing.'),
  })
  .meta({ id: 'JudgeResult' });
export type JudgeResult = z.infer<typeof JudgeResultSchema>;

export const CallMcpToolParamsSchema = z
  .looseObject({
    hookId: z.string(),
    event: z.string(),
    sessionId: z.string(),
    server: z.string().describe('The configured MCP server name (plugin servers as plugin:<plugin>:<server>); use only an already-connected server.'),
    tool: z.string(),
    input: z.record(z.string(), z.unknown()).describe('Tool arguments; string values have had ${path} placeholders substituted from the hook input.'),
    timeoutMs: z.number().int(),
  })
  .meta({ id: 'CallMcpToolParams' });
export type CallMcpToolParams = z.infer<typeof CallMcpToolParamsSchema>;

export const McpContentBlockSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

export const CallMcpToolResultSchema = z
  .looseObject({
    content: z.array(McpContentBlockSchema).optional().describe("The MCP tool result's content; its text blocks, joined with newlines, are the hook's output."),
    text: z.string().optional().describe('The output as one string (used instead of content when given).'),
    isError: z.boolean().optional().describe('The tool failed (or its server is not connected): a non-blocking error.'),
  })
  .meta({ id: 'CallMcpToolResult' });
export type CallMcpToolResult = z.infer<typeof CallMcpToolResultSchema>;
