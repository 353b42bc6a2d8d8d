// The golden wire fixtures (protocol/fixtures/*.json) for this client's tests: reading them, and replaying one
// through the client against the built sidecar per the "Golden fixtures" procedure of protocol/README.md.
// vscode-jsonrpc picks its own request ids; a shim between the client and its transport maps them to the
// recorded ones, so the wire carries exactly the fixture's ids (and hookd's progress names them).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CancellationTokenSource, Message, ResponseError, type MessageReader, type MessageWriter, type RequestMessage, type ResponseMessage } from 'vscode-jsonrpc/node';
import { ErrorCodes, isEventName, ServerRequests, type ServerRequestMethod } from '../../../src/protocol/index.js';
import {
  SETTLE_MS,
  WORKSPACE_PLACEHOLDER as PLACEHOLDER,
  fixtureFiles as listFixtures,
  normalize,
  readFixture,
  withoutKeys,
  workspaceSpellings,
  type Fixture,
  type FixtureStep as Step,
  type WireMessage as Wire,
} from '../../../test/helpers/golden.js';
import { waitUntil } from '../../../test/helpers/processes.js';
import {
  HookdCancelledError,
  HookdClient,
  HookdResponseError,
  createTransport,
  spawnHookdProcess,
  type Framing,
  type HookdTransport,
  type RequestOptions,
} from '../src/index.js';
import { HOOKD_JS, makeWorkspace, testEnv, track, useSidecar, writeFile } from './helpers.js';

const STEP_DEADLINE_MS = 10_000;

export type { Fixture, Step, Wire };
export { readFixture };
export const fixtureFiles = listFixtures();
export const json = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Maps the ids vscode-jsonrpc gives the client's requests to the fixture's, on the way out and back in. */
class RecordedIds {
  readonly #next: Array<number | string> = [];
  readonly #toRecorded = new Map<number | string, number | string>();
  readonly #toClient = new Map<number | string, number | string>();

  /** The next request the client writes carries this id on the wire. */
  expect(recorded: number | string): void {
    this.#next.push(recorded);
  }

  outgoing(message: Message): Message {
    if (Message.isRequest(message)) {
      const recorded = this.#next.shift();
      if (recorded === undefined) throw new Error(`the client sent ${message.method}, which the fixture does not have`);
      this.#toRecorded.set(message.id!, recorded);
      this.#toClient.set(recorded, message.id!);
      return { ...message, id: recorded } as RequestMessage;
    }
    if (Message.isNotification(message) && message.method === '$/cancelRequest') {
      const params = message.params as { id: number | string };
      return { ...message, params: { ...params, id: this.#toRecorded.get(params.id) ?? params.id } } as Message;
    }
    return message;
  }

  incoming(message: Message): Message {
    if (Message.isResponse(message) && message.id !== null && this.#toClient.has(message.id)) return { ...message, id: this.#toClient.get(message.id)! } as ResponseMessage;
    return message;
  }
}

/** The client's transport with the id map and a tap on everything read and written. */
function shim(wire: HookdTransport, ids: RecordedIds, read: (message: Message) => void, wrote: (message: Message) => void): HookdTransport {
  const reader: MessageReader = {
    onError: wire.reader.onError,
    onClose: wire.reader.onClose,
    onPartialMessage: wire.reader.onPartialMessage,
    listen: (callback) =>
      wire.reader.listen((message) => {
        read(json(message) as Message);
        callback(ids.incoming(message));
      }),
    dispose: () => wire.reader.dispose(),
  };
  const writer: MessageWriter = {
    onError: wire.writer.onError,
    onClose: wire.writer.onClose,
    write: (message) => {
      const sent = ids.outgoing(message);
      wrote(json(sent) as Message);
      return wire.writer.write(sent);
    },
    end: () => wire.writer.end(),
    dispose: () => wire.writer.dispose(),
  };
  return { reader, writer };
}

type Options = RequestOptions;
type Send = (client: HookdClient, params: any, options: Options) => Promise<unknown>;
/** The client's named method for each method of the table that has one (the rest go through `call`). */
const NAMED: Record<string, Send> = {
  initialize: (client, params, options) => client.initialize(params, options),
  ping: (client, _params, options) => client.ping(options),
  'hooks/list': (client, _params, options) => client.listHooks(options),
  'hooks/cancel': (client, params, options) => client.cancelSession(params, options),
  'hooks/reload': (client, _params, options) => client.reload(options),
  'hooks/unregister': (client, params, options) => client.unregisterHook(params, options),
  'hooks/dryRun': (client, params, options) => client.dryRun(params, options),
  'runs/begin': (client, params, options) => client.beginRun(params, options),
  'runs/end': (client, params, options) => client.endRun(params, options),
  'trust/list': (client, _params, options) => client.trustList(options),
  'trust/set': (client, params, options) => client.trustSet(params, options),
  'review/list': (client, _params, options) => client.reviewList(options),
  'review/trust': (client, params, options) => client.reviewTrust(params, options),
  'review/disable': (client, params, options) => client.reviewDisable(params, options),
  'review/enable': (client, params, options) => client.reviewEnable(params, options),
};
const WITHOUT_PARAMS = new Set(['ping', 'hooks/list', 'hooks/reload', 'trust/list', 'review/list']);

function send(client: HookdClient, method: string, params: unknown, options: Options): Promise<unknown> {
  const event = method.startsWith('hooks/') ? method.slice('hooks/'.length) : '';
  if (isEventName(event)) {
    const name = `${event[0]!.toLowerCase()}${event.slice(1)}` as const;
    return (client[name as keyof HookdClient] as (params: unknown, options: Options) => Promise<unknown>).call(client, params, options);
  }
  const named = NAMED[method];
  if (named && !(WITHOUT_PARAMS.has(method) && params !== undefined)) return named(client, params, options);
  return client.call(method, params, options);
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

export async function replay(fixture: Fixture, framing: Framing): Promise<void> {
  const workspace = makeWorkspace();
  if (fixture.settings !== undefined) writeFile(workspace, '.claude/settings.json', JSON.stringify(fixture.settings, null, 2));
  for (const [path, content] of Object.entries(fixture.files ?? {})) writeFile(workspace, path, content);
  const paths = workspaceSpellings(workspace);
  const place = (value: unknown) => JSON.parse(JSON.stringify(value).split(PLACEHOLDER).join(workspace)) as Wire;

  const child = spawnHookdProcess({ hookdJs: HOOKD_JS, env: testEnv() });
  const ids = new RecordedIds();
  const received: Wire[] = [];
  const answered: Wire[] = [];
  /** Server requests (hooks/invoke) in arrival order, for the handler to know which recorded answer is its. */
  const invokeIds: Array<number | string> = [];
  /** The method of each server request by id (hooks/invoke, hooks/judge, hooks/callMcpTool, hooks/askToolApproval), to parse its answer. */
  const serverMethods = new Map<number | string, ServerRequestMethod>();
  const answers = new Map<number | string, Deferred<Wire>>();
  const answerFor = (id: number | string) => answers.get(id) ?? answers.set(id, deferred()).get(id)!;
  const transport = shim(
    createTransport(child.stdout, child.stdin, framing),
    ids,
    (message) => {
      received.push(message as Wire);
      if (Message.isRequest(message)) {
        invokeIds.push(message.id!);
        serverMethods.set(message.id!, message.method as ServerRequestMethod);
      }
    },
    (message) => {
      if (Message.isResponse(message)) answered.push(message as Wire);
    },
  );
  const client = track(new HookdClient(transport, { process: child, validateResults: true }));
  const handlerCalls: Array<number | string> = [];
  const handler = async () => {
    const id = invokeIds.shift()!;
    handlerCalls.push(id);
    const answer = await answerFor(id).promise;
    if (answer.error) throw new ResponseError(answer.error.code, answer.error.message, answer.error.data);
    return answer.result as never;
  };
  client.onJudge(handler);
  client.onCallMcpTool(handler);
  client.onToolApproval(handler);

  const pending = new Map<number | string, { cancel: () => void; outcome: Promise<Outcome> }>();
  const replayed: Step[] = [];
  let consumed = 0;
  const steps: Array<{ step: Extract<Step, { from: 'client' }>; expect: number }> = [];
  for (const step of fixture.exchange) {
    if (step.from === 'client') steps.push({ step, expect: 0 });
    else steps[steps.length - 1]!.expect += 1;
  }

  for (const { step, expect: count } of steps) {
    replayed.push(step.raw !== undefined ? { from: 'client', raw: step.raw } : { from: 'client', message: step.message! });
    if (step.raw !== undefined) {
      // Sent exactly: as one NDJSON line, or as one Content-Length body.
      child.stdin.write(framing === 'ndjson' ? step.raw : `Content-Length: ${Buffer.byteLength(step.raw)}\r\n\r\n${step.raw}`);
    } else {
      const message = place(step.message);
      if (message.method !== undefined && message.id !== undefined && message.id !== null) {
        ids.expect(message.id);
        // Half the requests are cancellable by AbortSignal, half by CancellationToken.
        const abort = new AbortController();
        const source = new CancellationTokenSource();
        const options: Options = pending.size % 2 === 0 ? { signal: abort.signal } : { token: source.token };
        const sent =
          message.method === 'hooks/register'
            ? client.registerHook(message.params as never, handler, options)
            : send(client, message.method, message.params, options);
        pending.set(message.id, {
          cancel: () => (abort.abort(), source.cancel()),
          outcome: sent.then(
            (value) => ({ ok: true, value }),
            (error: unknown) => ({ ok: false, error }),
          ),
        });
      } else if (message.method === '$/cancelRequest') {
        const target = pending.get((message.params as { id: number | string }).id);
        expect(target, 'the cancelled request was sent').toBeDefined();
        target!.cancel();
      } else if (message.method !== undefined) {
        await client.notify(message.method as never, message.params as never);
      } else {
        // The client's answer to a server request: the registered handler (called once vscode-jsonrpc dispatched
        // the request, a moment after it was read) returns it now.
        const called = await waitUntil(() => handlerCalls.includes(message.id!), STEP_DEADLINE_MS);
        expect(called, `the client's handler was called for server request ${message.id}`).toBe(true);
        answerFor(message.id!).resolve(message);
      }
    }
    const arrived = await waitUntil(() => received.length >= consumed + count, STEP_DEADLINE_MS);
    expect(arrived, `${count} server message(s) after ${JSON.stringify(step.message ?? step.raw)}; got ${JSON.stringify(received.slice(consumed))}`).toBe(true);
    for (const message of received.slice(consumed, consumed + count)) replayed.push({ from: 'server', message: normalize(message, paths) as Wire });
    consumed += count;
  }
  await sleep(SETTLE_MS);
  expect(received.slice(consumed), 'server messages after the last expected one').toEqual([]);

  const ignore = fixture.ignore ?? [];
  expect(withoutKeys(replayed, ignore)).toEqual(withoutKeys(fixture.exchange, ignore));

  // The client wrote exactly the recorded answers to hookd's requests (through the answer schema).
  const recordedAnswers = fixture.exchange.filter((step) => step.from === 'client' && step.message && step.message.method === undefined).map((step) => step.message!);
  const answerSchema = (id: Wire['id']) => ServerRequests[serverMethods.get(id as number | string) ?? 'hooks/invoke'].result;
  expect(answered).toEqual(recordedAnswers.map((answer) => (answer.result !== undefined ? { ...answer, result: answerSchema(answer.id).parse(answer.result) } : answer)));

  // Every request settled as its recorded answer says: the result, or the typed error.
  for (const [id, { outcome }] of pending) {
    const answer = fixture.exchange.find((step) => step.from === 'server' && Message.isResponse(step.message) && step.message.id === id)?.message;
    if (answer === undefined) continue; // e.g. shutdown.json's exit ends the process
    const settled = await outcome;
    if (answer.error === undefined) {
      expect(settled.ok, `request ${id} resolved: ${settled.ok ? '' : String((settled as { error: unknown }).error)}`).toBe(true);
      expect(withoutKeys(normalize(json((settled as { value: unknown }).value), paths), ignore)).toEqual(withoutKeys(answer.result, ignore));
      continue;
    }
    expect(settled.ok, `request ${id} rejected`).toBe(false);
    const error = (settled as { error: unknown }).error;
    expect(error).toBeInstanceOf(answer.error.code === ErrorCodes.RequestCancelled ? HookdCancelledError : HookdResponseError);
    expect({ code: (error as HookdResponseError).code, message: (error as HookdResponseError).message }).toEqual({ code: answer.error.code, message: answer.error.message });
    if (error instanceof HookdCancelledError)
      expect(withoutKeys(normalize(json(error.runs), paths), ignore)).toEqual(withoutKeys((answer.error.data as { runs: unknown }).runs, ignore));
  }
}

/** One test per fixture: replayed through the client in `framing`. */
export function describeReplay(framing: Framing): void {
  useSidecar();
  describe(`golden fixtures replayed through the client (${framing} framing)`, () => {
    it.each(fixtureFiles)('%s: hookd answers the client exactly as recorded', async (file) => {
      await replay(readFixture(file), framing);
    });
  });
}
