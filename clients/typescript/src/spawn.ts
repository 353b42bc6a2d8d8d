// Composition: spawn hookd, connect a HookdClient over its stdio in the chosen framing, and initialize it.
// Owns the defaults an agent usually wants (this client answers hooks/invoke); nothing else.
import { PROTOCOL_VERSION } from '../../../src/protocol/index.js';
import { HookdClient } from './client.js';
import type { JudgeHandler, McpToolHandler } from './delegated.js';
import type { ConnectionOptions, RequestOptions } from './connection.js';
import { createTransport, type Framing } from './framing.js';
import { spawnHookdProcess, type HookdProcessOptions } from './process.js';
import type { RequestParams } from './protocol-types.js';

type InitializeInput = RequestParams<'initialize'>;

export type StartHookdOptions = HookdProcessOptions &
  Omit<ConnectionOptions, 'process'> & {
    /** Default `content-length` (vscode-jsonrpc's framing); hookd detects either. */
    readonly framing?: Framing;
  };

export type SpawnHookdOptions = StartHookdOptions & {
  /** Absolute path of the project; hooks run in it. */
  readonly workspace: InitializeInput['workspace'];
  /** `claude` (default) or `bamboo`. */
  readonly dialect?: InitializeInput['dialect'];
  /** Replaces $HOME for user-scope config discovery. */
  readonly home?: InitializeInput['home'];
  /** Read exactly these config files instead of discovering them. */
  readonly sources?: InitializeInput['sources'];
  /** Server options: stopBlockCap, killGraceMs, watch, trustStorePath, workspaceTrust, runOutputExcerptBytes, progress, ... */
  readonly options?: InitializeInput['options'];
  /** Merged over `{programmaticHooks: true}` (this client answers hooks/invoke). */
  readonly capabilities?: InitializeInput['capabilities'];
  readonly clientInfo?: InitializeInput['clientInfo'];
  /** Answers hooks/judge (prompt and agent hooks) and declares capabilities.modelJudge. */
  readonly judge?: JudgeHandler;
  /** Answers hooks/callMcpTool (mcp_tool hooks) and declares capabilities.mcpTools. */
  readonly callMcpTool?: McpToolHandler;
  /** Bound on `initialize` (default 30 s); hookd is killed when it fails. */
  readonly initializeTimeoutMs?: number;
};

/** Spawns hookd and connects a client; nothing is sent yet (call `initialize`). */
export function startHookd(options: StartHookdOptions = {}): HookdClient {
  const child = spawnHookdProcess(options);
  const transport = createTransport(child.stdout, child.stdin, options.framing);
  return new HookdClient(transport, {
    process: child,
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.cancelGraceMs !== undefined ? { cancelGraceMs: options.cancelGraceMs } : {}),
    ...(options.validateResults !== undefined ? { validateResults: options.validateResults } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
}

/** The `initialize` params `spawnHookd` sends for these options. */
export function initializeParams(options: SpawnHookdOptions): InitializeInput {
  return {
    protocolVersion: PROTOCOL_VERSION,
    clientInfo: options.clientInfo ?? { name: 'hookd-client' },
    dialect: options.dialect ?? 'claude',
    workspace: options.workspace,
    ...(options.home !== undefined ? { home: options.home } : {}),
    ...(options.sources !== undefined ? { sources: options.sources } : {}),
    capabilities: {
      programmaticHooks: true,
      ...(options.judge !== undefined ? { modelJudge: true } : {}),
      ...(options.callMcpTool !== undefined ? { mcpTools: true } : {}),
      ...options.capabilities,
    },
    ...(options.options !== undefined ? { options: options.options } : {}),
  };
}

/**
 * Spawns hookd, connects and initializes: the client is ready for events. `client.initializeResult` has the hooks
 * and the configuration's diagnostics (a broken config never fails here). If initialize fails, hookd is killed.
 */
export async function spawnHookd(options: SpawnHookdOptions): Promise<HookdClient> {
  const client = startHookd(options);
  if (options.judge !== undefined) client.onJudge(options.judge);
  if (options.callMcpTool !== undefined) client.onCallMcpTool(options.callMcpTool);
  const request: RequestOptions = { timeoutMs: options.initializeTimeoutMs ?? 30_000 };
  try {
    await client.initialize(initializeParams(options), request);
  } catch (error) {
    client.dispose();
    await client.exited;
    throw error;
  }
  return client;
}
