// hookd-client: the public surface. Re-exports only; each concept lives in its own file.
export { HookdClient, type EventMethods, type HookAnswer, type HookHandler, type HookHandlerContext, type HookInvocation, type InitializeResult } from './client.js';
export type {
  ApprovalAnswer,
  ApprovalChoice,
  ApprovalHandler,
  ApprovalRequest,
  DelegatedContext,
  JudgeAnswer,
  JudgeHandler,
  JudgeRequest,
  McpToolAnswer,
  McpToolCall,
  McpToolHandler,
  ToolApprovalAnswer,
  ToolApprovalChoice,
  ToolApprovalHandler,
  ToolApprovalRequest,
} from './delegated.js';
export { HookdConnection, type ConnectionOptions, type ExitInfo, type RequestOptions, type ShutdownOptions } from './connection.js';
export { HookdCancelledError, HookdExitedError, HookdNotSidecarError, HookdProtocolError, HookdResponseError, HookdTimeoutError } from './errors.js';
export { DEFAULT_FRAMING, FRAMINGS, NdjsonMessageReader, NdjsonMessageWriter, createTransport, type Framing, type HookdTransport } from './framing.js';
export { hookdEnvironment, resolveCommand, spawnDiscoveredHookd, spawnHookdProcess, type HookdProcessOptions, type SpawnedHookd } from './process.js';
export { findHookd, HOOKD_BIN_VARIABLE, packageBin, SIDECAR_COMMAND, SIDECAR_PACKAGE, type DiscoveryOptions, type FoundHookd } from './discovery.js';
export { SIDECAR_SERVER_NAME } from './sidecar-check.js';
export type { HookdAbortSignal, HookdAbortSignalLike, HookdChildProcess, HookdReadable, HookdSpawnedProcess, HookdWritable } from './process-types.js';
export { initializeParams, spawnHookd, startHookd, type InitializedHookdClient, type SpawnHookdOptions, type StartHookdOptions } from './spawn.js';
export type * from './protocol-types.js';
export type { ApprovalRequest as ToolApproval, Diagnostic, EventResult, FileChange, HookInfo, Refusal, RunSummary, ToolDeclaration } from './protocol.gen/index.js';
export type { HookReview, ReviewedHook, ReviewListing, ReviewStatus, ReviewWarningsParams } from './protocol.gen/index.js';
export { REVIEW_STATUSES } from './protocol.gen/index.js';
export { ErrorCodes, EVENT_NAMES, PROTOCOL_VERSION } from './protocol.gen/index.js';
