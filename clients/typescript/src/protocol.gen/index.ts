// GENERATED from src/protocol/index.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Re-exports the protocol contract so other layers import from one place.
export * from './version.js';
export * from './error-codes.js';
export * from './events.js';
export * from './results.js';
export * from './diagnostics.js';
export * from './lifecycle.js';
export * from './methods.js';
export * from './programmatic.js';
export * from './management.js';
export * from './background-run.js';
export * from './delegated.js';
export * from './async-rewake.js';
export * from './sources.js';
export * from './audit-log.js';
export * from './explain.js';
export * from './protocol-negotiation.js';
export * from './capabilities.js';
export * from './server-capabilities.js';
export * from './cancel-notifications.js';
export * from './event-results.js';
export * from './error-responses.js';
export * from './approval.js';
export * from './tool-approval.js';
export * from './hook-states.js';
export * from './hook-management.js';
export * from './hook-review.js';
