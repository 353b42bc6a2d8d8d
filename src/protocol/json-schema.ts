// Builds the JSON Schema of the whole protocol from the zod method table (params as clients send
// them, results as hookd answers). Pure; scripts/gen-schema.mjs writes it to protocol/schema/.
import { z } from 'zod';
import { ClientNotifications, Requests, ServerNotifications } from './methods.js';
import { PROTOCOL_VERSION } from './version.js';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' });

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
  const notifications = (table: Record<string, { params: z.ZodType; doc: string }>) =>
    Object.fromEntries(Object.entries(table).map(([method, spec]) => [method, { description: spec.doc, params: toSchema(spec.params, 'input') }]));
  return {
    $comment: 'Generated from src/protocol by `npm run gen:schema`. Do not edit by hand.',
    protocolVersion: PROTOCOL_VERSION,
    requests,
    clientNotifications: notifications(ClientNotifications),
    serverNotifications: notifications(ServerNotifications),
  };
}

export function renderProtocolSchema(): string {
  return `${JSON.stringify(buildProtocolSchema(), null, 2)}\n`;
}
