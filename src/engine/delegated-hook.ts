// Runs delegated handlers (a model judge, an MCP tool call) by asking the client through injected callbacks, and
// shapes the answer as a ProcessOutcome the dialect reads. Builds the prompt ($ARGUMENTS) and tool input (${path}).
// Never spawns and never imports rpc: the composition root injects the callbacks.
import { performance } from 'node:perf_hooks';
import type { ProcessOutcome } from '../runner/types.js';
import { captured } from './client-hook.js';
import type { HandlerSpec, JudgeHandler, McpToolHandler } from './dialect.js';

type Common = { readonly hookId: string; readonly event: string; readonly sessionId: string; readonly timeoutMs: number; readonly signal: AbortSignal };
export type JudgeRequest = Common & { readonly kind: JudgeHandler['type']; readonly prompt: string; readonly model?: string; readonly reply?: 'verdict' | 'text' };
/** A verdict ({ok, reason}) or, for reply "text", the model's reply verbatim ({text}), read as the run's stdout. */
export type JudgeAnswer = { readonly ok: boolean; readonly reason?: string; readonly impossible?: boolean } | { readonly text: string };
export type McpToolRequest = Common & { readonly server: string; readonly tool: string; readonly input: Record<string, unknown> };
export type McpToolAnswer = { readonly text: string; readonly isError: boolean };

/** What the client can do for hookd; a missing callback means it did not declare the capability. */
export type DelegatedClient = {
  readonly judge?: (request: JudgeRequest) => Promise<JudgeAnswer>;
  readonly callMcpTool?: (request: McpToolRequest) => Promise<McpToolAnswer>;
};

/** Thrown by a callback whose client answered something that is not a valid answer (the message says why). */
export class InvalidClientAnswer extends Error {
  override readonly name = 'InvalidClientAnswer';
}

export function isDelegatedHandler(handler: HandlerSpec): handler is JudgeHandler | McpToolHandler {
  return handler.type === 'prompt' || handler.type === 'agent' || handler.type === 'mcp_tool';
}

/** The capability each delegated handler type needs (initialize capabilities.<name>). */
export const DELEGATED_CAPABILITY = { prompt: 'modelJudge', agent: 'modelJudge', mcp_tool: 'mcpTools' } as const;

/** `$ARGUMENTS` → the hook input JSON (appended after a blank line when the prompt has none); `\$` is a literal `$`. */
export function substituteArguments(prompt: string, inputJson: string): string {
  let found = false;
  const replaced = prompt.replace(/\\\$|\$ARGUMENTS/g, (match) => {
    if (match === '\\$') return '$';
    found = true;
    return inputJson;
  });
  return found ? replaced : `${replaced}\n\n${inputJson}`;
}

const PLACEHOLDER = /\$\{([^{}]{1,200})\}/g;
const MAX_INPUT_DEPTH = 64;

function lookup(input: unknown, path: string): unknown {
  let value: unknown = input;
  for (const segment of path.trim().split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function substituteString(text: string, hookInput: unknown): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => {
    const value = lookup(hookInput, path);
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Every string value of `input` (nested too) with `${path}` replaced from the hook input; a missing path is empty. */
export function substituteToolInput(input: Readonly<Record<string, unknown>>, hookInput: unknown): Record<string, unknown> {
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return substituteString(value, hookInput);
    if (depth >= MAX_INPUT_DEPTH || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, depth + 1)]));
  };
  return walk(input, 0) as Record<string, unknown>;
}

function parsedInput(stdin: string): unknown {
  try {
    return JSON.parse(stdin) as unknown;
  } catch {
    return {};
  }
}

export type DelegatedRun = {
  readonly hookId: string;
  readonly event: string;
  readonly sessionId: string;
  /** The dialect's stdin envelope: the hook input. */
  readonly stdin: string;
  readonly signal: AbortSignal;
  readonly maxOutputBytes: number;
};

export async function runDelegatedHook(client: DelegatedClient, handler: JudgeHandler | McpToolHandler, run: DelegatedRun): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const nothing = captured('', run.maxOutputBytes);
  const base = { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: nothing, stderr: nothing };
  const elapsed = () => performance.now() - startedAt;
  if (run.signal.aborted) return { ...base, started: false, cancelled: true, durationMs: 0 };
  const capability = DELEGATED_CAPABILITY[handler.type];
  const call = handler.type === 'mcp_tool' ? client.callMcpTool : client.judge;
  if (call === undefined) {
    const message = `${handler.type} handlers need a client that declared capabilities.${capability}`;
    return { ...base, started: false, durationMs: 0, preflight: { kind: 'unsupported', message } };
  }
  const timeout = AbortSignal.timeout(handler.timeoutMs);
  const signal = AbortSignal.any([run.signal, timeout]);
  const common = { hookId: run.hookId, event: run.event, sessionId: run.sessionId, timeoutMs: handler.timeoutMs, signal };
  // The run ends when the signal aborts even if the callback ignores it: a silent client must not hold the dispatch.
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    if (handler.type === 'mcp_tool') {
      const input = substituteToolInput(handler.input, parsedInput(run.stdin));
      const answer = await Promise.race([client.callMcpTool!({ ...common, server: handler.server, tool: handler.tool, input }), aborted]);
      const what = `mcp_tool ${handler.server}/${handler.tool} returned isError`;
      if (answer.isError) return { ...base, started: true, exitCode: 1, durationMs: elapsed(), stderr: captured(`${what}: ${answer.text}`, run.maxOutputBytes) };
      return { ...base, started: true, exitCode: 0, durationMs: elapsed(), stdout: captured(answer.text, run.maxOutputBytes) };
    }
    // The dialect's own template (e.g. evidence markers wrapped as untrusted data) replaces the $ARGUMENTS substitution.
    const prompt = handler.renderPrompt !== undefined ? handler.renderPrompt(run.stdin) : substituteArguments(handler.prompt, run.stdin);
    const reply = handler.reply === 'text' ? { reply: 'text' as const } : {};
    const request = { ...common, kind: handler.type, prompt, ...(handler.model !== undefined ? { model: handler.model } : {}), ...reply };
    const answer = await Promise.race([client.judge!(request), aborted]);
    if (handler.reply === 'text') {
      if (!('text' in answer) || typeof answer.text !== 'string')
        return { ...base, started: true, durationMs: elapsed(), delegated: { kind: 'invalid_answer', message: "the client's answer to hooks/judge: text: expected string (reply \"text\")" } };
      // The reply is the run's stdout, capped like a process's (a truncated reply is the dialect's to refuse).
      return { ...base, started: true, exitCode: 0, durationMs: elapsed(), stdout: captured(answer.text, run.maxOutputBytes) };
    }
    if (!('ok' in answer)) return { ...base, started: true, durationMs: elapsed(), delegated: { kind: 'invalid_answer', message: "the client's answer to hooks/judge: ok: expected boolean" } };
    const reason = answer.reason === undefined ? undefined : captured(answer.reason, run.maxOutputBytes).text;
    const judgement = { kind: 'judgement' as const, ok: answer.ok, ...(reason !== undefined ? { reason } : {}), ...(answer.impossible === true ? { impossible: true } : {}) };
    return { ...base, started: true, exitCode: 0, durationMs: elapsed(), stdout: captured(JSON.stringify(answer), run.maxOutputBytes), delegated: judgement };
  } catch (error) {
    if (run.signal.aborted) return { ...base, started: true, cancelled: true, durationMs: elapsed() };
    if (timeout.aborted) return { ...base, started: true, timedOut: true, durationMs: elapsed() };
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InvalidClientAnswer) return { ...base, started: true, durationMs: elapsed(), delegated: { kind: 'invalid_answer', message } };
    const what = handler.type === 'mcp_tool' ? `call MCP tool ${handler.server}/${handler.tool}` : `judge the ${handler.type} hook`;
    return { ...base, started: false, durationMs: elapsed(), spawnError: `the client could not ${what}: ${message}` };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
