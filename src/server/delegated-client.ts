// The DelegatedClient the engine uses for prompt, agent and mcp_tool handlers: hooks/judge and hooks/callMcpTool sent
// to the client, only for the capabilities it declared. Maps an answer that fails its schema to InvalidClientAnswer.
import { InvalidClientAnswer, type DelegatedClient } from '../engine/delegated-hook.js';
import { ErrorCodes, type CallMcpToolResult, type InitializeParams, type JudgeResult, type ServerRequestMethod } from '../protocol/index.js';
import { RpcError } from '../rpc/errors.js';

type CallClient = (method: ServerRequestMethod, params: unknown, options: { signal: AbortSignal }) => Promise<unknown>;

async function ask(callClient: CallClient, method: ServerRequestMethod, params: unknown, signal: AbortSignal): Promise<unknown> {
  try {
    return await callClient(method, params, { signal });
  } catch (error) {
    // The rpc layer validates the result against the method's schema; such a failure is the client's bad answer.
    if (error instanceof RpcError && error.code === ErrorCodes.InternalError && error.message.startsWith(`invalid result of ${method}`)) {
      throw new InvalidClientAnswer(`the client's answer to ${error.message.slice('invalid result of '.length)}`);
    }
    throw error;
  }
}

/** The text of an MCP tool result: `text` when given, else its text content blocks joined with newlines. */
export function mcpResultText(result: CallMcpToolResult): string {
  if (result.text !== undefined) return result.text;
  return (result.content ?? []).flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : [])).join('\n');
}

export function delegatedClient(capabilities: InitializeParams['capabilities'], callClient: CallClient): DelegatedClient {
  return {
    ...(capabilities.modelJudge === true
      ? {
          judge: async ({ signal, ...request }) => {
            const answer = (await ask(callClient, 'hooks/judge', request, signal)) as JudgeResult;
            // reply "text": the model's reply verbatim is the answer (the dialect parses it).
            if (request.reply === 'text') {
              if (typeof answer.text !== 'string') throw new InvalidClientAnswer(`the client's answer to hooks/judge: text: expected string, received ${answer.text === undefined ? 'undefined' : typeof answer.text}`);
              return { text: answer.text };
            }
            if (answer.ok === undefined) throw new InvalidClientAnswer("the client's answer to hooks/judge: ok: expected boolean, received undefined");
            return { ok: answer.ok, ...(answer.reason !== undefined ? { reason: answer.reason } : {}), ...(answer.impossible !== undefined ? { impossible: answer.impossible } : {}) };
          },
        }
      : {}),
    ...(capabilities.mcpTools === true
      ? {
          callMcpTool: async ({ signal, ...request }) => {
            const answer = (await ask(callClient, 'hooks/callMcpTool', request, signal)) as CallMcpToolResult;
            return { text: mcpResultText(answer), isError: answer.isError === true };
          },
        }
      : {}),
  };
}
