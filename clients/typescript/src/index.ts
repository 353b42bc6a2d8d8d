// hookd-client: the public surface. Re-exports only; each concept lives in its own file.
export { HookdClient, type EventMethods, type HookAnswer, type HookHandler, type HookHandlerContext, type HookInvocation, type InitializeResult } from './client.js';
export type { DelegatedContext, JudgeAnswer, JudgeHandler, JudgeRequest, McpToolAnswer, McpToolCall, McpToolHandler } from './delegated.js';
export { HookdConnection, type ConnectionOptions, type ExitInfo, type RequestOptions, type ShutdownOptions } from './connection.js';
export { HookdCancelledError, HookdExitedError, HookdProtocolError, HookdResponseError, HookdTimeoutError } from './errors.js';
export { FRAMINGS, NdjsonMessageReader, NdjsonMessageWriter, createTransport, type Framing, type HookdTransport } from './framing.js';
export { hookdEnvironment, resolveCommand, spawnHookdProcess, type HookdProcessOptions } from './process.js';
export { initializeParams, spawnHookd, startHookd, type SpawnHookdOptions, type StartHookdOptions } from './spawn.js';
export type * from './protocol-types.js';
export type { Diagnostic, EventResult, HookInfo, RunSummary } from '../../../src/protocol/index.js';
export { ErrorCodes, EVENT_NAMES, PROTOCOL_VERSION } from '../../../src/protocol/index.js';
