// GENERATED from src/protocol/error-codes.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// JSON-RPC error codes used on the wire. Owns the numbers only; mapping errors to them lives in rpc/errors.ts.
export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  RequestCancelled: -32800,
  /** hookd could not record state the request asked it to persist (e.g. an unreadable or corrupt trust store). */
  PersistenceFailed: -32010,
  /** review/trust|disable|enable|revoke: no hook has that key. */
  HookNotFound: -32011,
  /** review/disable|enable|revoke of a managed hook, or of a hook whose dialect has no per-hook review state (revoke: no trust to revoke). */
  ReviewNotAllowed: -32012,
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
