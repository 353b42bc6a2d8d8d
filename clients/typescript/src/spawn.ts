// Composition: spawn hookd (found as discovery.ts says), connect a HookdClient over its stdio in the chosen framing,
// initialize it and check it is the sidecar. Owns the defaults an agent usually wants (this client answers hooks/invoke).
import { PROTOCOL_VERSION } from './protocol.gen/index.js';
import { HookdClient, type InitializeResult } from './client.js';
import type { ApprovalHandler, JudgeHandler, McpToolHandler, ToolApprovalHandler } from './delegated.js';
import type { ConnectionOptions, RequestOptions } from './connection.js';
import type { FoundHookd } from './discovery.js';
import { HookdExitedError, HookdNotSidecarError, HookdTimeoutError } from './errors.js';
import { createTransport, DEFAULT_FRAMING, type Framing } from './framing.js';
import { spawnDiscoveredHookd, type HookdProcessOptions } from './process.js';
import { SIDECAR_SERVER_NAME, watchForForeignOutput } from './sidecar-check.js';
import type { RequestParams, ServerNotificationParams } from './protocol-types.js';

type InitializeInput = RequestParams<'initialize'>;

export type StartHookdOptions = HookdProcessOptions &
  Omit<ConnectionOptions, 'process'> & {
    /** Default `ndjson` (as the Python and Rust clients); `content-length` is vscode-jsonrpc's. hookd detects either. */
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
  /**
   * The agent's tools, by name or as `{name, kind: 'shell' | 'file_write' | 'other', commandField?, pathField?}`: in
   * dialects that have them (bonsai), a shell tool's PreToolUse/PostToolUse also fire PreBash/PostBash and a
   * file-writing tool's PreFileWrite/PostFileWrite.
   */
  readonly tools?: InitializeInput['tools'];
  /** Answers hooks/judge (prompt and agent hooks; bonsai llm_prompt with a text reply) and declares capabilities.modelJudge. */
  readonly judge?: JudgeHandler;
  /** Answers hooks/callMcpTool (mcp_tool hooks) and declares capabilities.mcpTools. */
  readonly callMcpTool?: McpToolHandler;
  /** Answers hooks/approve (hooks that need approval before they first run) and declares capabilities.hookApproval. */
  readonly approve?: ApprovalHandler;
  /** Answers hooks/askToolApproval (a hook's ask on a tool call: allow or deny) and declares capabilities.toolApproval. */
  readonly toolApproval?: ToolApprovalHandler;
  /**
   * pbi: called with hooks/reviewWarnings (hooks that stay skipped until reviewed, or the bypass notice). hookd sends
   * it right after answering initialize, so it is registered before initialize is sent.
   */
  readonly onReviewWarnings?: (params: ServerNotificationParams<'hooks/reviewWarnings'>) => void;
  /** wamp: `options.trustWorkspace`, the session trusts its own workspace (a Cloud session); merged over `options`. */
  readonly trustWorkspace?: boolean;
  /** Bound on `initialize` (default 30 s); hookd is killed when it fails. */
  readonly initializeTimeoutMs?: number;
};

/** A client whose `initialize` succeeded: what `spawnHookd` resolves with. */
export type InitializedHookdClient = HookdClient & { readonly initializeResult: InitializeResult };

/**
 * Spawns hookd and connects a client; nothing is sent yet (call `initialize`). Which program: `hookdJs`, else
 * `command`, else $HOOKD_BIN, else the bin of the `hookd-sidecar` package beside this client, else `hookd-sidecar` on PATH.
 */
export function startHookd(options: StartHookdOptions = {}): HookdClient {
  return startDiscovered(options).client;
}

function startDiscovered(options: StartHookdOptions): { client: HookdClient; found: FoundHookd } {
  const { child, found } = spawnDiscoveredHookd(options);
  const transport = createTransport(child.stdout, child.stdin, options.framing ?? DEFAULT_FRAMING);
  const client = new HookdClient(transport, {
    process: child,
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.cancelGraceMs !== undefined ? { cancelGraceMs: options.cancelGraceMs } : {}),
    ...(options.validateResults !== undefined ? { validateResults: options.validateResults } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  return { client, found };
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
      ...(options.approve !== undefined ? { hookApproval: true } : {}),
      ...(options.toolApproval !== undefined ? { toolApproval: true } : {}),
      ...options.capabilities,
    },
    ...(options.options !== undefined || options.trustWorkspace !== undefined
      ? { options: { ...options.options, ...(options.trustWorkspace !== undefined ? { trustWorkspace: options.trustWorkspace } : {}) } }
      : {}),
    ...(options.tools !== undefined ? { tools: options.tools } : {}),
  };
}

/**
 * Spawns hookd, connects and initializes: the client is ready for events. `client.initializeResult` has the hooks
 * and the configuration's diagnostics (a broken config never fails here). If initialize fails, hookd is killed.
 * A program that prints non-protocol output, exits or does not answer, or answers with another `serverInfo.name`,
 * is not the sidecar: HookdNotSidecarError names the path found and what it got (a JSON-RPC error from a real
 * hookd stays a HookdResponseError; a program that cannot be started, a HookdExitedError `spawn-failed`).
 */
export async function spawnHookd(options: SpawnHookdOptions): Promise<InitializedHookdClient> {
  const { client, found } = startDiscovered(options);
  if (options.judge !== undefined) client.onJudge(options.judge);
  if (options.callMcpTool !== undefined) client.onCallMcpTool(options.callMcpTool);
  if (options.approve !== undefined) client.onApprove(options.approve);
  if (options.toolApproval !== undefined) client.onToolApproval(options.toolApproval);
  if (options.onReviewWarnings !== undefined) client.onReviewWarnings(options.onReviewWarnings);
  const timeoutMs = options.initializeTimeoutMs ?? 30_000;
  let stopWatching = () => {};
  const foreign = new Promise<never>((_, reject) => {
    const stdout = client.process?.stdout;
    if (stdout) stopWatching = watchForForeignOutput(stdout, (text) => reject(new HookdNotSidecarError(found.program, `it printed ${JSON.stringify(text)}`, found.via)));
  });
  foreign.catch(() => {});
  try {
    const result = await Promise.race([client.initialize(initializeParams(options), { timeoutMs } satisfies RequestOptions), foreign]);
    const name: unknown = (result as { serverInfo?: { name?: unknown } }).serverInfo?.name;
    if (name !== SIDECAR_SERVER_NAME) throw new HookdNotSidecarError(found.program, `it answered initialize as ${JSON.stringify(name ?? null)}, not "${SIDECAR_SERVER_NAME}"`, found.via);
  } catch (error) {
    client.dispose();
    await client.exited;
    throw notSidecar(error, found, timeoutMs);
  } finally {
    stopWatching();
  }
  return client as InitializedHookdClient;
}

/** A timeout or an exit during initialize means the program is not (a working) hookd sidecar: say which and why. */
function notSidecar(error: unknown, found: FoundHookd, timeoutMs: number): unknown {
  if (error instanceof HookdTimeoutError) return new HookdNotSidecarError(found.program, `it did not answer initialize within ${timeoutMs} ms`, found.via, error);
  if (error instanceof HookdExitedError && error.reason === 'exited') {
    const stderr = error.stderr.trim().slice(-500);
    const how = error.signal !== null ? `signal ${error.signal}` : `code ${error.exitCode}`;
    return new HookdNotSidecarError(found.program, `it exited (${how}) before answering initialize${stderr === '' ? '' : `; its stderr ends: ${JSON.stringify(stderr)}`}`, found.via, error);
  }
  return error;
}
