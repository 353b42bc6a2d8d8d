// Validates one `[[hooks]]` table (as smol-toml parsed it, or a JSON object for a dry run) into the fields of a
// BonsaiHookData, with every problem found named by its field. Knows the fields, their types and defaults; must not
// know files, lines, scopes or other tables (uniqueness across tables is the loader's).
import { closest } from '../native-envelope.js';
import { BONSAI_EVENTS, DEFAULT_TIMEOUT_SECS, PRE_EVENTS, type BonsaiAction, type BonsaiEvent, type BonsaiHookData, type BonsaiMatcher } from './hook-data.js';

/** The validated fields (what BonsaiHookData has besides scope, file and line). */
export type HookFields = Omit<BonsaiHookData, 'scope' | 'file' | 'line'>;

/** `field`: the path inside the table (`timeout_secs`, `action.url`, `matcher.path`); `key`: its top-level key. */
export type TableProblem = {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
  readonly field: string;
  readonly key: string;
};

export type TableCheck = {
  /** Set when the table has no error (warnings may remain). */
  readonly fields?: HookFields;
  readonly problems: readonly TableProblem[];
  /** What could be read of the name and event even when the table is invalid (for listing it as invalid). */
  readonly name?: string;
  readonly event?: string;
};

export const HOOK_KEYS = ['name', 'event', 'matcher', 'action', 'timeout_secs', 'blocking', 'on_failure', 'enabled'] as const;
export const ACTION_TYPES = ['shell', 'http', 'llm_prompt'] as const;
const ACTION_KEYS: Readonly<Record<(typeof ACTION_TYPES)[number], readonly string[]>> = {
  shell: ['type', 'command'],
  http: ['type', 'url', 'headers'],
  llm_prompt: ['type', 'prompt'],
};
const MATCHER_KEYS = ['path', 'tool'] as const;

export const NAME_PATTERN = /^[a-z0-9_-]+$/;
export const MAX_NAME_LENGTH = 64;
export const MIN_TIMEOUT_SECS = 1;
export const MAX_TIMEOUT_SECS = 600;
/** Bounds on texts a hook declares (a command, a URL, a prompt, a header value): generous, but finite. */
const MAX_COMMAND_LENGTH = 64 * 1024;
const MAX_URL_LENGTH = 8 * 1024;
const MAX_PROMPT_LENGTH = 256 * 1024;
const MAX_HEADERS = 64;
const MAX_HEADER_VALUE_LENGTH = 8 * 1024;
/** RFC 9110 token: what a header name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/** Events with no file in their context: a path matcher there never matches. */
const NO_FILE_EVENTS: readonly BonsaiEvent[] = ['SessionStart', 'SessionEnd', 'PreBash', 'PostBash'];
/** Events with no tool in their context: a tool matcher there never matches. */
const NO_TOOL_EVENTS: readonly BonsaiEvent[] = ['SessionStart', 'SessionEnd'];

/** `"a string"`, `an integer (7)`, `a table`, ... for "(got ...)". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date || (typeof value === 'object' && value.constructor?.name === 'TomlDate')) return 'a date-time';
  if (typeof value === 'object') return 'a table';
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return `the string ${text.length > 60 ? `${text.slice(0, 57)}..."` : text}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  return `${typeof value === 'boolean' ? 'the boolean' : typeof value} ${String(value)}`;
}

export function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && value.constructor?.name !== 'TomlDate';
}

class Problems {
  readonly list: TableProblem[] = [];
  error(field: string, code: string, message: string): void {
    this.list.push({ severity: 'error', code, message: `${field}: ${message}`, field, key: field.split('.')[0]! });
  }
  warning(field: string, code: string, message: string): void {
    this.list.push({ severity: 'warning', code, message: `${field}: ${message}`, field, key: field.split('.')[0]! });
  }
  get errors(): number {
    return this.list.filter((problem) => problem.severity === 'error').length;
  }
}

/** A known name a typo is close to, or one it abbreviates (`timeout` → `timeout_secs`). */
function suggest(word: string, known: readonly string[]): string | undefined {
  return closest(word, known) ?? (word.length >= 4 ? known.find((name) => name.startsWith(word) || word.startsWith(name)) : undefined);
}

function unknownKeys(problems: Problems, table: Record<string, unknown>, known: readonly string[], prefix: string, where: string): void {
  for (const key of Object.keys(table)) {
    if (known.includes(key)) continue;
    const suggestion = suggest(key, known);
    const hint = suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : ` (known: ${known.join(', ')})`;
    problems.error(`${prefix}${key}`, 'unknown-key', `unknown key in ${where}${hint}`);
  }
}

function text(problems: Problems, value: unknown, field: string, max: number, required: string): string | undefined {
  if (value === undefined) {
    problems.error(field, 'missing-field', required);
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.error(field, 'wrong-type', `must be a string (got ${describeValue(value)})`);
    return undefined;
  }
  if (value.trim() === '') {
    problems.error(field, 'empty-field', 'must not be empty');
    return undefined;
  }
  if (value.length > max) {
    problems.error(field, 'field-too-long', `is ${value.length} characters long, over the ${max} limit`);
    return undefined;
  }
  return value;
}

function flag(problems: Problems, value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  problems.error(field, 'wrong-type', `must be true or false (got ${describeValue(value)})`);
  return fallback;
}

function checkName(problems: Problems, value: unknown): string | undefined {
  const name = text(problems, value, 'name', Number.MAX_SAFE_INTEGER, 'every hook needs a name (unique, lowercase [a-z0-9_-])');
  if (name === undefined) return undefined;
  if (name.length > MAX_NAME_LENGTH) {
    problems.error('name', 'invalid-name', `is ${name.length} characters long, over the ${MAX_NAME_LENGTH} limit`);
    return undefined;
  }
  if (!NAME_PATTERN.test(name)) {
    problems.error('name', 'invalid-name', `${JSON.stringify(name)} may use only lowercase letters, digits, "_" and "-" ([a-z0-9_-])`);
    return undefined;
  }
  return name;
}

function checkEvent(problems: Problems, value: unknown): BonsaiEvent | undefined {
  if (value === undefined) {
    problems.error('event', 'missing-field', `every hook needs an event, one of ${BONSAI_EVENTS.join(', ')}`);
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.error('event', 'wrong-type', `must be a string naming one of ${BONSAI_EVENTS.join(', ')} (got ${describeValue(value)})`);
    return undefined;
  }
  if ((BONSAI_EVENTS as readonly string[]).includes(value)) return value as BonsaiEvent;
  const sameLetters = BONSAI_EVENTS.find((event) => event.toLowerCase() === value.toLowerCase());
  const suggestion = sameLetters ?? closest(value, BONSAI_EVENTS);
  problems.error(
    'event',
    'unknown-event',
    `unknown event ${JSON.stringify(value.slice(0, 80))}${suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : ''}; bonsai events are ${BONSAI_EVENTS.join(', ')}`,
  );
  return undefined;
}

function checkMatcher(problems: Problems, value: unknown): BonsaiMatcher | undefined {
  if (value === undefined) return {};
  if (!isTable(value)) {
    problems.error('matcher', 'wrong-type', `must be a table such as { path = "**/*.rs" } or { tool = "bash" } (got ${describeValue(value)})`);
    return undefined;
  }
  const before = problems.errors;
  unknownKeys(problems, value, MATCHER_KEYS, 'matcher.', 'a matcher');
  const matcher: { path?: string; tool?: string } = {};
  for (const key of MATCHER_KEYS) {
    const glob = value[key];
    if (glob === undefined) continue;
    if (typeof glob !== 'string') problems.error(`matcher.${key}`, 'wrong-type', `must be a glob string (got ${describeValue(glob)})`);
    else matcher[key] = glob;
  }
  // The globs themselves are compiled by buildHookSpec (an invalid one fails the hook there).
  return problems.errors === before ? matcher : undefined;
}

function checkAction(problems: Problems, value: unknown): BonsaiAction | undefined {
  const types = ACTION_TYPES.map((type) => `"${type}"`).join(', ');
  if (value === undefined) {
    problems.error('action', 'missing-field', `every hook needs an action: { type = "shell", command }, { type = "http", url, headers } or { type = "llm_prompt", prompt }`);
    return undefined;
  }
  if (!isTable(value)) {
    problems.error('action', 'wrong-type', `must be a table such as { type = "shell", command = "..." } (got ${describeValue(value)})`);
    return undefined;
  }
  const type = value.type;
  if (type === undefined) {
    problems.error('action.type', 'missing-field', `an action needs a type, one of ${types}`);
    return undefined;
  }
  if (typeof type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(type)) {
    const suggestion = typeof type === 'string' ? closest(type, ACTION_TYPES) : undefined;
    problems.error('action.type', 'unknown-action-type', `must be one of ${types} (got ${describeValue(type)})${suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : ''}`);
    return undefined;
  }
  const kind = type as (typeof ACTION_TYPES)[number];
  const before = problems.errors;
  unknownKeys(problems, value, ACTION_KEYS[kind], 'action.', `a ${kind} action`);
  if (kind === 'shell') {
    const command = text(problems, value.command, 'action.command', MAX_COMMAND_LENGTH, 'a shell action needs a command');
    return command !== undefined && problems.errors === before ? { type: 'shell', command } : undefined;
  }
  if (kind === 'llm_prompt') {
    const prompt = text(problems, value.prompt, 'action.prompt', MAX_PROMPT_LENGTH, 'an llm_prompt action needs a prompt');
    return prompt !== undefined && problems.errors === before ? { type: 'llm_prompt', prompt } : undefined;
  }
  const url = checkUrl(problems, value.url);
  const headers = checkHeaders(problems, value.headers);
  return url !== undefined && headers !== undefined && problems.errors === before ? { type: 'http', url, headers } : undefined;
}

function checkUrl(problems: Problems, value: unknown): string | undefined {
  const url = text(problems, value, 'action.url', MAX_URL_LENGTH, 'an http action needs a url');
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    problems.error('action.url', 'invalid-url', `${JSON.stringify(url.slice(0, 200))} is not an absolute URL`);
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    problems.error('action.url', 'invalid-url', `must be an http:// or https:// URL (got the scheme ${JSON.stringify(parsed.protocol.slice(0, 40))})`);
    return undefined;
  }
  return url;
}

function checkHeaders(problems: Problems, value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isTable(value)) {
    problems.error('action.headers', 'wrong-type', `must be a table of header names to string values (got ${describeValue(value)})`);
    return undefined;
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) {
    problems.error('action.headers', 'too-many-headers', `has ${entries.length} headers, over the ${MAX_HEADERS} limit`);
    return undefined;
  }
  const before = problems.errors;
  const headers: Record<string, string> = {};
  for (const [name, header] of entries) {
    const field = `action.headers.${name}`;
    if (!HEADER_NAME.test(name)) problems.error(field, 'invalid-header', `${JSON.stringify(name.slice(0, 80))} is not a valid HTTP header name`);
    else if (typeof header !== 'string') problems.error(field, 'wrong-type', `a header value must be a string (got ${describeValue(header)})`);
    else if (/[\r\n\0]/.test(header)) problems.error(field, 'invalid-header', 'a header value must not contain a line break or NUL');
    else if (header.length > MAX_HEADER_VALUE_LENGTH) problems.error(field, 'field-too-long', `is ${header.length} characters long, over the ${MAX_HEADER_VALUE_LENGTH} limit`);
    else Object.defineProperty(headers, name, { value: header, enumerable: true, writable: true, configurable: true });
  }
  return problems.errors === before ? headers : undefined;
}

function checkTimeout(problems: Problems, value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_TIMEOUT_SECS || value > MAX_TIMEOUT_SECS) {
    problems.error('timeout_secs', 'invalid-timeout', `must be a whole number of seconds from ${MIN_TIMEOUT_SECS} to ${MAX_TIMEOUT_SECS} (got ${describeValue(value)})`);
    return DEFAULT_TIMEOUT_SECS;
  }
  return value;
}

function checkOnFailure(problems: Problems, value: unknown): 'warn' | 'block' {
  if (value === undefined) return 'warn';
  if (value === 'warn' || value === 'block') return value;
  problems.error('on_failure', 'invalid-on-failure', `must be "warn" or "block" (got ${describeValue(value)})`);
  return 'warn';
}

/** Every problem of one table, and its fields when it has no error. `raw` is whatever the file holds at that index. */
export function checkHookTable(raw: unknown): TableCheck {
  const problems = new Problems();
  if (!isTable(raw)) {
    problems.error('(table)', 'wrong-type', `each entry of hooks must be a table (got ${describeValue(raw)})`);
    return { problems: problems.list };
  }
  unknownKeys(problems, raw, HOOK_KEYS, '', 'a [[hooks]] table');
  const name = checkName(problems, raw.name);
  const event = checkEvent(problems, raw.event);
  const matcher = checkMatcher(problems, raw.matcher);
  const action = checkAction(problems, raw.action);
  const timeoutSecs = checkTimeout(problems, raw.timeout_secs);
  const blocking = flag(problems, raw.blocking, 'blocking', false);
  const onFailure = checkOnFailure(problems, raw.on_failure);
  const enabled = flag(problems, raw.enabled, 'enabled', true);
  const named = { ...(name !== undefined ? { name } : {}), ...(typeof raw.event === 'string' ? { event: raw.event.slice(0, 80) } : {}) };
  if (event !== undefined) warnAboutMeaning(problems, event, blocking, onFailure, matcher);
  if (problems.errors > 0 || name === undefined || event === undefined || matcher === undefined || action === undefined) return { problems: problems.list, ...named };
  return { fields: { name, event, matcher, action, timeoutSecs, blocking, onFailure, enabled }, problems: problems.list, ...named };
}

/** Settings that load but cannot do what they say (the seed: blocking is "only meaningful on the pre events"). */
function warnAboutMeaning(problems: Problems, event: BonsaiEvent, blocking: boolean, onFailure: 'warn' | 'block', matcher: BonsaiMatcher | undefined): void {
  const pre = PRE_EVENTS.includes(event);
  if (blocking && !pre) {
    problems.warning('blocking', 'blocking-not-pre-event', `is meaningless on ${event}: only ${PRE_EVENTS.join(', ')} hooks may veto; this hook only contributes context`);
  }
  if (onFailure === 'block' && !(blocking && pre)) {
    problems.warning(
      'on_failure',
      'on-failure-ineffective',
      `"block" is effective only on a blocking pre-event (blocking = true on ${PRE_EVENTS.join(', ')}): a failure of this hook warns and the action proceeds`,
    );
  }
  if (matcher?.path !== undefined && NO_FILE_EVENTS.includes(event)) {
    problems.warning('matcher.path', 'matcher-never-matches', `${event} has no file path: a set path matcher against a missing field never matches, so this hook never runs`);
  }
  if (matcher?.tool !== undefined && NO_TOOL_EVENTS.includes(event)) {
    problems.warning('matcher.tool', 'matcher-never-matches', `${event} has no tool: a set tool matcher against a missing field never matches, so this hook never runs`);
  }
}
