// One handler object of a Bamboo group (`command` or `script`) → a HandlerSpec, or problems with paths relative
// to the handler. Knows handler fields, defaults and the runner table; must not know files, positions or groups.
import type { CommandHandler, HandlerSpec, ScriptHandler } from '../../engine/dialect.js';
import type { JsonPath } from '../../config/json-locate.js';
import type { Severity } from '../../config/diagnostic.js';
import { RUNNERS, selectRuntimes, type Runner } from './runtimes.js';
import { describeValue, isObject } from './json-value.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const MAX_TIMEOUT_MS = 600_000;

export type HandlerProblem = {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Relative to the handler object. */
  readonly path: JsonPath;
};

export type HandlerParse = { readonly handler?: HandlerSpec; readonly problems: readonly HandlerProblem[] };

const FIELDS = {
  command: ['type', 'command', 'timeout_ms'],
  script: ['type', 'path', 'runner', 'timeout_ms'],
} as const;

/**
 * `{type: "command", command, timeout_ms?}` runs through bash; `{type: "script", path, runner?, timeout_ms?}`
 * runs with the runtimes of the runner table. `timeout_ms` is an integer 1..600000 (default 60000); an optional
 * field set to null counts as omitted. Unknown fields are warnings; every other problem is an error.
 */
export function parseHandler(raw: unknown, platform: NodeJS.Platform = process.platform): HandlerParse {
  const problems: HandlerProblem[] = [];
  const error = (code: string, message: string, path: JsonPath): HandlerParse => {
    problems.push({ severity: 'error', code, message, path });
    return { problems };
  };
  if (!isObject(raw)) return error('invalid-type', `a handler must be an object (got ${describeValue(raw)})`, []);
  const type = raw.type;
  if (type === undefined) return error('missing-field', 'a handler needs "type": "command" or "script"', ['type']);
  if (type !== 'command' && type !== 'script') {
    return error('unknown-handler-type', `unknown handler type ${describeValue(type)}; expected "command" or "script"`, ['type']);
  }
  for (const key of Object.keys(raw)) {
    if (!(FIELDS[type] as readonly string[]).includes(key)) {
      problems.push({ severity: 'warning', code: 'unknown-field', message: `unknown field "${key}" in a ${type} handler; ignored`, path: [key] });
    }
  }

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const timeout = raw.timeout_ms;
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > MAX_TIMEOUT_MS) {
      return error('invalid-timeout', `timeout_ms must be an integer between 1 and ${MAX_TIMEOUT_MS} (got ${describeValue(timeout)})`, ['timeout_ms']);
    }
    timeoutMs = timeout;
  }

  if (type === 'command') {
    const command = raw.command;
    if (command === undefined) return error('missing-field', 'a command handler needs "command"', ['command']);
    if (typeof command !== 'string') return error('invalid-type', `command must be a string (got ${describeValue(command)})`, ['command']);
    if (command.trim() === '') return error('invalid-value', 'command must not be empty', ['command']);
    const handler: CommandHandler = { type: 'command', command, shell: 'bash', timeoutMs, onFailure: 'continue' };
    return { handler, problems };
  }

  const path = raw.path;
  if (path === undefined) return error('missing-field', 'a script handler needs "path"', ['path']);
  if (typeof path !== 'string') return error('invalid-type', `path must be a string (got ${describeValue(path)})`, ['path']);
  if (path.trim() === '') return error('invalid-value', 'path must not be empty', ['path']);
  const runnerValue = raw.runner ?? 'auto';
  if (typeof runnerValue !== 'string' || !(RUNNERS as readonly string[]).includes(runnerValue)) {
    return error('invalid-runner', `runner must be one of ${RUNNERS.join(', ')} (got ${describeValue(runnerValue)})`, ['runner']);
  }
  const runner = runnerValue as Runner;
  const selection = selectRuntimes(path, runner, platform);
  if (!selection.ok) return error(selection.code, selection.message, selection.code === 'runner-incompatible' ? ['runner'] : ['path']);
  const handler: ScriptHandler = {
    type: 'script',
    path,
    runtimes: selection.runtimes,
    ...(selection.platformProblem !== undefined ? { platformProblem: selection.platformProblem } : {}),
    timeoutMs,
    onFailure: 'continue',
  };
  return { handler, problems };
}
