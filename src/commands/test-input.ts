// The event and params `hookd test` dispatches: from --input (protocol params in camelCase, or the agent's own stdin
// envelope, told apart by their fields) or the synthetic payload, with a session filled in and the shortcuts
// --tool, --tool-input and --prompt laid over. Bad input is a UsageError naming the field as the user wrote it.
import type { Dialect } from '../engine/dialect.js';
import {
  EVENT_NAMES,
  EventParamsBaseSchema,
  EventParamsSchemas,
  SessionInfoSchema,
  isEventName,
  type EventName,
  type EventParams,
} from '../protocol/index.js';
import { describeIssues } from '../protocol/issue-text.js';
import { closest } from '../dialects/native-envelope.js';
import { UsageError } from './load-options.js';
import { readInputFile } from './read-input-file.js';
import { syntheticParams } from './synthetic-payload.js';

export type TestInputFlags = { input?: string; tool?: string; 'tool-input'?: string; prompt?: string };

/** Where the params came from: the synthetic payload, protocol params, or the agent's own envelope. */
export type InputKind = 'synthetic' | 'params' | 'envelope';

export type TestInput = { readonly event: EventName; readonly params: EventParams; readonly kind: InputKind; readonly notes: readonly string[] };

type Fields = Record<string, unknown>;

/** The event named on the command line, checked; undefined when none was given. */
export function eventArgument(name: string | undefined, hasInput: boolean): EventName | undefined {
  if (name !== undefined && isEventName(name)) return name;
  if (name === undefined && hasInput) return undefined;
  throw new UsageError(`hookd test needs an event name, one of: ${EVENT_NAMES.join(', ')}`);
}

/**
 * `overSynthetic`: lay the input over the whole synthetic payload (a single handler's dry run); otherwise only the
 * session is filled in and the event's own required params must be given.
 */
export async function readTestInput(
  dialect: Dialect,
  given: EventName | undefined,
  flags: TestInputFlags,
  workspace: string,
  options: { readonly overSynthetic?: boolean } = {},
): Promise<TestInput> {
  const synthetic = (event: EventName) => dialect.syntheticParams?.(event, workspace) ?? syntheticParams(event, workspace);
  const raw = flags.input === undefined ? undefined : await readJsonObject(flags.input);
  let event = given;
  let base: Fields;
  let kind: InputKind = 'synthetic';
  let nativeNames: Readonly<Record<string, string>> = {};
  const notes: string[] = [];
  const where = `--input ${flags.input ?? ''}`;
  if (raw !== undefined && isNativeEnvelope(raw)) {
    if (dialect.paramsFromEnvelope === undefined) throw new UsageError(`${where}: the ${dialect.name} dialect cannot read its hooks' stdin envelope; give protocol params (camelCase)`);
    const converted = dialect.paramsFromEnvelope(raw, given);
    if (!converted.ok) throw new UsageError(`${where}: ${converted.error}`);
    ({ event, params: base, nativeNames } = converted);
    notes.push(...converted.notes);
    kind = 'envelope';
  } else if (raw !== undefined) {
    if (event === undefined) throw new UsageError(`${where} holds protocol params, which do not name their event: give it (hookd test <Event> --input ...)`);
    checkProtocolFields(raw, where);
    base = raw;
    kind = 'params';
  } else {
    if (event === undefined) throw new UsageError(`hookd test needs an event name, one of: ${EVENT_NAMES.join(', ')}`);
    base = synthetic(event) as Fields;
  }
  if (!dialect.events.includes(event)) throw new UsageError(`the ${dialect.name} dialect has no ${event} event (known: ${dialect.events.join(', ')})`);

  const sample = synthetic(event) as Fields;
  const layered: Fields = options.overSynthetic && kind !== 'synthetic' ? { ...sample, ...base } : { ...base };
  layered.session = { ...(sample.session as Fields), ...(isObject(base.session) ? base.session : {}) };
  applyShortcuts(dialect, event, layered, flags, kind, synthetic);

  const parsed = EventParamsSchemas[event].safeParse(layered);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: nativePath(issue.path, nativeNames) }));
    throw new UsageError(`${flags.input !== undefined ? where : 'params'}: ${describeIssues(issues)}`);
  }
  const params = parsed.data as EventParams;
  const problem = dialect.validateParams?.(event, params);
  if (problem !== undefined) throw new UsageError(`${flags.input !== undefined ? where : 'params'}: ${problem}`);
  return { event, params, kind, notes };
}

/** An envelope has snake_case fields (session_id, hook_event_name, tool_input, ...) or a payload, and no session object. */
export function isNativeEnvelope(value: Fields): boolean {
  if (Object.hasOwn(value, 'session')) return false;
  return Object.keys(value).some((key) => key.includes('_') || key === 'payload');
}

async function readJsonObject(path: string): Promise<Fields> {
  const text = await readInputFile('--input', path);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--input ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) throw new UsageError(`--input ${path}: must be a JSON object (the event's params, or the agent's stdin envelope)`);
  return value;
}

/** Protocol params: every field, and every session field, must be one the protocol defines. */
function checkProtocolFields(raw: Fields, where: string): void {
  const check = (object: Fields, known: readonly string[], prefix: string) => {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      const suggestion = closest(key, known);
      const hint = suggestion !== undefined ? ` (did you mean "${prefix}${suggestion}"?)` : key.includes('_') ? ' (protocol params are camelCase; an envelope has no session object)' : '';
      throw new UsageError(`${where}: unknown field "${prefix}${key}" in protocol params${hint}`);
    }
  };
  check(raw, Object.keys(EventParamsBaseSchema.shape), '');
  if (isObject(raw.session)) check(raw.session, Object.keys(SessionInfoSchema.shape), 'session.');
}

/** --tool, --tool-input and --prompt over the params; only on events that have a tool call or a prompt. */
function applyShortcuts(dialect: Dialect, event: EventName, params: Fields, flags: TestInputFlags, kind: InputKind, synthetic: (event: EventName) => EventParams): void {
  const having = (field: string) => dialect.events.filter((candidate) => Object.hasOwn(synthetic(candidate), field));
  if (flags.tool !== undefined || flags['tool-input'] !== undefined) {
    const events = having('toolName');
    if (!events.includes(event)) throw new UsageError(`--tool and --tool-input apply to events with a tool call (${events.join(', ')}); ${event} has none`);
  }
  if (flags.tool !== undefined) {
    if (flags.tool.trim() === '') throw new UsageError('--tool needs a tool name, e.g. --tool Bash');
    // The synthetic call's input belongs to its own tool: another tool starts from {} unless --tool-input says more.
    if (kind === 'synthetic' && flags.tool !== params.toolName && flags['tool-input'] === undefined) params.toolInput = {};
    params.toolName = flags.tool;
  }
  if (flags['tool-input'] !== undefined) params.toolInput = toolInput(flags['tool-input']);
  if (flags.prompt !== undefined) {
    const events = having('prompt');
    if (!events.includes(event)) throw new UsageError(`--prompt applies to events with a prompt (${events.join(', ')}); ${event} has none`);
    params.prompt = flags.prompt;
  }
}

function toolInput(text: string): Fields {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--tool-input must be a JSON object, e.g. '{"command":"rm -rf x"}': ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) throw new UsageError(`--tool-input must be a JSON object, e.g. '{"command":"rm -rf x"}' (got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)})`);
  return value;
}

/** A params path as the envelope field it came from (`session.id` → `session_id`), the rest of the path kept. */
function nativePath(path: readonly PropertyKey[], names: Readonly<Record<string, string>>): PropertyKey[] {
  for (let length = path.length; length > 0; length -= 1) {
    const name = names[path.slice(0, length).map(String).join('.')];
    if (name !== undefined) return [...name.split('.'), ...path.slice(length)];
  }
  return [...path];
}

function isObject(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
