// GENERATED from src/protocol/protocol-negotiation.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Which protocolVersion `initialize` accepts, and the -32602 answer for one it does not speak (message and `data`).
// Pure: the session handler throws the refusal; this file decides nothing else about initialize.
import { z } from 'zod';
import { SUPPORTED_PROTOCOL_VERSIONS } from './version.js';

export const UnsupportedProtocolVersionDataSchema = z
  .looseObject({
    supported: z.array(z.string()).describe('Every protocolVersion this hookd speaks; retry initialize with one of them.'),
    requested: z.string().describe('The protocolVersion the client sent (its first 80 characters).'),
  })
  .meta({ id: 'UnsupportedProtocolVersionData', description: '`data` of the -32602 answer to an initialize whose protocolVersion hookd does not speak.' });
export type UnsupportedProtocolVersionData = z.infer<typeof UnsupportedProtocolVersionDataSchema>;

export type ProtocolVersionRefusal = { readonly message: string; readonly data: UnsupportedProtocolVersionData };

/** Undefined when `requested` is spoken (exact string match); else the refusal to answer initialize with. */
export function refuseProtocolVersion(requested: string): ProtocolVersionRefusal | undefined {
  if (SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) return undefined;
  const shown = requested.length > 80 ? `${requested.slice(0, 80)}…` : requested;
  return {
    message: `invalid params: protocolVersion ${JSON.stringify(shown)} is not supported: this hookd speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
    data: { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: shown },
  };
}
