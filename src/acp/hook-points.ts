// What each ACP message the proxy holds turns into: the hookd event it fires (params in hookd's protocol) and how the
// merged result changes the message — a prompt refused or given context, a permission answered without the editor,
// a file write refused or rewritten, a terminal refused. Pure: no I/O; the proxy (proxy.ts) sends what this returns.
import { toolNameFor } from './tool-names.js';
import { isRecord } from './wire.js';

/** The parts of an EventResult the proxy reads. */
export type HookResult = {
  readonly decision?: string;
  readonly reason?: string;
  readonly additionalContext?: string;
  readonly feedback?: string;
  readonly systemMessage?: string;
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly updatedInput?: Record<string, unknown>;
};

export const asHookResult = (value: unknown): HookResult => (isRecord(value) ? (value as HookResult) : {});

/** A tool call as the agent described it so far (`tool_call` then `tool_call_update`s, merged). */
export type ToolCallSeen = { readonly kind?: string; readonly title?: string; readonly rawInput?: unknown };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The text of a prompt's content blocks (text blocks, and the text of embedded text resources), one per line. */
export function promptText(prompt: unknown): string {
  if (!Array.isArray(prompt)) return '';
  const parts: string[] = [];
  for (const block of prompt) {
    if (!isRecord(block)) continue;
    if (block['type'] === 'text' && typeof block['text'] === 'string') parts.push(block['text']);
    else if (block['type'] === 'resource' && isRecord(block['resource']) && typeof block['resource']['text'] === 'string') parts.push(block['resource']['text']);
  }
  return parts.join('\n');
}

/** Text a hook left for the model: context, and feedback (a PostToolUse block's reason, exit-2 stderr). */
export function contextOf(result: HookResult, withBlockReason = false): string[] {
  const found: string[] = [];
  if (result.additionalContext) found.push(result.additionalContext);
  if (result.feedback) found.push(result.feedback);
  if (withBlockReason && result.decision === 'block' && result.reason) found.push(result.reason);
  return found;
}

/** Why a UserPromptSubmit result refuses the prompt, or undefined when it does not. */
export function promptRefusal(result: HookResult): string | undefined {
  if (result.continue === false) return result.stopReason || result.reason || 'stopped by a UserPromptSubmit hook';
  if (result.decision === 'block') return result.reason || 'blocked by a UserPromptSubmit hook';
  return undefined;
}

/** A prompt's params with context blocks: `before` ahead of the user's blocks (session start, earlier tools), `after` behind them. */
export function withContext(params: Record<string, unknown>, before: readonly string[], after: readonly string[]): Record<string, unknown> {
  const prompt = Array.isArray(params['prompt']) ? params['prompt'] : [];
  const block = (content: string) => ({ type: 'text', text: content });
  return { ...params, prompt: [...before.map(block), ...prompt, ...after.map(block)] };
}

/** hooks/PreToolUse params for an ACP tool call (a permission request). */
export function toolEventParams(dialect: string, sessionId: string, cwd: string, toolCallId: string | undefined, call: ToolCallSeen): Record<string, unknown> {
  return {
    session: { id: sessionId, cwd },
    toolName: toolNameFor(dialect, call.kind, call.title),
    toolInput: isRecord(call.rawInput) ? call.rawInput : call.title !== undefined ? { title: call.title } : {},
    ...(toolCallId !== undefined ? { toolUseId: toolCallId } : {}),
  };
}

export type PermissionAnswer = { readonly answer: { readonly outcome: { readonly outcome: 'selected'; readonly optionId: string } | { readonly outcome: 'cancelled' } } } | { readonly forward: true };

/**
 * How a PreToolUse (or PermissionRequest) decision answers `session/request_permission`: deny → the agent's reject
 * option (reject_once first; without one the request is answered cancelled, so the deny still holds); allow → its
 * allow option (allow_once first; without one the editor is asked); anything else → the editor is asked.
 */
export function permissionAnswer(result: HookResult, options: unknown): PermissionAnswer {
  const list = Array.isArray(options) ? options.filter(isRecord) : [];
  const pick = (kinds: readonly string[]) => {
    for (const kind of kinds) {
      const option = list.find((candidate) => candidate['kind'] === kind && typeof candidate['optionId'] === 'string');
      if (option !== undefined) return option['optionId'] as string;
    }
    return undefined;
  };
  if (result.decision === 'deny') {
    const optionId = pick(['reject_once', 'reject_always']);
    return { answer: { outcome: optionId !== undefined ? { outcome: 'selected', optionId } : { outcome: 'cancelled' } } };
  }
  if (result.decision === 'allow') {
    const optionId = pick(['allow_once', 'allow_always']);
    return optionId !== undefined ? { answer: { outcome: { outcome: 'selected', optionId } } } : { forward: true };
  }
  return { forward: true };
}

/** hooks/PreToolUse params for `fs/write_text_file` (the dialect's write tool; input `{file_path, content}`). */
export function writeEventParams(dialect: string, params: Record<string, unknown>, cwd: string): Record<string, unknown> {
  return {
    session: { id: text(params['sessionId']) ?? '', cwd },
    toolName: toolNameFor(dialect, 'write'),
    toolInput: { file_path: text(params['path']) ?? '', content: text(params['content']) ?? '' },
  };
}

/** hooks/PreToolUse params for `terminal/create` (the dialect's shell tool; input `{command}`, args joined). */
export function terminalEventParams(dialect: string, params: Record<string, unknown>, cwd: string): Record<string, unknown> {
  const args = Array.isArray(params['args']) ? params['args'].filter((arg): arg is string => typeof arg === 'string') : [];
  return {
    session: { id: text(params['sessionId']) ?? '', cwd: text(params['cwd']) ?? cwd },
    toolName: toolNameFor(dialect, 'execute'),
    toolInput: { command: [text(params['command']) ?? '', ...args].join(' ') },
  };
}

/** Why a PreToolUse result refuses the call, or undefined. */
export function toolRefusal(result: HookResult): string | undefined {
  if (result.decision === 'deny' || result.continue === false) return result.reason || result.stopReason || 'denied by a PreToolUse hook';
  return undefined;
}
