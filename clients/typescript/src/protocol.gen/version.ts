// GENERATED from src/protocol/version.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The protocol's version string and the server's identity. Owns nothing else.
export const PROTOCOL_VERSION = '0.1' as const;
export const SERVER_NAME = 'hookd' as const;
export const SERVER_VERSION = '0.1.0' as const;

/**
 * Every protocolVersion this hookd speaks, compared as exact strings (while the major is 0 each minor may change
 * what it likes, so "0.1" matches only "0.1"). `initialize` refuses any other (protocol-negotiation.ts).
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [PROTOCOL_VERSION];
