// GENERATED from src/protocol/json-schema.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Builds the JSON Schema of the whole protocol from the zod method tables (params as the sender sends them,
// results as the receiver answers them), every shape once under `$defs`. Pure; scripts/gen-schema.mjs writes it.
import { z } from 'zod';
import { CancelNotifications } from './cancel-notifications.js';
import { ErrorCodes } from './error-codes.js';
import { ErrorCodeDocs, ErrorResponseSchema } from './error-responses.js';
import { isEventName } from './events.js';
import { AuditRecordSchema } from './audit-log.js';
import { withoutDepthBound } from './json-depth.js';
import { ClientNotifications, Requests, ServerNotifications, ServerRequests } from './methods.js';
import { PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './version.js';

type Io = 'input' | 'output';
type Ref = { readonly $ref: string };
type JsonObject = Record<string, unknown>;

/** `hooks/PreToolUse` → `PreToolUse`; `trust/set` → `TrustSet`; `$/cancel_request` → `CancelRequest`. */
function baseName(method: string): string {
  const event = method.startsWith('hooks/') ? method.slice('hooks/'.length) : undefined;
  if (event !== undefined && isEventName(event)) return event;
  return method
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** Collects definitions; one name is one shape (a second, different shape under a name taken is a bug: it throws). */
class Definitions {
  readonly defs: Record<string, unknown> = {};
  /** A schema two methods share (e.g. hooks/Notification as request and notification) is defined once. */
  readonly #named = new Map<z.ZodType, Map<Io, Ref>>();

  add(name: string, definition: unknown): Ref {
    const text = JSON.stringify(definition);
    if (Object.hasOwn(this.defs, name) && JSON.stringify(this.defs[name]) !== text)
      throw new Error(`JSON Schema definition "${name}" has two different shapes (e.g. as input and as output); give one of them its own id`);
    this.defs[name] = definition;
    return { $ref: `#/$defs/${name}` };
  }

  /** The schema as a reference into $defs: its own id (zod metadata) when it has one, else `name`. */
  ref(schema: z.ZodType, io: Io, name: string): Ref {
    const original = withoutDepthBound(schema);
    const known = this.#named.get(original)?.get(io);
    if (known !== undefined) return known;
    const json = z.toJSONSchema(original, { io, target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' }) as JsonObject;
    const { $schema: _dialect, $defs, ...root } = json;
    for (const [id, definition] of Object.entries(($defs ?? {}) as JsonObject)) this.add(id, definition);
    const ref = typeof root.$ref === 'string' && Object.keys(root).length === 1 ? { $ref: root.$ref } : this.add(name, root);
    this.#named.set(original, (this.#named.get(original) ?? new Map<Io, Ref>()).set(io, ref));
    return ref;
  }
}

export function buildProtocolSchema(): Record<string, unknown> {
  const defs = new Definitions();
  const requests: Record<string, unknown> = {};
  for (const [method, spec] of Object.entries(Requests)) {
    requests[method] = {
      description: spec.doc,
      ...('beforeInitialize' in spec && spec.beforeInitialize ? { beforeInitialize: true } : {}),
      params: defs.ref(spec.params, 'input', `${baseName(method)}Params`),
      result: defs.ref(spec.result, 'output', `${baseName(method)}Result`),
    };
  }
  // hookd sends params as parsed (defaults applied); clients may omit what has a default in a result.
  const serverRequests = Object.fromEntries(
    Object.entries(ServerRequests).map(([method, spec]) => [
      method,
      {
        description: spec.doc,
        clientCapability: spec.clientCapability,
        params: defs.ref(spec.params, 'output', `${baseName(method)}Params`),
        result: defs.ref(spec.result, 'input', `${baseName(method)}Result`),
      },
    ]),
  );
  const notifications = (table: Record<string, { params: z.ZodType; doc: string }>) =>
    Object.fromEntries(Object.entries(table).map(([method, spec]) => [method, { description: spec.doc, params: defs.ref(spec.params, 'input', `${baseName(method)}NotificationParams`) }]));
  const cancels = Object.entries(CancelNotifications);
  const codes = Object.fromEntries(
    Object.entries(ErrorCodes).map(([name, code]) => {
      const doc: { meaning: string; data?: z.ZodType } = ErrorCodeDocs[name as keyof typeof ErrorCodes];
      return [String(code), { name, description: doc.meaning, ...(doc.data ? { data: defs.ref(doc.data, 'output', `${name}Data`) } : {}) }];
    }),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment:
      'Generated from src/protocol by `npm run gen:schema`. Do not edit by hand. Every $ref points into $defs of this document; a request\'s params and result, a notification\'s params and an error\'s data are each one definition there.',
    protocolVersion: PROTOCOL_VERSION,
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    requests,
    clientNotifications: { ...notifications(ClientNotifications), ...notifications(Object.fromEntries(cancels)) },
    serverNotifications: { ...notifications(ServerNotifications), ...notifications(Object.fromEntries(cancels.filter(([, spec]) => spec.sentByServer))) },
    serverRequests,
    files: {
      auditLog: { description: 'Each line of the audit log (the auditLog initialize option, hookd serve --audit-log) is one of these records.', record: defs.ref(AuditRecordSchema, 'output', 'AuditRecord') },
    },
    errors: {
      description: 'Every error answer is an ErrorResponse; `codes` says what each code means and the shape of its `data`, when it has one.',
      response: defs.ref(ErrorResponseSchema, 'output', 'ErrorResponse'),
      codes,
    },
    $defs: defs.defs,
  };
}

export function renderProtocolSchema(): string {
  return `${JSON.stringify(buildProtocolSchema(), null, 2)}\n`;
}
