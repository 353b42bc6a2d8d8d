// GENERATED from src/protocol/version.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The protocol's version string and the server's identity. Owns nothing else.
export const PROTOCOL_VERSION = '0.1' as const;
export const SERVER_NAME = 'hookd' as const;
export const SERVER_VERSION = '0.1.0' as const;
