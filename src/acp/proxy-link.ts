// What the proxy's parts share (proxy.ts owns it; turn-points.ts and tool-points.ts use it): per-session state, the
// requests the agent owes an answer, hook runs held for a request, and the calls that fire hooks and write lines.
// Types only.
import type { Logger } from '../logger.js';
import type { HookResult, ToolCallSeen } from './hook-points.js';
import type { Incoming, JsonRpcId } from './wire.js';

export type SessionState = {
  /** SessionStart context, then what tools left (PostToolUse feedback): given to the next prompt, then cleared. */
  readonly carried: string[];
  /** Settles when the session's SessionStart hooks have run (its first prompt waits for them). */
  started: Promise<void>;
  readonly tools: Map<string, ToolCallSeen>;
  /** Hook runs of this session in flight (session/cancel aborts them). */
  readonly runs: Set<AbortController>;
  /** What the agent said in the current turn (agent_message_chunk texts, capped): Stop's lastAssistantMessage. */
  turnText: string;
};

/** A request the agent has not answered yet, by its id on the agent's side. */
export type AgentOwed = {
  /** The id the editor gave (a continuation: the prompt it continues). */
  readonly editorId: JsonRpcId;
  /** The id the agent saw. */
  readonly agentId: JsonRpcId;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** A continuation the proxy sent after a Stop hook blocked. */
  readonly continued?: boolean;
};

export type Request = Extract<Incoming, { kind: 'request' }>;
export type Response = Extract<Incoming, { kind: 'response' }>;

/** Hook runs of a held request, by the request's id in its sender's id space ($/cancel_request aborts them). */
export type Held = { readonly map: Map<string, AbortController>; readonly id: JsonRpcId };

export type FireResult = HookResult | 'cancelled' | 'failed';

export type ProxyLink = {
  readonly dialect: string;
  readonly workspace: string;
  readonly logger: Logger;
  session(id: string): SessionState;
  /** One hookd event under a controller the session's cancel (and the held request's $/cancel_request) aborts. */
  fire(sessionId: string, event: string, params: Record<string, unknown>, held?: Held): Promise<FireResult>;
  toEditor(line: Buffer | string): void;
  toAgent(line: Buffer | string): void;
  readonly heldByEditorId: Map<string, AbortController>;
  readonly heldByAgentId: Map<string, AbortController>;
  readonly agentOwes: Map<string, AgentOwed>;
  /** An id for a request of the proxy's own: never one the agent still owes an answer to. */
  ownId(): string;
  /** Forwards an editor request to the agent under its agent-side id (the line as it came when that is its own). */
  forwardRequest(message: Request, params: Record<string, unknown>, line: Buffer | undefined): void;
  /** True once the proxy is ending (nothing new is sent to the agent). */
  ending(): boolean;
};

export const sessionIdOf = (params: Record<string, unknown>): string => (typeof params['sessionId'] === 'string' ? params['sessionId'] : '');
