// GENERATED from src/protocol/json-schema.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Builds the JSON Schema of the whole protocol from the zod method table (params as the sender sends them,
// results as the receiver answers them). Pure; scripts/gen-schema.mjs writes it to protocol/schema/.
import { z } from 'zod';
import { withoutDepthBound } from './json-depth.js';
import { ClientNotifications, Requests, ServerNotifications, ServerRequests } from './methods.js';
import { PROTOCOL_VERSION } from './version.js';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(withoutDepthBound(schema), { io, target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' });

export function buildProtocolSchema(): Record<string, unknown> {
  const requests: Record<string, unknown> = {};
  for (const [method, spec] of Object.entries(Requests)) {
    requests[method] = {
      description: spec.doc,
      ...('beforeInitialize' in spec && spec.beforeInitialize ? { beforeInitialize: true } : {}),
      params: toSchema(spec.params, 'input'),
      result: toSchema(spec.result, 'output'),
    };
  }
  // hookd sends params as parsed (defaults applied); clients may omit what has a default in a result.
  const serverRequests = Object.fromEntries(
    Object.entries(ServerRequests).map(([method, spec]) => [
      method,
      { description: spec.doc, params: toSchema(spec.params, 'output'), result: toSchema(spec.result, 'input') },
    ]),
  );
  const notifications = (table: Record<string, { params: z.ZodType; doc: string }>) =>
    Object.fromEntries(Object.entries(table).map(([method, spec]) => [method, { description: spec.doc, params: toSchema(spec.params, 'input') }]));
  return {
    $comment: 'Generated from src/protocol by `npm run gen:schema`. Do not edit by hand.',
    protocolVersion: PROTOCOL_VERSION,
    requests,
    clientNotifications: notifications(ClientNotifications),
    serverNotifications: notifications(ServerNotifications),
    serverRequests,
  };
}

export function renderProtocolSchema(): string {
  return `${JSON.stringify(buildProtocolSchema(), null, 2)}\n`;
}
