// One WAMP handler object (seed 002 "File format": `type`, `command`, `timeout`) → a shell command handler, or
// problems with paths relative to it. Knows handler fields and the timeout rules; must not know files or positions.
import type { CommandHandler } from '../../engine/dialect.js';
import type { JsonPath } from '../../config/json-locate.js';
import { WAMP_DEFAULT_TIMEOUT_MS, WAMP_MAX_TIMEOUT_MS } from './limits.js';

export type WampProblem = {
  readonly code: string;
  readonly message: string;
  /** Relative to the handler object. */
  readonly path: JsonPath;
};

export type WampHandlerParse = { readonly handler?: CommandHandler; readonly problems: readonly WampProblem[] };

/** The fields a WAMP handler has; any other is a warning and ignored. */
export const HANDLER_FIELDS: readonly string[] = ['type', 'command', 'timeout'];

/**
 * Every problem is a warning (the seed: "An unknown event, field or handler type is reported as a warning"):
 * - not an object, no `type`, or a `type` other than `"command"`: the handler is skipped.
 * - `command` missing, not a string, or blank: the handler is skipped.
 * - `timeout` in seconds: omitted → 60; over 600 → 600; not a positive number → 60.
 * - any other field (`statusMessage`, `async`, `if`, `shell`, …): ignored.
 * The command runs as `sh -c <command>` (the shell form) with the project root as its working directory (the engine's
 * workspace, the default placement); the command string is not rewritten.
 */
export function parseWampHandler(raw: unknown): WampHandlerParse {
  const problems: WampProblem[] = [];
  const skip = (code: string, message: string, path: JsonPath): WampHandlerParse => ({ problems: [...problems, { code, message, path }] });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return skip('invalid-handler', 'a handler must be an object { "type": "command", "command": … }; handler skipped', []);
  const fields = raw as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!HANDLER_FIELDS.includes(name)) problems.push({ code: 'unknown-field', message: `unknown handler field "${name}"; ignored`, path: [name] });
  }
  const type = fields.type;
  if (type === undefined) return skip('unknown-handler-type', 'handler has no "type" (WAMP runs only "command" handlers); handler skipped', []);
  if (type !== 'command') {
    const shown = typeof type === 'string' ? `"${type}"` : JSON.stringify(type);
    return skip('unknown-handler-type', `handler type ${shown} is not supported (WAMP runs only "command" handlers); handler skipped`, ['type']);
  }
  const command = fields.command;
  if (command === undefined) return skip('invalid-field', 'handler has no "command"; handler skipped', []);
  if (typeof command !== 'string') return skip('invalid-field', '"command" must be a string; handler skipped', ['command']);
  if (command.trim() === '') return skip('invalid-field', '"command" is empty; handler skipped', ['command']);
  const timeout = readTimeout(fields.timeout, problems);
  const handler: CommandHandler = {
    type: 'command',
    command,
    timeoutMs: timeout.ms,
    onFailure: 'continue',
    ...(timeout.explicit ? { explicitTimeout: true } : {}),
  };
  return { handler, problems };
}

function readTimeout(value: unknown, problems: WampProblem[]): { ms: number; explicit: boolean } {
  if (value === undefined) return { ms: WAMP_DEFAULT_TIMEOUT_MS, explicit: false };
  const defaultSeconds = WAMP_DEFAULT_TIMEOUT_MS / 1000;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    problems.push({ code: 'invalid-timeout', message: `"timeout" must be a positive number of seconds; the default ${defaultSeconds} s applies`, path: ['timeout'] });
    return { ms: WAMP_DEFAULT_TIMEOUT_MS, explicit: false };
  }
  const ms = Math.max(1, Math.round(value * 1000));
  if (ms > WAMP_MAX_TIMEOUT_MS) {
    const capSeconds = WAMP_MAX_TIMEOUT_MS / 1000;
    problems.push({ code: 'timeout-capped', message: `"timeout" ${value} s is over the cap of ${capSeconds} s; ${capSeconds} s applies`, path: ['timeout'] });
    return { ms: WAMP_MAX_TIMEOUT_MS, explicit: true };
  }
  return { ms, explicit: true };
}
