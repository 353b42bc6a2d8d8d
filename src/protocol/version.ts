// The protocol's version string and the server's identity. Owns nothing else.
export const PROTOCOL_VERSION = '0.1' as const;
export const SERVER_NAME = 'hookd' as const;
export const SERVER_VERSION = '0.1.0' as const;
