// Golden wire fixtures (protocol/fixtures/*.json): every message parses with the protocol's zod schemas, found
// through the method table (requests, results, notifications, hookd's requests and the client's answers), and
// re-serializes to itself; a -32800 error becomes the client's HookdCancelledError with the recorded runs.
import { describe, expect, it } from 'vitest';
import { Message, type ResponseMessage } from 'vscode-jsonrpc/node';
import { CancelledDataSchema, ClientNotifications, ErrorCodes, Requests, ServerNotifications, ServerRequests } from '../../../src/protocol/index.js';
import { HookdCancelledError } from '../src/index.js';
import { fixtureFiles, json, readFixture } from './golden.js';

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown } };
type Specs = Record<string, { params: Schema; result?: Schema }>;
const files = fixtureFiles;
const spec = (specs: Specs, method: string | undefined) => (method !== undefined && Object.hasOwn(specs, method) ? specs[method] : undefined);

/** The value's parse through `schema`, re-serialized as the client would send or hand it on. */
function roundTrip(schema: Schema, value: unknown, what: string): unknown {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${what} parses: ${JSON.stringify(value)}\n${String(parsed.error)}`).toBe(true);
  const encoded = json(parsed.data);
  expect(json(schema.safeParse(encoded).data), `${what}: parse ∘ serialize is stable`).toEqual(encoded);
  return encoded;
}

describe('golden fixtures parse with the protocol schemas and round-trip', () => {
  it('there are fixtures', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)('%s', (file) => {
    const exchange = readFixture(file).exchange;
    const clientRequests = new Map<unknown, string>();
    const serverRequests = new Map<unknown, string>();
    // A request answered -32602 is a deliberately invalid one (errors.json): its params must fail the schema too.
    const invalid = new Set(exchange.filter((step) => step.from === 'server' && step.message.error?.code === ErrorCodes.InvalidParams).map((step) => step.message!.id));
    for (const step of exchange) {
      if (step.message === undefined) continue;
      const message = step.message;
      expect(Message.isRequest(message) || Message.isNotification(message) || Message.isResponse(message), `a JSON-RPC message: ${JSON.stringify(message)}`).toBe(true);
      // Server messages are complete (hookd applied every default): they re-serialize to exactly themselves.
      const same = (encoded: unknown, original: unknown) => (step.from === 'server' ? expect(encoded).toEqual(original) : expect(encoded).toMatchObject(original as object));
      if (Message.isRequest(message)) {
        const specs = (step.from === 'client' ? Requests : ServerRequests) as Specs;
        (step.from === 'client' ? clientRequests : serverRequests).set(message.id, message.method);
        const found = spec(specs, message.method);
        if (step.from === 'client' && invalid.has(message.id)) expect(found!.params.safeParse(message.params).success, 'an invalid request fails its schema').toBe(false);
        else if (found) same(roundTrip(found.params, message.params, `params of ${message.method}`), message.params);
        else expect(step.from === 'client' && exchange.some((other) => other.from === 'server' && other.message.id === message.id && other.message.error?.code === ErrorCodes.MethodNotFound), `${message.method} is in the method table`).toBe(true);
      } else if (Message.isNotification(message)) {
        if (message.method === '$/cancelRequest') {
          expect(clientRequests.has((message.params as { id?: unknown }).id), 'cancels an earlier request').toBe(true);
          continue;
        }
        const found = spec((step.from === 'client' ? ClientNotifications : ServerNotifications) as Specs, message.method);
        expect(found, `${message.method} is in the method table`).toBeDefined();
        same(roundTrip(found!.params, message.params, `params of the ${message.method} notification`), message.params);
      } else {
        const method = (step.from === 'client' ? serverRequests : clientRequests).get(message.id);
        const response = message as ResponseMessage;
        if (response.error) {
          expect(Object.values(ErrorCodes)).toContain(response.error.code);
          if (response.error.code === ErrorCodes.RequestCancelled) {
            same(roundTrip(CancelledDataSchema, response.error.data, 'data of -32800'), response.error.data);
            expect(new HookdCancelledError(method ?? '?', response.error.message, response.error.data).runs).toEqual((response.error.data as { runs: unknown }).runs);
          }
          continue;
        }
        expect(method, `the request ${JSON.stringify(message.id)} answered`).toBeDefined();
        const found = spec((step.from === 'client' ? ServerRequests : Requests) as Specs, method);
        same(roundTrip(found!.result!, response.result, `result of ${method}`), response.result);
      }
    }
  });
});
