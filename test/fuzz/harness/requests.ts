// Valid requests of every method in the protocol's method table, and the mutations the fuzz applies to them:
// fields set to hostile values or deleted, prototype keys added, params replaced, envelopes broken. Yields
// message descriptions; the harness assigns ids and frames them. Commands in handlers are always made harmless.
import fc from 'fast-check';
import type { WireMessage } from './batch.js';
import type { FuzzSidecar } from './fuzz-sidecar.js';
import { syntheticParams } from '../../../src/commands/synthetic-payload.js';
import { EVENT_NAMES } from '../../../src/protocol/events.js';
import { ClientNotifications, Requests } from '../../../src/protocol/methods.js';
import { deepValue, hostileValue, jsonText, objectOf, oddString, PROTOTYPE_KEYS, RawJson } from './json-text.js';

type Json = unknown;

/** Valid params of each request method (events from the synthetic payload `hookd test` uses). */
export function baseParams(workspace: string): Record<string, Json> {
  const base: Record<string, Json> = {
    initialize: { protocolVersion: '0.1', clientInfo: { name: 'fuzz' }, dialect: 'claude', workspace, capabilities: {} },
    shutdown: undefined,
    ping: {},
    'hooks/list': {},
    'hooks/cancel': { sessionId: 'fuzz-session' },
    'hooks/reload': {},
    'hooks/register': { event: 'PreToolUse', matcher: 'Bash', priority: 1, timeoutMs: 2000, name: 'fuzz' },
    'hooks/unregister': { hookId: 'client:1' },
    'hooks/dryRun': { event: 'PreToolUse', handler: { type: 'command', command: 'true' }, params: { toolName: 'Bash', toolInput: { command: 'ls' } } },
    'runs/begin': { runId: 'fuzz-run', sessionId: 'fuzz-session' },
    'runs/end': { runId: 'fuzz-run' },
    'trust/list': {},
    'trust/set': { key: 'workspace:/nowhere', trusted: true, persist: false },
    'hooks/setEnabled': { name: 'fuzz', enabled: false },
    'hooks/test': { name: 'fuzz', params: { toolName: 'Bash', toolInput: { command: 'ls' } } },
  };
  for (const event of EVENT_NAMES) {
    const params = syntheticParams(event, workspace);
    base[`hooks/${event}`] = { ...params, session: { ...params.session, id: 'fuzz-session' } };
  }
  return base;
}

/** Valid params of each client notification. */
export const NOTIFICATION_PARAMS: Record<string, Json> = {
  initialized: {},
  'hooks/Notification': { session: { id: 'fuzz-session' }, message: 'hello', title: 't', notificationType: 'idle_prompt' },
  exit: undefined,
};

export const REQUEST_METHODS = Object.keys(Requests);
export const NOTIFICATION_METHODS = Object.keys(ClientNotifications);

type Path = readonly (string | number)[];

/** Every path to a value inside `value` (the root is `[]`), objects and arrays included. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (value instanceof RawJson) return paths;
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

export type Mutation =
  | { readonly kind: 'set'; readonly at: number; readonly value: Json }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: Json }
  | { readonly kind: 'replace-params'; readonly value: Json }
  | { readonly kind: 'omit-params' };

const keyArbitrary = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fc.constantFrom('session', 'id', 'extra', 'payload', 'runId', 'toolInput'));

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: keyArbitrary, value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace-params' as const), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('omit-params' as const) }) },
);

const OMITTED = Symbol('omitted');

/** A deep copy (RawJson is immutable and shared), so mutating never touches a value an arbitrary may hand out again. */
function copyJson(value: Json): Json {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  return objectOf(Object.entries(value).map(([key, item]) => [key, copyJson(item)] as const));
}

/** `base` with the mutations applied in order (each picks its path among the current ones by index). */
export function mutate(base: Json, mutations: readonly Mutation[]): Json | typeof OMITTED {
  let root: Json | typeof OMITTED = copyJson(base);
  for (const mutation of mutations) {
    if (mutation.kind === 'omit-params') {
      root = OMITTED;
      continue;
    }
    if (mutation.kind === 'replace-params') {
      root = copyJson(mutation.value);
      continue;
    }
    if (root === OMITTED || root === undefined || root instanceof RawJson) continue;
    const paths = pathsOf(root).filter((path) => mutation.kind !== 'delete' || path.length > 0);
    if (paths.length === 0) continue;
    const path = paths[mutation.at % paths.length]!;
    if (mutation.kind === 'add') {
      const target = valueAt(root, path);
      if (target !== null && typeof target === 'object' && !Array.isArray(target) && !(target instanceof RawJson)) {
        Object.defineProperty(target, mutation.key, { value: copyJson(mutation.value), enumerable: true, writable: true, configurable: true });
      }
      continue;
    }
    if (path.length === 0) {
      root = mutation.kind === 'set' ? copyJson(mutation.value) : root;
      continue;
    }
    const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, Json>;
    const last = path[path.length - 1]!;
    if (mutation.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else {
      Object.defineProperty(parent, last, { value: copyJson(mutation.value), enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

function valueAt(root: Json, path: Path): Json {
  let node = root;
  for (const segment of path) node = (node as Record<string | number, Json>)[segment];
  return node;
}

/** Commands that are safe to run however the fuzz placed them. */
const SAFE_COMMANDS = ['true', 'cat > /dev/null', "printf '{}'", 'exit 2', 'exit 1', "printf 'plain text'"];
const SAFE_PATHS = ['missing.py', 'hooks/none.sh', 'none.js', '/nonexistent/hook.py'];
const SPAWNING_KEYS: Readonly<Record<string, readonly string[]>> = { command: SAFE_COMMANDS, path: SAFE_PATHS, args: ['x'] };

const isStringLike = (value: Json): boolean => typeof value === 'string' || (value instanceof RawJson && value.text.startsWith('"'));

/**
 * Replaces every string under a key that names what a handler spawns (`command`, `path`, `args`) with a harmless
 * one, at any depth, so no fuzzed value is ever executed. Other values are kept as they are.
 */
export function harmless(value: Json, seed = 0): Json {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item, index) => harmless(item, seed + index));
  const entries = Object.entries(value).map(([key, item], index): [string, Json] => {
    const safe = SPAWNING_KEYS[key];
    if (safe === undefined) return [key, harmless(item, seed + index)];
    const pick = (offset: number) => safe[(seed + index + offset) % safe.length]!;
    if (isStringLike(item)) return [key, pick(0)];
    if (Array.isArray(item)) return [key, item.map((element, offset) => (isStringLike(element) ? pick(offset) : harmless(element)))];
    return [key, harmless(item, seed + index)];
  });
  return objectOf(entries);
}

/** One message of a batch. `id` 'fresh' gets a new integer id (an answer is then owed); 'none' is a notification. */
export type MessageSpec = {
  readonly method: Json;
  readonly params: Json | typeof OMITTED;
  readonly id: 'fresh' | 'fresh-string' | 'none' | { readonly cancels: number };
  readonly envelope: EnvelopeMutation;
};

/** Breaks the JSON-RPC envelope itself (an answer is still owed when the message keeps its id). */
export type EnvelopeMutation = 'none' | 'no-jsonrpc' | 'jsonrpc-1.0' | 'jsonrpc-number' | 'extra-keys' | 'proto-key' | 'method-not-string';

const envelopeArbitrary: fc.Arbitrary<EnvelopeMutation> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: fc.constantFrom('no-jsonrpc' as const, 'jsonrpc-1.0' as const, 'jsonrpc-number' as const, 'extra-keys' as const, 'proto-key' as const, 'method-not-string' as const) },
);

const unknownMethod = fc.oneof(
  fc.constantFrom('hooks/', 'hooks/NoSuchEvent', 'hooks/__proto__', '__proto__', 'constructor', 'hooks/constructor', 'rpc.discover', 'hooks/pretooluse', '$/cancelRequest', '$/cancel_request', 'exit'),
  oddString.map((value) => (value instanceof RawJson ? value : `hooks/${value}`)),
);

/** Fields of the methods that reach the engine, each set to a hostile value while the rest stays valid. */
const FIELD_PATHS: Readonly<Record<string, readonly Path[]>> = {
  event: [
    ['toolInput'], ['toolInput', 'command'], ['toolInput', 'x'], ['toolInput', 'nested', 'deeper'], ['toolInput', '__proto__'], ['toolInput', 'constructor'], ['toolResponse'], ['toolResponse', 'stdout'], ['extra'],
    ['extra', 'payload'], ['extra', 'payload', 'tool_input'], ['extra', 'payload', 'usage_percent'], ['extra', 'timestamp'], ['extra', '__proto__'],
    ['extra', 'tool_input'], ['extra', 'background_tasks'], ['session'], ['session', 'id'], ['session', 'cwd'], ['session', 'model'],
    ['session', 'transcriptPath'], ['session', 'agentType'], ['session', '__proto__'], ['prompt'], ['permissionSuggestions'], ['runId'],
    ['serverOwned'], ['background'], ['durationMs'], ['error'], ['isInterrupt'], ['message'], ['title'], ['notificationType'], ['agentId'],
    ['agentType'], ['source'], ['reason'], ['trigger'], ['stopHookActive'], ['lastAssistantMessage'], ['toolUseId'], ['customInstructions'],
    ['__proto__'], ['constructor'],
  ],
  'hooks/dryRun': [
    ['event'], ['handler'], ['handler', 'type'], ['handler', 'timeout'], ['handler', 'timeout_ms'], ['handler', 'statusMessage'],
    ['handler', 'args'], ['handler', 'shell'], ['handler', 'runner'], ['handler', 'onFailure'], ['handler', 'if'], ['handler', 'async'],
    ['handler', '__proto__'], ['params'], ['params', 'session'], ['params', 'session', 'id'], ['params', 'toolName'], ['params', 'toolInput'],
    ['params', 'extra'], ['params', '__proto__'],
  ],
  'hooks/register': [['event'], ['matcher'], ['priority'], ['timeoutMs'], ['name'], ['__proto__']],
  'trust/set': [['key'], ['trusted'], ['persist']],
  'runs/begin': [['runId'], ['sessionId']],
  'hooks/cancel': [['sessionId']],
};

/** `root` with `value` at `path`, creating objects on the way (a non-object on the way is replaced). */
function setPath(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const node = root !== null && typeof root === 'object' && !Array.isArray(root) && !(root instanceof RawJson) ? root : {};
  const [head, ...rest] = path as [string, ...Path];
  const child = Object.hasOwn(node, head) ? (node as Record<string, Json>)[head] : undefined;
  Object.defineProperty(node, head, { value: setPath(child, rest, value), enumerable: true, writable: true, configurable: true });
  return node;
}

const SCRIPT_HANDLER = { type: 'script', path: 'missing.py' };

function fieldsRequest(base: Record<string, Json>): fc.Arbitrary<MessageSpec> {
  const eventMethods = REQUEST_METHODS.filter((method) => method.startsWith('hooks/') && /^[A-Z]/.test(method.slice(6)));
  // Events with configured hooks (the fuzz workspaces hook these) come twice as often: their params reach hooks.
  const hooked = ['hooks/PreToolUse', 'hooks/PostToolUse', 'hooks/UserPromptSubmit', 'hooks/Stop', 'hooks/SessionStart'];
  const methods = [...eventMethods, ...hooked, ...Object.keys(FIELD_PATHS).filter((key) => key !== 'event')];
  return fc
    .record({
      method: fc.constantFrom(...methods),
      fields: fc.array(fc.tuple(fc.nat(), fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 1, arbitrary: deepValue })), { minLength: 1, maxLength: 3 }),
      script: fc.boolean(),
      id: fc.constant('fresh' as const),
    })
    .map(({ method, fields, script, id }): MessageSpec => {
      const paths = FIELD_PATHS[eventMethods.includes(method) ? 'event' : method]!;
      let params = copyJson(base[method]);
      if (method === 'hooks/dryRun' && script) params = setPath(params, ['handler'], copyJson(SCRIPT_HANDLER));
      for (const [which, value] of fields) params = setPath(params, paths[which % paths.length]!, copyJson(value));
      return { method, params: harmless(params), id, envelope: 'none' };
    });
}

/** A request of a known method with mutated params (most messages), an unknown method, or a notification. */
export function messageArbitrary(base: Record<string, Json>): fc.Arbitrary<MessageSpec> {
  const request = fc
    .record({
      method: fc.constantFrom(...REQUEST_METHODS),
      mutations: fc.array(mutationArbitrary, { maxLength: 3 }),
      id: fc.oneof({ weight: 6, arbitrary: fc.constant('fresh' as const) }, { weight: 1, arbitrary: fc.constant('fresh-string' as const) }),
      envelope: envelopeArbitrary,
    })
    .map(({ method, mutations, id, envelope }): MessageSpec => ({ method, params: harmless(mutate(base[method], mutations)), id, envelope }));
  const unknown = fc
    .record({ method: unknownMethod, params: fc.option(hostileValue, { nil: undefined }) })
    .map(({ method, params }): MessageSpec => ({ method, params: params === undefined ? OMITTED : params, id: 'fresh', envelope: 'none' }));
  const notification = fc
    .record({ method: fc.constantFrom(...NOTIFICATION_METHODS.filter((name) => name !== 'exit')), mutations: fc.array(mutationArbitrary, { maxLength: 2 }) })
    .map(({ method, mutations }): MessageSpec => ({ method, params: mutate(NOTIFICATION_PARAMS[method], mutations), id: 'none', envelope: 'none' }));
  const cancel = fc
    .record({ which: fc.nat(), acp: fc.boolean() })
    .map(({ which, acp }): MessageSpec => ({ method: acp ? '$/cancel_request' : '$/cancelRequest', params: OMITTED, id: { cancels: which }, envelope: 'none' }));
  return fc.oneof({ weight: 6, arbitrary: request }, { weight: 6, arbitrary: fieldsRequest(base) }, { weight: 2, arbitrary: unknown }, { weight: 2, arbitrary: notification }, { weight: 2, arbitrary: cancel });
}

/** The JSON text of one message; `id` is the one the harness assigned (or the id a cancel refers to). */
export function messageText(spec: MessageSpec, id: number | undefined): { text: string; owedAnswer: string | undefined } {
  const entries: Array<[string, Json]> = [];
  const jsonrpc = { none: '2.0', 'extra-keys': '2.0', 'proto-key': '2.0', 'method-not-string': '2.0', 'no-jsonrpc': undefined, 'jsonrpc-1.0': '1.0', 'jsonrpc-number': 2 }[spec.envelope];
  if (jsonrpc !== undefined) entries.push(['jsonrpc', jsonrpc]);
  let owedAnswer: string | undefined;
  if (typeof spec.id === 'object') {
    entries.push(['method', spec.method]);
    entries.push(['params', spec.method === '$/cancel_request' ? { requestId: id } : { id }]);
  } else {
    if (spec.id !== 'none' && id !== undefined) {
      const idValue = spec.id === 'fresh-string' ? `s-${id}` : id;
      entries.push(['id', idValue]);
      owedAnswer = JSON.stringify(idValue);
    }
    entries.push(['method', spec.envelope === 'method-not-string' ? [spec.method] : spec.method]);
    if (spec.params !== OMITTED && spec.params !== undefined) entries.push(['params', spec.params]);
  }
  if (spec.envelope === 'extra-keys') entries.push(['result', null], ['extra', { a: 1 }]);
  if (spec.envelope === 'proto-key') entries.push(['__proto__', { method: 'shutdown' }]);
  return { text: jsonText(objectOf(entries)), owedAnswer };
}

/** Turns specs into framed bytes with fresh ids; a cancel refers to an earlier request of the batch. */
export function wireMessages(sidecar: FuzzSidecar, specs: readonly MessageSpec[]): WireMessage[] {
  const ids: number[] = [];
  return specs.map((spec) => {
    let id: number | undefined;
    if (typeof spec.id === 'object') id = ids.length === 0 ? 999_999_999 : ids[spec.id.cancels % ids.length];
    else if (spec.id !== 'none') {
      id = sidecar.freshId();
      ids.push(id);
    }
    const { text, owedAnswer } = messageText(spec, id);
    const label = `${String(spec.method).slice(0, 60)} (id ${owedAnswer ?? 'none'}): ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text}`;
    return { bytes: sidecar.frame(text), ...(owedAnswer !== undefined ? { owedAnswer } : {}), label };
  });
}

